import { Code } from '../../../contracts/errors';
import type { Db } from '../../db/client';
import { fromBase64Url, safeEqual, toBase64Url } from '../../lib/encoding';
import { ApiError } from '../../lib/errors';
import { requireCode } from '../codes';
import { revokeUserSessions } from '../sessions';
import { forgetFailures, limitAddress, proofAccepted, takeProofTry } from './lockout';
import { findByTarget, signedInUser, updateUser } from './users';

/**
 * Passwords: hashing them, and changing or resetting an account's. PBKDF2-SHA256 through WebCrypto with a
 * per-user salt. 100,000 iterations is the most workerd allows; the count is stored with the hash so it can
 * be raised later without breaking old hashes.
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

/**
 * A new password for the account of an address its owner just proved with a code. Only that person learns
 * whether an account uses the address. Every session ends, and the lock on the address's account is lifted.
 */
export async function resetPassword(db: Db, ip: string, { target, code, password }: { target: string; code: string; password: string }) {
  await limitAddress(db, ip, 'login');
  await requireCode(db, target, code);
  const user = await findByTarget(db, target);
  if (!user) throw new ApiError(Code.NOT_FOUND, 'noAccountForTarget');
  await updateUser(db, user.id, { passwordHash: await hashPassword(password) });
  await revokeUserSessions(db, user.id);
  await forgetFailures(db, user.email ?? user.phone ?? '', ip);
}

/**
 * A signed-in user's new password, given the old one, within the sign-in limits (a session alone must not be
 * enough to guess the password); every other device signs in again, this one stays signed in.
 */
export async function changePassword(db: Db, ip: string, userId: number, sessionId: string, oldPassword: string, newPassword: string) {
  const user = await signedInUser(db, userId);
  const attempt = await takeProofTry(db, user.id, ip);
  if (!(await verifyPassword(oldPassword, user.passwordHash))) throw new ApiError(Code.BAD_REQUEST, 'oldPasswordWrong');
  await proofAccepted(db, attempt);
  await updateUser(db, user.id, { passwordHash: await hashPassword(newPassword) });
  await revokeUserSessions(db, user.id, sessionId);
}
