import { and, eq, inArray, lt, notInArray, or } from 'drizzle-orm';
import { Code } from '../../../contracts/errors';
import type { RecordStatus } from '../../../contracts/record-vocabulary';
import { type MediaSummary, type SummaryState, type SummaryStatus, withMeetingLists } from '../../../contracts/summary';
import type { Db } from '../../db/client';
import { records, segments, summaries } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import type { Enqueue } from '../jobs';
import { storedLines } from '../lines';
import { ownedRecord } from '../records';

/**
 * AI summaries of records and minutes of meetings (spec §1, §7 /ai/...): queueing one (asked for, or
 * handed on by a finished transcription), its state as the record page reads it, and ending a run that
 * failed. The run itself is the `summary` job (./run.ts).
 */

/** A summary in these states has a message on the queue (or being handled): another is not sent. */
export const ACTIVE: SummaryStatus[] = ['queued', 'running'];
/**
 * A summary active for this long lost its message (an isolate died between the row and the send): asking
 * again queues it again. Longer than a run and its retries take.
 */
const STUCK_MS = 30 * 60_000;
/**
 * Statuses in which a job or a live meeting is still writing the lines a summary would be made from: an ended
 * meeting is `finishing` while what the live recogniser missed is recognised from its recording.
 */
export const STILL_WRITING: readonly RecordStatus[] = ['transcribing', 'in_progress', 'paused', 'finishing', 'dub_start', 'dubbing'];

export const NO_TRANSCRIPT = 'The record has no transcript to summarize.';

/** The lines a summary is made from, in order, with only what the summary and its fingerprint read. */
export async function transcriptOf(db: Db, recordId: number) {
  return (await storedLines(db, [recordId])).map((l) => ({ id: l.id, start: l.startMs, end: l.endMs, text: l.text, speaker: l.speaker }));
}
export type TranscriptLine = Awaited<ReturnType<typeof transcriptOf>>[number];

export async function hasTranscript(db: Db, recordId: number) {
  const [line] = await db.select({ id: segments.id }).from(segments).where(eq(segments.recordId, recordId)).limit(1);
  return line !== undefined;
}

/** SHA-256 of the lines' times, speakers and texts: equal exactly when the summary's input would be. */
export async function linesHash(lines: TranscriptLine[]) {
  const json = JSON.stringify(lines.map((l) => [l.start, l.end, l.speaker, l.text]));
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(json));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Queues the record's summary unless one is already on its way. `once` queues it only for a record that
 * never had one (a meeting ending again must not redo its minutes); otherwise a finished or failed summary
 * is made again. With `once`, `first` is shown until the run replaces it. With `speakersFirst` (an ended
 * meeting) the lines' speakers are found over the whole recording first, and that job sends the summary on.
 * True when a message was sent.
 */
export async function queueSummary(
  db: Db,
  enqueue: Enqueue,
  record: { id: number; userId: number },
  options: { once?: boolean; first?: MediaSummary; speakersFirst?: boolean } = {},
) {
  const now = Date.now();
  // `first`: a summary to show while this one is made (a live meeting's running summary as its first minutes).
  const first = options.first ? { summary: options.first, generatedAt: now, linesHash: await linesHash(await transcriptOf(db, record.id)) } : {};
  const insert = db.insert(summaries).values({ recordId: record.id, userId: record.userId, status: 'queued', updatedAt: now, ...first });
  const [queued] = await (options.once
    ? insert.onConflictDoNothing()
    : insert.onConflictDoUpdate({
        target: summaries.recordId,
        set: { status: 'queued', updatedAt: now },
        setWhere: or(notInArray(summaries.status, ACTIVE), lt(summaries.updatedAt, now - STUCK_MS)),
      })
  ).returning({ recordId: summaries.recordId });
  if (!queued) return false;
  try {
    await enqueue([{ kind: options.speakersFirst ? 'speakers' : 'summary', recordId: record.id }]);
  } catch (err) {
    // Left queued, the summary would wait for a message that never comes and refuse to be asked again.
    await failSummary(db, record.id, 'The summary could not be queued. Please try again.');
    throw err;
  }
  return true;
}

/**
 * Transcription's hand-on (`transcribed`): a transcribed file's lines are stored, so its summary is queued,
 * once — a redelivered hand-on, or the second one after the translation, finds it and sends nothing. It
 * comes before the file turns complete (queues/jobs.ts), so the page never shows a finished record without
 * its summary under way. Dubbing projects have no summary; a meeting has its minutes when it ends.
 */
export async function summarizeTranscribed(db: Db, enqueue: Enqueue, recordId: number) {
  const record = await db.query.records.findFirst({ where: eq(records.id, recordId) });
  if (record?.type !== 'transcription' || !(await hasTranscript(db, recordId))) return;
  await queueSummary(db, enqueue, record, { once: true });
}

