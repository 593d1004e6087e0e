import type { Paragraph } from 'docx';
import type { Locale } from '../../../contracts/locale';
import { speakerLabel } from '../../../contracts/speaker-labels';
import type { ActionItem, MediaSummary, MindMapNode } from '../../../contracts/summary';
import { type RecordType, type SummaryExportFormat, summaryFallbackName } from '../../../contracts/record-vocabulary';
import { translate } from '../../lib/i18n';
import { CONTENT_TYPES, baseName } from '../export';
import type { Download } from '../export';
import { GREY, wordFile } from '../export/docx';
import type { DocxLibrary } from '../export/docx';
import { clock, oneLine } from '../export/text';

/**
 * `summaryTemplate/download`: a summary as a Word document or Markdown, headed in the reader's language —
 * chapters with their time ranges, what each speaker said, key points with the moment each was made, the
 * action items with their owners and due dates, decisions and open questions, and the mind map as a nested
 * outline.
 */

interface SummarisedRecord {
  id: number;
  name: string;
  type: RecordType;
}

function wording(locale: Locale, record: SummarisedRecord, summary: MediaSummary) {
  const t = (key: Parameters<typeof translate>[1]) => translate(locale, key);
  return {
    kind: t(record.type === 'meeting' ? 'summaryDocMeeting' : 'summaryDocRecord'),
    chapters: t('summaryChapters'),
    speakers: t('summarySpeakers'),
    keyPoints: t('summaryKeyPoints'),
    mindMap: t('summaryMindMap'),
    actionItems: t('summaryActionItems'),
    decisions: t('summaryDecisions'),
    questions: t('summaryQuestions'),
    /** "Owner: Bob · Due 2026-03-06 · done", what is known of it. */
    itemFacts: (a: ActionItem) =>
      [
        a.owner ? translate(locale, 'summaryOwner', { owner: speakerLabel(a.owner, locale) }) : '',
        a.due ? translate(locale, 'summaryDue', { date: a.due }) : '',
        a.done ? t('summaryDone') : '',
      ]
        .filter(Boolean)
        .join(' · '),
    // The clock shows whole seconds: under one it would read 00:00:00, as if the speaker had said nothing.
    talkTime: (ms: number) => (ms < 1000 ? t('summaryTalkTimeUnderSecond') : translate(locale, 'summaryTalkTime', { time: clock(ms) })),
    extractive: summary.method === 'extractive' ? t('summaryExtractive') : null,
    /** A default speaker name in the reader's language, as the record page and the transcript exports show it. */
    speaker: (name: string) => speakerLabel(name, locale),
  };
}

const range = (start: number, end: number) => `${clock(start)} – ${clock(end)}`;

/** The mind map's nodes depth first, each with its depth (the root is 0). */
function outline(node: MindMapNode, depth = 0): { node: MindMapNode; depth: number }[] {
  return [{ node, depth }, ...node.children.flatMap((child) => outline(child, depth + 1))];
}

