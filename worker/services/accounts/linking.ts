import type { z } from 'zod';
import type { bindOtherBody } from '../../../contracts/auth';
import { Code } from '../../../contracts/errors';
import type { Locale } from '../../../contracts/locale';
import type { Db } from '../../db/client';
import { ApiError } from '../../lib/errors';
import { translate } from '../../lib/i18n';
import { requireCode } from '../codes';
import { authorizationUrl, redeemCode, requireGoogle } from '../google';
import { createQrCode, requireWechat, scannedScene, spendScene } from '../wechat';
import { limitAddress } from './lockout';
import { trialMinutes } from './trial';
import { canSignInWithout, createUser, defaultName, findByGoogleSub, findByTarget, isEmail, signedInUser, updateUser, type User } from './users';

/**
 * Google and WeChat as ways into an account (spec §7 Auth and System): signing in or up with one, linking one
 * to the signed-in user, and unlinking it. The protocols themselves are in google.ts and wechat.ts; here are
 * the rules for whose account a provider's id may join.
 */
export type Provider = 'google' | 'wechat';

/** Sets, or with null clears, the id `provider` knows the user by. */
const setProviderId = (db: Db, userId: number, provider: Provider, id: string | null) =>
  updateUser(db, userId, provider === 'google' ? { googleSub: id } : { wechatOpenId: id });

/** The Google identity a finished flow vouches for; the flow must have been started for `bindUserId` (null: signing in). */
async function googleIdentity(env: Env, db: Db, code: string, state: string, bindUserId: number | null) {
  const identity = await redeemCode(env, db, code, state, bindUserId);
  if (!identity) throw new ApiError(Code.BAD_REQUEST, 'googleFailed');
  return identity;
}

/**
 * Where to send the person to choose their Google account. `bindUserId`: the flow links Google to that user
 * and returns to the profile page, since the sign-in callback page sends signed-in users home.
 */
export async function startGoogle(env: Env, db: Db, origin: string, bindUserId: number | null) {
  requireGoogle(env);
  return authorizationUrl(env, db, `${origin}${bindUserId === null ? '/googleLoginCallBack' : '/user/profile'}`, bindUserId);
}

/** A WeChat QR code to scan; `bindUserId`: the scan links WeChat to that user instead of signing in. */
export async function startWechat(env: Env, db: Db, ip: string, bindUserId: number | null) {
  requireWechat(env);
  await limitAddress(db, ip, 'qr');
  return createQrCode(env, db, bindUserId);
}

/** Google's account, or (for a verified Google address that already has an account) that account, now linked, or a new one. */
export async function signInWithGoogle(env: Env, db: Db, ip: string, { code, state }: { code: string; state: string }): Promise<User> {
  requireGoogle(env);
  await limitAddress(db, ip, 'login');
  const identity = await googleIdentity(env, db, code, state, null);
  const linked = await findByGoogleSub(db, identity.sub);
  if (linked) return linked;
  const verifiedEmail = identity.emailVerified ? identity.email?.toLowerCase() : undefined;
  const owner = verifiedEmail ? await findByTarget(db, verifiedEmail) : undefined;
  if (owner) return setProviderId(db, owner.id, 'google', identity.sub);
  return createUser(
    db,
    {
      name: identity.name?.slice(0, 64) || defaultName(verifiedEmail ?? 'google'),
      avatar: identity.picture ?? '',
      email: verifiedEmail,
      googleSub: identity.sub,
    },
    trialMinutes(env),
  );
}

/** The account a scanned sign-in scene's WeChat is linked to. */
export async function signInWithWechat(env: Env, db: Db, ip: string, scene: string): Promise<User> {
  requireWechat(env);
  await limitAddress(db, ip, 'login');
  const { owner } = await scannedScene(db, scene, null);
  // Not spent: the person goes on to registerWithWechat with the same scene.
  if (!owner) throw new ApiError(Code.NOT_FOUND, 'wechatNotBound');
  await spendScene(db, scene);
  return owner;
}

/**
 * A WeChat nobody has linked yet joins the account of an address proven with a code (one with no WeChat of its
 * own), or a new account; without an address, the new account is named after WeChat in the person's language.
 */
export async function registerWithWechat(
  env: Env,
  db: Db,
  ip: string,
  locale: Locale,
  { scene, target, code }: { scene: string; target?: string; code?: string },
): Promise<User> {
  requireWechat(env);
  await limitAddress(db, ip, 'login');
  const { openId, owner } = await scannedScene(db, scene, null);
  if (owner) throw new ApiError(Code.CONFLICT, 'wechatTaken');
  let existing: User | undefined;
  if (target && code) {
    await requireCode(db, target, code);
    existing = await findByTarget(db, target);
    if (existing?.wechatOpenId) throw new ApiError(Code.CONFLICT, 'wechatAccountHasOther');
  }
  await spendScene(db, scene);
  if (existing) return setProviderId(db, existing.id, 'wechat', openId);
  return createUser(
    db,
    {
      name: target ? defaultName(target) : `${translate(locale, 'wechatUserName')} ${openId.slice(-4)}`,
      ...(target ? { [isEmail(target) ? 'email' : 'phone']: target } : {}),
      wechatOpenId: openId,
    },
    trialMinutes(env),
  );
}

/**
 * Links a provider to the signed-in user from a flow that user started in bind mode, so nobody can attach their
 * WeChat or Google to someone else's account; one already linked to another account is refused.
 */
export async function linkProvider(env: Env, db: Db, ip: string, userId: number, grant: z.infer<typeof bindOtherBody>): Promise<User> {
  // Another way into the account: held to the sign-in limits like every other proof.
  await limitAddress(db, ip, 'login');
  if (grant.type === 'wechat') {
    requireWechat(env);
    const { openId, owner } = await scannedScene(db, grant.scene, userId);
    if (owner && owner.id !== userId) throw new ApiError(Code.CONFLICT, 'wechatTaken');
    await spendScene(db, grant.scene);
    return setProviderId(db, userId, 'wechat', openId);
  }
  requireGoogle(env);
  const identity = await googleIdentity(env, db, grant.code, grant.state, userId);
  const owner = await findByGoogleSub(db, identity.sub);
  if (owner && owner.id !== userId) throw new ApiError(Code.CONFLICT, 'googleTaken');
  return setProviderId(db, userId, 'google', identity.sub);
}

/** Unlinks a provider, unless it is the last way left into the account. */
export async function unlinkProvider(db: Db, userId: number, provider: Provider): Promise<User> {
  const user = await signedInUser(db, userId);
  if (!canSignInWithout(user, provider)) throw new ApiError(Code.BAD_REQUEST, 'lastSignInMethod');
  return setProviderId(db, user.id, provider, null);
}
