import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { LOCAL_UPLOAD } from '../../contracts/constants';
import type { UploadInitResponse } from '../../contracts/uploads';
import { database } from '../../worker/db/client';
import { devSecretAccessKey, presignGet, s3Target, verifyPresigned } from '../../worker/services/storage';
import { UPLOAD_KEEP_MS, cleanupUploads, completeUpload } from '../../worker/services/uploads';
import { send, signUp } from './api';
import { UNAVAILABLE, engineError, standInEngine } from './engine-stand-in';

/**
 * Resumable uploads through presigned URLs against the Worker's development S3 route, real local R2 and
 * the real engine's probe. (A real media file goes all the way through in transcription.test.ts.)
 */

const db = database(env.DB);
const init = (token: string, body: object) => send<UploadInitResponse>('/prod-api/speech/audio/transcribe/uploadInit', body, { token });
const putPart = (url: string, bytes: Uint8Array) => exports.default.fetch(new Request(url, { method: 'PUT', body: bytes }));
const report = (token: string, uploadId: string, partNumber: number, etag: string) =>
  send<{ uploadedParts: number[] }>('/prod-api/speech/audio/transcribe/uploadBlock', { uploadId, partNumber, etag }, { token });

function bytes(size: number, seed: number) {
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) out[i] = (i * 31 + seed) & 0xff;
  return out;
}

