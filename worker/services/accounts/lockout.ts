import { Code } from '../../../contracts/errors';
import type { Db } from '../../db/client';
import { ApiError } from '../../lib/errors';
import { clear, giveBack, type Slot, take } from '../rate-limit';

/**
 * The lockout policy of sign-in (spec §7 Auth). Wrong passwords lock an account for the address they came
 * from only, so a stranger's guesses cannot lock its owner out (and code sign-in never locks); each address
 * is also capped across all accounts, and capped in how many codes, sign-ins, QR codes and captcha pictures
 * it may ask for.
 */
const LOGIN_LOCK = { failures: 5, windowMs: 15 * 60_000 };
const HOUR_MS = 60 * 60_000;
/** Per address: plenty for a person, few enough that a script gets nowhere. Captcha pictures allow for misclicks. */
const ADDRESS_CAPS = {
  code: { max: 20, windowMs: HOUR_MS },
  login: { max: 60, windowMs: HOUR_MS },
  qr: { max: 60, windowMs: HOUR_MS },
  captcha: { max: 60, windowMs: 10 * 60_000 },
} as const;
/** Wrong passwords from one address across every account it tries. */
const PASSWORD_FAILURES_PER_ADDRESS = 30;

export type AddressAction = keyof typeof ADDRESS_CAPS;

/** Counts one `action` against the address's cap, or refuses with how long to wait. */
export async function limitAddress(db: Db, ip: string, action: AddressAction) {
  const taken = await take(db, [{ key: `${action}:ip:${ip}`, ...ADDRESS_CAPS[action] }]);
  if (!taken.ok) throw new ApiError(Code.TOO_MANY_REQUESTS, 'tooManyRequests', { seconds: taken.retryAfterSeconds });
}

/** Locking counts by the name typed, known or not, so a lock says nothing about whether the account exists. */
const lockKey = (name: string, ip: string) => `login:acct:${name.trim().toLowerCase()}:ip:${ip}`;

/** One password try, taken before the password is checked, so concurrent guesses get no more than the cap. */
export interface PasswordTry {
  name: string;
  ip: string;
  slots: Slot[];
}

/** Takes a try for `name` from `ip`, or refuses with the minutes the lock has left. */
export function takePasswordTry(db: Db, name: string, ip: string): Promise<PasswordTry> {
  return takeTry(db, lockKey(name, ip), name, ip);
}

async function takeTry(db: Db, key: string, name: string, ip: string): Promise<PasswordTry> {
  const tries = await take(db, [
    { key, max: LOGIN_LOCK.failures, windowMs: LOGIN_LOCK.windowMs },
    { key: `login:fail:ip:${ip}`, max: PASSWORD_FAILURES_PER_ADDRESS, windowMs: LOGIN_LOCK.windowMs },
  ]);
  if (!tries.ok) throw new ApiError(Code.TOO_MANY_REQUESTS, 'accountLocked', { minutes: Math.ceil(tries.retryAfterSeconds / 60) });
  return { name, ip, slots: tries.slots };
}

/**
 * One "prove you are you" try by a signed-in account (its current password, a code for a new address, a
 * provider to link): the sign-in limits, the same five tries a quarter of an hour and the same caps on the
 * address. Counted by the account, whatever address it comes from, so a stolen session cannot guess its way
 * to the password by changing addresses; only that session's holder can use the account's tries up.
 */
export async function takeProofTry(db: Db, userId: number, ip: string): Promise<PasswordTry> {
  await limitAddress(db, ip, 'login');
  return takeTry(db, `proof:user:${userId}`, '', ip);
}

/** A proof that held: it does not count against the account. */
export async function proofAccepted(db: Db, accepted: PasswordTry) {
  await giveBack(db, accepted.slots);
}

/** A right password: the try does not count, and the account's earlier failures from this address are forgotten. */
export async function passwordAccepted(db: Db, accepted: PasswordTry) {
  await Promise.all([forgetFailures(db, accepted.name, accepted.ip), giveBack(db, accepted.slots)]);
}

/** Lifts the lock `name` has from `ip` (a right password, or a reset proven with a code). */
export async function forgetFailures(db: Db, name: string, ip: string) {
  await clear(db, lockKey(name, ip));
}
