import { eq } from 'drizzle-orm';
import type { JobMessage } from '../../contracts/jobs';
import { isLocale, type Locale } from '../../contracts/locale';
import type { Db } from '../db/client';
import { dubProjects, records, summaries, transcriptionJobs } from '../db/schema';
import { translate } from '../lib/i18n';
import { JobFailure } from './jobs';

/**
 * Every job ends: each stage of a file job has a deadline, the one formula below. A stage starts when its row
 * takes the stage (the row's `updatedAt`, which only stage changes write: a transcription job's stage, a
 * summary being queued, a dubbing run starting or its render starting), and may run until
 *
 *     deadline = stage start + max(10 min, k(stage) × the media's length)
 *
 * k is a generous multiple of the time the stage takes on a busy engine (extraction and a render read the
 * whole file; recognition is the slow part; assembly, translation and a summary work on text). Waits for an
 * engine that is full, starting, draining or rotating its secret (queues/jobs.ts) are spent inside it.
 * A message delivered after its deadline fails its record, summary or dubbing project with `jobDeadline`
 * (translated, saying to retry); the retry keeps what was done. The hourly sweep (queues/sweep.ts) sends a
 * stage that went quiet past its deadline (a lost message, a crashed consumer) once more with a fresh
 * deadline, and fails it when it is past its deadline again.
 */

export type DeadlineStage = 'prepare' | 'chunks' | 'assemble' | 'translate' | 'summary' | 'dub';

export const STAGE_MIN_MS = 10 * 60_000;
const PER_MEDIA_MS: Record<DeadlineStage, number> = { prepare: 1, chunks: 3, assemble: 0.5, translate: 1, summary: 0.5, dub: 3 };

export function stageDeadline(stage: DeadlineStage, durationMs: number, startedAt: number) {
  return startedAt + Math.max(STAGE_MIN_MS, PER_MEDIA_MS[stage] * durationMs);
}

/** Whether the sweep already sent this stage again: it resumed after the stage started (both are written together). */
export const resumedInStage = (row: { updatedAt: number; resumedAt: number | null }) => row.resumedAt !== null && row.resumedAt >= row.updatedAt;

/** The reason a stage past its deadline ends with, in the language the job was submitted in. */
export class JobExpired extends JobFailure {
  constructor(locale: Locale) {
    super(translate(locale, 'jobDeadline'));
    this.name = 'JobExpired';
  }
}

/** The language a record's job messages are written in: its job's, or English for a meeting's summary. */
export async function jobLocale(db: Db, recordId: number): Promise<Locale> {
  const job = await db.query.transcriptionJobs.findFirst({ columns: { locale: true }, where: eq(transcriptionJobs.recordId, recordId) });
  return job && isLocale(job.locale) ? job.locale : 'en-US';
}

const TRANSCRIPTION_STAGES = new Set<string>(['prepare', 'chunks', 'assemble', 'translate']);

/** The deadline of the work `msg` belongs to, or undefined when it has none (not under way, or a hand-on). */
export async function messageDeadline(db: Db, msg: JobMessage): Promise<number | undefined> {
  const record = await db.query.records.findFirst({ columns: { durationMs: true }, where: eq(records.id, msg.recordId) });
  if (!record) return undefined;
  switch (msg.kind) {
    case 'prepare':
    case 'chunk':
    case 'assemble':
    case 'translate': {
      const job = await db.query.transcriptionJobs.findFirst({ where: eq(transcriptionJobs.recordId, msg.recordId) });
      if (!job || !TRANSCRIPTION_STAGES.has(job.stage)) return undefined;
      return stageDeadline(job.stage as DeadlineStage, record.durationMs, job.updatedAt);
    }
    // An ended meeting's speakers are found while its minutes wait for them: both within the minutes' deadline.
    case 'speakers':
    case 'summary': {
      const row = await db.query.summaries.findFirst({ where: eq(summaries.recordId, msg.recordId) });
      return row && (row.status === 'queued' || row.status === 'running') ? stageDeadline('summary', record.durationMs, row.updatedAt) : undefined;
    }
    case 'dub': {
      const project = await db.query.dubProjects.findFirst({ where: eq(dubProjects.recordId, msg.recordId) });
      return project && (project.stage === 'synthesizing' || project.stage === 'rendering')
        ? stageDeadline('dub', record.durationMs, project.updatedAt)
        : undefined;
    }
    case 'transcribed':
    // Bounded by its retries: a re-translation (or a record's vectors) that keeps failing ends in the dead-letter queue.
    case 'retranslate':
    case 'vectors':
      return undefined;
  }
}

/** Throws JobExpired when `msg` arrives after its work's deadline, so it ends instead of waiting on. */
export async function checkDeadline(db: Db, msg: JobMessage, now = Date.now()) {
  const deadline = await messageDeadline(db, msg);
  if (deadline !== undefined && now > deadline) throw new JobExpired(await jobLocale(db, msg.recordId));
}
