/**
 * What a live meeting's running summary costs in model calls and tokens per meeting-hour, for bench:meeting:
 * an hour of transcript (engine/bench/summary-texts.ts, a line every 4 s) goes through the room's pacing
 * (a refresh once LIVE_SUMMARY_EVERY_MS of new speech has come, durable-objects/live-summary.ts), each
 * refresh asking with the incremental prompt (contracts/live-summary-prompt.ts) and growing the summary as
 * the offline refresh does (engine/backends/summary/live.ts), so the prompt carries a realistic summary so far.
 * Tokens are counted from the prompt's and the answer's text: a CJK character as one token, other text as one
 * token per 4 characters (the usual rule of thumb for English with BPE tokenizers). No model is called, so
 * this adds nothing measurable to the bench's run time.
 */
import { LIVE_SUMMARY_EVERY_MS } from '../contracts/live-summary';
import { type LiveSummaryContent, liveSummaryMessages } from '../contracts/live-summary-prompt';
import { liveSummaryExtractive } from '../engine/backends/summary/live';
import { longTranscript } from '../engine/bench/summary-texts';

const tokens = (text: string) => {
  const cjk = (text.match(/[\u3000-\u9fff\uff00-\uffef]/g) ?? []).length;
  return cjk + Math.ceil((text.length - cjk) / 4);
};

export function liveSummaryCost(minutes = 60) {
  const lines = longTranscript(minutes).map((l, i) => ({ ...l, id: i }));
  let previous: LiveSummaryContent | null = null;
  let throughMs = 0;
  let from = 0;
  const calls: { input: number; output: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const last = i === lines.length - 1;
    if (lines[i]!.end - throughMs < LIVE_SUMMARY_EVERY_MS && !last) continue;
    const req = { language: 'en-US', date: '2026-06-03', previous, lines: lines.slice(from, i + 1) };
    const prompt = liveSummaryMessages(req)
      .map((m) => m.content)
      .join('\n');
    const next = liveSummaryExtractive(req);
    // The model answers the whole topic list and only the new items.
    const answer = JSON.stringify({
      topics: next.topics,
      actionItems: next.actionItems.slice(previous?.actionItems.length ?? 0),
      decisions: next.decisions.slice(previous?.decisions.length ?? 0),
      questions: next.questions.slice(previous?.questions.length ?? 0),
      answered: [],
    });
    calls.push({ input: tokens(prompt), output: tokens(answer) });
    previous = next;
    throughMs = lines[i]!.end;
    from = i + 1;
  }
  const perHour = 60 / minutes;
  const sum = (k: 'input' | 'output') => calls.reduce((s, c) => s + c[k], 0) * perHour;
  return {
    calls: calls.length * perHour,
    inputTokens: Math.round(sum('input')),
    outputTokens: Math.round(sum('output')),
    // Flat per call (linear in the meeting's length): the last call's prompt against the first's.
    firstInput: calls[0]?.input ?? 0,
    lastInput: calls.at(-1)?.input ?? 0,
  };
}
