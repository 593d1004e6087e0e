import { PATHS } from '../../lib/paths';

/**
 * The addresses of a user's personal QR code (spec §2 my QR code): the code leads to a landing page that shows
 * whose code it is, and from there into the owner's live meeting — both by the owner's id and the code's key.
 */

export const OWNER_PARAM = 'userId';
export const OWNER_KEY_PARAM = 'key';

const ownerQuery = (userId: number, key: string) => `${OWNER_PARAM}=${userId}&${OWNER_KEY_PARAM}=${encodeURIComponent(key)}`;

/** What a personal QR code holds: its landing page, which shows whose code it is. */
export const ownerQrLink = (origin: string, userId: number, key: string) => `${origin}${PATHS.myQrCodeMiddlePage}?${ownerQuery(userId, key)}`;

/** Where the landing page leads a participant: the owner's live meeting. */
export const ownerJoinPath = (userId: number, key: string) => `${PATHS.meetingShareIng}?${ownerQuery(userId, key)}`;
