/**
 * Envelope codes (spec §3, §8). `code` 200 is success; HTTP-like codes mark request errors; the 925…
 * codes are business outcomes the web app handles itself (the pay dialog) instead of toasting.
 */
export const Code = {
  OK: 200,
  /** A pay order not paid yet: the pay dialog keeps polling (spec §4). */
  PAYMENT_PENDING: 202,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  /** A WebSocket route asked for without the upgrade. */
  UPGRADE_REQUIRED: 426,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  INSUFFICIENT_BALANCE: 92505000,
  QUOTA_USED_UP: 92505001,
  NO_SUCH_BENEFIT: 92505003,
  SILENT: 9250747,
} as const;
export type Code = (typeof Code)[keyof typeof Code];

/** Codes that reach the caller without the generic error toast (spec §8). */
export const PAYMENT_CODES: readonly number[] = [Code.INSUFFICIENT_BALANCE, Code.QUOTA_USED_UP, Code.NO_SUCH_BENEFIT];
export const SILENT_CODES: readonly number[] = [...PAYMENT_CODES, Code.SILENT];

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}
