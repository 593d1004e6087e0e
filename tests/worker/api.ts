import { env, exports } from 'cloudflare:workers';
import type { Envelope } from '../../contracts/errors';

/** Calls the real Worker's fetch handler and returns the HTTP response with its parsed envelope. */
export async function call<T = unknown>(path: string, init: RequestInit = {}) {
  const response = await exports.default.fetch(new Request(`http://tingyi.test${path}`, init));
  const body = (await response.json()) as Envelope<T>;
  return { status: response.status, body, headers: response.headers };
}

/** Calls the app as a deployed (production) Worker behind Cloudflare would run it, with the same bindings. */
export async function callProduction<T = unknown>(path: string, init: RequestInit = {}) {
  const { app } = await import('../../worker/app');
  const response = await app.request(`http://tingyi.test${path}`, init, { ...env, ENVIRONMENT: 'production' });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

/** JSON POST/PUT through the Worker, optionally as a signed-in user. */
export function send<T = unknown>(path: string, body: unknown, options: { token?: string; method?: string; ip?: string } = {}) {
  const ip: Record<string, string> = options.ip ? { 'cf-connecting-ip': options.ip } : {};
  return call<T>(path, {
    method: options.method ?? 'POST',
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...ip,
    },
    body: JSON.stringify(body),
  });
}

export const get = <T = unknown>(path: string, token?: string) => call<T>(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });

let addressCounter = 0;
/** A fresh email address per call, so tests never share cooldowns or accounts. */
export const freshEmail = () => `user${Date.now()}${++addressCounter}@example.test`;

/** The latest code the development outbox holds for `to`. */
export async function codeFromOutbox(to: string) {
  const { body } = await get<{ body: string }[]>(`/prod-api/dev/outbox?to=${encodeURIComponent(to)}`);
  return body.data[0]!.body.match(/\b(\d{6})\b/)![1]!;
}

/** Registers (or signs in) `target` with an emailed code; returns the token. */
export async function signUp(target = freshEmail(), password?: string) {
  await send('/prod-api/auth/c/getValidCode', { target });
  const code = await codeFromOutbox(target);
  const res = await send<{ token: string; user: { id: number } }>('/prod-api/auth/c/doLoginByValidCode', { target, code, password });
  return { target, token: res.body.data.token, userId: res.body.data.user.id };
}

/** Gives a user an account valid for a day (`seconds` left on it, for a duration package). */
export async function grant(userId: number, account: 'duration' | 'vip' | 'svip', seconds = 3600) {
  await env.DB.prepare('INSERT INTO accounts (user_id, account_type, valid_until, remaining_seconds) VALUES (?, ?, ?, ?)')
    .bind(userId, account, Date.now() + 86_400_000, seconds)
    .run();
}

/** Solves a click captcha the way a person would, using the positions the server stored. */
export async function solveCaptcha() {
  const { body } = await get<{ id: string }>('/prod-api/auth/captcha');
  const row = await env.DB.prepare('SELECT answer FROM captchas WHERE id = ?').bind(body.data.id).first<{ answer: string }>();
  const res = await send<{ pass: string }>('/prod-api/auth/captcha/verify', { id: body.data.id, points: JSON.parse(row!.answer) });
  return res.body.data.pass;
}
