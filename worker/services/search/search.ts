import { type SQL, sql } from 'drizzle-orm';
import type { SearchHit, SearchQuery } from '../../../contracts/ai';
import type { Page } from '../../../contracts/records';
import type { Db } from '../../db/client';
import { LINE_ID_RECORD_STRIDE } from '../../db/line-id';
import { indexable, likePattern, matchExpression, queryTerms, snippetOf } from './terms';

/**
 * Search across the caller's records: every line whose text holds every word of the query, best first (the
 * shortest lines), as a page of hits. Only the caller's own records are read, by the SQL itself: another user's lines,
 * shared by link or not, are never matched, counted or shown. A line's speaker is read from `line_speakers` at
 * query time, so a renamed speaker is found under the new name at once.
 */

/** One line as lineSelect reads it: where it was said, by whom, in which record. */
export interface LineRow {
  recordId: number;
  recordName: string;
  seq: number;
  start: number;
  end: number;
  text: string;
  speaker: string;
  shared: number;
}

/** Which of the caller's lines a retrieval may read: the scope every search and question is cut to. */
export interface Scope {
  userId: number;
  /** Only these records (still only the caller's). */
  recordIds?: number[];
  folderId?: number;
}

/** The SQL condition on `r` (records) for a scope; the user's id is always part of it. */
export function scopeCondition(scope: Scope): SQL {
  const parts = [sql`r.user_id = ${scope.userId}`];
  if (scope.recordIds)
    parts.push(
      sql`r.id IN (${sql.join(
        scope.recordIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  if (scope.folderId !== undefined) parts.push(sql`r.folder_id = ${scope.folderId}`);
  return sql.join(parts, sql` AND `);
}

/** The lines of a scope that one condition picks, with what a hit shows; `from` names `s` (segments) first. */
export const lineSelect = (from: SQL, where: SQL, now: number) => sql`
  SELECT s.record_id AS recordId, r.name AS recordName, s.seq AS seq, s.start_ms AS start, s.start_ms + s.duration_ms AS "end",
    s.text AS text, coalesce(k.name, '') AS speaker,
    (r.share_token IS NOT NULL AND (r.share_expires_at IS NULL OR r.share_expires_at > ${now})) AS shared
  ${from}
  JOIN records r ON r.id = s.record_id
  LEFT JOIN line_speakers k ON k.record_id = s.record_id AND k.no = s.speaker_no
  WHERE ${where}`;

/** The index's matches joined to their lines (the index's rowid is the line id, worker/db/line-id.ts). */
export const indexed = sql.raw(
  `FROM line_search JOIN segments s ON s.record_id = line_search.rowid / ${LINE_ID_RECORD_STRIDE} AND s.seq = line_search.rowid % ${LINE_ID_RECORD_STRIDE}`,
);
export const plain = sql.raw('FROM segments s');

export const lineId = (row: { recordId: number; seq: number }) => row.recordId * LINE_ID_RECORD_STRIDE + row.seq;

export async function searchLines(db: Db, userId: number, query: SearchQuery, now = Date.now()): Promise<Page<SearchHit>> {
  const terms = queryTerms(query.q);
  const long = indexable(terms);
  // Every word is checked by LIKE on the rows the index (or, for words too short for it, the scope) gives: the index
  // finds lines holding a word's trigrams, not necessarily the word.
  const likes = terms.map((t) => sql`s.text LIKE ${likePattern(t)} ESCAPE '\\'`);
  const where = sql.join([scopeCondition({ userId }), ...(long.length ? [sql`line_search MATCH ${matchExpression(long, 'AND')}`] : []), ...likes], sql` AND `);
  const from = long.length ? indexed : plain;
  // Every hit holds every word; the shorter the line, the more of it is what was searched for (bm25's length
  // normalisation, which the index, keeping no positions or counts, cannot compute).
  const order = long.length ? sql`length(s.text), s.record_id DESC, s.seq` : sql`r.updated_at DESC, s.record_id DESC, s.seq`;
  const offset = (query.page - 1) * query.size;
  const [rows, [count]] = await Promise.all([
    db.all<LineRow>(sql`${lineSelect(from, where, now)} ORDER BY ${order} LIMIT ${query.size} OFFSET ${offset}`),
    db.all<{ total: number }>(sql`SELECT count(*) AS total ${from} JOIN records r ON r.id = s.record_id WHERE ${where}`),
  ]);
  return {
    total: count?.total ?? 0,
    rows: rows.map((r) => ({
      recordId: r.recordId,
      recordName: r.recordName,
      lineId: lineId(r),
      start: r.start,
      end: r.end,
      speaker: r.speaker,
      ...snippetOf(r.text, terms),
      shared: r.shared === 1,
    })),
  };
}
