import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobChunks } from '../../db/schema';

/** Seconds between writes of a running piece's progress: the records list polls about as often. */
const WRITE_GAP_MS = 2000;

/**
 * A running piece's progress kept in its row (`heard_ms`), as the recogniser reports it, so the progress bar
 * and the time left (services/job-progress.ts) move within a piece rather than only when one ends. Writes are
 * spaced out and chained in order; `settled` is awaited before the stage returns, so none outlives its message.
 */
export function pieceProgress(db: Db, recordId: number, idx: number, gapMs = WRITE_GAP_MS) {
  let last = 0;
  let writing: Promise<unknown> = Promise.resolve();
  return {
    heard(seconds: number) {
      const now = Date.now();
      if (now - last < gapMs) return;
      last = now;
      const heardMs = Math.max(0, Math.round(seconds * 1000));
      // A lost write only leaves the bar where it was: progress never fails the piece.
      writing = writing
        .then(() =>
          db
            .update(jobChunks)
            .set({ heardMs })
            .where(and(eq(jobChunks.recordId, recordId), eq(jobChunks.idx, idx), eq(jobChunks.done, false))),
        )
        .catch(() => undefined);
    },
    settled: () => writing,
  };
}
