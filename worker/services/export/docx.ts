import type { Paragraph } from 'docx';
import { clock } from './text';
import type { ExportLine } from './text';

/** Secondary text (dates, time ranges) in every Word file the app writes. */
export const GREY = '808080';

export type DocxLibrary = typeof import('docx');

/**
 * A Word file titled `title` whose body `build` writes with the library it is handed. The library is loaded
 * on the first Word download only, so the other calls never pay for evaluating it.
 */
export async function wordFile(title: string, build: (lib: DocxLibrary) => Paragraph[]): Promise<Uint8Array> {
  const lib = await import('docx');
  const document = new lib.Document({ creator: 'Tingyi', title, sections: [{ children: build(lib) }] });
  return new Uint8Array(await lib.Packer.toArrayBuffer(document));
}

/**
 * Word document: the record's name as the title, its date and length, then one paragraph per line with
 * the speaker in bold and the time range in grey; a bilingual translation gets a paragraph of its own.
 */
export function docx(record: { name: string; createdAt: number; durationMs: number }, lines: ExportLine[], timestamps: boolean): Promise<Uint8Array> {
  const date = `${new Date(record.createdAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return wordFile(record.name, ({ HeadingLevel, Paragraph, TextRun }) => [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(record.name)] }),
    new Paragraph({ children: [new TextRun({ text: `${date} · ${clock(record.durationMs)}`, color: GREY })] }),
    ...lines.flatMap((line) => {
      const head = [
        ...(line.speaker ? [new TextRun({ text: line.speaker, bold: true })] : []),
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
