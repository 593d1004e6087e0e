import { fromBase64Url, toBase64 } from '../../lib/encoding';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): a `whsec_<base64>` secret per endpoint, and
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, one entry per secret in force, so a
 * receiver still holding the previous secret after a rotation keeps verifying.
 */
const PREFIX = 'whsec_';

/** A fresh secret: 24 random bytes, as Standard Webhooks libraries generate them. */
export const newSecret = () => `${PREFIX}${toBase64(crypto.getRandomValues(new Uint8Array(24)))}`;

/** A delivery's id (`msg_` and 27 base62 characters, like the specification's examples): the receiver's idempotency key. */
export function newMessageId() {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  const bytes = crypto.getRandomValues(new Uint8Array(27));
  return `msg_${Array.from(bytes, (b) => alphabet[b % 62]).join('')}`;
}

async function signWith(secret: string, content: string) {
  const key = await crypto.subtle.importKey('raw', fromBase64Url(secret.slice(PREFIX.length)), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return `v1,${toBase64(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(content)))}`;
}

/** The three Standard Webhooks headers for one attempt, signed with every secret given. */
export async function signedHeaders(secrets: string[], id: string, body: string, now = Date.now()) {
  const timestamp = String(Math.floor(now / 1000));
  const signatures = await Promise.all(secrets.map((s) => signWith(s, `${id}.${timestamp}.${body}`)));
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signatures.join(' ') };
}
