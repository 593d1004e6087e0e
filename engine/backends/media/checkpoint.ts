/**
 * A job's result kept in object storage beside its output (contracts/engine.ts, jobCheckpoint). Job state lives
 * in engine memory, so an engine that restarted, was evicted or drained before the Worker collected a result
 * would otherwise do the whole job again: with a checkpoint, the job started again answers the kept result as
 * long as the output it describes is still stored whole, and never writes the output a second time.
 */
import type { JobCheckpoint } from '../../../contracts/engine';
import { fetchBytes, putBytes } from './transfer';

interface Kept<R> {
  id: string;
  outputBytes: number;
  result: R;
}

/** The stored length of the object at `url` (a one-byte range read), or null when nothing is stored there. */
async function storedLength(url: string): Promise<number | null> {
  const res = await fetch(url, { headers: { range: 'bytes=0-0' } }).catch(() => null);
  if (!res?.ok) {
    await res?.body?.cancel();
    return null;
  }
  await res.body?.cancel();
  const total = /\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1] ?? (res.status === 200 ? res.headers.get('content-length') : null);
  return total === null || total === undefined ? null : Number(total);
}

async function kept<R>(id: string, checkpoint: JobCheckpoint): Promise<R | undefined> {
  const bytes = await fetchBytes(checkpoint.get);
  if (!bytes) return undefined;
  let saved: Kept<R>;
  try {
    saved = JSON.parse(bytes.toString('utf8')) as Kept<R>;
  } catch {
    return undefined;
  }
  if (saved.id !== id || !(saved.outputBytes > 0)) return undefined;
  return (await storedLength(checkpoint.output)) === saved.outputBytes ? saved.result : undefined;
}

/**
 * Runs `work` (which stores the output and answers the result with the bytes it stored) unless a checkpoint holds
 * this job's result for an output still stored whole; keeps the result afterwards.
 */
export async function resumable<R>(id: string, checkpoint: JobCheckpoint | undefined, work: () => Promise<{ result: R; outputBytes: number }>): Promise<R> {
  const done = checkpoint ? await kept<R>(id, checkpoint) : undefined;
  if (done !== undefined) return done;
  const { result, outputBytes } = await work();
  if (checkpoint) await putBytes(checkpoint.put, Buffer.from(JSON.stringify({ id, outputBytes, result } satisfies Kept<R>)));
  return result;
}
