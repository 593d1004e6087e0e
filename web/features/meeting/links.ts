import { PATHS } from '../../lib/paths';

/** The addresses a host hands out: the invitation, and a six-digit code's projection page and casting route. */

export const INVITE_PARAM = 'invite';
/** The owner's personal QR code leads participants in by the owner's id and the code's key. */
export const OWNER_PARAM = 'userId';
export const OWNER_KEY_PARAM = 'key';
export const SCREEN_CODE_PARAM = 'code';

export const inviteLink = (origin: string, token: string) => `${origin}${PATHS.meetingShareIng}?${INVITE_PARAM}=${encodeURIComponent(token)}`;

const ownerQuery = (userId: number, key: string) => `${OWNER_PARAM}=${userId}&${OWNER_KEY_PARAM}=${encodeURIComponent(key)}`;

/** What a personal QR code holds: its landing page, which shows whose code it is. */
export const ownerQrLink = (origin: string, userId: number, key: string) => `${origin}${PATHS.myQrCodeMiddlePage}?${ownerQuery(userId, key)}`;

export const ownerJoinPath = (userId: number, key: string) => `${PATHS.meetingShareIng}?${ownerQuery(userId, key)}`;

export const castPath = (code: string) => PATHS.castCode.replace(':code', code);

export const projectionLink = (origin: string, code: string) => `${origin}${PATHS.screenProjection}?${SCREEN_CODE_PARAM}=${code}`;

export const castLink = (origin: string, code: string) => `${origin}${castPath(code)}`;

export const isScreenCode = (code: string) => /^\d{6}$/.test(code);
