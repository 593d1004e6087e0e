import { asc, eq, sql } from 'drizzle-orm';
import type { JobMessage } from '../../../contracts/jobs';
import type { Db } from '../../db/client';
import { LINE_ID_RECORD_STRIDE } from '../../db/line-id';
import { records, segments } from '../../db/schema';
import { chunks } from '../../lib/batch';
import type { Enqueue } from '../jobs';
import { ProviderError } from '../providers';
import type { AiLike } from '../providers/workers-ai';
import { type LineRow, type Scope, lineId, lineSelect, plain, scopeCondition } from './search';

/**
 * Semantic retrieval, where a Vectorize index is bound as VECTORIZE beside Workers AI (docs/search-and-ask.md):
 * each stored line's words as a vector of Workers AI's multilingual bge-m3, kept under the id
 * `${recordId}:${lineId}` with its owner, record and folder, so a question finds lines that say what it asks
 * in other words ("money" → "budget", across English and Chinese). The vectors follow the lines through the
 * `vectors` job (sent after a transcription, a meeting, an edit or a copy) and go with a deleted record. A
 * question's nearest lines are asked only among the caller's vectors, and read back through the same SQL scope
 * as keyword retrieval, so a vector can never bring in a line of a record the caller may not read.
 */

export const EMBEDDING_MODEL = '@cf/baai/bge-m3';
/** bge-m3's vectors; the index is created with as many (`--dimensions=1024 --metric=cosine`). */
export const EMBEDDING_DIMENSIONS = 1024;
/** Texts per embedding request, and vectors per upsert or deletion (well inside both services' limits). */
const BATCH = 100;
/** Nearest lines a question reads: Vectorize allows up to 100 when neither values nor all metadata are returned. */
const TOP_K = 20;
/**
 * Cosine similarity below which a line is not taken as about the question: the index answers its topK however far
 * they are, and bge-m3 gives unrelated sentences about 0.3–0.45.
 */
export const MIN_SIMILARITY = 0.5;

/** The bindings semantic retrieval needs; the index is optional (commented out in wrangler.toml). */
export interface VectorEnv {
  AI?: unknown;
  VECTORIZE?: Vectorize;
}

export interface LineVectors {
  ai: AiLike;
  index: Vectorize;
}

/** The embedding model and the index, when both are bound; otherwise retrieval is by keywords alone. */
export const lineVectors = (env: VectorEnv): LineVectors | undefined => (env.AI && env.VECTORIZE ? { ai: env.AI as AiLike, index: env.VECTORIZE } : undefined);

/** The vector id of a record's line at place `seq` (at most 64 bytes, as Vectorize asks). */
export const vectorId = (recordId: number, seq: number) => `${recordId}:${lineId({ recordId, seq })}`;

/** The record and place a vector id names, or undefined for an id not of this form. */
function placeOf(id: string) {
  const match = /^(\d+):(\d+)$/.exec(id);
  if (!match) return undefined;
  const recordId = Number(match[1]);
  const line = Number(match[2]);
  if (Math.floor(line / LINE_ID_RECORD_STRIDE) !== recordId) return undefined;
  return { recordId, seq: line % LINE_ID_RECORD_STRIDE, lineId: line };
}

/** Workers AI's embeddings of `texts`, in their order (`{ shape, data }`, one vector per text). */
async function embed(ai: AiLike, texts: string[]): Promise<number[][]> {
  const out = (await ai.run(EMBEDDING_MODEL, { text: texts, truncate_inputs: true })) as { data?: number[][] } | undefined;
  if (!Array.isArray(out?.data) || out.data.length !== texts.length) throw new ProviderError(`${EMBEDDING_MODEL} answered no embeddings`);
  return out.data;
}

/** Sends the record's `vectors` job when an index is bound (the lines it holds were just written). */
export async function queueLineVectors(env: VectorEnv, enqueue: Enqueue, recordId: number) {
  if (lineVectors(env)) await enqueue([{ kind: 'vectors', recordId } satisfies JobMessage]);
}

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

