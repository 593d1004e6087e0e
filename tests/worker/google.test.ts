import { env } from 'cloudflare:workers';
import { generateKeyPair } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoginOptions, LoginResult, UserInfo } from '../../contracts/auth';
import { createApi } from '../../worker/app';
import { auth } from '../../worker/routes/auth';
import { system } from '../../worker/routes/system';
import { installFakeGoogle } from './fake-google';
import { freshEmail, signUp } from './api';

const configured = { ...env, GOOGLE_CLIENT_ID: 'tingyi-test.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'test-secret' };
const app = createApi().route('/', auth).route('/', system);
const request = async <T>(path: string, init: RequestInit = {}, bindings: Env = configured) => {
  const res = await app.request(`http://tingyi.test/prod-api${path}`, init, bindings);
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: T } };
};
const post = <T>(path: string, body: unknown, token?: string, method = 'POST') =>
  request<T>(path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
const bindStart = (token: string) => request<string>('/auth/render/google?mode=bind', { headers: { authorization: `Bearer ${token}` } });
const bind = (grant: { code: string; state: string }, token: string) => post<UserInfo>('/system/bindingOther', { type: 'google', ...grant }, token, 'PUT');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Google sign-in', () => {
  it('is hidden and refused when not configured', async () => {
    const options = await request<LoginOptions>('/auth/loginOptions', {}, env);
    expect(options.body.data.google).toBe(false);
    expect((await request('/auth/render/google', {}, env)).status).toBe(404);
    expect((await request<LoginOptions>('/auth/loginOptions')).body.data.google).toBe(true);
  });

  it('builds the redirect address from PUBLIC_ORIGIN in production, never from the Host header', async () => {
    const production = { ...configured, ENVIRONMENT: 'production' };
    const spoofed = { headers: { host: 'evil.example' } };
    const res = await app.request('http://evil.example/prod-api/auth/render/google', spoofed, { ...production, PUBLIC_ORIGIN: 'https://tingyi.example.com' });
    const url = ((await res.json()) as { data: string }).data;
    expect(new URL(url).searchParams.get('redirect_uri')).toBe('https://tingyi.example.com/googleLoginCallBack');
    const unset = await app.request('http://evil.example/prod-api/auth/render/google', spoofed, production);
    expect(unset.status).toBe(503);
    expect(((await unset.json()) as { msg: string }).msg).toMatch(/PUBLIC_ORIGIN/);
  });

  it('signs up through the authorization code flow with PKCE, and signs in again as the same user', async () => {
    const google = await installFakeGoogle(configured.GOOGLE_CLIENT_ID, configured.GOOGLE_CLIENT_SECRET);
    const start = await request<string>('/auth/render/google');
    expect(new URL(start.body.data).searchParams.get('redirect_uri')).toBe('http://tingyi.test/googleLoginCallBack');
    const email = freshEmail();
    const first = await post<LoginResult>(
      '/auth/googleRegisterWithLogin',
      await google.consent(start.body.data, { sub: 'g-1', email, email_verified: true, name: 'Gina' }),
    );
    expect(first.body.data.user).toMatchObject({ name: 'Gina', email, googleBound: true });
    const again = await request<string>('/auth/render/google');
    const second = await post<LoginResult>('/auth/googleRegisterWithLogin', await google.consent(again.body.data, { sub: 'g-1', email }));
    expect(second.body.data.user.id).toBe(first.body.data.user.id);
  });

  it('links a verified Google address to the account that already uses it', async () => {
    const google = await installFakeGoogle(configured.GOOGLE_CLIENT_ID, configured.GOOGLE_CLIENT_SECRET);
    const existing = await signUp();
    const start = await request<string>('/auth/render/google');
    const res = await post<LoginResult>(
      '/auth/googleRegisterWithLogin',
      await google.consent(start.body.data, { sub: 'g-2', email: existing.target, email_verified: true }),
    );
    expect(res.body.data.user.id).toBe(existing.userId);
  });

  it('refuses a reused state, a forged state and a tampered code', async () => {
    const google = await installFakeGoogle(configured.GOOGLE_CLIENT_ID, configured.GOOGLE_CLIENT_SECRET);
    const start = await request<string>('/auth/render/google');
    const grant = await google.consent(start.body.data, { sub: 'g-3' });
    expect((await post('/auth/googleRegisterWithLogin', { ...grant, code: 'forged' })).body.msg).toBe('Google sign-in did not complete. Please try again.');
    // The state was spent by that attempt, so even the genuine code cannot use it now.
    expect((await post('/auth/googleRegisterWithLogin', grant)).status).toBe(400);
    expect((await post('/auth/googleRegisterWithLogin', { code: grant.code, state: 'made-up' })).status).toBe(400);
  });

  it('refuses an ID token signed by anyone but Google', async () => {
    const google = await installFakeGoogle(configured.GOOGLE_CLIENT_ID, configured.GOOGLE_CLIENT_SECRET);
    const start = await request<string>('/auth/render/google');
    const { privateKey: impostorKey } = await generateKeyPair('RS256');
    const grant = await google.consent(start.body.data, { sub: 'g-4' }, impostorKey);
    expect((await post('/auth/googleRegisterWithLogin', grant)).status).toBe(400);
  });
});

