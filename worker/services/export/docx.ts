import type { Paragraph } from 'docx';
import { speakerColors } from '../../../contracts/speaker-labels';
import { clock } from './text';
import type { ExportLine } from './text';

/** Secondary text (dates, time ranges) in every Word file the app writes. */
export const GREY = '808080';

export type DocxLibrary = typeof import('docx');

/**
 * Chinese, Japanese and Korean text: the language Word files it under, and a font of that script that Word
 * on Windows and macOS has. Without them Word picks a font by the reader's system and may draw Simplified
 * text with Japanese glyph shapes, and checks the spelling of Chinese as if it were English.
 */
const EAST_ASIAN: { match: RegExp; language: string; font: string }[] = [
  { match: /^(zh-(tw|hk|mo|hant)|yue)/i, language: 'zh-TW', font: 'Microsoft JhengHei' },
  { match: /^zh/i, language: 'zh-CN', font: 'Microsoft YaHei' },
  { match: /^ja/i, language: 'ja-JP', font: 'Yu Gothic' },
  { match: /^ko/i, language: 'ko-KR', font: 'Malgun Gothic' },
];

/**
 * The document's default run properties for text in `languages` (the main one first): its language, and for
 * East Asian characters the first East Asian language among them (Simplified Chinese when none is) and its font.
 */
export function documentLanguage(languages: readonly string[]) {
  const eastAsian = languages.flatMap((code) => EAST_ASIAN.filter((e) => e.match.test(code)).slice(0, 1))[0] ?? EAST_ASIAN[1]!;
  return { language: { value: languages[0] ?? eastAsian.language, eastAsia: eastAsian.language }, font: { eastAsia: eastAsian.font } };
}

/**
 * A Word file titled `title`, its text in `languages` (the main one first), whose body `build` writes with the
 * library it is handed. The library is loaded on the first Word download only, so the other calls never pay
 * for evaluating it.
 */
export async function wordFile(title: string, languages: readonly string[], build: (lib: DocxLibrary) => Paragraph[]): Promise<Uint8Array> {
  const lib = await import('docx');
  const document = new lib.Document({
    creator: 'Tingyi',
    title,
    styles: { default: { document: { run: documentLanguage(languages) } } },
    sections: [{ children: build(lib) }],
  });
  return new Uint8Array(await lib.Packer.toArrayBuffer(document));
}

/**
 * Word document: the record's name as the title, its date and length, then one paragraph per line with
 * the speaker in bold in their colour and the time range in grey; a bilingual translation gets a paragraph of its own.
 * `languages`: those of the text, the main one first.
 */
export function docx(
  record: { name: string; createdAt: number; durationMs: number },
  lines: ExportLine[],
  timestamps: boolean,
  languages: readonly string[],
): Promise<Uint8Array> {
  const date = `${new Date(record.createdAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  // Each speaker in the colour the record page gives them.
  const colors = speakerColors(lines.map((line) => line.speaker));
  return wordFile(record.name, languages, ({ HeadingLevel, Paragraph, TextRun }) => [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(record.name)] }),
    new Paragraph({ children: [new TextRun({ text: `${date} · ${clock(record.durationMs)}`, color: GREY })] }),
    ...lines.flatMap((line) => {
      const head = [
        ...(line.speaker ? [new TextRun({ text: line.speaker, bold: true, color: colors.get(line.speaker)!.slice(1) })] : []),
        ...(line.speaker && timestamps ? [new TextRun('  ')] : []),
        ...(timestamps ? [new TextRun({ text: `${clock(line.start)} - ${clock(line.end)}`, color: GREY })] : []),
      ];
      return [
        new Paragraph({ spacing: { before: 160 }, children: [...head, new TextRun({ text: line.text, break: head.length ? 1 : 0 })] }),
        ...(line.translation ? [new Paragraph({ children: [new TextRun(line.translation)] })] : []),
      ];
    }),
  ]);
}
