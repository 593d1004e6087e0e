import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import {
  captchaVerifyBody,
  codeLoginBody,
  googleCallbackBody,
  passwordLoginBody,
  providerModeQuery,
  resetPasswordBody,
  sendCodeBody,
  visitorLoginBody,
  wechatLoginBody,
  wechatRegisterBody,
  wechatSceneQuery,
  type LoginOptions,
  type LoginResult,
} from '../../contracts/auth';
import { API } from '../../contracts/api-paths';
import { Code } from '../../contracts/errors';
import { users } from '../db/schema';
import { ok } from '../lib/envelope';
import { ApiError } from '../lib/errors';
import { translate } from '../lib/i18n';
import { clientIp, publicOrigin, trustedClientIp } from '../lib/client';
import type { AppEnv } from '../lib/types';
import { requireUser } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { authorizationUrl, googleConfigured, redeemCode, requireGoogle } from '../services/google';
import { captchaMode, consumeCaptcha, createCaptcha, solveCaptcha } from '../services/captcha';
import { createCode, requireCode } from '../services/codes';
import { channelAvailable, send } from '../services/messenger';
import { hashPassword, verifyPassword } from '../services/passwords';
import { clear, giveBack, take } from '../services/rate-limit';
import { issueToken, revokeSession, revokeUserSessions } from '../services/sessions';
import { createUser, defaultName, findByIdentifier, findByTarget, getUser, isEmail, isGuest, userInfo, type User } from '../services/users';
import {
  createQrCode,
  parseScanEvent,
  recordScan,
  requireWechat,
  scanStatus,
  scannedScene,
  spendScene,
  verifySignature,
  wechatConfigured,
} from '../services/wechat';

/**
 * Sign-in, sign-up and sign-out (spec §7 Auth). Social providers live in their own modules.
 * Wrong passwords lock the account for the address they came from only, so a stranger's guesses cannot lock
 * its owner out (and code sign-in never locks); each address is also capped across all accounts.
 */
const LOGIN_LOCK = { failures: 5, windowMs: 15 * 60_000 };
const PER_IP = { windowMs: 60 * 60_000, codes: 20, logins: 60, qrCodes: 60, passwordFailures: 30 };
/** Captcha pictures per address: plenty for a person who misclicks, few enough that a script cannot farm them. */
const CAPTCHAS = { max: 60, windowMs: 10 * 60_000 };

async function limitIp(c: Context<AppEnv>, action: string, max: number, windowMs = PER_IP.windowMs) {
  const taken = await take(c.var.db, [{ key: `${action}:ip:${clientIp(c)}`, max, windowMs }]);
  if (!taken.ok) throw new ApiError(Code.TOO_MANY_REQUESTS, 'tooManyRequests', { seconds: taken.retryAfterSeconds });
}

async function signIn(c: Context<AppEnv>, user: User, source: number) {
  const token = await issueToken(c.var.db, c.env.JWT_SECRET, user.id, source);
  return ok<LoginResult>(c, { token, user: await userInfo(c.var.db, user) });
}

/** A provider's flow started in bind mode links it to the signed-in user, so it needs one. */
const userWhenBinding = createMiddleware<AppEnv>(async (c, next) => (c.req.query('mode') === 'bind' ? requireUser(c, next) : next()));

