import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, not, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { z } from 'zod';
import { Code } from '../../contracts/errors';
import type {
  editRecordBody,
  ExportOptions,
  Page,
  recordQuery,
  RecordDetail,
  RecordRow,
  SharedRecord,
  shareBody,
  ShareStatus,
  SubtitleLine,
} from '../../contracts/records';
import type { JobProgress } from '../../contracts/job-progress';
import type { Locale } from '../../contracts/locale';
import type { OrderColumn } from '../../contracts/record-vocabulary';
import { disjointLines } from '../../contracts/timeline';
import type { Db } from '../db/client';
import { folders, jobChunks, meetings, records, segments, summaries, transcriptionJobs, users } from '../db/schema';
import { chunks, runBatch } from '../lib/batch';
import { randomToken } from '../lib/encoding';
import { ApiError } from '../lib/errors';
import { dubbedPrefix } from './dubbing/storage';
import { buildExport } from './export';
import { ownedFolder, targetFolder } from './folders';
import { progressOf } from './job-progress';
import { copyLines, markTranslating, type StoredLine, storedLines } from './lines';
import { type LineVectors, removeLineVectors } from './search/vectors';
import { playerAudioKey, recordAudioKeys } from './transcription/audio';
import { wordsKey } from './transcription/words';
import { dropPieces } from './transcription/pieces';

/**
 * The records of spec §1 and §3 (meetings, transcriptions, dubbing projects): the list with its filters,
 * batch edits and deletion, share links, copies and exports. Every call is scoped to the caller's rows;
 * an id that is not theirs is "not found" for the whole call, and nothing changes.
 */
export type RecordEntity = typeof records.$inferSelect;

const DAY_MS = 86_400_000;
/** R2 deletes at most this many keys per call. */
const R2_DELETE_MAX = 1000;

const recordMissing = (many: boolean) => new ApiError(Code.NOT_FOUND, many ? 'recordsNotFound' : 'recordNotFound');
const shareGone = () => new ApiError(Code.GONE, 'shareGone');

const isShared = (r: RecordEntity, now: number) => r.shareToken !== null && (r.shareExpiresAt === null || r.shareExpiresAt > now);
const activeShare = (now: number) => and(isNotNull(records.shareToken), or(isNull(records.shareExpiresAt), gt(records.shareExpiresAt, now)))!;

export function recordRow(r: RecordEntity, now = Date.now()): RecordRow {
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    status: r.status,
    duration: r.durationMs / 1000,
    createTime: r.createdAt,
    updateTime: r.updatedAt,
    folderId: r.folderId,
    favourite: r.favourite,
    shared: isShared(r, now),
    allowCopy: r.shareAllowCopy,
    shareExpiresAt: r.shareExpiresAt,
    audioLanguage: r.audioLanguage,
    translationLanguage: r.translationLanguage,
    errorReason: r.errorReason,
    ...(r.sourceUrl ? { sourceUrl: r.sourceUrl } : {}),
  };
}

export const withProgress = (row: RecordRow, progress: Map<number, JobProgress>): RecordRow => {
  const p = progress.get(row.id);
  return p ? { ...row, progress: p } : row;
};

const ORDER_BY: Record<OrderColumn, AnySQLiteColumn> = {
  create_time: records.createdAt,
  update_time: records.updatedAt,
  name: records.name,
  duration: records.durationMs,
};