/** Ends an active run with its reason; the last good summary stays. */
export async function failSummary(db: Db, recordId: number, reason: string) {
  await db
    .update(summaries)
    .set({ status: 'failed', errorReason: reason.slice(0, 500), updatedAt: Date.now() })
    .where(and(eq(summaries.recordId, recordId), inArray(summaries.status, ACTIVE)));
}

/**
 * A stored summary as it is read: summaries made before action items existed get empty lists, and an owner
 * who is a speaker is named as that speaker is named today, so renaming a speaker renames their items.
 */
export function readableSummary(summary: MediaSummary, lines: Pick<TranscriptLine, 'id' | 'speaker'>[]): MediaSummary {
  const read = withMeetingLists(summary);
  const speakerOf = new Map(lines.map((l) => [l.id, l.speaker]));
  const actionItems = read.actionItems.map((item) => {
    const speaker = item.ownerLineId == null ? undefined : speakerOf.get(item.ownerLineId);
    return speaker ? { ...item, owner: speaker } : item;
  });
  return { ...read, actionItems };
}

/** The record's stored summary ready to show or export, or null when none was made. */
export async function storedSummary(db: Db, recordId: number) {
  const row = await db.query.summaries.findFirst({ where: eq(summaries.recordId, recordId) });
  return row?.summary ? readableSummary(row.summary, await transcriptOf(db, recordId)) : null;
}

/**
 * Whether a summary made at `generatedAt` from lines fingerprinted `hash` is out of date: a person saved the
 * lines since, and they differ. Lines a machine wrote (a meeting's completion, a late flush) never count.
 */
async function isStale(lines: TranscriptLine[], made: { generatedAt: number | null; linesHash: string | null }, linesEditedAt: number | null) {
  if (linesEditedAt === null || (made.generatedAt !== null && linesEditedAt < made.generatedAt)) return false;
  return made.linesHash !== (await linesHash(lines));
}

/** The record's summary as the record page shows it; `stale` when a person changed the lines it was made from. */
export async function summaryState(db: Db, recordId: number): Promise<SummaryState> {
  const row = await db.query.summaries.findFirst({ where: eq(summaries.recordId, recordId) });
  if (!row) return { recordId, status: 'none', errorReason: null, summary: null, stale: false, generatedAt: null };
  const lines = row.summary === null ? [] : await transcriptOf(db, recordId);
  const record = await db.query.records.findFirst({ columns: { linesEditedAt: true }, where: eq(records.id, recordId) });
  const stale = row.summary !== null && (await isStale(lines, row, record?.linesEditedAt ?? null));
  const summary = row.summary && readableSummary(row.summary, lines);
  return { recordId, status: row.status, errorReason: row.errorReason, summary, stale, generatedAt: row.generatedAt };
}

/** `mediaSummary`: makes (or remakes) the caller's record's summary once its transcript is complete. */
export async function requestSummary(db: Db, enqueue: Enqueue, userId: number, recordId: number) {
  const record = await ownedRecord(db, userId, recordId);
  if (STILL_WRITING.includes(record.status)) throw new ApiError(Code.CONFLICT, 'summaryRecordBusy');
  if (!(await hasTranscript(db, recordId))) throw new ApiError(Code.BAD_REQUEST, 'summaryNoTranscript');
  await queueSummary(db, enqueue, record);
  return summaryState(db, recordId);
}

/** The caller's record with its last summary, for a download; none made yet is a clear refusal. */
export async function summaryOf(db: Db, userId: number, recordId: number) {
  const record = await ownedRecord(db, userId, recordId);
  const summary = await storedSummary(db, recordId);
  if (!summary) throw new ApiError(Code.BAD_REQUEST, 'summaryMissing');
  return { record, summary };
}

/**
 * `actionItemDone`: the record's owner ticks one of its summary's action items done (or not). The tick is
 * kept in the stored summary; a summary made again keeps the ticks of the items it finds again (./run.ts).
 */
export async function setActionItemDone(db: Db, userId: number, recordId: number, itemId: number, done: boolean) {
  await ownedRecord(db, userId, recordId);
  const row = await db.query.summaries.findFirst({ where: eq(summaries.recordId, recordId) });
  if (!row?.summary) throw new ApiError(Code.BAD_REQUEST, 'summaryMissing');
  const summary = withMeetingLists(row.summary);
  if (!summary.actionItems.some((a) => a.id === itemId)) throw new ApiError(Code.NOT_FOUND, 'summaryActionItemMissing');
  const actionItems = summary.actionItems.map((a) => (a.id === itemId ? { ...a, done } : a));
  await db
    .update(summaries)
    .set({ summary: { ...summary, actionItems } })
    .where(eq(summaries.recordId, recordId));
  return summaryState(db, recordId);
}

/** `queryMediaSummary`: the caller's record's summary state. */
export async function getSummary(db: Db, userId: number, recordId: number) {
  await ownedRecord(db, userId, recordId);
  return summaryState(db, recordId);
}
