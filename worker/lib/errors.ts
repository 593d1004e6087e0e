import { Code } from '../../contracts/errors';
import type { MessageKey, MessageParams } from './i18n';

/** The HTTP status each request-error code is sent with; every other code (the 925… business outcomes) is a 200. */
const HTTP_STATUS = {
  [Code.BAD_REQUEST]: 400,
  [Code.UNAUTHORIZED]: 401,
  [Code.FORBIDDEN]: 403,
  [Code.NOT_FOUND]: 404,
  [Code.CONFLICT]: 409,
  [Code.GONE]: 410,
  [Code.PAYLOAD_TOO_LARGE]: 413,
  [Code.UPGRADE_REQUIRED]: 426,
  [Code.TOO_MANY_REQUESTS]: 429,
  [Code.INTERNAL]: 500,
  [Code.UNAVAILABLE]: 503,
} as const;
type HttpStatus = (typeof HTTP_STATUS)[keyof typeof HTTP_STATUS] | 200;

/**
 * A failure the client should see: an envelope code and a translated message key. The code decides the
 * HTTP status, so a thrower names only the code. Thrown anywhere in a handler; `app.onError` turns it
 * into the envelope in the request's language.
 */
export class ApiError extends Error {
  readonly status: HttpStatus;
  constructor(
    readonly code: number,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    /** What the client needs to point at the cause (the refused line, say); the envelope's data. */
    readonly data: unknown = null,
  ) {
    super(key);
    this.name = 'ApiError';
    this.status = (HTTP_STATUS as Record<number, HttpStatus>)[code] ?? 200;
  }
}

export const badRequest = (detail: string) => new ApiError(Code.BAD_REQUEST, 'badRequest', { detail });
export const unauthorized = () => new ApiError(Code.UNAUTHORIZED, 'unauthorized');
export const forbidden = () => new ApiError(Code.FORBIDDEN, 'forbidden');
export const notFound = (path: string) => new ApiError(Code.NOT_FOUND, 'notFound', { path });
