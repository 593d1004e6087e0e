import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginOptions, LoginResult, UserInfo, WechatQrCode, WechatScanStatus } from '../../contracts/auth';
import { createApi } from '../../worker/app';
import { auth } from '../../worker/routes/auth';
import { system } from '../../worker/routes/system';
import { CALLBACK_URL, installFakeWeChat, signedQuery } from './fake-wechat';
import { codeFromOutbox, freshEmail, send, signUp } from './api';

const configured: Env = { ...env, WECHAT_MP_APP_ID: 'wx-test-app', WECHAT_MP_APP_SECRET: 'wx-test-secret', WECHAT_MP_TOKEN: 'wx-server-token' };
const app = createApi().route('/', auth).route('/', system);

async function call<T>(input: string | Request, init: RequestInit & { token?: string } = {}, bindings: Env = configured) {
  const { token, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  // Each call from its own address, so per-address limits only bite where a test means them to.
  headers.set('cf-connecting-ip', `203.0.113.${Math.floor(Math.random() * 250) + 1}`);
  const request = typeof input === 'string' ? new Request(`http://tingyi.test/prod-api${input}`, { ...rest, headers }) : input;
  const res = await app.request(request, undefined, bindings);
  const text = await res.text();
  return { status: res.status, text, body: (text.startsWith('{') ? JSON.parse(text) : null) as { code: number; msg: string; data: T } };
}
const json = <T>(path: string, body: unknown, options: { token?: string; method?: string } = {}) =>
  call<T>(path, { method: options.method ?? 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), token: options.token });
const qrCode = (token?: string) => call<WechatQrCode>(token ? '/auth/getQrCode?mode=bind' : '/auth/getQrCode', { token });
const scanStatus = async (scene: string) => (await call<WechatScanStatus>(`/auth/getOpenId?scene=${scene}`)).body.data;
const openId = () => `o-fake-${crypto.randomUUID()}`;

let wechat: ReturnType<typeof installFakeWeChat>;

