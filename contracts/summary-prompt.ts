/**
 * The summary prompt shared by the engine's OpenAI-compatible backend and the Worker's Workers AI provider,
 * so both LLM paths ask the same way and their answers become the same MediaSummary. The model refers to
 * lines by index and the times come from the transcript, because models are unreliable with timestamps.
 */
import { z } from 'zod';
import { languageInfo } from './engine-languages';
import type { ActionItem, Chapter, KeyPoint, LineCitation, MediaSummary, SpeakerSummary, SummarizeLine, summarizeRequest } from './summary';
import { mindMapOf } from './summary-mind-map';
import { formatClock as clock } from './timecode';

type Request = z.output<typeof summarizeRequest>;

/** About 6–8k tokens of transcript: fits the context of small models with room for the answer. */
export const SUMMARY_MAX_CHARS = 24_000;
/** One line's share of the prompt, so a monologue held as one long line cannot use up the budget. */
const LINE_MAX_CHARS = 400;

/**
 * Indices of the lines that fit in `maxChars`, spread evenly over the transcript: each line earns its
 * proportional share of the budget and is kept once the credit covers it, so what is dropped is spread
 * over the whole meeting rather than cut off at the end.
 */
function sampleLines(texts: string[], maxChars: number): number[] {
  const total = texts.reduce((sum, t) => sum + t.length, 0);
  if (total <= maxChars) return texts.map((_, i) => i);
  const kept: number[] = [];
  let credit = 0;
  texts.forEach((text, i) => {
    credit += (maxChars * text.length) / total;
    if (credit >= text.length) {
      kept.push(i);
      credit -= text.length;
    }
  });
  return kept;
}

export function summaryMessages(req: Request, maxChars = SUMMARY_MAX_CHARS): { role: 'system' | 'user'; content: string }[] {
  const language = languageInfo(req.language)?.names['en-US'] ?? req.language;
  const rendered = req.lines.map((line, i) => {
    const text = line.text.replace(/\s+/g, ' ').trim();
    const clipped = text.length > LINE_MAX_CHARS ? `${text.slice(0, LINE_MAX_CHARS)}…` : text;
    return `[${i}] ${clock(line.start)} ${line.speaker ? `${line.speaker}: ` : ''}${clipped}`;
  });
  const kept = sampleLines(rendered, maxChars);
  const speakers = [...new Set(req.lines.map((l) => l.speaker.trim()).filter(Boolean))];
  const what = req.kind === 'meeting' ? 'the minutes of a meeting' : 'a summary of a recording';
  const rules = [
    `You write ${what} from its transcript. Write everything in ${language} (${req.language}), the language of the transcript.`,
    'Each transcript line is "[index] time speaker: text". Refer to lines only by their index.',
    'Return only JSON, no other text, in this form:',
    '{"chapters":[{"line":0,"title":"...","summary":"..."}],"speakers":[{"speaker":"...","summary":"..."}],"keyPoints":[{"line":0,"text":"..."}],' +
      '"actionItems":[{"line":0,"text":"...","owner":"...","due":null}],"decisions":[{"line":0,"text":"..."}],"questions":[{"line":0,"text":"..."}]}',
    '- chapters: the topics in order; "line" is the index of the chapter\'s first line; a short title and a summary of one to three sentences.',
    req.kind === 'meeting'
      ? '- keyPoints: the decisions, action items (with who does them) and main conclusions, each with the index of the line where it was said.'
      : '- keyPoints: the main points, each with the index of the line where it was said.',
    '- actionItems: every task someone took on or was given, with the index of the line where it was agreed; "owner" is the speaker who will do it or the person named for it ("" when nobody was), the name exactly as said.',
    req.date
      ? `- "due": the date the task is due as YYYY-MM-DD when one was said, counted from the day of the recording, ${req.date} (${weekdayOf(req.date)}); null when none was said.`
      : '- "due": null (the day of the recording is not known).',
    '- decisions: what was decided or agreed; questions: questions raised and left open. Each with the index of its line.',
    speakers.length
      ? `- speakers: one entry per speaker (${speakers.map((s) => JSON.stringify(s)).join(', ')}) summarising what that speaker said, the name exactly as given.`
      : '- speakers: [] (the transcript names no speakers).',
  ];
  const header = [`Title: ${req.title || '(untitled)'}`];
  if (kept.length < req.lines.length) {
    header.push(`The transcript is long: ${kept.length} of its ${req.lines.length} lines are shown, spread evenly; indices are those of the full transcript.`);
  }
  return [
    { role: 'system', content: rules.join('\n') },
    { role: 'user', content: [...header, 'Transcript:', ...kept.map((i) => rendered[i]!)].join('\n') },
  ];
}

const text = z.string().trim().min(1).max(2_000);
const index = z.coerce.number().int().nonnegative();
/** Items that do not fit are dropped one by one rather than failing the whole reply. */
export const replyItems = <T extends z.ZodType>(item: T) =>
  z
    .array(z.unknown())
    .catch([])
    .transform((list) =>
      list.flatMap((x) => {
        const r = item.safeParse(x);
        return r.success ? [r.data as z.output<T>] : [];
      }),
    );
/** Fields a model's reply shares between the summary and the live summary: texts, line indices, lists of them. */
export const replyText = text;
export const replyIndex = index;
const items = replyItems;
/** Action items, decisions and questions as a reply gives them, each citing a line by its index. */
export const actionItemsReply = items(
  z.object({
    line: index,
    text,
    owner: z.string().trim().max(100).catch(''),
    due: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .nullable()
      .catch(null),
  }),
);
export const citedReply = items(z.object({ line: index, text }));
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });

