import { API } from '../../contracts/api-paths';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import {
  captchaVerifyBody,
  codeLoginBody,
  downloadTicketBody,
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
import { Code } from '../../contracts/errors';
import { ok } from '../lib/envelope';
import { ApiError } from '../lib/errors';
import { clientIp, publicOrigin, trustedClientIp } from '../lib/client';
import type { AppEnv } from '../lib/types';
import { requireUser } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { registerWithWechat, signInWithGoogle, signInWithWechat, startGoogle, startWechat } from '../services/accounts/linking';
import { resetPassword } from '../services/accounts/passwords';
import { newCaptcha, sendCode, signInAsVisitor, signInWithCode, signInWithPassword, startSession } from '../services/accounts/sign-in';
import { signedInUser, userInfo, type User } from '../services/accounts/users';
import { googleConfigured } from '../services/google';
import { captchaMode, solveCaptcha } from '../services/captcha';
import { channelAvailable } from '../services/messenger';
import { ticketedUrl } from '../services/download-tickets';
import { revokeSession } from '../services/sessions';
import { parseScanEvent, recordScan, requireWechat, scanStatus, verifySignature, wechatConfigured } from '../services/wechat';

/**
 * Sign-in, sign-up and sign-out (spec §7 Auth). The rules (codes, passwords, lockout, guests, Google and WeChat)
 * live in services/accounts; the providers' protocols in their own modules.
 */
async function signIn(c: Context<AppEnv>, user: User, source: number) {
  return ok<LoginResult>(c, await startSession(c.var.db, c.env.JWT_SECRET, user, source));
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
    return ok(c, await newCaptcha(c.var.db, clientIp(c)));
  })
  .post(API.auth.captchaVerify, validate('json', captchaVerifyBody), async (c) => {
    const { id, points } = c.req.valid('json');
    const pass = await solveCaptcha(c.var.db, id, points);
    if (!pass) throw new ApiError(Code.BAD_REQUEST, 'captchaWrong');
    return ok(c, { pass });
  })
  .post(API.auth.getValidCode, validate('json', sendCodeBody), async (c) =>
    ok(c, await sendCode(c.env, c.var.db, clientIp(c), c.req.valid('json').target, c.var.locale)),
  )
  .post(API.auth.doLoginByValidCode, validate('json', codeLoginBody), async (c) => {
    const { source, ...proof } = c.req.valid('json');
    return signIn(c, await signInWithCode(c.env, c.var.db, clientIp(c), proof), source);
  })
  .post(API.auth.doLogin, validate('json', passwordLoginBody), async (c) => {
    const { source, ...credentials } = c.req.valid('json');
    return signIn(c, await signInWithPassword(c.env, c.var.db, { ip: clientIp(c), trustedIp: trustedClientIp(c) }, credentials), source);
  })
  .post(API.auth.resetPwd, validate('json', resetPasswordBody), async (c) => {
    await resetPassword(c.var.db, clientIp(c), c.req.valid('json'));
    return ok(c, null);
  })
  .post(API.auth.visitorLogin, validate('json', visitorLoginBody), async (c) => {
    const { visitorId, source } = c.req.valid('json');
    return signIn(c, await signInAsVisitor(c.var.db, clientIp(c), visitorId), source);
  })
  .get(API.auth.renderGoogle, validate('query', providerModeQuery), userWhenBinding, async (c) => {
    const bind = c.req.valid('query').mode === 'bind';
    return ok(c, await startGoogle(c.env, c.var.db, publicOrigin(c), bind ? c.var.userId : null));
  })
  .post(API.auth.googleRegisterWithLogin, validate('json', googleCallbackBody), async (c) => {
    const { source, ...grant } = c.req.valid('json');
    return signIn(c, await signInWithGoogle(c.env, c.var.db, clientIp(c), grant), source);
  })
  .get(API.auth.getQrCode, validate('query', providerModeQuery), userWhenBinding, async (c) => {
    const bind = c.req.valid('query').mode === 'bind';
    return ok(c, await startWechat(c.env, c.var.db, clientIp(c), bind ? c.var.userId : null));
  })
  .get(API.auth.getOpenId, validate('query', wechatSceneQuery), async (c) => ok(c, await scanStatus(c.var.db, c.req.valid('query').scene)))
  .post(API.auth.wxLogin, validate('json', wechatLoginBody), async (c) => {
    const { scene, source } = c.req.valid('json');
    return signIn(c, await signInWithWechat(c.env, c.var.db, clientIp(c), scene), source);
  })
  .post(API.auth.wxRegisterWithLogin, validate('json', wechatRegisterBody), async (c) => {
    const { source, ...registration } = c.req.valid('json');
    return signIn(c, await registerWithWechat(c.env, c.var.db, clientIp(c), c.var.locale, registration), source);
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
  .get(API.auth.getUserInfo, requireUser, async (c) => ok(c, await userInfo(c.var.db, await signedInUser(c.var.db, c.var.userId))))
  .post(API.auth.downloadTicket, requireUser, validate('json', downloadTicketBody), async (c) =>
    ok(c, await ticketedUrl(c.env.JWT_SECRET, c.var.userId, c.var.sessionId, c.req.valid('json').url)),
  )
  .post(API.auth.logout, requireUser, async (c) => {
    await revokeSession(c.var.db, c.var.sessionId);
    return ok(c, null);
  });
