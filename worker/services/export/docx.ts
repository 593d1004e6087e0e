import { clock } from './text';
import type { ExportLine } from './text';

const GREY = '808080';

/**
 * Word document: the record's name as the title, its date and length, then one paragraph per line with
 * the speaker in bold and the time range in grey; a bilingual translation gets a paragraph of its own.
 */
export async function docx(record: { name: string; createdAt: number; durationMs: number }, lines: ExportLine[], timestamps: boolean): Promise<Uint8Array> {
  // Loaded on first export only, so the other calls never pay for evaluating the library.
  const { Document, HeadingLevel, Packer, Paragraph, TextRun } = await import('docx');
  const date = `${new Date(record.createdAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const paragraphs = lines.flatMap((line) => {
    const head = [
      ...(line.speaker ? [new TextRun({ text: line.speaker, bold: true })] : []),
      ...(line.speaker && timestamps ? [new TextRun('  ')] : []),
      ...(timestamps ? [new TextRun({ text: `${clock(line.start)} - ${clock(line.end)}`, color: GREY })] : []),
    ];
    return [
      new Paragraph({ spacing: { before: 160 }, children: [...head, new TextRun({ text: line.text, break: head.length ? 1 : 0 })] }),
      ...(line.translation ? [new Paragraph({ children: [new TextRun(line.translation)] })] : []),
    ];
  });
  const document = new Document({
    creator: 'Tingyi',
    title: record.name,
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(record.name)] }),
          new Paragraph({ children: [new TextRun({ text: `${date} · ${clock(record.durationMs)}`, color: GREY })] }),
          ...paragraphs,
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toArrayBuffer(document));
}
