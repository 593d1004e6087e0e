import { describe, expect, it } from 'vitest';
import { codeFromOutbox, freshEmail, send, signUp } from './api';

/**
 * Every "prove you are you" step of a signed-in account shares the sign-in limits (worker/services/accounts/
 * lockout.ts): a stolen session must not be a way to guess the password, nor to try codes without end.
 */
let addresses = 0;
const freshIp = () => `203.0.113.${++addresses}`;

// Forty requests, five of them hashing a password: more than the default five seconds on a busy machine.
describe('proof limits', { timeout: 120_000 }, () => {
  it('changing the password: 40 wrong current passwords meet 429 after five, from any address, and the right one waits too', async () => {
    const { token } = await signUp(freshEmail(), 'first1234');
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      // A thief rotating addresses gets no more tries: the account is what is counted.
      const wrong = await send('/prod-api/system/updatePwd', { oldPassword: `guess${i}00`, newPassword: 'second123' }, { token, method: 'PUT', ip: freshIp() });
      statuses.push(wrong.status);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    const right = await send('/prod-api/system/updatePwd', { oldPassword: 'first1234', newPassword: 'second123' }, { token, method: 'PUT', ip: freshIp() });
    expect(right.status).toBe(429);
    expect(right.body.msg).toMatch(/15 minute/);
  });

  it('a right current password does not count against the account', async () => {
    const { token } = await signUp(freshEmail(), 'first1234');
    const ip = freshIp();
    for (let i = 0; i < 4; i++)
      expect((await send('/prod-api/system/updatePwd', { oldPassword: 'wrong1234', newPassword: 'second123' }, { token, method: 'PUT', ip })).status).toBe(400);
    expect((await send('/prod-api/system/updatePwd', { oldPassword: 'first1234', newPassword: 'second123' }, { token, method: 'PUT', ip })).status).toBe(200);
    expect((await send('/prod-api/system/updatePwd', { oldPassword: 'second123', newPassword: 'third1234' }, { token, method: 'PUT', ip })).status).toBe(200);
  });

  it('binding an email: wrong codes meet 429 after five, the sign-in limit', async () => {
    const { token } = await signUp();
    const target = freshEmail();
    await send('/prod-api/auth/c/getValidCode', { target });
    const real = await codeFromOutbox(target);
    const wrong = String((Number(real) + 1) % 1_000_000).padStart(6, '0');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await send('/prod-api/system/bindingAccount', { target, code: wrong }, { token, method: 'PUT', ip: freshIp() })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
  });
});
