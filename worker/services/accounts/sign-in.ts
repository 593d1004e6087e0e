import type { LoginResult } from '../../../contracts/auth';
import { Code } from '../../../contracts/errors';
import type { Locale } from '../../../contracts/locale';
import type { Db } from '../../db/client';
import { ApiError } from '../../lib/errors';
import { translate } from '../../lib/i18n';
import { consumeCaptcha, createCaptcha } from '../captcha';
import { createCode, requireCode } from '../codes';
import { channelAvailable, send } from '../messenger';
import { issueToken } from '../sessions';
import { limitAddress, passwordAccepted, takePasswordTry } from './lockout';
import { hashPassword, verifyPassword } from './passwords';
import { createUser, defaultName, findByIdentifier, findByTarget, findByVisitorId, isEmail, isGuest, updateUser, userInfo, type User } from './users';
import { trialMinutes } from './trial';

/**
 * Signing in and signing up (spec §7 Auth) by emailed or texted code, by password, or as a guest; social
 * providers are in linking.ts. Each way counts against the address's caps (lockout.ts) before it does anything.
 */

/** The session a sign-in starts: its bearer token and the profile the web app shows. */
export async function startSession(db: Db, secret: string, user: User, source: number): Promise<LoginResult> {
  const token = await issueToken(db, secret, user.id, source);
  return { token, user: await userInfo(db, user) };
}

/** A captcha picture for the password form, counted against the address's cap. */
export async function newCaptcha(db: Db, ip: string) {
  await limitAddress(db, ip, 'captcha');
  return createCaptcha(db);
}

/** The seconds the sign-in page waits before it offers to send another code. */
const RESEND_SECONDS = 60;

/** Sends a sign-in code to an email address or phone; the same answer whether or not an account uses it, so sending reveals nothing. */
export async function sendCode(env: Env, db: Db, ip: string, target: string, locale: Locale) {
  const channel = isEmail(target) ? 'email' : 'sms';
  if (!channelAvailable(env, channel)) throw new ApiError(Code.BAD_REQUEST, 'channelUnavailable');
  await limitAddress(db, ip, 'code');
  const created = await createCode(db, target);
  if (!created.ok) throw new ApiError(Code.TOO_MANY_REQUESTS, 'codeCooldown', { seconds: created.waitSeconds });
  await send(env, db, {
    channel,
    recipient: target,
    subject: translate(locale, 'codeSubject'),
    body: translate(locale, 'codeBody', { code: created.code }),
  });
  return { cooldownSeconds: RESEND_SECONDS };
}

/** A code proves the address: its account signs in, or one is created for it; a password given with it is set. */
export async function signInWithCode(env: Env, db: Db, ip: string, { target, code, password }: { target: string; code: string; password?: string }) {
  await limitAddress(db, ip, 'login');
  await requireCode(db, target, code);
  const user = await findByTarget(db, target);
  const passwordHash = password ? await hashPassword(password) : undefined;
  if (!user) return createUser(db, { name: defaultName(target), [isEmail(target) ? 'email' : 'phone']: target, passwordHash }, trialMinutes(env));
  return passwordHash ? updateUser(db, user.id, { passwordHash }) : user;
}

/**
 * A username, email or phone with its password, behind a captcha pass (checked with the address Cloudflare
 * vouches for, `trustedIp`). Wrong passwords count towards the lock; a right one is not counted.
 */
export async function signInWithPassword(
  env: Env,
  db: Db,
  { ip, trustedIp }: { ip: string; trustedIp: string | undefined },
  { username, password, captcha }: { username: string; password: string; captcha?: string },
) {
  if (!(await consumeCaptcha(env, db, captcha, trustedIp))) throw new ApiError(Code.BAD_REQUEST, 'captchaRequired');
  await limitAddress(db, ip, 'login');
  const attempt = await takePasswordTry(db, username, ip);
  const user = await findByIdentifier(db, username);
  // Checked against a decoy hash when no account has the name, so the answer takes as long either way.
  if (!(await verifyPassword(password, user?.passwordHash))) throw new ApiError(Code.BAD_REQUEST, 'wrongCredentials');
  await passwordAccepted(db, attempt);
  return user!;
}

/**
 * The guest account a browser's visitorId names, or a new one. An account that has since gained a real way in
 * no longer answers to the id: it is retired, and whoever holds it starts a fresh guest account.
 */
export async function signInAsVisitor(db: Db, ip: string, visitorId: string) {
  await limitAddress(db, ip, 'login');
  const existing = await findByVisitorId(db, visitorId);
  if (existing && isGuest(existing)) return existing;
  if (existing) await updateUser(db, existing.id, { visitorId: null });
  return createUser(db, { name: `Guest-${visitorId.slice(0, 6)}`, visitorId });
}
