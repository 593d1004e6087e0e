import { PATHS } from '../../lib/paths';

/**
 * The addresses a host hands out: the invitation, and a six-digit code's projection page and casting route
 * (the owner's personal QR code is the account's: ../account/links).
 */

export const INVITE_PARAM = 'invite';
export const SCREEN_CODE_PARAM = 'code';

export const inviteLink = (origin: string, token: string) => `${origin}${PATHS.meetingShareIng}?${INVITE_PARAM}=${encodeURIComponent(token)}`;

export const castPath = (code: string) => PATHS.castCode.replace(':code', code);

export const projectionLink = (origin: string, code: string) => `${origin}${PATHS.screenProjection}?${SCREEN_CODE_PARAM}=${code}`;

export const castLink = (origin: string, code: string) => `${origin}${castPath(code)}`;

export const isScreenCode = (code: string) => /^\d{6}$/.test(code);
