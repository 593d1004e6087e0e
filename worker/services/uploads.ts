import { and, eq, inArray, lt } from 'drizzle-orm';
import { DUB_UPLOAD, LOCAL_UPLOAD } from '../../contracts/constants';
import { ENGINE_PATHS, EngineErrorCode } from '../../contracts/engine';
import type { ProbeResponse } from '../../contracts/engine';
import { Code } from '../../contracts/errors';
import { dubPartPlan, extensionOf, partPlan } from '../../contracts/upload-files';
import type { UploadInitResponse, UploadedFile } from '../../contracts/uploads';
import type { Db } from '../db/client';
import { uploadParts, uploads } from '../db/schema';
import { runBatch } from '../lib/batch';
import { randomToken } from '../lib/encoding';
import { ApiError } from '../lib/errors';
import { ProviderError, providers } from './providers';
import { engineS3Target, presignGet, presignParts, s3Target } from './storage';

/**
 * Files uploaded for transcription or dubbing: multipart uploads to R2 whose parts the browser PUTs to presigned URLs
 * and reports here, so an interrupted upload resumes with what already landed; completion probes the
 * media with the engine. Every call is scoped to the signed-in user.
 */

type Upload = typeof uploads.$inferSelect;
export type UploadKind = Upload['kind'];

/** Each dialog's part sizes and limits (spec §9 local upload and dubbing upload). */
const KINDS = {
  transcription: { plan: partPlan, maxSeconds: LOCAL_UPLOAD.maxSeconds, maxBytes: LOCAL_UPLOAD.maxBytes },
  dubbing: { plan: dubPartPlan, maxSeconds: DUB_UPLOAD.maxSeconds, maxBytes: DUB_UPLOAD.maxBytes },
} as const;

/** Unsubmitted uploads older than this are removed with their objects (see `cleanupUploads`). */
export const UPLOAD_KEEP_MS = 24 * 3600_000;

const uploadNotFound = () => new ApiError(Code.NOT_FOUND, 'uploadNotFound');

export function uploadedFile(row: Upload): UploadedFile {
  const duration = row.durationMs === null ? null : row.durationMs / 1000;
  return { id: row.id, name: row.name, size: row.size, duration, audioDuration: duration, createTime: row.createdAt, state: row.state };
}

async function ownUpload(db: Db, userId: number, uploadId: string) {
  const row = await db.query.uploads.findFirst({ where: and(eq(uploads.uploadId, uploadId), eq(uploads.userId, userId)) });
  if (!row) throw uploadNotFound();
  return row;
}

async function partNumbers(db: Db, rowId: number) {
  const rows = await db.select({ n: uploadParts.partNumber }).from(uploadParts).where(eq(uploadParts.uploadRowId, rowId));
  return rows.map((r) => r.n).sort((a, b) => a - b);
}

export async function initUpload(
  db: Db,
  env: Env,
  origin: string,
  userId: number,
  body: { oriFileName: string; fileSize: number; resumeUploadId?: string },
  kind: UploadKind = 'transcription',
): Promise<UploadInitResponse> {
  const target = await s3Target(env, origin);
  let row: Upload | undefined;
  if (body.resumeUploadId) {
    const earlier = await db.query.uploads.findFirst({
      where: and(eq(uploads.uploadId, body.resumeUploadId), eq(uploads.userId, userId), eq(uploads.state, 'uploading'), eq(uploads.kind, kind)),
    });
    // Only the same file resumes; anything else starts afresh rather than mixing parts of two files.
    if (earlier && earlier.name === body.oriFileName && earlier.size === body.fileSize) row = earlier;
  }
  if (!row) {
    const { chunkSize, partCount } = KINDS[kind].plan(body.fileSize);
    const objectName = `uploads/${userId}/${randomToken(12)}.${extensionOf(body.oriFileName)}`;
    const multipart = await env.MEDIA.createMultipartUpload(objectName, { customMetadata: { userId: String(userId) } });
    [row] = await db
      .insert(uploads)
      .values({
        userId,
        name: body.oriFileName,
        size: body.fileSize,
        chunkSize,
        partCount,
        objectName,
        uploadId: multipart.uploadId,
        state: 'uploading',
        kind,
        createdAt: Date.now(),
      })
      .returning();
  }
  const upload = row!;
  // Either row is still uploading, so it has its multipart upload's id.
  const uploadId = upload.uploadId!;
  const all = Array.from({ length: upload.partCount }, (_, i) => i + 1);
  return {
    id: upload.id,
    uploadId,
    uploadUrls: await presignParts(target, upload.objectName, uploadId, all),
    objectName: upload.objectName,
    chunkSize: upload.chunkSize,
    // Once its bytes are assembled (the probe then failed), every part is in: none is sent again.
    uploadedParts: upload.completedAt === null ? await partNumbers(db, upload.id) : all,
  };
}

/** Records a part the browser stored; repeating a part (a retry) replaces its ETag. */
export async function recordPart(db: Db, userId: number, body: { uploadId: string; partNumber: number; etag: string }) {
  const row = await ownUpload(db, userId, body.uploadId);
  if (row.state !== 'uploading') throw new ApiError(Code.CONFLICT, 'uploadFinished');
  if (body.partNumber > row.partCount) throw new ApiError(Code.BAD_REQUEST, 'uploadInconsistent');
  const etag = body.etag.replace(/^"|"$/g, '');
  await db
    .insert(uploadParts)
    .values({ uploadRowId: row.id, partNumber: body.partNumber, etag })
    .onConflictDoUpdate({ target: [uploadParts.uploadRowId, uploadParts.partNumber], set: { etag } });
  return { uploadedParts: await partNumbers(db, row.id) };
}

