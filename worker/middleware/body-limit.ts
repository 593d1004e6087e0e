import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { bodyLimit } from 'hono/body-limit';
import { API_BASE } from '../../contracts/constants';
import { Code } from '../../contracts/errors';
import { SRT_MAX_BYTES } from '../../contracts/upload-files';
import { VOCABULARY_LIMITS } from '../../contracts/vocabulary-rules';
import { ApiError } from '../lib/errors';
import type { AppEnv } from '../lib/types';

/**
 * Caps request bodies before anything parses them. Media parts go to storage through presigned URLs, so API
 * bodies are small JSON; only the avatar form, the vocabulary import and the development S3 stand-in (which streams upload parts
 * into R2, as S3 would take them) take more.
 */
const limit = (maxBytes: number) =>
  bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ApiError(Code.PAYLOAD_TOO_LARGE, 'bodyTooLarge', { kb: Math.floor(maxBytes / 1024) });
    },
  });

export const JSON_MAX_BYTES = 64 * 1024;
const jsonLimit = limit(JSON_MAX_BYTES);
/** Routes with their own limit (null: none here, the route checks what it streams). */
const OWN_LIMITS: [prefix: string, limiter: MiddlewareHandler | null][] = [
  [`${API_BASE}/system/user/avatar`, limit(3 * 1024 * 1024)],
  [`${API_BASE}/dev/s3/`, null],
  // The file itself is checked against the spec's 5 MB by the route; this only leaves room for the form.
  [`${API_BASE}/speech/document/import`, limit(VOCABULARY_LIMITS.importBytes + 64 * 1024)],
  [`${API_BASE}/file/upload`, limit(SRT_MAX_BYTES + 64 * 1024)],
];

export const requestBodyLimit = createMiddleware<AppEnv>(async (c, next) => {
  const own = OWN_LIMITS.find(([prefix]) => c.req.path.startsWith(prefix));
  const limiter = own ? own[1] : jsonLimit;
  return limiter ? limiter(c, next) : next();
});
