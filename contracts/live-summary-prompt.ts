/**
 * How a live meeting's running summary is refreshed (contracts/live-summary.ts): the engine's
 * `POST /v1/summarize/live` body, and the incremental prompt, JSON schema and parser shared by the engine's
 * OpenAI-compatible backend and the Worker's Workers AI provider. Incremental: the model is given the summary
 * so far and only the lines said since, and answers the topics updated plus only the new decisions, action
 * items and questions, so each refresh costs about the same however long the meeting has run.
 */
import { z } from 'zod';
import { languageInfo } from './engine-languages';
import { LIVE_SUMMARY_MAX_TOPICS, type LiveSummary, type LiveTopic } from './live-summary';
import { isoDate, summarizeLine } from './summary';
import { ACTION_ITEMS_JSON, actionItemsReply, CITED_JSON, citedReply, jsonObject, replyIndex, replyItems, replyText } from './summary-prompt';
import { formatClock as clock } from './timecode';

const cited = { text: z.string().max(2_000), seq: z.number().int().nonnegative().nullable(), start: z.number().nonnegative() };

export const liveSummarizeRequest = z.object({
  language: z.string().min(2).max(16),
  /** The day of the meeting: "by Friday" becomes a date counted from it. */
  date: isoDate.optional(),
  /** The summary so far; null at the first refresh. */
  previous: z
    .object({
      topics: z.array(z.object({ title: z.string().max(500), summary: z.string().max(4_000), start: z.number().nonnegative() })).max(LIVE_SUMMARY_MAX_TOPICS),
      decisions: z.array(z.object(cited)).max(500),
      actionItems: z.array(z.object({ ...cited, owner: z.string().max(100), due: z.string().nullable() })).max(500),
      questions: z.array(z.object(cited)).max(500),
    })
    .nullable(),
  /** The lines said since, each with its live `seq` as `id`. */
  lines: z.array(summarizeLine).min(1).max(2_000),
});
export type LiveSummarizeRequest = z.output<typeof liveSummarizeRequest>;

/** What a refresh answers: the summary's content; the room adds how far it reaches. */
export type LiveSummaryContent = Pick<LiveSummary, 'method' | 'language' | 'topics' | 'decisions' | 'actionItems' | 'questions'>;

/** One line's share of the prompt. */
const LINE_MAX_CHARS = 400;

export function liveSummaryMessages(req: LiveSummarizeRequest): { role: 'system' | 'user'; content: string }[] {
  const language = languageInfo(req.language)?.names['en-US'] ?? req.language;
  const rules = [
    `You keep the running summary of a meeting that is still going on. Write everything in ${language} (${req.language}).`,
    'You are given the summary so far (JSON, possibly empty) and the transcript lines said since, each as "[index] time speaker: text".',
    'Return only JSON in this form:',
    '{"topics":[{"title":"...","summary":"...","line":null}],"actionItems":[{"line":0,"text":"...","owner":"...","due":null}],"decisions":[{"line":0,"text":"..."}],"questions":[{"line":0,"text":"..."}],"answered":[0]}',
    `- topics: the whole list of topics discussed so far, in order, at most ${LIVE_SUMMARY_MAX_TOPICS}: keep the earlier ones (update a summary when the new lines add to it), add the new ones; "line" is the index of the new line where a new topic starts, null for an earlier topic. A short title and one or two sentences.`,
    '- actionItems, decisions, questions: only those said in the new lines, each with the index of its line. "owner" is the speaker who will do the task or the person named for it ("" when nobody was).',
    req.date ? `- "due": YYYY-MM-DD when a due date was said, counted from ${req.date}; otherwise null.` : '- "due": null.',
    '- answered: the indices (in the summary so far) of open questions the new lines answered; [] when none.',
  ];
  const previous = req.previous ?? { topics: [], decisions: [], actionItems: [], questions: [] };
  const lines = req.lines.map((line, i) => {
    const text = line.text.replace(/\s+/g, ' ').trim();
    return `[${i}] ${clock(line.start)} ${line.speaker ? `${line.speaker}: ` : ''}${text.length > LINE_MAX_CHARS ? `${text.slice(0, LINE_MAX_CHARS)}…` : text}`;
  });
  const so = {
    topics: previous.topics.map((t) => ({ title: t.title, summary: t.summary })),
    // Only the texts: the model needs them to avoid repeating an item, not their citations.
    actionItems: previous.actionItems.map((a) => ({ text: a.text, owner: a.owner })),
    decisions: previous.decisions.map((d) => d.text),
    questions: previous.questions.map((q) => q.text),
  };
  return [
    { role: 'system', content: rules.join('\n') },
    { role: 'user', content: ['Summary so far:', JSON.stringify(so), 'New lines:', ...lines].join('\n') },
  ];
}

