import { fromBase64Url, safeEqual, toBase64Url } from '../lib/encoding';

/**
 * PBKDF2-SHA256 through WebCrypto with a per-user salt. 100,000 iterations is the most workerd allows;
 * the count is stored with the hash so it can be raised later without breaking old hashes.
 */
const ITERATIONS = 100_000;

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256);
  return toBase64Url(bits);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return `pbkdf2-sha256$${ITERATIONS}$${toBase64Url(salt)}$${await derive(password, salt, ITERATIONS)}`;
}

/** A hash of a password nobody has, so checking an unknown account costs the same time as a known one. */
const DECOY = 'pbkdf2-sha256$100000$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const [scheme, iterations, salt, hash] = (stored ?? DECOY).split('$');
  if (scheme !== 'pbkdf2-sha256' || !iterations || !salt || !hash) return false;
  const candidate = await derive(password, fromBase64Url(salt), Number(iterations));
  return safeEqual(candidate, hash) && stored != null;
}