/** The keyword as a LIKE pattern that matches it literally: `%` and `_` typed by the user are not wildcards. */
const containsPattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** The records list: filters, sort (ties broken by id, so pages never overlap) and one page with the total. */
export async function listRecords(db: Db, userId: number, q: z.output<typeof recordQuery>, now = Date.now()): Promise<Page<RecordRow>> {
  const conditions: (SQL | undefined)[] = [eq(records.userId, userId)];
  if (q.folderId !== undefined) conditions.push(eq(records.folderId, q.folderId));
  if (q.type) conditions.push(eq(records.type, q.type));
  if (q.status) conditions.push(eq(records.status, q.status));
  if (q.favourite) conditions.push(eq(records.favourite, q.favourite === '1'));
  if (q.shared) conditions.push(q.shared === '1' ? activeShare(now) : not(activeShare(now)));
  if (q.beginTime !== undefined) conditions.push(gte(records.createdAt, q.beginTime));
  if (q.endTime !== undefined) conditions.push(lte(records.createdAt, q.endTime));
  if (q.keyword) {
    const pattern = containsPattern(q.keyword);
    conditions.push(
      or(
        sql`${records.name} LIKE ${pattern} ESCAPE '\\'`,
        sql`EXISTS (SELECT 1 FROM ${segments} WHERE ${segments.recordId} = "records"."id" AND ${segments.text} LIKE ${pattern} ESCAPE '\\')`,
      ),
    );
  }
  const where = and(...conditions);
  const direction = q.isAsc ? asc : desc;
  const [rows, [total]] = await db.batch([
    db
      .select()
      .from(records)
      .where(where)
      .orderBy(direction(ORDER_BY[q.orderByColumn]), direction(records.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
    db.select({ n: count() }).from(records).where(where),
  ]);
  const progress = await progressOf(db, rows, now);
  return { rows: rows.map((r) => withProgress(recordRow(r, now), progress)), total: total!.n };
}

export async function ownedRecord(db: Db, userId: number, id: number): Promise<RecordEntity> {
  const record = await db.query.records.findFirst({ where: and(eq(records.id, id), eq(records.userId, userId)) });
  if (!record) throw recordMissing(false);
  return record;
}

/** The caller's records with these ids, in the order asked; one id that is not theirs fails the whole call. */
export async function ownedRecords(db: Db, userId: number, ids: number[]): Promise<RecordEntity[]> {
  const wanted = [...new Set(ids)];
  const found = (
    await runBatch(
      db,
      chunks(wanted).map((part) =>
        db
          .select()
          .from(records)
          .where(and(eq(records.userId, userId), inArray(records.id, part))),
      ),
    )
  ).flat();
  if (found.length !== wanted.length) throw recordMissing(wanted.length > 1);
  const byId = new Map(found.map((r) => [r.id, r]));
  return wanted.map((id) => byId.get(id)!);
}

const toLine = (s: StoredLine): SubtitleLine => ({
  id: s.id,
  seq: s.seq,
  start: s.startMs,
  end: s.endMs,
  text: s.text,
  translations: s.translations,
  speaker: s.speaker,
});

/** Subtitle lines of each record, in order. */
export async function linesOf(db: Db, recordIds: number[]): Promise<Map<number, SubtitleLine[]>> {
  const rows = (
    await runBatch(
      db,
      chunks(recordIds).map((part) => storedLines(db, part)),
    )
  ).flat();
  const lines = new Map<number, SubtitleLine[]>(recordIds.map((id) => [id, []]));
  for (const row of rows) lines.get(row.recordId)!.push(toLine(row));
  return lines;
}

/**
 * A record with its lines as the editor gets them: lines a producer once stored overlapping (or past the media)
 * come in order, disjoint and inside it, so saving them back as they are is accepted (contracts/timeline.ts).
 */
export async function recordDetail(db: Db, userId: number, id: number): Promise<RecordDetail> {
  const record = await ownedRecord(db, userId, id);
  return {
    record: withProgress(recordRow(record), await progressOf(db, [record])),
    lines: markTranslating(record, disjointLines((await linesOf(db, [id])).get(id)!, record.durationMs)),
  };
}

/** Rename one record, or move or (un)favourite many, all or nothing. */
export async function editRecords(db: Db, userId: number, body: z.output<typeof editRecordBody>) {
  const ids = (await ownedRecords(db, userId, body.ids)).map((r) => r.id);
  const changes: Partial<RecordEntity> = { updatedAt: Date.now() };
  if (body.name !== undefined) changes.name = body.name;
  if (body.favourite !== undefined) changes.favourite = body.favourite;
  let folderStillThere: SQL | undefined;
  if (body.folderId !== undefined) {
    await ownedFolder(db, userId, body.folderId);
    changes.folderId = body.folderId;
    // A folder deleted between the check and the write must not end up holding records.
    folderStillThere = sql`EXISTS (SELECT 1 FROM ${folders} WHERE ${folders.id} = ${body.folderId} AND ${folders.userId} = ${userId})`;
  }
  await runBatch(
    db,
    chunks(ids).map((part) =>
      db
        .update(records)
        .set(changes)
        .where(and(eq(records.userId, userId), inArray(records.id, part), folderStillThere)),
    ),
  );
  return { updated: ids.length };
}

/**
 * Deletes records, and with them (the schema's cascades) their lines, jobs, summaries, meetings, dubbing rows and
 * uploads; then their media (the upload, a job's extracted audio, word timings and what its pieces heard, dubbed videos): a failed storage call leaves an
 * orphaned object, never a broken record. Where a vector index is bound, their lines' vectors go too.
 */
export async function removeRecords(db: Db, media: R2Bucket, userId: number, ids: number[], vectors?: LineVectors) {
  const owned = await ownedRecords(db, userId, ids);
  const ownedIds = owned.map((r) => r.id);
  // Only a job still running (or cut short) keeps pieces in R2; its rows say which.
  const withPieces = (
    await Promise.all(chunks(ownedIds).map((part) => db.selectDistinct({ id: jobChunks.recordId }).from(jobChunks).where(inArray(jobChunks.recordId, part))))
  ).flat();
  await runBatch(
    db,
    chunks(ownedIds).map((part) => db.delete(records).where(and(eq(records.userId, userId), inArray(records.id, part)))),
  );
  const dubbed = await Promise.all(owned.filter((r) => r.type === 'dubbing').map((r) => media.list({ prefix: dubbedPrefix(r.id) })));
  const keys = [
    ...owned.flatMap((r) => [...(r.mediaKey ? [r.mediaKey] : []), ...recordAudioKeys(r.id), wordsKey(r.id)]),
    ...dubbed.flatMap((l) => l.objects.map((o) => o.key)),
  ];
  for (const part of chunks(keys, R2_DELETE_MAX)) await media.delete(part);
  for (const { id } of withPieces) await dropPieces(db, media, id);
  await removeLineVectors(vectors, owned);
  return { removed: ownedIds.length };
}

function shareStatus(r: RecordEntity, now: number): ShareStatus {
  const shared = isShared(r, now);
  return { shared, token: shared ? r.shareToken : null, allowCopy: r.shareAllowCopy, expiresAt: r.shareToken ? r.shareExpiresAt : null };
}

export async function getShareStatus(db: Db, userId: number, id: number, now = Date.now()) {
  return shareStatus(await ownedRecord(db, userId, id), now);
}

/**
 * Opens, updates or closes a record's share link. Changing the options of a live link keeps its token, so
 * links already handed out keep working; an expired or closed link is never revived, a new one is made.
 */
export async function setShare(db: Db, userId: number, body: z.output<typeof shareBody>, now = Date.now()) {
  const record = await ownedRecord(db, userId, body.id);
  const live = isShared(record, now);
  const changes = body.enabled
    ? {
        shareToken: live ? record.shareToken : randomToken(18),
        shareAllowCopy: body.allowCopy,
        shareExpiresAt: body.expiresInDays === null ? null : now + body.expiresInDays * DAY_MS,
        sharedAt: live ? record.sharedAt : now,
      }
    : { shareToken: null, shareAllowCopy: false, shareExpiresAt: null, sharedAt: null };
  const [updated] = await db
    .update(records)
    .set(changes)
    .where(and(eq(records.id, record.id), eq(records.userId, userId)))
    .returning();
  if (!updated) throw recordMissing(false);
  return shareStatus(updated, now);
}

/** The record a live share link names, with its owner's name; an expired, revoked or unknown link is "gone". */
export async function sharedBy(db: Db, token: string, now: number) {
  const [found] = await db
    .select({ record: records, ownerName: users.name })
    .from(records)
    .innerJoin(users, eq(users.id, records.userId))
    .where(and(eq(records.shareToken, token), activeShare(now)))
    .limit(1);
  if (!found) throw shareGone();
  return found;
}

/** What anyone holding a live link sees, without signing in. */
export async function sharedRecord(db: Db, token: string, now = Date.now()): Promise<SharedRecord> {
  const { record, ownerName } = await sharedBy(db, token, now);
  const summary = await db
    .select({ id: summaries.recordId })
    .from(summaries)
    .where(and(eq(summaries.recordId, record.id), isNotNull(summaries.summary)))
    .limit(1);
  return {
    name: record.name,
    type: record.type,
    createTime: record.createdAt,
    duration: record.durationMs / 1000,
    ownerName,
    allowCopy: record.shareAllowCopy,
    expiresAt: record.shareExpiresAt,
    audioLanguage: record.audioLanguage,
    translationLanguage: record.translationLanguage,
    hasSummary: summary.length > 0,
    lines: markTranslating(record, (await linesOf(db, [record.id])).get(record.id)!),
  };
}

/** A copy of the object under the viewer's own key, so deleting either record never breaks the other. */
async function copyMedia(media: R2Bucket, key: string, userId: number) {
  const object = await media.get(key);
  if (!object) return null;
  const copyKey = `records/${userId}/${randomToken(12)}/${key.slice(key.lastIndexOf('/') + 1)}`;
  await media.put(copyKey, object.body, { httpMetadata: object.httpMetadata, customMetadata: object.customMetadata });
  return copyKey;
}

/** The player's compressed audio goes with a copy: it is what plays once the upload is past its retention, or in a container browsers cannot play. */
async function copyPlayerAudio(media: R2Bucket, fromId: number, toId: number) {
  const object = await media.get(playerAudioKey(fromId));
  if (object) await media.put(playerAudioKey(toId), object.body, { httpMetadata: object.httpMetadata });
}

/** "Copy to my records": the shared record and all its lines, into the viewer's folder, unshared and unstarred. */
export async function copySharedRecord(db: Db, media: R2Bucket, viewerId: number, token: string, folderId?: number, now = Date.now()) {
  const { record: source } = await sharedBy(db, token, now);
  if (!source.shareAllowCopy) throw new ApiError(Code.FORBIDDEN, 'shareCopyNotAllowed');
  const folder = await targetFolder(db, viewerId, folderId);
  const mediaKey = source.mediaKey ? await copyMedia(media, source.mediaKey, viewerId) : null;
  try {
    const [[copy]] = await db.batch([
      db
        .insert(records)
        .values({
          userId: viewerId,
          folderId: folder.id,
          name: source.name,
          type: source.type,
          status: source.status,
          durationMs: source.durationMs,
          audioLanguage: source.audioLanguage,
          translationLanguage: source.translationLanguage,
          errorReason: source.errorReason,
          mediaKey,
          createdAt: now,
          updatedAt: now,
        })
        .returning(),
      // Same transaction as the insert, so the newest record id is the copy's.
      ...copyLines(db, source.id, sql<number>`(SELECT max(id) FROM ${records})`),
    ]);
    await copyPlayerAudio(media, source.id, copy!.id);
    return recordRow(copy!, now);
  } catch (error) {
    if (mediaKey) await media.delete(mediaKey);
    throw error;
  }
}

/** The sensitive words each record's job or meeting applied, for records that had any. */
async function sensitiveLists(db: Db, ids: number[]) {
  const rows = await runBatch(
    db,
    chunks(ids).flatMap((part) => [
      db
        .select({ id: transcriptionJobs.recordId, vocabulary: transcriptionJobs.vocabulary })
        .from(transcriptionJobs)
        .where(inArray(transcriptionJobs.recordId, part)),
      db.select({ id: meetings.recordId, vocabulary: meetings.vocabulary }).from(meetings).where(inArray(meetings.recordId, part)),
    ]),
  );
  const lists = new Map<number, string[]>();
  for (const row of rows.flat()) if (row.vocabulary.sensitive?.length) lists.set(row.id, row.vocabulary.sensitive);
  return lists;
}

/** The caller's records as a file (one) or a zip (several). */
/** Lines per record, zero for a record without any. */
async function lineCounts(db: Db, recordIds: number[]): Promise<Map<number, number>> {
  const rows = await runBatch(
    db,
    chunks(recordIds).map((part) =>
      db.select({ id: segments.recordId, n: count() }).from(segments).where(inArray(segments.recordId, part)).groupBy(segments.recordId),
    ),
  );
  return new Map(rows.flat().map((row) => [row.id, row.n]));
}

/**
 * The export reads each group of records' lines only when it reaches them (worker/services/export);
 * `locale` is the asker's interface language.
 */
export async function exportRecords(db: Db, userId: number, options: ExportOptions, locale: Locale) {
  const owned = await ownedRecords(db, userId, options.ids);
  const counts = await lineCounts(
    db,
    owned.map((r) => r.id),
  );
  const byId = new Map(owned.map((r) => [r.id, r]));
  return buildExport(
    owned.map((r) => ({ ...r, lineCount: counts.get(r.id) ?? 0 })),
    { ...options, locale },
    async (heads) => {
      const ids = heads.map((h) => h.id);
      const [lines, sensitive] = await Promise.all([linesOf(db, ids), sensitiveLists(db, ids)]);
      return heads.map((h) => ({ ...h, lines: markTranslating(byId.get(h.id)!, lines.get(h.id)!), sensitive: sensitive.get(h.id) ?? [] }));
    },
  );
}
