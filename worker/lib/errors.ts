import { Code } from '../../contracts/errors';
import type { MessageKey, MessageParams } from './i18n';

/**
 * A failure the client should see: an envelope code, a translated message key, and the HTTP status to
 * send. Thrown anywhere in a handler; `app.onError` turns it into the envelope in the request's language.
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 426 | 429 | 500 | 503 | 200 = 200,
    /** What the client needs to point at the cause (the refused line, say); the envelope's data. */
    readonly data: unknown = null,
  ) {
    super(key);
    this.name = 'ApiError';
  }
}

export const badRequest = (detail: string) => new ApiError(Code.BAD_REQUEST, 'badRequest', { detail }, 400);
export const unauthorized = () => new ApiError(Code.UNAUTHORIZED, 'unauthorized', {}, 401);
export const forbidden = () => new ApiError(Code.FORBIDDEN, 'forbidden', {}, 403);
export const notFound = (path: string) => new ApiError(Code.NOT_FOUND, 'notFound', { path }, 404);
