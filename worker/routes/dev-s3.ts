import { Hono } from 'hono';
import { API, API_AREAS } from '../../contracts/api-paths';
import { objectResponse } from '../lib/object-response';
import type { AppEnv } from '../lib/types';
import { DEV_ACCESS_KEY_ID, devSecretAccessKey, verifyPresigned } from '../services/storage';

/**
 * The development stand-in for R2's S3 endpoint (local R2 has none): it serves exactly the presigned
 * requests the app makes — UploadPart (PUT with partNumber and uploadId), PutObject (a whole object of known
 * length, as the engine stores what it made) and GetObject (GET/HEAD, with ranges, for the engine) — after checking their SigV4 signature and expiry as S3 does, and answers with
 * S3's status codes, ETag header and XML errors. Mounted under the development-only routes.
 */

const s3Error = (status: number, code: string, message: string) =>
  new Response(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`, {
    status,
    headers: { 'content-type': 'application/xml' },
  });

export const devS3 = new Hono<AppEnv>()
  .use(API_AREAS.devS3, async (c, next) => {
    if (!(await verifyPresigned(c.req.raw, await devSecretAccessKey(c.env), DEV_ACCESS_KEY_ID))) {
      return s3Error(403, 'SignatureDoesNotMatch', 'The request signature does not match, or the URL has expired.');
    }
    await next();
  })
  .on(['GET', 'HEAD'], API.devS3.object, async (c) => {
    const key = c.req.param('key');
    const object = await c.env.MEDIA.get(key, { range: c.req.raw.headers });
    if (!object) return s3Error(404, 'NoSuchKey', 'The specified key does not exist.');
    return objectResponse(object, c.req.raw);
  })
  .put(API.devS3.object, async (c) => {
    const key = c.req.param('key');
    const uploadId = c.req.query('uploadId');
    const partNumber = Number(c.req.query('partNumber'));
    if (uploadId === undefined && c.req.query('partNumber') === undefined) {
      // S3 takes no chunked PutObject: a known length is what lets R2 stream the body through.
      if (c.req.header('content-length') === undefined) return s3Error(411, 'MissingContentLength', 'You must provide the Content-Length HTTP header.');
      const stored = await c.env.MEDIA.put(key, c.req.raw.body ?? new Uint8Array(), {
        httpMetadata: { contentType: c.req.header('content-type') ?? 'application/octet-stream' },
      });
      return new Response(null, { status: 200, headers: { etag: stored.httpEtag } });
    }
    if (!uploadId || !Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) {
      return s3Error(400, 'InvalidRequest', 'A PUT is an UploadPart (uploadId and partNumber) or a PutObject (neither).');
    }
    try {
      // Streamed through (a body with a content-length is a known-length stream), so memory stays flat.
      const part = await c.env.MEDIA.resumeMultipartUpload(key, uploadId).uploadPart(partNumber, c.req.raw.body ?? new Uint8Array());
      return new Response(null, { status: 200, headers: { etag: `"${part.etag}"` } });
    } catch (err) {
      return s3Error(404, 'NoSuchUpload', `The upload does not exist or was completed: ${String(err)}`);
    }
  });
