/**
 * The hourly sweep of work that went quiet (worker/index.ts scheduled): a transcription job, a summary or a
 * dubbing run still in a working state past its stage's deadline (worker/services/job-deadlines.ts) lost
 * its message or its consumer. The first time, its stage is sent again with a fresh deadline — every stage is
 * idempotent and resumes from what is stored; the second time, it ends with the translated reason, and the
 * record's retry action takes it up from there. Only rows quiet for the shortest deadline are read.
 */
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { JobMessage } from '../contracts/jobs';
import type { Db } from '../worker/db/client';
import { dubProjects, records, summaries, transcriptionJobs } from '../worker/db/schema';
import { type DeadlineStage, JobExpired, STAGE_MIN_MS, jobLocale, resumedInStage, stageDeadline } from '../worker/services/job-deadlines';
import type { Enqueue } from '../worker/services/jobs';
import { stageMessages } from '../worker/services/transcription/pipeline';
import { failJobMessage } from './jobs';

/** A row of work under way, as the sweep judges it. */
interface Quiet {
  recordId: number;
  stage: DeadlineStage;
  durationMs: number;
  updatedAt: number;
  resumedAt: number | null;
  /** The messages that send its stage again, and the one whose failure ends it. */
  resume: () => Promise<JobMessage[]>;
  ending: JobMessage;
  /** Marks it resumed with a fresh deadline, unless it moved on meanwhile. */
  mark: (now: number) => Promise<unknown>;
}

export interface SweepResult {
  resumed: number[];
  failed: number[];
}

export async function sweepJobs(db: Db, enqueue: Enqueue, now = Date.now(), env?: Env): Promise<SweepResult> {
  const result: SweepResult = { resumed: [], failed: [] };
  for (const row of await quietWork(db, now - STAGE_MIN_MS)) {
    if (stageDeadline(row.stage, row.durationMs, row.updatedAt) >= now) continue;
    if (resumedInStage(row)) {
      await failJobMessage(db, row.ending, new JobExpired(await jobLocale(db, row.recordId)).message, env);
      result.failed.push(row.recordId);
    } else {
      // Sent before it is marked, so a crash in between sends it again at the next sweep rather than never.
      await enqueue(await row.resume());
      await row.mark(now);
      result.resumed.push(row.recordId);
    }
  }
  return result;
}

const WORKING_STAGES = ['prepare', 'chunks', 'assemble', 'translate'] as const;
/** The message that ends a transcription stage when it fails (queues/jobs.ts failJobMessage). */
const ENDING = { prepare: 'prepare', chunks: 'assemble', assemble: 'assemble', translate: 'translate' } as const;

async function quietWork(db: Db, quietSince: number): Promise<Quiet[]> {
  const jobs = await db
    .select({
      recordId: transcriptionJobs.recordId,
      stage: transcriptionJobs.stage,
      updatedAt: transcriptionJobs.updatedAt,
      resumedAt: transcriptionJobs.resumedAt,
      durationMs: records.durationMs,
    })
    .from(transcriptionJobs)
    .innerJoin(records, eq(records.id, transcriptionJobs.recordId))
    .where(and(inArray(transcriptionJobs.stage, [...WORKING_STAGES]), lt(transcriptionJobs.updatedAt, quietSince)));
  const summaryRows = await db
    .select({ recordId: summaries.recordId, updatedAt: summaries.updatedAt, resumedAt: summaries.resumedAt, durationMs: records.durationMs })
    .from(summaries)
    .innerJoin(records, eq(records.id, summaries.recordId))
    .where(and(inArray(summaries.status, ['queued', 'running']), lt(summaries.updatedAt, quietSince)));
  const dubs = await db
    .select({ recordId: dubProjects.recordId, updatedAt: dubProjects.updatedAt, resumedAt: dubProjects.resumedAt, durationMs: records.durationMs })
    .from(dubProjects)
    .innerJoin(records, eq(records.id, dubProjects.recordId))
    .where(and(inArray(dubProjects.stage, ['synthesizing', 'rendering']), lt(dubProjects.updatedAt, quietSince)));

  return [
    ...jobs.map((j) => {
      const stage = j.stage as (typeof WORKING_STAGES)[number];
      return {
        ...j,
        stage,
        resume: () => stageMessages(db, j.recordId, stage),
        ending: { kind: ENDING[stage], recordId: j.recordId },
        mark: (now: number) =>
          db
            .update(transcriptionJobs)
            .set({ updatedAt: now, resumedAt: now })
            .where(and(eq(transcriptionJobs.recordId, j.recordId), eq(transcriptionJobs.stage, stage), eq(transcriptionJobs.updatedAt, j.updatedAt))),
      } satisfies Quiet;
    }),
    ...summaryRows.map(
      (s) =>
        ({
          ...s,
          stage: 'summary',
          resume: async () => [{ kind: 'summary', recordId: s.recordId }],
          ending: { kind: 'summary', recordId: s.recordId },
          mark: (now: number) =>
            db
              .update(summaries)
              .set({ updatedAt: now, resumedAt: now })
              .where(and(eq(summaries.recordId, s.recordId), eq(summaries.updatedAt, s.updatedAt))),
        }) satisfies Quiet,
    ),
    ...dubs.map(
      (d) =>
        ({
          ...d,
          stage: 'dub',
          resume: async () => [{ kind: 'dub', recordId: d.recordId }],
          ending: { kind: 'dub', recordId: d.recordId },
          mark: (now: number) =>
            db
              .update(dubProjects)
              .set({ updatedAt: now, resumedAt: now })
              .where(and(eq(dubProjects.recordId, d.recordId), eq(dubProjects.updatedAt, d.updatedAt))),
        }) satisfies Quiet,
    ),
  ];
}