describe('upload init', () => {
  it('plans one part up to 20 MB and 10 MB parts above, each with its own presigned URL', async () => {
    const { token } = await signUp();
    const small = await init(token, { oriFileName: 'talk.mp3', fileSize: 5_000_000 });
    expect(small.body.code).toBe(200);
    expect(small.body.data).toMatchObject({ chunkSize: 5_000_000, uploadedParts: [] });
    expect(small.body.data.uploadUrls).toHaveLength(1);
    expect(small.body.data.objectName).toMatch(/^uploads\/\d+\/[\w-]+\.mp3$/);

    const big = await init(token, { oriFileName: 'Lecture.MP4', fileSize: 25 * 1024 * 1024 });
    expect(big.body.data.chunkSize).toBe(LOCAL_UPLOAD.chunkSize);
    expect(big.body.data.uploadUrls).toHaveLength(3);
    expect(new URL(big.body.data.uploadUrls[2]!).searchParams.get('partNumber')).toBe('3');
  });

  it('refuses other formats and files over 500 MB with the reason', async () => {
    const { token } = await signUp();
    const wrongType = await init(token, { oriFileName: 'notes.pdf', fileSize: 1000 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.msg).toContain('mp3, mp4, wav, wmv, avi, ogg, flv');
    expect((await init(token, { oriFileName: 'big.wav', fileSize: LOCAL_UPLOAD.maxBytes + 1 })).status).toBe(400);
  });
});

describe('parts through presigned URLs', () => {
  it('stores parts, answers their ETag, and resumes with the parts that landed', async () => {
    const { token } = await signUp();
    const size = 21 * 1024 * 1024;
    const first = (await init(token, { oriFileName: 'meeting.wav', fileSize: size })).body.data;
    expect(first.uploadUrls).toHaveLength(3);

    const part1 = await putPart(first.uploadUrls[0]!, bytes(first.chunkSize, 1));
    expect(part1.status).toBe(200);
    const etag = part1.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    expect((await report(token, first.uploadId, 1, etag)).body.data.uploadedParts).toEqual([1]);
    // Reporting the same part again (a retried request) changes nothing.
    expect((await report(token, first.uploadId, 1, etag)).body.data.uploadedParts).toEqual([1]);

    // The browser comes back for the same file: same upload, fresh URLs, part 1 skipped.
    const resumed = (await init(token, { oriFileName: 'meeting.wav', fileSize: size, resumeUploadId: first.uploadId })).body.data;
    expect(resumed).toMatchObject({ id: first.id, uploadId: first.uploadId, uploadedParts: [1] });
    expect(resumed.uploadUrls).toHaveLength(3);

    // A different file never picks up another file's parts.
    const other = (await init(token, { oriFileName: 'meeting.wav', fileSize: size - 1, resumeUploadId: first.uploadId })).body.data;
    expect(other.uploadId).not.toBe(first.uploadId);
    expect(other.uploadedParts).toEqual([]);
  });

  it('refuses a tampered, foreign or expired URL as S3 does', async () => {
    const { token } = await signUp();
    const { uploadUrls } = (await init(token, { oriFileName: 'a.ogg', fileSize: 1000 })).body.data;
    const tampered = new URL(uploadUrls[0]!);
    tampered.searchParams.set('partNumber', '2');
    const refused = await putPart(tampered.toString(), bytes(1000, 2));
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('SignatureDoesNotMatch');

    const unsigned = new URL(uploadUrls[0]!);
    unsigned.searchParams.delete('X-Amz-Signature');
    expect((await putPart(unsigned.toString(), bytes(1000, 2))).status).toBe(403);

    const secret = await devSecretAccessKey(env);
    const request = new Request(uploadUrls[0]!, { method: 'PUT' });
    expect(await verifyPresigned(request, secret, 'tingyi-dev')).toBe(true);
    expect(await verifyPresigned(request, secret, 'tingyi-dev', Date.now() + 7 * 3600_000)).toBe(false);
    expect(await verifyPresigned(request, 'another-secret', 'tingyi-dev')).toBe(false);
  });

  it('serves a completed object to a presigned GET with byte ranges', async () => {
    const key = `uploads/test/${crypto.randomUUID()}.wav`;
    const content = bytes(4096, 7);
    await env.MEDIA.put(key, content);
    const url = await presignGet(await s3Target(env, 'http://tingyi.test'), key);
    const whole = await exports.default.fetch(new Request(url));
    expect(whole.status).toBe(200);
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(content);
    const ranged = await exports.default.fetch(new Request(url, { headers: { range: 'bytes=100-199' } }));
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe('bytes 100-199/4096');
    expect(new Uint8Array(await ranged.arrayBuffer())).toEqual(content.slice(100, 200));
  });
});

describe('completion and clean-up', () => {
  it('refuses to complete with missing parts, keeps the bytes while the engine is down, and refuses what is not media', async () => {
    const { token, userId } = await signUp();
    const size = 21 * 1024 * 1024;
    const up = (await init(token, { oriFileName: 'long.mp3', fileSize: size })).body.data;
    const merge = () => send('/prod-api/speech/audio/transcribe/mergeFileData', { uploadId: up.uploadId }, { token });
    for (const n of [1, 2]) {
      const res = await putPart(up.uploadUrls[n - 1]!, bytes(up.chunkSize, n));
      await report(token, up.uploadId, n, res.headers.get('etag')!);
    }
    const missing = await merge();
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('Upload information is inconsistent. Please upload the file again.');

    const last = await putPart(up.uploadUrls[2]!, bytes(size - 2 * up.chunkSize, 3));
    await report(token, up.uploadId, 3, last.headers.get('etag')!);
    // With the engine unreachable the user is told to retry, and the completed bytes stay for that retry.
    const engineDown = { ...env, ENGINE_URL: 'http://127.0.0.1:9' };
    const unprobed = await completeUpload(db, engineDown, userId, up.uploadId).catch((e: unknown) => e);
    expect(unprobed).toMatchObject({ status: 503, key: 'engineUnavailable' });
    expect((await env.MEDIA.head(up.objectName))?.size).toBe(size);
    // The assembled upload keeps no part rows, and a browser resuming it sends no part again.
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM upload_parts WHERE upload_row_id = ?').bind(up.id).first('n')).toBe(0);
    const resumed = await init(token, { oriFileName: 'long.mp3', fileSize: size, resumeUploadId: up.uploadId });
    expect(resumed.body.data).toMatchObject({ uploadId: up.uploadId, uploadedParts: [1, 2, 3] });

    // The real engine finds these bytes are no audio: refused in the product's words (never ffmpeg's), and nothing is kept.
    const unreadable = await merge();
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.msg).toBe('The file could not be read as audio or video. Please check the file and try another.');
    expect(await env.MEDIA.head(up.objectName)).toBeNull();
    expect((await merge()).status).toBe(404);
  });

  it('keeps the upload through every transient refusal of the probe, and deletes it only when the engine proves it unreadable', async () => {
    const { token, userId } = await signUp();
    const up = (await init(token, { oriFileName: 'kept.mp3', fileSize: 4096 })).body.data;
    const part = await putPart(up.uploadUrls[0]!, bytes(4096, 5));
    await report(token, up.uploadId, 1, part.headers.get('etag')!);
    const engine = standInEngine('network');
    try {
      for (const [what, answer] of Object.entries(UNAVAILABLE)) {
        engine.answer(answer);
        const refused = await completeUpload(db, engine.env, userId, up.uploadId).catch((e: unknown) => e);
        // "Busy or unavailable, try again" (503), with the bytes and the row kept for that retry.
        expect({ what, refused }).toMatchObject({ what, refused: { status: 503, key: 'engineUnavailable' } });
        expect({ what, size: (await env.MEDIA.head(up.objectName))?.size }).toEqual({ what, size: 4096 });
        expect((await init(token, { oriFileName: 'kept.mp3', fileSize: 4096, resumeUploadId: up.uploadId })).body.data.uploadedParts).toEqual([1]);
      }
      expect(engine.calls.length).toBe(Object.keys(UNAVAILABLE).length);
      // The engine's own verdict on the bytes is final: the file is refused with its reason and removed.
      engine.answer(engineError(422, 'unreadable_media'));
      expect(await completeUpload(db, engine.env, userId, up.uploadId).catch((e: unknown) => e)).toMatchObject({ status: 400, key: 'mediaUnreadable' });
      expect(await env.MEDIA.head(up.objectName)).toBeNull();
      expect(await db.query.uploads.findFirst({ where: (u, { eq }) => eq(u.uploadId, up.uploadId) })).toBeUndefined();
    } finally {
      engine.restore();
    }
  });

  it('keeps each user to their own uploads', async () => {
    const owner = await signUp();
    const stranger = await signUp();
    const up = (await init(owner.token, { oriFileName: 'mine.mp3', fileSize: 1000 })).body.data;
    expect((await report(stranger.token, up.uploadId, 1, '"x"')).status).toBe(404);
    expect((await send('/prod-api/speech/audio/transcribe/mergeFileData', { uploadId: up.uploadId }, { token: stranger.token })).status).toBe(404);
    expect((await send('/prod-api/speech/audio/transcribe/removeUpload', { ids: [up.id] }, { token: stranger.token })).status).toBe(404);
    expect((await init(stranger.token, { oriFileName: 'mine.mp3', fileSize: 1000, resumeUploadId: up.uploadId })).body.data.uploadId).not.toBe(up.uploadId);
  });

  it('deletes files the user removes, and files never submitted after a day', async () => {
    const { token } = await signUp();
    const removed = (await init(token, { oriFileName: 'x.mp3', fileSize: 1000 })).body.data;
    const res = await putPart(removed.uploadUrls[0]!, bytes(1000, 9));
    await report(token, removed.uploadId, 1, res.headers.get('etag')!);
    expect((await send('/prod-api/speech/audio/transcribe/removeUpload', { ids: [removed.id] }, { token })).body.data).toEqual({ removed: 1 });
    expect((await init(token, { oriFileName: 'x.mp3', fileSize: 1000, resumeUploadId: removed.uploadId })).body.data.uploadId).not.toBe(removed.uploadId);

    const stale = (await init(token, { oriFileName: 'y.mp3', fileSize: 1000 })).body.data;
    const fresh = (await init(token, { oriFileName: 'z.mp3', fileSize: 1000 })).body.data;
    const later = Date.now() + UPLOAD_KEEP_MS + 60_000;
    // Only rows older than a day go: make `fresh` young relative to `later`.
    await env.DB.prepare('UPDATE uploads SET created_at = ? WHERE id = ?')
      .bind(later - 1000, fresh.id)
      .run();
    expect(await cleanupUploads(db, env, later)).toBeGreaterThanOrEqual(1);
    const left = await db.query.uploads.findMany({ columns: { id: true } });
    const ids = left.map((r) => r.id);
    expect(ids).not.toContain(stale.id);
    expect(ids).toContain(fresh.id);
  });
});
