import { safeEqual, toBase64Url } from '../lib/encoding';

/**
 * The key in a user's personal QR code (spec "my QR code"). The code names its owner by user id, and ids are
 * counted, so the id alone would let anyone walk through every user; the key, an HMAC of the id under the
 * server's secret, is what shows the code was handed out by its owner. Only a holder of the key (or the owner)
 * learns whose code it is and whether it is on, and it leads only into a meeting whose invitation is open.
 */
const LABEL = 'tingyi:owner-qr:';

async function hmac(secret: string, text: string) {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return toBase64Url(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(text))).slice(0, 32);
}

export const ownerQrKey = (secret: string, userId: number) => hmac(secret, `${LABEL}${userId}`);

export async function isOwnerQrKey(secret: string, userId: number, key: string | undefined) {
  return key !== undefined && safeEqual(key, await ownerQrKey(secret, userId));
}