beforeEach(async () => {
  // The cached access token belongs to the fake of an earlier test, which the new fake does not know.
  await env.DB.prepare('DELETE FROM wechat_tokens').run();
  wechat = installFakeWeChat(configured.WECHAT_MP_APP_ID, configured.WECHAT_MP_APP_SECRET!, configured.WECHAT_MP_TOKEN!);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A QR code scanned by `who` and delivered to our server URL. */
async function scanned(who: string, options: { token?: string; subscribe?: boolean } = {}) {
  const qr = (await qrCode(options.token)).body.data;
  const delivered = await call(await wechat.scan(qr.qrUrl, who, { subscribe: options.subscribe }));
  expect(delivered).toMatchObject({ status: 200, text: 'success' });
  return qr.scene;
}

describe('WeChat configuration', () => {
  it('is hidden and refused until app id, secret and server token are all set', async () => {
    const partial = { ...configured, WECHAT_MP_TOKEN: undefined };
    expect((await call<LoginOptions>('/auth/loginOptions', {}, partial)).body.data.wechat).toBe(false);
    expect((await call('/auth/getQrCode', {}, partial)).status).toBe(404);
    expect((await call(`${CALLBACK_URL.slice('http://tingyi.test/prod-api'.length)}?${await signedQuery('x')}`, {}, partial)).status).toBe(404);
    expect((await call<LoginOptions>('/auth/loginOptions')).body.data.wechat).toBe(true);
  });

  it('says WeChat is unreachable when it refuses the app secret', async () => {
    const res = await call('/auth/getQrCode', { headers: { 'accept-language': 'en-US' } }, { ...configured, WECHAT_MP_APP_SECRET: 'wrong' });
    expect(res.status).toBe(500);
    expect(res.body.msg).toMatch(/WeChat cannot be reached/);
  });
});

describe('the server URL', () => {
  it("answers WeChat's address check with echostr only when the signature is right and recent", async () => {
    const path = CALLBACK_URL.slice('http://tingyi.test/prod-api'.length);
    const good = await signedQuery(configured.WECHAT_MP_TOKEN!);
    expect(await call(`${path}?${good}&echostr=5837129`)).toMatchObject({ status: 200, text: '5837129' });
    expect((await call(`${path}?${await signedQuery('not-our-token')}&echostr=5837129`)).status).toBe(403);
    const stale = await signedQuery(configured.WECHAT_MP_TOKEN!, Math.floor(Date.now() / 1000) - 3600);
    expect((await call(`${path}?${stale}&echostr=5837129`)).status).toBe(403);
  });

  it('ignores scan events with a bad signature', async () => {
    const qr = (await qrCode()).body.data;
    const forged = await call(await wechat.scan(qr.qrUrl, openId(), { signWith: 'guessed-token' }));
    expect(forged.status).toBe(403);
    const replayed = await call(await wechat.scan(qr.qrUrl, openId(), { timestamp: Math.floor(Date.now() / 1000) - 3600 }));
    expect(replayed.status).toBe(403);
    expect(await scanStatus(qr.scene)).toEqual({ status: 'waiting', bound: false });
  });
});

describe('WeChat scan sign-in', () => {
  it('creates a temporary QR code for a random scene with a cached access token', async () => {
    const first = await qrCode();
    const second = await qrCode();
    expect(first.body.data.qrUrl).toMatch(/^https:\/\/mp\.weixin\.qq\.com\/cgi-bin\/showqrcode\?ticket=gQ[\w-]+%2B%2F%3D$/);
    expect(first.body.data.expiresIn).toBe(300);
    expect(first.body.data.scene).not.toBe(second.body.data.scene);
    expect(wechat.counts).toEqual({ tokenRequests: 1, qrCodes: 2 });
  });

  it('fetches a new access token when WeChat has ended the cached one, or when it runs out', async () => {
    await qrCode();
    wechat.expireTokens();
    expect((await qrCode()).body.code).toBe(200);
    expect(wechat.counts.tokenRequests).toBe(2);
    await env.DB.prepare('UPDATE wechat_tokens SET expires_at = ?')
      .bind(Date.now() + 60_000)
      .run();
    expect((await qrCode()).body.code).toBe(200);
    expect(wechat.counts.tokenRequests).toBe(3);
  });

  it('signs a new WeChat up, then signs the same person in on their next scan (subscribe event)', async () => {
    const who = openId();
    const qr = (await qrCode()).body.data;
    expect(await scanStatus(qr.scene)).toEqual({ status: 'waiting', bound: false });
    expect((await json('/auth/wxlogin', { scene: qr.scene })).body.msg).toBe('The QR code has not been scanned yet.');
    await call(await wechat.scan(qr.qrUrl, who));
    expect(await scanStatus(qr.scene)).toEqual({ status: 'scanned', bound: false });

    const notBound = await json('/auth/wxlogin', { scene: qr.scene });
    expect(notBound.status).toBe(404);
    const signedUp = await json<LoginResult>('/auth/wxRegisterWithLogin', { scene: qr.scene, source: 2 });
    expect(signedUp.body.data.user).toMatchObject({ wechatBound: true, email: null, hasPassword: false, visitor: false });
    expect(signedUp.body.data.user.name).toMatch(/^WeChat user /);
    expect((await call<UserInfo>('/auth/getUserInfo', { token: signedUp.body.data.token })).body.data.id).toBe(signedUp.body.data.user.id);
    // Spent: the scene signs nobody in a second time.
    expect(await scanStatus(qr.scene)).toEqual({ status: 'expired', bound: false });
    expect((await json('/auth/wxRegisterWithLogin', { scene: qr.scene })).status).toBe(400);

    const again = await scanned(who, { subscribe: true });
    expect(await scanStatus(again)).toEqual({ status: 'scanned', bound: true });
    const signedIn = await json<LoginResult>('/auth/wxlogin', { scene: again });
    expect(signedIn.body.data.user.id).toBe(signedUp.body.data.user.id);
    const reused = await json('/auth/wxlogin', { scene: again });
    expect(reused.body.msg).toBe('This QR code has expired or was already used. Please refresh it and scan again.');
    // An account already exists for this WeChat: registering it again is refused.
    expect((await json('/auth/wxRegisterWithLogin', { scene: await scanned(who) })).status).toBe(409);
  });

  it('links a new WeChat to the account of an email proven with a code, and keeps the scene through a wrong code', async () => {
    const existing = await signUp(freshEmail(), 'secret123');
    const scene = await scanned(openId());
    await env.DB.prepare('DELETE FROM verification_codes WHERE target = ?').bind(existing.target).run();
    await send('/prod-api/auth/c/getValidCode', { target: existing.target });
    const code = await codeFromOutbox(existing.target);
    const wrong = await json('/auth/wxRegisterWithLogin', { scene, target: existing.target, code: code === '000000' ? '000001' : '000000' });
    expect(wrong.body.msg).toBe('The verification code is incorrect.');
    expect((await json('/auth/wxRegisterWithLogin', { scene, target: existing.target })).status).toBe(400);
    const linked = await json<LoginResult>('/auth/wxRegisterWithLogin', { scene, target: existing.target, code });
    expect(linked.body.data.user).toMatchObject({ id: existing.userId, wechatBound: true, hasPassword: true });
  });

  it('creates an account with a new address proven with a code, and refuses an account already linked to another WeChat', async () => {
    const target = freshEmail();
    await send('/prod-api/auth/c/getValidCode', { target });
    const created = await json<LoginResult>('/auth/wxRegisterWithLogin', { scene: await scanned(openId()), target, code: await codeFromOutbox(target) });
    expect(created.body.data.user).toMatchObject({ email: target, wechatBound: true });

    await env.DB.prepare('DELETE FROM verification_codes WHERE target = ?').bind(target).run();
    await send('/prod-api/auth/c/getValidCode', { target });
    const other = await json('/auth/wxRegisterWithLogin', { scene: await scanned(openId()), target, code: await codeFromOutbox(target) });
    expect(other.status).toBe(409);
    expect(other.body.msg).toBe('This account is already linked to a different WeChat account.');
  });

  it('lets an expired QR code be scanned by nobody and used by nobody', async () => {
    const qr = (await qrCode()).body.data;
    await env.DB.prepare('UPDATE wechat_scenes SET expires_at = ? WHERE scene = ?')
      .bind(Date.now() - 1, qr.scene)
      .run();
    expect(await scanStatus(qr.scene)).toEqual({ status: 'expired', bound: false });
    await call(await wechat.scan(qr.qrUrl, openId()));
    expect(await scanStatus(qr.scene)).toEqual({ status: 'expired', bound: false });
    expect((await json('/auth/wxRegisterWithLogin', { scene: qr.scene })).status).toBe(400);
    expect(await scanStatus('NoSuchSceneAtAll123')).toEqual({ status: 'expired', bound: false });
  });

  it('keeps the first scan: someone else scanning the same code later changes nothing', async () => {
    const owner = openId();
    const registered = await json<LoginResult>('/auth/wxRegisterWithLogin', { scene: await scanned(owner) });
    const qr = (await qrCode()).body.data;
    await call(await wechat.scan(qr.qrUrl, owner));
    await call(await wechat.scan(qr.qrUrl, openId()));
    const signedIn = await json<LoginResult>('/auth/wxlogin', { scene: qr.scene });
    expect(signedIn.body.data.user.id).toBe(registered.body.data.user.id);
  });

  it('gives one sign-in to concurrent uses of one scanned scene', async () => {
    const who = openId();
    await json('/auth/wxRegisterWithLogin', { scene: await scanned(who) });
    const scene = await scanned(who);
    const results = await Promise.all(Array.from({ length: 5 }, () => json('/auth/wxlogin', { scene })));
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
  });
});

describe('WeChat on the profile', () => {
  it('binds the scanned WeChat to the signed-in user, who then signs in with it', async () => {
    const me = await signUp();
    expect((await call('/auth/getQrCode?mode=bind')).status).toBe(401);
    const who = openId();
    const scene = await scanned(who, { token: me.token });
    // A bind scene signs nobody in, and a sign-in scene binds nothing.
    expect((await json('/auth/wxlogin', { scene })).status).toBe(400);
    const loginScene = await scanned(openId());
    expect((await json('/system/bindingOther', { type: 'wechat', scene: loginScene }, { token: me.token, method: 'PUT' })).status).toBe(400);

    const bound = await json<UserInfo>('/system/bindingOther', { type: 'wechat', scene }, { token: me.token, method: 'PUT' });
    expect(bound.body.data).toMatchObject({ id: me.userId, wechatBound: true });
    const signedIn = await json<LoginResult>('/auth/wxlogin', { scene: await scanned(who) });
    expect(signedIn.body.data.user.id).toBe(me.userId);
  });

  it("uses only the binder's own scene, and refuses a WeChat another account has", async () => {
    const a = await signUp();
    const b = await signUp();
    const taken = openId();
    await json('/system/bindingOther', { type: 'wechat', scene: await scanned(taken, { token: a.token }) }, { token: a.token, method: 'PUT' });

    const aScene = await scanned(openId(), { token: a.token });
    expect((await json('/system/bindingOther', { type: 'wechat', scene: aScene }, { token: b.token, method: 'PUT' })).status).toBe(400);
    const conflict = await json('/system/bindingOther', { type: 'wechat', scene: await scanned(taken, { token: b.token }) }, { token: b.token, method: 'PUT' });
    expect(conflict.status).toBe(409);
    expect(conflict.body.msg).toBe('This WeChat account is already linked to another Tingyi account. Unbind it there first.');
  });

  it('unbinds WeChat, but never the last way into an account', async () => {
    const me = await signUp();
    await json('/system/bindingOther', { type: 'wechat', scene: await scanned(openId(), { token: me.token }) }, { token: me.token, method: 'PUT' });
    const unbound = await json<UserInfo>('/system/unbindWeCat', {}, { token: me.token, method: 'PUT' });
    expect(unbound.body.data.wechatBound).toBe(false);

    const wechatOnly = await json<LoginResult>('/auth/wxRegisterWithLogin', { scene: await scanned(openId()) });
    const refused = await json('/system/unbindWeCat', {}, { token: wechatOnly.body.data.token, method: 'PUT' });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('This is the only way to sign in to your account. Bind an email or phone number first, then unbind it.');
    expect((await call<UserInfo>('/auth/getUserInfo', { token: wechatOnly.body.data.token })).body.data.wechatBound).toBe(true);
  });
});
