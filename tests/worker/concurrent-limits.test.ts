import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { call, codeFromOutbox, freshEmail, get, send, signUp, solveCaptcha } from './api';

/**
 * Every limit holds when its attempts arrive all at once: a burst larger than the cap gets no more than the
 * cap through, and the rest are told to wait. (A development Worker counts every request as one address.)
 */
const burst = <T>(count: number, attempt: (i: number) => Promise<T>) => Promise.all(Array.from({ length: count }, (_, i) => attempt(i)));
const tally = (results: { status: number }[]) => {
  const byStatus: Record<number, number> = {};
  for (const { status } of results) byStatus[status] = (byStatus[status] ?? 0) + 1;
  return byStatus;
};

// Bursts of 50 to 100 requests take a while on a busy machine./** Solved captchas, one after another: the burst is the sign-ins, not the pictures. */
async function captchaPasses(count: number) {
  const passes: string[] = [];
  for (let i = 0; i < count; i++) passes.push(await solveCaptcha());
  return passes;
}

describe('limits under concurrent attempts', { timeout: 120_000 }, () => {
  it('checks at most 5 concurrent wrong passwords for one account', async () => {
    const { target } = await signUp(freshEmail(), 'secret123');
    const passes = await captchaPasses(50);
    const results = await burst(50, (i) => send('/prod-api/auth/c/doLogin', { username: target, password: `wrong${i}xyz`, captcha: passes[i] }));
    expect(tally(results)).toEqual({ 400: 5, 429: 45 });
    expect(results.filter((r) => r.status === 400).every((r) => r.body.msg === 'The account or password is incorrect.')).toBe(true);
  });

  it('checks at most 30 concurrent wrong passwords from one address across accounts', async () => {
    const passes = await captchaPasses(50);
    const results = await burst(50, (i) => send('/prod-api/auth/c/doLogin', { username: freshEmail(), password: 'wrong1234', captcha: passes[i] }));
    expect(tally(results)).toEqual({ 400: 30, 429: 20 });
  });

  it('lets at most 60 sign-in attempts an hour from one address', async () => {
    const results = await burst(100, () => send('/prod-api/auth/c/doLoginByValidCode', { target: freshEmail(), code: '123456' }));
    expect(tally(results)).toEqual({ 400: 60, 429: 40 });
  });

  it('sends one code to an address however many requests arrive at once', async () => {
    const target = freshEmail();
    const results = await burst(50, () => send('/prod-api/auth/c/getValidCode', { target }));
    expect(tally(results)).toEqual({ 200: 1, 429: 49 });
    expect((await get<unknown[]>(`/prod-api/dev/outbox?to=${target}`)).body.data).toHaveLength(1);
  });

  it('sends at most 20 codes an hour from one address', async () => {
    const results = await burst(50, () => send('/prod-api/auth/c/getValidCode', { target: freshEmail() }));
    expect(tally(results)).toEqual({ 200: 20, 429: 30 });
  });

  it('compares at most 5 concurrent wrong tries against one code, then burns it', async () => {
    const target = freshEmail();
    await send('/prod-api/auth/c/getValidCode', { target });
    const code = await codeFromOutbox(target);
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const results = await burst(50, (i) => send('/prod-api/auth/c/doLoginByValidCode', { target, code: wrong(i) }));
    const messages = results.map((r) => r.body.msg);
    expect(messages.filter((m) => m === 'The verification code is incorrect.')).toHaveLength(5);
    expect(messages.filter((m) => m !== 'The verification code is incorrect.').every((m) => /expired/.test(m))).toBe(true);
    // The owner's right code no longer works either: the address has to ask for a new one.
    expect((await send('/prod-api/auth/c/doLoginByValidCode', { target, code })).body.code).toBe(400);
  });

  it('tries at most 10 concurrent card codes per account and 30 per address', async () => {
    const redeem = (token: string, i: number) => send(`/prod-api/expense/cardPassword/exchangeCardPassword/WRONG-${i}`, {}, { token });
    const one = await signUp();
    expect(tally(await burst(50, (i) => redeem(one.token, i)))).toEqual({ 400: 10, 429: 40 });
    await env.DB.prepare('DELETE FROM rate_limits').run();
    const six = await burst(6, () => signUp());
    expect(tally(await burst(60, (i) => redeem(six[i % 6]!.token, i)))).toEqual({ 400: 30, 429: 30 });
  });

  it('looks up at most 30 concurrent screen codes per address in 10 minutes', async () => {
    const results = await burst(50, (i) => call(`/prod-api/speech/meeting/getNetworkLink?shortCode=${String(800000 + i)}`));
    expect(tally(results)).toEqual({ 404: 30, 429: 20 });
  });

  it('draws at most 60 captcha pictures per address in 10 minutes', async () => {
    const before = (await env.DB.prepare('SELECT count(*) AS n FROM captchas').first<{ n: number }>())!.n;
    const results = await burst(100, () => get('/prod-api/auth/captcha'));
    expect(tally(results)).toEqual({ 200: 60, 429: 40 });
    expect((await env.DB.prepare('SELECT count(*) AS n FROM captchas').first<{ n: number }>())!.n - before).toBe(60);
  });
});
