import { inArray, sql } from 'drizzle-orm';
import { type JobProgress, etaSeconds, percentWithin } from '../../contracts/job-progress';
import type { RecordStatus } from '../../contracts/record-vocabulary';
import type { Db } from '../db/client';
import { dubProjects, jobChunks, type records, summaries, transcriptionJobs } from '../db/schema';
import { chunks, runBatch } from '../lib/batch';

/**
 * How far each running record's job got (contracts/job-progress.ts), read from the rows the jobs keep:
 * a transcription's stage and the audio recognised out of its pieces' length (a running piece counts what
 * the recogniser reported so far, so the bar moves within a piece), a dubbing project's stage and progress,
 * a summary being made. The time left is estimated from the recognition so far: the audio left at the pace
 * of the audio done. Records with nothing running get no entry.
 */

type Record_ = Pick<typeof records.$inferSelect, 'id' | 'type' | 'status'>;
type Job = Pick<typeof transcriptionJobs.$inferSelect, 'stage' | 'chunkCount' | 'updatedAt'>;
interface Pieces {
  total: number;
  done: number;
  /** The pieces' length, and how much of it was recognised (done pieces whole, running ones as reported). */
  totalMs: number;
  heardMs: number;
}

const TRANSCRIBING: readonly RecordStatus[] = ['transcribing', 'translating', 'dub_start'];
const FINISHED: readonly RecordStatus[] = ['transcription_completed', 'translation_completed'];

/** A transcription job's progress, its percentages scaled into [from, to] of the whole record's work. */
function transcriptionProgress(job: Job, pieces: Pieces | undefined, now: number, from = 0, to = 100): JobProgress {
  const at = (share: number) => percentWithin(from, to, share);
  switch (job.stage) {
    case 'prepare':
      return { stage: 'preparing', percent: at(0.05), etaSeconds: null };
    case 'chunks': {
      const total = pieces?.total ?? job.chunkCount;
      const done = pieces?.done ?? 0;
      const fraction = pieces && pieces.totalMs > 0 ? pieces.heardMs / pieces.totalMs : total > 0 ? done / total : 0;
      // Recognition is most of the work: 10–85 % of the job.
      return { stage: 'recognising', percent: at(0.1 + 0.75 * fraction), done, total, etaSeconds: etaSeconds(now - job.updatedAt, fraction) };
    }
    case 'assemble':
      return { stage: 'assembling', percent: at(0.88), etaSeconds: null };
    default:
      return { stage: 'translating', percent: at(0.92), etaSeconds: null };
  }
}

function dubbingProgress(project: typeof dubProjects.$inferSelect, job: Job | undefined, pieces: Pieces | undefined, now: number): JobProgress | undefined {
  switch (project.stage) {
    case 'transcribing':
      // Recognising the video's speech is the first 40 % of dubbing it.
      return job ? transcriptionProgress(job, pieces, now, 0, 40) : { stage: 'preparing', percent: 0, etaSeconds: null };
    case 'translating':
      return { stage: 'translating', percent: 45, etaSeconds: null };
    case 'synthesizing':
      return { stage: 'synthesizing', percent: percentWithin(50, 80, project.progress / 100), etaSeconds: null };
    case 'rendering':
      return { stage: 'rendering', percent: percentWithin(80, 100, project.progress / 100), etaSeconds: null };
    default:
      return undefined;
  }
}

/** The progress of those of `rows` whose job runs (or whose summary is being made), by record id. */
export async function progressOf(db: Db, rows: Record_[], now = Date.now()): Promise<Map<number, JobProgress>> {
  const running = rows.filter((r) => TRANSCRIBING.includes(r.status) || FINISHED.includes(r.status) || r.status === 'dubbing' || r.status === 'finishing');
  const out = new Map<number, JobProgress>();
  if (running.length === 0) return out;
  const results = await runBatch(
    db,
    chunks(running.map((r) => r.id)).flatMap((ids) => [
      db
        .select({
          id: transcriptionJobs.recordId,
          stage: transcriptionJobs.stage,
          chunkCount: transcriptionJobs.chunkCount,
          updatedAt: transcriptionJobs.updatedAt,
        })
        .from(transcriptionJobs)
        .where(inArray(transcriptionJobs.recordId, ids)),
      db
        .select({
          id: jobChunks.recordId,
          total: sql<number>`count(*)`,
          done: sql<number>`coalesce(sum(${jobChunks.done}), 0)`,
          totalMs: sql<number>`coalesce(sum(${jobChunks.endMs} - ${jobChunks.startMs}), 0)`,
          heardMs: sql<number>`coalesce(sum(case when ${jobChunks.done} then ${jobChunks.endMs} - ${jobChunks.startMs} else min(${jobChunks.heardMs}, ${jobChunks.endMs} - ${jobChunks.startMs}) end), 0)`,
        })
        .from(jobChunks)
        .where(inArray(jobChunks.recordId, ids))
        .groupBy(jobChunks.recordId),
      db.select().from(dubProjects).where(inArray(dubProjects.recordId, ids)),
      db.select({ id: summaries.recordId, status: summaries.status }).from(summaries).where(inArray(summaries.recordId, ids)),
    ]),
  );
  const jobs = new Map<number, Job>();
  const pieces = new Map<number, Pieces>();
  const projects = new Map<number, typeof dubProjects.$inferSelect>();
  const summarising = new Set<number>();
  for (let i = 0; i < results.length; i += 4) {
    for (const j of results[i] as (Job & { id: number })[]) jobs.set(j.id, j);
    for (const p of results[i + 1] as (Pieces & { id: number })[])
      pieces.set(p.id, { total: Number(p.total), done: Number(p.done), totalMs: Number(p.totalMs), heardMs: Number(p.heardMs) });
    for (const d of results[i + 2] as (typeof dubProjects.$inferSelect)[]) projects.set(d.recordId, d);
    for (const s of results[i + 3] as { id: number; status: string }[]) if (s.status === 'queued' || s.status === 'running') summarising.add(s.id);
  }
  for (const r of running) {
    const job = jobs.get(r.id);
    let progress: JobProgress | undefined;
    if (r.type === 'dubbing') {
      const project = projects.get(r.id);
      progress = project && dubbingProgress(project, job, pieces.get(r.id), now);
    } else if (r.status === 'finishing') progress = { stage: 'finishing', percent: null, etaSeconds: null };
    else if (TRANSCRIBING.includes(r.status) && job && job.stage !== 'done' && job.stage !== 'failed') {
      progress = transcriptionProgress(job, pieces.get(r.id), now);
    } else if (summarising.has(r.id)) progress = { stage: 'summarising', percent: null, etaSeconds: null };
    if (progress) out.set(r.id, progress);
  }
  return out;
}