/**
 * Completes the multipart upload and probes the media (streamed from R2 to the engine). Idempotent: completing a completed upload returns
 * its record, until it is submitted (its multipart id is then cleared). Media the engine proves unreadable, or longer than the limit, is
 * deleted and refused; any other probe failure keeps the upload for a retry. The engine's words stay out of the answer, which must not
 * tell what a file made the engine try.
 */
export async function completeUpload(db: Db, env: Env, userId: number, uploadId: string): Promise<UploadedFile> {
  const row = await ownUpload(db, userId, uploadId);
  if (row.state !== 'uploading') return uploadedFile(row);
  // `completedAt` marks the bytes as assembled, so a retry after a failed probe does not complete twice.
  if (row.completedAt === null) {
    const parts = await db.select().from(uploadParts).where(eq(uploadParts.uploadRowId, row.id)).orderBy(uploadParts.partNumber);
    if (parts.length !== row.partCount) throw new ApiError(Code.BAD_REQUEST, 'uploadInconsistent');
    const object = await env.MEDIA.resumeMultipartUpload(row.objectName, uploadId).complete(parts.map((p) => ({ partNumber: p.partNumber, etag: p.etag })));
    if (object.size !== row.size) {
      await env.MEDIA.delete(row.objectName);
      await removeRows(db, [row.id]);
      throw new ApiError(Code.BAD_REQUEST, 'uploadInconsistent');
    }
    // The parts' ETags served only the completion: a finished upload keeps no rows per part in D1.
    await runBatch(db, [
      db.update(uploads).set({ completedAt: Date.now() }).where(eq(uploads.id, row.id)),
      db.delete(uploadParts).where(eq(uploadParts.uploadRowId, row.id)),
    ]);
  }

  let probe: ProbeResponse;
  // The engine reads the file itself, by a presigned URL: the upload never passes through the Worker.
  const url = await presignGet(await engineS3Target(env), row.objectName);
  try {
    probe = await providers(env).engine.postJson<ProbeResponse>(ENGINE_PATHS.probe, { url });
  } catch (err) {
    if (mediaRefused(err)) {
      await env.MEDIA.delete(row.objectName);
      await removeRows(db, [row.id]);
      throw new ApiError(Code.BAD_REQUEST, 'mediaUnreadable');
    }
    // Anything else (a full or starting engine, a 5xx, a timeout, a network error) says nothing about the
    // file: the object and rows stay, so completing again (a retry) probes the same bytes then.
    console.error(JSON.stringify({ level: 'warn', probe: row.id, error: String(err) }));
    throw new ApiError(Code.UNAVAILABLE, 'engineUnavailable');
  }
  const limits = KINDS[row.kind];
  if (probe.duration > limits.maxSeconds) {
    await env.MEDIA.delete(row.objectName);
    await removeRows(db, [row.id]);
    throw new ApiError(Code.BAD_REQUEST, 'mediaTooLong', { hours: limits.maxSeconds / 3600, mb: limits.maxBytes / 1024 / 1024 });
  }
  const [done] = await db
    .update(uploads)
    .set({ state: 'uploaded', durationMs: Math.round(probe.duration * 1000) })
    .where(and(eq(uploads.id, row.id), eq(uploads.state, 'uploading')))
    .returning();
  return uploadedFile(done ?? (await db.query.uploads.findFirst({ where: eq(uploads.id, row.id) }))!);
}

/** The engine's own verdict that these bytes are no media it can use: the only probe failure that removes an upload. */
const MEDIA_REFUSED: ReadonlySet<string> = new Set([EngineErrorCode.unreadableMedia, EngineErrorCode.unsupportedMedia, EngineErrorCode.noAudio]);
const mediaRefused = (err: unknown): err is ProviderError => err instanceof ProviderError && MEDIA_REFUSED.has(err.code);

/** Their parts go with them (the schema's cascade). */
async function removeRows(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  await db.delete(uploads).where(inArray(uploads.id, ids));
}

/** Drops uploads and their stored bytes (aborting unfinished multipart uploads). Submitted files belong to their record. */
async function discard(db: Db, env: Env, rows: Upload[]) {
  for (const row of rows) {
    if (row.uploadId !== null && row.completedAt === null) {
      await env.MEDIA.resumeMultipartUpload(row.objectName, row.uploadId)
        .abort()
        .catch(() => undefined); // already aborted or completed: nothing left to free
    }
    await env.MEDIA.delete(row.objectName);
  }
  await removeRows(
    db,
    rows.map((r) => r.id),
  );
}

/** The upload dialog's delete: the user's unsubmitted files among `ids`. Others' ids are not found. */
export async function removeUploads(db: Db, env: Env, userId: number, ids: number[]) {
  const rows = await db.query.uploads.findMany({ where: and(eq(uploads.userId, userId), inArray(uploads.id, ids)) });
  if (rows.length !== ids.length) throw uploadNotFound();
  if (rows.some((r) => r.state === 'submitted')) throw new ApiError(Code.CONFLICT, 'uploadSubmitted');
  await discard(db, env, rows);
  return { removed: rows.length };
}

/** Scheduled clean-up: files uploaded but never submitted within UPLOAD_KEEP_MS. */
export async function cleanupUploads(db: Db, env: Env, now = Date.now()) {
  let removed = 0;
  for (;;) {
    // Small pages keep each delete's id list under D1's 100 bound parameters.
    const stale = await db.query.uploads.findMany({
      where: and(inArray(uploads.state, ['uploading', 'uploaded']), lt(uploads.createdAt, now - UPLOAD_KEEP_MS)),
      limit: 50,
    });
    if (stale.length === 0) return removed;
    await discard(db, env, stale);
    removed += stale.length;
  }
}
