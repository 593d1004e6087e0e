import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../contracts/errors';
import { freshEmail, get, send, signUp, solveCaptcha } from './api';

/** Trial minutes (services/accounts/trial.ts): the operator's amount, once per new account, none when unset. */

/** The Worker with the operator's TRIAL_MINUTES set (wrangler.toml leaves it empty, as production does). */
async function callWithTrial<T>(minutes: string, path: string, body: unknown) {
  const { app } = await import('../../worker/app');
  const response = await app.request(
    `http://tingyi.test${path}`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    { ...env, TRIAL_MINUTES: minutes },
  );
  return (await response.json()) as Envelope<T>;
}

async function signUpWithTrial(minutes: string, target = freshEmail(), password?: string) {
  await send('/prod-api/auth/c/getValidCode', { target });
  const { body } = await get<{ body: string }[]>(`/prod-api/dev/outbox?to=${encodeURIComponent(target)}`);
  const code = body.data[0]!.body.match(/\b(\d{6})\b/)![1]!;
  const res = await callWithTrial<{ token: string; user: { id: number } }>(minutes, '/prod-api/auth/c/doLoginByValidCode', { target, code, password });
  return { target, token: res.data.token, userId: res.data.user.id };
}

const balancesOf = async (userId: number) =>
  (
    await env.DB.prepare(
      'SELECT account_type AS type, remaining_seconds AS seconds, valid_until AS until FROM accounts WHERE user_id = ? ORDER BY account_type',
    )
      .bind(userId)
      .all<{ type: string; seconds: number; until: number }>()
  ).results;

describe('trial minutes', () => {
  it('gives a new account the set minutes for transcription and meetings, and for dubbing', async () => {
    const before = Date.now();
    const { userId } = await signUpWithTrial('30');
    const rows = await balancesOf(userId);
    expect(rows.map(({ type, seconds }) => ({ type, seconds }))).toEqual([
      { type: 'dubbing', seconds: 1800 },
      { type: 'duration', seconds: 1800 },
    ]);
    // About a month to use them.
    for (const row of rows) expect(row.until).toBeGreaterThan(before + 29 * 86_400_000);
  });

  it('gives them once: signing in again with the trial still set adds nothing', async () => {
    const target = freshEmail();
    const password = 'trial-Pass-42';
    const { userId } = await signUpWithTrial('30', target, password);
    // Some of the trial used.
    await env.DB.prepare("UPDATE accounts SET remaining_seconds = 60 WHERE user_id = ? AND account_type = 'duration'").bind(userId).run();
    const again = await callWithTrial<{ user: { id: number } }>('30', '/prod-api/auth/c/doLogin', {
      username: target,
      password,
      captcha: await solveCaptcha(),
    });
    expect(again.data.user.id).toBe(userId);
    const duration = (await balancesOf(userId)).find((r) => r.type === 'duration');
    expect(duration?.seconds).toBe(60);
  });

  it('gives nothing when the operator set none', async () => {
    const { userId } = await signUp();
    expect(await balancesOf(userId)).toEqual([]);
    const zero = await signUpWithTrial('0');
    expect(await balancesOf(zero.userId)).toEqual([]);
  });

  it('gives a guest account none: the trial belongs to an account that can sign in again', async () => {
    const res = await callWithTrial<{ user: { id: number } }>('30', '/prod-api/auth/visitorlogin', { visitorId: `v-${crypto.randomUUID()}` });
    expect(res.code).toBe(200);
    expect(await balancesOf(res.data.user.id)).toEqual([]);
  });
});