export function summaryMarkdown(record: SummarisedRecord, summary: MediaSummary, locale: Locale): string {
  const w = wording(locale, record, summary);
  const out = [`# ${oneLine(record.name)}`, '', w.kind, ''];
  if (w.extractive) out.push(`> ${w.extractive}`, '');
  if (summary.chapters.length) {
    out.push(`## ${w.chapters}`, '');
    for (const c of summary.chapters) out.push(`### ${range(c.start, c.end)} ${oneLine(c.title)}`, '', oneLine(c.summary), '');
  }
  if (summary.speakers.length) {
    out.push(`## ${w.speakers}`, '');
    for (const s of summary.speakers) out.push(`### ${oneLine(w.speaker(s.speaker))}`, '', `*${w.talkTime(s.talkMs)}*`, '', oneLine(s.summary), '');
  }
  if (summary.keyPoints.length) {
    out.push(`## ${w.keyPoints}`, '');
    for (const k of summary.keyPoints) out.push(`- \`${clock(k.start)}\` ${oneLine(k.text)}`);
    out.push('');
  }
  if (summary.actionItems.length) {
    out.push(`## ${w.actionItems}`, '');
    for (const a of summary.actionItems) {
      const facts = w.itemFacts(a);
      out.push(`- [${a.done ? 'x' : ' '}] \`${clock(a.start)}\` ${oneLine(a.text)}${facts ? ` — ${facts}` : ''}`);
    }
    out.push('');
  }
  for (const [heading, list] of [
    [w.decisions, summary.decisions],
    [w.questions, summary.questions],
  ] as const) {
    if (!list.length) continue;
    out.push(`## ${heading}`, '');
    for (const x of list) out.push(`- \`${clock(x.start)}\` ${oneLine(x.text)}`);
    out.push('');
  }
  out.push(`## ${w.mindMap}`, '');
  for (const { node, depth } of outline(summary.mindMap)) {
    out.push(`${'  '.repeat(depth)}- ${oneLine(node.text)}${node.start === undefined ? '' : ` \`${clock(node.start)}\``}`);
  }
  return `${out.join('\n')}\n`;
}

export function summaryDocx(record: SummarisedRecord, summary: MediaSummary, locale: Locale): Promise<Uint8Array> {
  const w = wording(locale, record, summary);
  // The summary is in the record's language, its headings in the reader's.
  return wordFile(record.name, [summary.language, locale], ({ HeadingLevel, Paragraph, TextRun }: DocxLibrary) => {
    const heading = (text: string) => new Paragraph({ heading: HeadingLevel.HEADING_1, spacing: { before: 240 }, children: [new TextRun(text)] });
    const grey = (text: string) => new TextRun({ text, color: GREY });
    const body: Paragraph[] = [
      new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(record.name)] }),
      new Paragraph({ children: [grey(w.kind)] }),
    ];
    if (w.extractive) body.push(new Paragraph({ children: [new TextRun({ text: w.extractive, italics: true, color: GREY })] }));
    if (summary.chapters.length) {
      body.push(heading(w.chapters));
      for (const c of summary.chapters) {
        body.push(
          new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(c.title)] }),
          new Paragraph({ children: [grey(range(c.start, c.end))] }),
          new Paragraph({ children: [new TextRun(c.summary)] }),
        );
      }
    }
    if (summary.speakers.length) {
      body.push(heading(w.speakers));
      for (const s of summary.speakers) {
        body.push(
          new Paragraph({ spacing: { before: 160 }, children: [new TextRun({ text: w.speaker(s.speaker), bold: true }), grey(`  ${w.talkTime(s.talkMs)}`)] }),
          new Paragraph({ children: [new TextRun(s.summary)] }),
        );
      }
    }
    if (summary.keyPoints.length) {
      body.push(heading(w.keyPoints));
      for (const k of summary.keyPoints) body.push(new Paragraph({ bullet: { level: 0 }, children: [grey(`${clock(k.start)}  `), new TextRun(k.text)] }));
    }
    if (summary.actionItems.length) {
      body.push(heading(w.actionItems));
      for (const a of summary.actionItems) {
        const facts = w.itemFacts(a);
        body.push(
          new Paragraph({
            bullet: { level: 0 },
            children: [
              grey(`${a.done ? '☑' : '☐'} ${clock(a.start)}  `),
              new TextRun(a.text),
              ...(facts ? [new TextRun({ text: `  ${facts}`, bold: true })] : []),
            ],
          }),
        );
      }
    }
    for (const [title, list] of [
      [w.decisions, summary.decisions],
      [w.questions, summary.questions],
    ] as const) {
      if (!list.length) continue;
      body.push(heading(title));
      for (const x of list) body.push(new Paragraph({ bullet: { level: 0 }, children: [grey(`${clock(x.start)}  `), new TextRun(x.text)] }));
    }
    body.push(heading(w.mindMap));
    for (const { node, depth } of outline(summary.mindMap)) {
      const at = node.start === undefined ? [] : [grey(`  ${clock(node.start)}`)];
      body.push(new Paragraph({ bullet: { level: depth }, children: [new TextRun({ text: node.text, bold: depth === 0 }), ...at] }));
    }
    return body;
  });
}

/** The summary as a file named after the record and what it is ("Weekly sync - AI summary.docx"). */
export async function summaryDownload(record: SummarisedRecord, summary: MediaSummary, format: SummaryExportFormat, locale: Locale): Promise<Download> {
  const label = wording(locale, record, summary).kind;
  return {
    filename: `${baseName(record)} - ${label}.${format}`,
    fallbackName: summaryFallbackName(record.id, format),
    contentType: format === 'docx' ? CONTENT_TYPES.docx : 'text/markdown; charset=utf-8',
    body: format === 'docx' ? await summaryDocx(record, summary, locale) : new TextEncoder().encode(summaryMarkdown(record, summary, locale)),
  };
}
