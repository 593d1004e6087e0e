import { and, eq, inArray } from 'drizzle-orm';
import type { MediaSummary, SummarizeLine } from '../../../contracts/summary';
import type { Db } from '../../db/client';
import { records, summaries } from '../../db/schema';
import { providers } from '../providers';
import type { SummarizeInput } from '../providers';
import { JobWaiting } from '../jobs';
import { emitWebhookEvent } from '../webhooks/deliveries';
import { ACTIVE, NO_TRANSCRIPT, STILL_WRITING, failSummary, linesHash, transcriptOf } from './index';
import type { TranscriptLine } from './index';

/**
 * The `summary` job: makes a record's summary from its lines with the configured provider and stores it
 * with the fingerprint of those lines. It acts only on a summary that is queued or running, so a
 * redelivered message after success does nothing; it never changes the record or its transcription status.
 */

/** The engine's request limits (contracts/summary.ts summarizeRequest). */
const MAX_LINES = 20_000;
const MAX_TEXT = 5_000;
const MAX_SPEAKER = 100;
const MAX_TITLE = 200;

/**
 * The transcript as the summarizer takes it: empty lines dropped, and past the line limit neighbours joined
 * (the whole meeting is summarised, in coarser lines, rather than its beginning only).
 */
export function summarizeLines(lines: TranscriptLine[]): SummarizeLine[] {
  const spoken = lines.filter((l) => l.text.trim() !== '');
  const group = Math.ceil(spoken.length / MAX_LINES);
  const out: SummarizeLine[] = [];
  for (let i = 0; i < spoken.length; i += group) {
    const part = spoken.slice(i, i + group);
    out.push({
      start: part[0]!.start,
      end: Math.max(...part.map((l) => l.end)),
      text: part
        .map((l) => l.text.trim())
        .join(' ')
        .slice(0, MAX_TEXT),
      speaker: part[0]!.speaker.slice(0, MAX_SPEAKER),
      id: part[0]!.id,
    });
  }
  return out;
}

/** Action items ticked done in the summary before stay done where the new one finds them again, on the same line. */
function keepTicks(summary: MediaSummary, before: MediaSummary | null): MediaSummary {
  const ticked = (before?.actionItems ?? []).filter((a) => a.done);
  if (!ticked.length) return summary;
  return { ...summary, actionItems: summary.actionItems.map((a) => (ticked.some((t) => t.start === a.start) ? { ...a, done: true } : a)) };
}

/** How long a summary whose record is still being written waits before it looks again. */
const UNFINISHED_WAIT_SECONDS = 15;

export async function runSummary(db: Db, env: Env, recordId: number) {
  // Made only from the final transcript: while a job or a meeting's completion still writes lines, it waits.
  const writing = await db.query.records.findFirst({ columns: { status: true }, where: eq(records.id, recordId) });
  if (writing && STILL_WRITING.includes(writing.status)) throw new JobWaiting(UNFINISHED_WAIT_SECONDS, 'the transcript is still being written');
  const [claimed] = await db
    .update(summaries)
    // `updatedAt` stays when the summary was queued: its deadline counts from there, however often it is delivered.
    .set({ status: 'running' })
    .where(and(eq(summaries.recordId, recordId), inArray(summaries.status, ACTIVE)))
    .returning({ recordId: summaries.recordId });
  if (!claimed) return;
  const record = await db.query.records.findFirst({ where: eq(records.id, recordId) });
  if (!record) return;
  // A person's edit from here on is after the lines this summary reads (see isStale).
  const readAt = Date.now();
  const transcript = await transcriptOf(db, recordId);
  const lines = summarizeLines(transcript);
  if (lines.length === 0) return failSummary(db, recordId, NO_TRANSCRIPT);
  const input: SummarizeInput = {
    language: record.audioLanguage,
    title: record.name.slice(0, MAX_TITLE),
    kind: record.type === 'meeting' ? 'meeting' : 'record',
    // "By Friday" is counted from the day it was said (UTC: the record keeps no time zone).
    date: new Date(record.createdAt).toISOString().slice(0, 10),
    lines,
  };
  const made = await providers(env).summarize.summarize(input);
  const before = await db.query.summaries.findFirst({ where: eq(summaries.recordId, recordId) });
  const summary = keepTicks(made, before?.summary ?? null);
  const now = Date.now();
  // Only the run that claimed it finishes it: a summary asked for again meanwhile is made by its own message.
  const done = await db
    .update(summaries)
    .set({ status: 'done', summary, linesHash: await linesHash(transcript), errorReason: null, generatedAt: readAt, updatedAt: now })
    .where(and(eq(summaries.recordId, recordId), eq(summaries.status, 'running')))
    .returning({ recordId: summaries.recordId });
  if (done.length) {
    await emitWebhookEvent(env, record.userId, record.type === 'meeting' ? 'minutes.ready' : 'summary.ready', {
      recordId,
      name: record.name,
      recordType: record.type,
    });
  }
}
