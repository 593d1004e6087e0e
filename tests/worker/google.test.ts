import { env } from 'cloudflare:workers';
import { generateKeyPair } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoginOptions, LoginResult } from '../../contracts/auth';
import { createApi } from '../../worker/app';
import { auth } from '../../worker/routes/auth';
import { installFakeGoogle } from './fake-google';
import { freshEmail, signUp } from './api';

const configured = { ...env, GOOGLE_CLIENT_ID: 'tingyi-test.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'test-secret' };
const app = createApi().route('/auth', auth);
const request = async <T>(path: string, init: RequestInit = {}, bindings: Env = configured) => {
  const res = await app.request(`http://tingyi.test/prod-api${path}`, init, bindings);
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: T } };
};
const post = <T>(path: string, body: unknown) =>
  request<T>(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

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

  it('signs up through the authorization code flow with PKCE, and signs in again as the same user', async () => {
    const google = await installFakeGoogle(configured.GOOGLE_CLIENT_ID, configured.GOOGLE_CLIENT_SECRET);
    const start = await request<string>('/auth/render/google');
    expect(new URL(start.body.data).searchParams.get('redirect_uri')).toBe('http://tingyi.test/googleLoginCallBack');
    const email = freshEmail();
    const first = await post<LoginResult>('/auth/googleRegisterWithLogin', await google.consent(start.body.data, { sub: 'g-1', email, email_verified: true, name: 'Gina' }));
    expect(first.body.data.user).toMatchObject({ name: 'Gina', email, googleBound: true });
    const again = await request<string>('/auth/render/google');
    const second = await post<LoginResult>('/auth/googleRegisterWithLogin', await google.consent(again.body.data, { sub: 'g-1', email }));
    expect(second.body.data.user.id).toBe(first.body.data.user.id);
  });

  it('links a verified Google address to the account that already uses it', async () => {
    const google = await installFakeGoogle(configured.GOOGLE_CLIENT_ID, configured.GOOGLE_CLIENT_SECRET);
    const existing = await signUp();
    const start = await request<string>('/auth/render/google');
    const res = await post<LoginResult>('/auth/googleRegisterWithLogin', await google.consent(start.body.data, { sub: 'g-2', email: existing.target, email_verified: true }));
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
