import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { Code } from '../../contracts/errors';
import { database } from '../../worker/db/client';
import { ApiError } from '../../worker/lib/errors';
import { forgetFailures, limitAddress, passwordAccepted, takePasswordTry } from '../../worker/services/accounts/lockout';

/** The sign-in lockout policy on its own, against the real D1 counters (spec §7 Auth: lockout per account and address). */
const db = database(env.DB);
let addresses = 0;
const freshIp = () => `198.51.100.${++addresses}`;

async function refusal(attempt: Promise<unknown>) {
  const error = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** `count` wrong passwords for `name` from `ip`: each takes its try and never gives it back. */
async function fail(name: string, ip: string, count: number) {
  for (let i = 0; i < count; i++) await takePasswordTry(db, name, ip);
}

describe('password lockout', () => {
  it('locks a name after five wrong passwords from one address, however the name is typed', async () => {
    const ip = freshIp();
    await fail('Ann@Example.test', ip, 5);
    const locked = await refusal(takePasswordTry(db, '  ann@example.TEST ', ip));
    expect(locked.code).toBe(Code.TOO_MANY_REQUESTS);
    expect(locked.key).toBe('accountLocked');
    expect(locked.params.minutes).toBe(15);
  });

  it('leaves the owner at another address signed in, and other names at the same address', async () => {
    const ip = freshIp();
    await fail('bob', ip, 5);
    await expect(takePasswordTry(db, 'bob', freshIp())).resolves.toMatchObject({ name: 'bob' });
    await expect(takePasswordTry(db, 'carol', ip)).resolves.toMatchObject({ name: 'carol' });
  });

  it('forgets earlier failures once the right password is given, and once the lock is lifted', async () => {
    const ip = freshIp();
    await fail('dan', ip, 4);
    await passwordAccepted(db, await takePasswordTry(db, 'dan', ip));
    await fail('dan', ip, 5);
    expect((await refusal(takePasswordTry(db, 'dan', ip))).key).toBe('accountLocked');
    await forgetFailures(db, 'DAN', ip);
    await expect(takePasswordTry(db, 'dan', ip)).resolves.toMatchObject({ name: 'dan' });
  });

  it('caps one address at thirty wrong passwords across every name it tries', async () => {
    const ip = freshIp();
    for (let i = 0; i < 6; i++) await fail(`guess${i}`, ip, 5);
    expect((await refusal(takePasswordTry(db, 'someone-new', ip))).key).toBe('accountLocked');
  });
});

describe('per-address caps', () => {
  it('refuses a 61st captcha picture within ten minutes with the seconds to wait', async () => {
    const ip = freshIp();
    for (let i = 0; i < 60; i++) await limitAddress(db, ip, 'captcha');
    const refused = await refusal(limitAddress(db, ip, 'captcha'));
    expect(refused.code).toBe(Code.TOO_MANY_REQUESTS);
    expect(refused.key).toBe('tooManyRequests');
    expect(refused.params.seconds).toBeGreaterThan(0);
    expect(refused.params.seconds).toBeLessThanOrEqual(600);
    // Each action has its own count.
    await expect(limitAddress(db, ip, 'login')).resolves.toBeUndefined();
  });
});