describe('Google on the profile', () => {
  it('binds Google to the signed-in user through a flow that returns to the profile, then signs in with it', async () => {
    const google = await installFakeGoogle(configured.GOOGLE_CLIENT_ID, configured.GOOGLE_CLIENT_SECRET);
    const me = await signUp();
    expect((await request('/auth/render/google?mode=bind')).status).toBe(401);
    const start = await bindStart(me.token);
    expect(new URL(start.body.data).searchParams.get('redirect_uri')).toBe('http://tingyi.test/user/profile');
    const bound = await bind(await google.consent(start.body.data, { sub: 'g-bind-1', email: 'someone.else@gmail.test', email_verified: true }), me.token);
    expect(bound.body.data).toMatchObject({ id: me.userId, googleBound: true, email: me.target });
    const signIn = await request<string>('/auth/render/google');
    const signedIn = await post<LoginResult>('/auth/googleRegisterWithLogin', await google.consent(signIn.body.data, { sub: 'g-bind-1' }));
    expect(signedIn.body.data.user.id).toBe(me.userId);
  });

  it('keeps binding and sign-in flows apart, and a binding flow to the user who started it', async () => {
    const google = await installFakeGoogle(configured.GOOGLE_CLIENT_ID, configured.GOOGLE_CLIENT_SECRET);
    const a = await signUp();
    const b = await signUp();
    const bindGrant = await google.consent((await bindStart(a.token)).body.data, { sub: 'g-bind-2' });
    expect((await post('/auth/googleRegisterWithLogin', bindGrant)).status).toBe(400);
    const loginGrant = await google.consent((await request<string>('/auth/render/google')).body.data, { sub: 'g-bind-3' });
    expect((await bind(loginGrant, a.token)).status).toBe(400);
    const foreign = await google.consent((await bindStart(a.token)).body.data, { sub: 'g-bind-4' });
    expect((await bind(foreign, b.token)).status).toBe(400);
    expect((await request<UserInfo>('/auth/getUserInfo', { headers: { authorization: `Bearer ${b.token}` } })).body.data.googleBound).toBe(false);
  });

  it('refuses a Google account that another user has', async () => {
    const google = await installFakeGoogle(configured.GOOGLE_CLIENT_ID, configured.GOOGLE_CLIENT_SECRET);
    const a = await signUp();
    const b = await signUp();
    await bind(await google.consent((await bindStart(a.token)).body.data, { sub: 'g-bind-5' }), a.token);
    const taken = await bind(await google.consent((await bindStart(b.token)).body.data, { sub: 'g-bind-5' }), b.token);
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe('This Google account is already linked to another Tingyi account. Unbind it there first.');
  });

  it('unbinds Google, but never the last way into an account', async () => {
    const google = await installFakeGoogle(configured.GOOGLE_CLIENT_ID, configured.GOOGLE_CLIENT_SECRET);
    const me = await signUp();
    await bind(await google.consent((await bindStart(me.token)).body.data, { sub: 'g-bind-6' }), me.token);
    expect((await post<UserInfo>('/system/unbindGoogle', {}, me.token, 'PUT')).body.data.googleBound).toBe(false);

    // An unverified address is not kept, so this account has nothing but Google.
    const grant = await google.consent((await request<string>('/auth/render/google')).body.data, { sub: 'g-only', email: 'maybe@gmail.test' });
    const googleOnly = await post<LoginResult>('/auth/googleRegisterWithLogin', grant);
    const refused = await post('/system/unbindGoogle', {}, googleOnly.body.data.token, 'PUT');
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/only way to sign in/);
  });
});
