import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobChunks } from '../../db/schema';

/**
 * What a job's pieces heard, kept while the job runs. The bulk (lines with per-word timings and speaker
 * embeddings, tens of KB a piece) lives in R2, one object per (record, piece), so a redelivered piece
 * overwrites its own object; D1 keeps only a small row per piece whose `done` flag is the fan-in counter.
 * Once the job's lines are stored (or the job failed) nothing reads them again, so rows and objects go.
 */

export interface HeardLine {
  start: number;
  end: number;
  text: string;
  embedding?: number[];
  pitch?: number;
  words?: { word: string; start: number; end: number }[];
}

/** Every object a record's job keeps per piece; under the record's prefix, so deleting the record reaches them too. */
export const piecesPrefix = (recordId: number) => `records/${recordId}/pieces/`;
const pieceKey = (recordId: number, idx: number) => `${piecesPrefix(recordId)}${idx}.json`;

/**
 * Stores what piece `idx` heard and marks it done. Returns false when the job no longer has the piece (it
 * finished, failed or started over meanwhile): the object just written is removed again, so a late duplicate
 * never leaves one behind after the clean-up.
 */
export async function storePiece(db: Db, bucket: R2Bucket, recordId: number, idx: number, lines: HeardLine[]) {
  await bucket.put(pieceKey(recordId, idx), JSON.stringify(lines), { httpMetadata: { contentType: 'application/json' } });
  const marked = await db
    .update(jobChunks)
    .set({ done: true })
    .where(and(eq(jobChunks.recordId, recordId), eq(jobChunks.idx, idx)))
    .returning({ idx: jobChunks.idx });
  if (marked.length === 0) await bucket.delete(pieceKey(recordId, idx));
  return marked.length > 0;
}

/** What pieces 0…count-1 heard, in piece order; a missing object is an error the queue retries. */
export async function readPieces(bucket: R2Bucket, recordId: number, count: number): Promise<HeardLine[][]> {
  return Promise.all(
    Array.from({ length: count }, async (_, idx) => {
      const object = await bucket.get(pieceKey(recordId, idx));
      if (!object) throw new Error(`piece ${idx} of record ${recordId} is missing`);
      return object.json<HeardLine[]>();
    }),
  );
}

/**
 * Removes a job's pieces: rows first, then objects, so a piece stored concurrently either finds its row gone
 * (and removes its own object) or wrote before this listing (and is removed here). Safe to repeat.
 */
export async function dropPieces(db: Db, bucket: R2Bucket, recordId: number) {
  await db.delete(jobChunks).where(eq(jobChunks.recordId, recordId));
  let cursor: string | undefined;
  do {
    const listed = await bucket.list({ prefix: piecesPrefix(recordId), ...(cursor ? { cursor } : {}) });
    if (listed.objects.length) await bucket.delete(listed.objects.map((o) => o.key));
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
}