async function deleteVectors(index: Vectorize, ids: string[]) {
  for (const part of chunks(ids, BATCH)) await index.deleteByIds(part);
}

/**
 * The `vectors` job: every line with words gets its vector (upserted, so a redelivered message or a line kept by an
 * edit only writes the same id again), and the vectors of places that no longer hold words are deleted. Done
 * without the index, or for a record deleted meanwhile (its deletion removed its vectors).
 */
export async function storeLineVectors(db: Db, vectors: LineVectors | undefined, recordId: number) {
  if (!vectors) return;
  const record = await db.query.records.findFirst({
    columns: { userId: true, folderId: true, vectorLines: true },
    where: eq(records.id, recordId),
  });
  if (!record) return;
  const lines = await db.select({ seq: segments.seq, text: segments.text }).from(segments).where(eq(segments.recordId, recordId)).orderBy(asc(segments.seq));
  const said = lines.filter((l) => l.text.trim() !== '');
  const metadata = { userId: record.userId, recordId, folderId: record.folderId ?? 0 };
  for (const part of chunks(said, BATCH)) {
    const values = await embed(
      vectors.ai,
      part.map((l) => l.text),
    );
    await vectors.index.upsert(part.map((l, i) => ({ id: vectorId(recordId, l.seq), values: values[i]!, metadata })));
  }
  const places = Math.max(record.vectorLines ?? 0, (lines.at(-1)?.seq ?? -1) + 1);
  const kept = new Set(said.map((l) => l.seq));
  await deleteVectors(
    vectors.index,
    range(0, places)
      .filter((seq) => !kept.has(seq))
      .map((seq) => vectorId(recordId, seq)),
  );
  const stored = await db.update(records).set({ vectorLines: places }).where(eq(records.id, recordId)).returning({ id: records.id });
  // Deleted while its vectors were written: the deletion read no count of them, so they go now.
  if (!stored.length)
    await deleteVectors(
      vectors.index,
      range(0, places).map((seq) => vectorId(recordId, seq)),
    );
}

/** Removes the vectors of records being deleted (their counts read before the rows go). */
export async function removeLineVectors(vectors: LineVectors | undefined, removed: readonly { id: number; vectorLines: number | null }[]) {
  if (!vectors) return;
  await deleteVectors(
    vectors.index,
    removed.flatMap((r) => range(0, r.vectorLines ?? 0).map((seq) => vectorId(r.id, seq))),
  );
}

/**
 * The caller's lines nearest in meaning to `question`, nearest first. The index is asked only among the caller's
 * vectors (and the asked records'); every line is then read through the caller's SQL scope, so a vector whose
 * metadata were wrong or stale still brings in nothing the caller may not read.
 */
export async function semanticLines(db: Db, vectors: LineVectors, scope: Scope, question: string, now = Date.now()): Promise<LineRow[]> {
  const [values] = await embed(vectors.ai, [question]);
  const filter: VectorizeVectorMetadataFilter = { userId: scope.userId };
  if (scope.recordIds) filter.recordId = { $in: scope.recordIds };
  const { matches } = await vectors.index.query(values!, { topK: TOP_K, filter });
  const places = matches.filter((m) => m.score >= MIN_SIMILARITY).flatMap((m) => placeOf(m.id) ?? []);
  if (!places.length) return [];
  const asked = places.map((p) => sql`(s.record_id = ${p.recordId} AND s.seq = ${p.seq})`);
  // The asked records are checked here rather than in SQL: up to 100 ids beside 2 × TOP_K would pass D1's 100 parameters.
  const where = sql`${scopeCondition({ userId: scope.userId, folderId: scope.folderId })} AND (${sql.join(asked, sql` OR `)})`;
  const rows = (await db.all<LineRow>(lineSelect(plain, where, now))).filter((r) => !scope.recordIds || scope.recordIds.includes(r.recordId));
  const byId = new Map(rows.map((r) => [lineId(r), r]));
  return places.flatMap((p) => byId.get(p.lineId) ?? []);
}
