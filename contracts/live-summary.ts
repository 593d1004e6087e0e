/**
 * A live meeting's running summary (issue 40 part 2): what has been said so far — its topics, decisions,
 * action items and open questions — as the meeting room sends it in `summary` messages (contracts/meeting.ts)
 * and keeps it for the minutes. Checked with valibot, as every socket frame is. Citations name the live
 * line's `seq` and its start (ms on the meeting's clock), so a viewer can find where it was said.
 */
import * as v from 'valibot';

/** How it was made: written by a language model, or picked from the lines by the offline extractor. */
export const LIVE_SUMMARY_METHODS = ['llm', 'extractive'] as const;
export type LiveSummaryMethod = (typeof LIVE_SUMMARY_METHODS)[number];

/**
 * A refresh waits for this much new speech (ms on the meeting's clock) after the last one, so a summary never
 * lags the talk by more than a minute, and is never refreshed when nothing new was said.
 */
export const LIVE_SUMMARY_EVERY_MS = 30_000;
/** Topics kept: a long meeting's oldest ones merge into one, so the prompt and the panel stay bounded. */
export const LIVE_SUMMARY_MAX_TOPICS = 12;

const ms = v.pipe(v.number(), v.minValue(0));
const seq = v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0)));
const cited = { text: v.string(), seq, start: ms };

export const liveSummary = v.object({
  method: v.picklist(LIVE_SUMMARY_METHODS),
  /** The language it is written in: the meeting's source, or the viewer's chosen translation. */
  language: v.string(),
  topics: v.array(v.object({ title: v.string(), summary: v.string(), start: ms })),
  decisions: v.array(v.object(cited)),
  actionItems: v.array(v.object({ ...cited, owner: v.string(), due: v.nullable(v.string()) })),
  questions: v.array(v.object(cited)),
  /** The last line it covers (-1: none yet) and where that line ends: a late joiner's catch-up ends there. */
  throughSeq: v.pipe(v.number(), v.integer(), v.minValue(-1)),
  throughMs: ms,
  /** When it was refreshed, epoch ms. */
  updatedAt: v.number(),
});
export type LiveSummary = v.InferOutput<typeof liveSummary>;
export type LiveTopic = LiveSummary['topics'][number];
export type LiveActionItem = LiveSummary['actionItems'][number];
export type LiveCited = LiveSummary['decisions'][number];

/** The summary's text fields in one list, in a fixed order, and back: what is translated for a viewer. */
export function summaryTexts(s: LiveSummary): string[] {
  return [
    ...s.topics.flatMap((t) => [t.title, t.summary]),
    ...s.decisions.map((d) => d.text),
    ...s.actionItems.map((a) => a.text),
    ...s.questions.map((q) => q.text),
  ];
}

export function withTexts(s: LiveSummary, texts: string[], language: string): LiveSummary {
  let i = 0;
  const next = (fallback: string) => texts[i++] || fallback;
  return {
    ...s,
    language,
    topics: s.topics.map((t) => ({ ...t, title: next(t.title), summary: next(t.summary) })),
    decisions: s.decisions.map((d) => ({ ...d, text: next(d.text) })),
    actionItems: s.actionItems.map((a) => ({ ...a, text: next(a.text) })),
    questions: s.questions.map((q) => ({ ...q, text: next(q.text) })),
  };
}

/** Whether a summary holds anything to show. */
export const isEmptySummary = (s: LiveSummary) => !s.topics.length && !s.decisions.length && !s.actionItems.length && !s.questions.length;