/** The reply's JSON schema (strict: every property required, nothing else allowed). */
export const LIVE_SUMMARY_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['topics', 'actionItems', 'decisions', 'questions', 'answered'],
  properties: {
    topics: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'summary', 'line'],
        properties: { title: { type: 'string' }, summary: { type: 'string' }, line: { type: ['integer', 'null'] } },
      },
    },
    actionItems: ACTION_ITEMS_JSON,
    decisions: { type: 'array', items: CITED_JSON },
    questions: { type: 'array', items: CITED_JSON },
    answered: { type: 'array', items: { type: 'integer' } },
  },
} as const;

export const LIVE_SUMMARY_RESPONSE_FORMAT = {
  type: 'json_schema',
  json_schema: { name: 'live_summary', strict: true, schema: LIVE_SUMMARY_JSON_SCHEMA },
} as const;

const text = replyText;
const index = replyIndex;
const reply = z.object({
  topics: replyItems(z.object({ title: text, summary: z.string().trim().max(4_000).catch(''), line: index.nullable().catch(null) })),
  actionItems: actionItemsReply,
  decisions: citedReply,
  questions: citedReply,
  answered: z.array(index).catch([]),
});

/** A merged topic's summary keeps about two sentences. */
const MERGED_MAX_CHARS = 300;

/** Keeps at most LIVE_SUMMARY_MAX_TOPICS topics: the oldest two merge into one. */
export function capTopics(topics: LiveTopic[]): LiveTopic[] {
  const out = topics.slice();
  while (out.length > LIVE_SUMMARY_MAX_TOPICS) {
    const [a, b] = out.splice(0, 2) as [LiveTopic, LiveTopic];
    // Bounded, so the summary so far (and each refresh's prompt) stops growing with the meeting's length.
    const summary = [a.summary, b.summary].filter(Boolean).join(' ');
    out.unshift({
      title: `${a.title} · ${b.title}`.slice(0, 120),
      summary: summary.length > MERGED_MAX_CHARS ? `${summary.slice(0, MERGED_MAX_CHARS)}…` : summary,
      start: a.start,
    });
  }
  return out;
}

/** The model's reply as the updated summary, or null when it is not one. */
export function parseLiveSummary(content: string, req: LiveSummarizeRequest): LiveSummaryContent | null {
  const parsed = reply.safeParse(jsonObject(content));
  if (!parsed.success) return null;
  const { lines } = req;
  const previous = req.previous ?? { topics: [], decisions: [], actionItems: [], questions: [] };
  const at = (line: number) => ({ seq: lines[line]!.id ?? null, start: lines[line]!.start });
  const inRange = <T extends { line: number }>(list: T[]) => list.filter((x) => x.line < lines.length).sort((a, b) => a.line - b.line);
  const before = new Map(previous.topics.map((t) => [t.title.toLowerCase(), t.start]));
  const topics = parsed.data.topics.map((t) => ({
    title: t.title,
    summary: t.summary,
    // A new topic starts at its line; an earlier one keeps its start (by title), else the first new line's.
    start:
      t.line !== null && t.line < lines.length ? lines[t.line]!.start : (before.get(t.title.toLowerCase()) ?? previous.topics[0]?.start ?? lines[0]!.start),
  }));
  if (!topics.length) return null;
  const answered = new Set(parsed.data.answered);
  return {
    method: 'llm',
    language: req.language,
    topics: capTopics(topics),
    actionItems: [...previous.actionItems, ...inRange(parsed.data.actionItems).map((a) => ({ text: a.text, owner: a.owner, due: a.due, ...at(a.line) }))],
    decisions: [...previous.decisions, ...inRange(parsed.data.decisions).map((d) => ({ text: d.text, ...at(d.line) }))],
    questions: [...previous.questions.filter((_, i) => !answered.has(i)), ...inRange(parsed.data.questions).map((q) => ({ text: q.text, ...at(q.line) }))],
  };
}