export const auth = new Hono<AppEnv>()
  .get(API.auth.loginOptions, (c) => {
    const mode = captchaMode(c.env);
    return ok<LoginOptions>(c, {
      emailCode: channelAvailable(c.env, 'email'),
      smsCode: channelAvailable(c.env, 'sms'),
      google: googleConfigured(c.env),
      wechat: wechatConfigured(c.env),
      captcha: mode,
      ...(mode === 'turnstile' ? { turnstileSiteKey: c.env.TURNSTILE_SITE_KEY } : {}),
    });
  })
  .get(API.auth.captcha, async (c) => {
    await limitIp(c, 'captcha', CAPTCHAS.max, CAPTCHAS.windowMs);
    return ok(c, await createCaptcha(c.var.db));
  })
  .post(API.auth.captchaVerify, validate('json', captchaVerifyBody), async (c) => {
    const { id, points } = c.req.valid('json');
    const pass = await solveCaptcha(c.var.db, id, points);
    if (!pass) throw new ApiError(Code.BAD_REQUEST, 'captchaWrong');
    return ok(c, { pass });
  })
  .post(API.auth.getValidCode, validate('json', sendCodeBody), async (c) => {
    const { target } = c.req.valid('json');
    const channel = isEmail(target) ? 'email' : 'sms';
    if (!channelAvailable(c.env, channel)) throw new ApiError(Code.BAD_REQUEST, 'channelUnavailable');
    await limitIp(c, 'code', PER_IP.codes);
    const created = await createCode(c.var.db, target);
    if (!created.ok) throw new ApiError(Code.TOO_MANY_REQUESTS, 'codeCooldown', { seconds: created.waitSeconds });
    const locale = c.var.locale;
    // The same answer whether or not an account uses this address: sending reveals nothing.
    await send(c.env, c.var.db, {
      channel,
      recipient: target,
      subject: translate(locale, 'codeSubject'),
      body: translate(locale, 'codeBody', { code: created.code }),
    });
    return ok(c, { cooldownSeconds: 60 });
  })
  .post(API.auth.doLoginByValidCode, validate('json', codeLoginBody), async (c) => {
    const { target, code, password, source } = c.req.valid('json');
    await limitIp(c, 'login', PER_IP.logins);
    await requireCode(c.var.db, target, code);
    let user = await findByTarget(c.var.db, target);
    const passwordHash = password ? await hashPassword(password) : undefined;
    if (!user) {
      user = await createUser(c.var.db, { name: defaultName(target), [isEmail(target) ? 'email' : 'phone']: target, passwordHash });
    } else if (passwordHash) {
      [user] = await c.var.db.update(users).set({ passwordHash }).where(eq(users.id, user.id)).returning();
    }
    return signIn(c, user!, source);
  })
  .post(API.auth.doLogin, validate('json', passwordLoginBody), async (c) => {
    const { username, password, captcha, source } = c.req.valid('json');
    const db = c.var.db;
    const ip = clientIp(c);
    if (!(await consumeCaptcha(c.env, db, captcha, trustedClientIp(c)))) {
      throw new ApiError(Code.BAD_REQUEST, 'captchaRequired');
    }
    await limitIp(c, 'login', PER_IP.logins);
    // Locking counts by the name typed, known or not, so a lock says nothing about whether it exists. Each
    // try takes its slot before the password is checked, so concurrent guesses get no more than the cap.
    const lockKey = `login:acct:${username.trim().toLowerCase()}:ip:${ip}`;
    const tries = await take(db, [
      { key: lockKey, max: LOGIN_LOCK.failures, windowMs: LOGIN_LOCK.windowMs },
      { key: `login:fail:ip:${ip}`, max: PER_IP.passwordFailures, windowMs: LOGIN_LOCK.windowMs },
    ]);
    if (!tries.ok) throw new ApiError(Code.TOO_MANY_REQUESTS, 'accountLocked', { minutes: Math.ceil(tries.retryAfterSeconds / 60) });
    const user = await findByIdentifier(db, username);
    if (!(await verifyPassword(password, user?.passwordHash))) throw new ApiError(Code.BAD_REQUEST, 'wrongCredentials');
    await Promise.all([clear(db, lockKey), giveBack(db, tries.slots)]);
    return signIn(c, user!, source);
  })
  .post(API.auth.resetPwd, validate('json', resetPasswordBody), async (c) => {
    const { target, code, password } = c.req.valid('json');
    await limitIp(c, 'login', PER_IP.logins);
    await requireCode(c.var.db, target, code);
    // Only someone who just proved they own the address learns whether an account uses it.
    const user = await findByTarget(c.var.db, target);
    if (!user) throw new ApiError(Code.NOT_FOUND, 'noAccountForTarget');
    await c.var.db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.id, user.id));
    await revokeUserSessions(c.var.db, user.id);
    await clear(c.var.db, `login:acct:${(user.email ?? user.phone ?? '').toLowerCase()}:ip:${clientIp(c)}`);
    return ok(c, null);
  })
  .post(API.auth.visitorLogin, validate('json', visitorLoginBody), async (c) => {
    const { visitorId, source } = c.req.valid('json');
    await limitIp(c, 'login', PER_IP.logins);
    const db = c.var.db;
    const existing = await db.query.users.findFirst({ where: eq(users.visitorId, visitorId) });
    if (existing && isGuest(existing)) return signIn(c, existing, source);
    // An account that has since gained a real way in no longer answers to the id: it is retired, and whoever
    // holds it starts a fresh guest account.
    if (existing) await db.update(users).set({ visitorId: null }).where(eq(users.id, existing.id));
    return signIn(c, await createUser(db, { name: `Guest-${visitorId.slice(0, 6)}`, visitorId }), source);
  })
  .get(API.auth.renderGoogle, validate('query', providerModeQuery), userWhenBinding, async (c) => {
    requireGoogle(c.env);
    const bind = c.req.valid('query').mode === 'bind';
    // Binding returns to the profile page: the sign-in callback page sends signed-in users home.
    const redirectUri = `${publicOrigin(c)}${bind ? '/user/profile' : '/googleLoginCallBack'}`;
    return ok(c, await authorizationUrl(c.env, c.var.db, redirectUri, bind ? c.var.userId : null));
  })
  .post(API.auth.googleRegisterWithLogin, validate('json', googleCallbackBody), async (c) => {
    const { code, state, source } = c.req.valid('json');
    requireGoogle(c.env);
    await limitIp(c, 'login', PER_IP.logins);
    const identity = await redeemCode(c.env, c.var.db, code, state, null);
    if (!identity) throw new ApiError(Code.BAD_REQUEST, 'googleFailed');
    const db = c.var.db;
    let user = await db.query.users.findFirst({ where: eq(users.googleSub, identity.sub) });
    // A verified Google address that already has an account signs into that account and links it.
    const verifiedEmail = identity.emailVerified ? identity.email?.toLowerCase() : undefined;
    if (!user && verifiedEmail) {
      const owner = await findByTarget(db, verifiedEmail);
      if (owner) [user] = await db.update(users).set({ googleSub: identity.sub }).where(eq(users.id, owner.id)).returning();
    }
    user ??= await createUser(db, {
      name: identity.name?.slice(0, 64) || defaultName(verifiedEmail ?? 'google'),
      avatar: identity.picture ?? '',
      email: verifiedEmail,
      googleSub: identity.sub,
    });
    return signIn(c, user!, source);
  })
  .get(API.auth.getQrCode, validate('query', providerModeQuery), userWhenBinding, async (c) => {
    requireWechat(c.env);
    await limitIp(c, 'qr', PER_IP.qrCodes);
    const bind = c.req.valid('query').mode === 'bind';
    return ok(c, await createQrCode(c.env, c.var.db, bind ? c.var.userId : null));
  })
  .get(API.auth.getOpenId, validate('query', wechatSceneQuery), async (c) => ok(c, await scanStatus(c.var.db, c.req.valid('query').scene)))
  .post(API.auth.wxLogin, validate('json', wechatLoginBody), async (c) => {
    const { scene, source } = c.req.valid('json');
    requireWechat(c.env);
    await limitIp(c, 'login', PER_IP.logins);
    const { owner } = await scannedScene(c.var.db, scene, null);
    // Not spent: the person goes on to wxRegisterWithLogin with the same scene.
    if (!owner) throw new ApiError(Code.NOT_FOUND, 'wechatNotBound');
    await spendScene(c.var.db, scene);
    return signIn(c, owner, source);
  })
  .post(API.auth.wxRegisterWithLogin, validate('json', wechatRegisterBody), async (c) => {
    const { scene, target, code, source } = c.req.valid('json');
    requireWechat(c.env);
    await limitIp(c, 'login', PER_IP.logins);
    const db = c.var.db;
    const { openId, owner } = await scannedScene(db, scene, null);
    if (owner) throw new ApiError(Code.CONFLICT, 'wechatTaken');
    let existing: User | undefined;
    if (target && code) {
      await requireCode(db, target, code);
      existing = await findByTarget(db, target);
      if (existing?.wechatOpenId) throw new ApiError(Code.CONFLICT, 'wechatAccountHasOther');
    }
    await spendScene(db, scene);
    const user = existing
      ? (await db.update(users).set({ wechatOpenId: openId }).where(eq(users.id, existing.id)).returning())[0]!
      : await createUser(db, {
          name: target ? defaultName(target) : `${translate(c.var.locale, 'wechatUserName')} ${openId.slice(-4)}`,
          ...(target ? { [isEmail(target) ? 'email' : 'phone']: target } : {}),
          wechatOpenId: openId,
        });
    return signIn(c, user, source);
  })
  // The official account's server URL (plaintext mode): GET is WeChat's address check, POST its message pushes.
  .get(API.auth.wechatCallback, async (c) => {
    requireWechat(c.env);
    if (!(await verifySignature(c.env, c.req.query()))) return c.text('invalid signature', 403);
    return c.text(c.req.query('echostr') ?? '');
  })
  .post(API.auth.wechatCallback, async (c) => {
    requireWechat(c.env);
    if (!(await verifySignature(c.env, c.req.query()))) return c.text('invalid signature', 403);
    const scan = parseScanEvent(await c.req.text());
    if (scan) await recordScan(c.var.db, scan.scene, scan.openId);
    // Every genuine push is acknowledged, or WeChat tells the person the account cannot serve them.
    return c.text('success');
  })
  .get(API.auth.getUserInfo, requireUser, async (c) => {
    const user = await getUser(c.var.db, c.var.userId);
    if (!user) throw new ApiError(Code.UNAUTHORIZED, 'unauthorized');
    return ok(c, await userInfo(c.var.db, user));
  })
  .post(API.auth.logout, requireUser, async (c) => {
    await revokeSession(c.var.db, c.var.sessionId);
    return ok(c, null);
  });
