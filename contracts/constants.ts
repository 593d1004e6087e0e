/** Business constants and limits of spec §9, shared by every part. */
export const API_BASE = '/prod-api';

export const TIMEOUT_MS = { default: 60_000, long: 600_000 } as const;
export const ERROR_TOAST_SECONDS = 5;
export const TOKEN_COOKIE = 'Admin-Token';
export const TOKEN_COOKIE_DAYS = 180;
export const MOBILE_MAX_WIDTH = 768;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** `source` sent with sign-in and payments: 1 web, 2 the browser subtitle plugin. */
export const SOURCE = { web: 1, plugin: 2 } as const;

export const LOCAL_UPLOAD = {
  chunkSize: 10_485_760,
  chunkedAbove: 20_971_520,
  maxFiles: 1,
  maxBytes: 500 * 1024 * 1024,
  maxSeconds: 3600,
  extensions: ['mp3', 'mp4', 'wav', 'wmv', 'avi', 'ogg', 'flv'],
  speakers: { min: 2, max: 35, default: 2 },
  folderDelayMs: 100,
  parallelParts: 5,
} as const;

export const DUB_UPLOAD = {
  maxFiles: 5,
  maxBytes: 5 * 1024 ** 3,
  maxSeconds: 4 * 3600,
  parallel: 5,
  speakers: { min: 1, max: 34, default: 10 },
  fontSize: { min: 5, max: 30, default: 14 },
  maxCharsPerSegment: 30,
  primaryColor: '#ffffff',
  outlineColor: '#000000',
  progressCap: 99.9,
  keepDays: 7,
  redubChargeRatio: 0.5,
} as const;

export const FOLDER = { nameMax: 250, maxDepth: 3, defaultId: 1 } as const;
export const PAYMENT = {
  pollMs: 1000,
  dialogWidth: 1210,
  /** The `state` WeChat's web authorisation brings back with the code, so the app knows the code is for paying. */
  wechatAuthorizeState: 'tingyi-pay',
} as const;
export const SCREEN_CODE_DIGITS = 6;
export const UNDO_STEPS = 5;