const reply = z.object({
  chapters: items(z.object({ line: index, title: text, summary: z.string().trim().max(4_000).catch('') })),
  speakers: items(z.object({ speaker: z.string().trim(), summary: text })),
  keyPoints: items(z.object({ line: index, text })),
  actionItems: actionItemsReply,
  decisions: citedReply,
  questions: citedReply,
});

/** The JSON schema of the action items a reply lists, and of a decision or question citing its line. */
export const CITED_JSON = {
  type: 'object',
  additionalProperties: false,
  required: ['line', 'text'],
  properties: { line: { type: 'integer' }, text: { type: 'string' } },
};
export const ACTION_ITEMS_JSON = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['line', 'text', 'owner', 'due'],
    properties: { line: { type: 'integer' }, text: { type: 'string' }, owner: { type: 'string' }, due: { type: ['string', 'null'] } },
  },
} as const;
/**
 * The reply's JSON schema, for endpoints with structured output (`response_format: json_schema`): strict,
 * so every property is required and nothing else is allowed, as OpenAI's strict mode asks.
 */
export const SUMMARY_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['chapters', 'speakers', 'keyPoints', 'actionItems', 'decisions', 'questions'],
  properties: {
    chapters: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['line', 'title', 'summary'],
        properties: { line: { type: 'integer' }, title: { type: 'string' }, summary: { type: 'string' } },
      },
    },
    speakers: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['speaker', 'summary'],
        properties: { speaker: { type: 'string' }, summary: { type: 'string' } },
      },
    },
    keyPoints: { type: 'array', items: CITED_JSON },
    actionItems: ACTION_ITEMS_JSON,
    decisions: { type: 'array', items: CITED_JSON },
    questions: { type: 'array', items: CITED_JSON },
  },
} as const;

/** How chat endpoints are asked for that schema (OpenAI's `response_format`, which Workers AI's JSON mode shares). */
export const SUMMARY_RESPONSE_FORMAT = { type: 'json_schema', json_schema: { name: 'summary', strict: true, schema: SUMMARY_JSON_SCHEMA } } as const;

/** The JSON object in a reply: <think> blocks and code fences are ignored, as is text around the object. */
export function jsonObject(content: string): unknown {
  const cleaned = content.replace(/<think>[\s\S]*?(<\/think>|$)/g, '').replace(/```(?:json)?/gi, '');
  const start = cleaned.indexOf('{');
  const end = cleaned.lastIndexOf('}');
  if (start < 0 || end < start) return null;
  try {
    return JSON.parse(cleaned.slice(start, end + 1));
  } catch {
    return null;
  }
}

/** Milliseconds each labelled speaker talked, longest first. */
export function talkTimes(lines: SummarizeLine[]): { speaker: string; talkMs: number }[] {
  const totals = new Map<string, number>();
  for (const line of lines) {
    const speaker = line.speaker.trim();
    if (speaker) totals.set(speaker, (totals.get(speaker) ?? 0) + Math.max(0, line.end - line.start));
  }
  return [...totals].map(([speaker, talkMs]) => ({ speaker, talkMs })).sort((a, b) => b.talkMs - a.talkMs);
}

export function parseSummary(content: string, req: Request): MediaSummary | null {
  const parsed = reply.safeParse(jsonObject(content));
  if (!parsed.success) return null;
  const { lines } = req;
  const last = lines.reduce((end, l) => Math.max(end, l.end), 0);
  const starts = [...new Set(parsed.data.chapters.filter((c) => c.line < lines.length).map((c) => c.line))].sort((a, b) => a - b);
  if (!starts.length) return null;
  const chapterAt = new Map(parsed.data.chapters.map((c) => [c.line, c]));
  const chapters: Chapter[] = starts.map((line, i) => {
    const c = chapterAt.get(line)!;
    // The chapters cover the whole transcript, even when the model started its first one late.
    const start = i === 0 ? Math.min(lines[0]!.start, lines[line]!.start) : lines[line]!.start;
    const next = starts[i + 1];
    return { start, end: next === undefined ? last : lines[next]!.start, title: c.title, summary: c.summary };
  });
  const said = new Map(parsed.data.speakers.map((s) => [s.speaker.toLowerCase(), s.summary]));
  const speakers: SpeakerSummary[] = talkTimes(lines).map((s) => ({ ...s, summary: said.get(s.speaker.toLowerCase()) ?? '' }));
  const keyPoints: KeyPoint[] = parsed.data.keyPoints
    .filter((k) => k.line < lines.length)
    .map((k) => ({ text: k.text, start: lines[k.line]!.start }))
    .sort((a, b) => a.start - b.start);
  const cite = (line: number): LineCitation => ({ lineId: lines[line]!.id ?? null, start: lines[line]!.start });
  const inRange = <T extends { line: number }>(list: T[]) => list.filter((x) => x.line < lines.length).sort((a, b) => a.line - b.line);
  const actionItems: ActionItem[] = inRange(parsed.data.actionItems).map((a, id) => {
    // An owner who is a speaker follows that speaker's renames (ActionItem.ownerLineId).
    const ownerLine = a.owner ? lines.findIndex((l) => l.speaker.trim().toLowerCase() === a.owner.toLowerCase()) : -1;
    return { id, text: a.text, owner: a.owner, ownerLineId: ownerLine < 0 ? null : (lines[ownerLine]!.id ?? null), due: a.due, ...cite(a.line), done: false };
  });
  return {
    method: 'llm',
    language: req.language,
    chapters,
    speakers,
    keyPoints,
    mindMap: mindMapOf(req.title, chapters, keyPoints),
    actionItems,
    decisions: inRange(parsed.data.decisions).map((d) => ({ text: d.text, ...cite(d.line) })),
    questions: inRange(parsed.data.questions).map((q) => ({ text: q.text, ...cite(q.line) })),
  };
}
