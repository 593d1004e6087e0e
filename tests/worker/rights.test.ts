import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { AccountItem, Permissions } from '../../contracts/rights';
import { database } from '../../worker/db/client';
import { cardCodes, packages } from '../../worker/db/schema';
import { charge, check, checkGated } from '../../worker/services/rights';
import { get, send, signUp } from './api';

const db = database(env.DB);
const HOUR = 3600;

async function mintCard(pkg: Partial<typeof packages.$inferInsert> & { packageType: '1' | '2' | '3' | '5' }) {
  const [row] = await db
    .insert(packages)
    .values({ packageName: 'test', priceFen: 0, orgPriceFen: 0, validPeriod: 1, validPeriodUnit: 2, createdAt: Date.now(), ...pkg })
    .returning();
  const code = `CARD-${crypto.randomUUID()}`;
  await db.insert(cardCodes).values({ code, packageId: row!.id, createdAt: Date.now() });
  return code;
}

const redeem = (code: string, token: string) =>
  send<{ accounts: AccountItem[] }>(`/prod-api/expense/cardPassword/exchangeCardPassword/${encodeURIComponent(code)}`, {}, { token });
const item = (items: AccountItem[], type: string) => items.find((i) => i.accountType === type)!;

describe('card codes', () => {
  it('grants the package once, trimmed, and refuses reuse and unknown codes', async () => {
    const { token } = await signUp();
    const code = await mintCard({ packageType: '3', seconds: 10 * HOUR, validPeriod: 1, validPeriodUnit: 1 });
    const first = await redeem(`  ${code}  `, token);
    expect(first.body.code).toBe(200);
    expect(item(first.body.data.accounts, 'duration')).toMatchObject({ active: true, remainingSeconds: 10 * HOUR, operationString: 'Top up' });
    expect((await redeem(code, token)).body.msg).toBe('This card code has already been used.');
    expect((await redeem('NO-SUCH-CARD', token)).body.msg).toBe('This card code does not exist. Check it and try again.');
    const bills = await send<{ rows: { reference: string; packageType: string; channel: string; payType: string | null }[]; total: number }>(
      '/prod-api/expense/account/queryBuyRecord',
      { pageNum: 1, pageSize: 10 },
      { token },
    );
    expect(bills.body.data.total).toBe(1);
    // A redemption names the card, not a payment method.
    expect(bills.body.data.rows[0]).toMatchObject({ reference: code, packageType: '3', channel: 'card', payType: null });
  });

  it('gives exactly one success to 20 concurrent redemptions of one code', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => signUp()));
    const code = await mintCard({ packageType: '3', seconds: HOUR });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => redeem(code, users[i % 4]!.token)));
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
    const granted = await env.DB.prepare(
      "SELECT count(*) AS n, sum(remaining_seconds) AS s FROM accounts WHERE account_type = 'duration' AND user_id IN (?, ?, ?, ?)",
    )
      .bind(...users.map((u) => u.userId))
      .first<{ n: number; s: number }>();
    expect(granted).toEqual({ n: 1, s: HOUR });
  });

  it('buying SVIP extends an active VIP and unlocks SVIP permissions', async () => {
    const { token, userId } = await signUp();
    await redeem(await mintCard({ packageType: '2', validPeriod: 1, validPeriodUnit: 2 }), token);
    const vipBefore = (await db.query.accounts.findFirst({ where: (a, { and, eq }) => and(eq(a.userId, userId), eq(a.accountType, 'vip')) }))!.validUntil;
    const before = await send<Permissions>('/prod-api/expense/account/queryUserFunctionJudge', {}, { token });
    expect(before.body.data).toMatchObject({ recognitionCount: 2, translateCount: 2, screenCasting: false });
    await redeem(await mintCard({ packageType: '1', validPeriod: 1, validPeriodUnit: 2 }), token);
    const vipAfter = (await db.query.accounts.findFirst({ where: (a, { and, eq }) => and(eq(a.userId, userId), eq(a.accountType, 'vip')) }))!.validUntil;
    expect(vipAfter - vipBefore).toBeGreaterThanOrEqual(28 * 24 * 3600 * 1000);
    const after = await send<Permissions>('/prod-api/expense/account/queryUserFunctionJudge', {}, { token });
    expect(after.body.data).toEqual({
      recognitionCount: 10,
      translateCount: 4,
      proprietaryWords: true,
      translateGlossary: true,
      sensitiveWords: true,
      inviteMeeting: true,
      screenCasting: true,
    });
    const langs = await send('/prod-api/expense/rightsAddAuth/queryAuthLanguageByUserId', {}, { token });
    expect(langs.body.data).toEqual({ recognitionCount: 10, translateCount: 4 });
    const info = await get<{ memberLevel: string }>('/prod-api/auth/getUserInfo', token);
    expect(info.body.data.memberLevel).toBe('svip');
  });

  it('shows the four account items in the request language', async () => {
    const { token } = await signUp();
    const res = await send<AccountItem[]>('/prod-api/expense/account/queryAccountDetail', {}, { token });
    expect(res.body.data.map((i) => i.accountType)).toEqual(['vip', 'duration', 'dubbing', 'svip']);
    expect(res.body.data.every((i) => i.remarkString === 'Not activated' && i.operationString === 'Buy')).toBe(true);
  });

  it('never lets one user read another user’s account', async () => {
    const a = await signUp();
    const b = await signUp();
    const res = await send('/prod-api/expense/account/queryAccountDetail', { id: b.userId }, { token: a.token });
    expect(res.status).toBe(403);
    expect((await send('/prod-api/expense/account/queryUserFunctionJudge', {})).status).toBe(401);
  });
});

describe('quotas', () => {
  it('answers 92505000 with nothing bought, 92505003 for missing benefits', async () => {
    const { userId } = await signUp();
    await expect(check(db, userId, 'upload', 60)).rejects.toMatchObject({ code: 92505000 });
    await expect(check(db, userId, 'dubbing', 60)).rejects.toMatchObject({ code: 92505003 });
    await expect(checkGated(db, userId, 'screenCasting')).rejects.toMatchObject({ code: 92505003 });
  });

  it('uses the VIP daily allowance, then answers 92505001 when it is used up', async () => {
    const { token, userId } = await signUp();
    await redeem(await mintCard({ packageType: '2' }), token);
    expect(await check(db, userId, 'realtime', 2 * HOUR)).toBe('vip');
    await charge(env.DB, db, userId, 'realtime', 2 * HOUR, `meeting-${userId}-1`);
    await expect(check(db, userId, 'realtime', 2 * HOUR)).rejects.toMatchObject({ code: 92505001 });
    expect(await check(db, userId, 'realtime', HOUR)).toBe('vip');
    // A duration package takes over once the membership's day is used up.
    await redeem(await mintCard({ packageType: '3', seconds: 5 * HOUR }), token);
    expect(await check(db, userId, 'realtime', 2 * HOUR)).toBe('duration');
  });

  it('charges each piece of work once, however often it is reported', async () => {
    const { token, userId } = await signUp();
    await redeem(await mintCard({ packageType: '3', seconds: HOUR }), token);
    const ref = `upload-${userId}-a`;
    const results = await Promise.all([1, 2, 3].map(() => charge(env.DB, db, userId, 'upload', 600, ref)));
    expect(results.filter((r) => r.charged)).toHaveLength(1);
    const duration = await send<AccountItem[]>('/prod-api/expense/account/queryAccountDetail', {}, { token });
    expect(item(duration.body.data, 'duration').remainingSeconds).toBe(HOUR - 600);
    const costs = await send<{ total: number }>('/prod-api/expense/account/queryCostRecord', {}, { token });
    expect(costs.body.data.total).toBe(1);
    // The balance stops at zero even when finished work costs more than was left.
    await charge(env.DB, db, userId, 'upload', 2 * HOUR, `upload-${userId}-b`);
    const after = await send<AccountItem[]>('/prod-api/expense/account/queryAccountDetail', {}, { token });
    expect(item(after.body.data, 'duration').remainingSeconds).toBe(0);
  });

  it('paginates bills', async () => {
    const { token, userId } = await signUp();
    await redeem(await mintCard({ packageType: '3', seconds: 100 * HOUR }), token);
    for (let i = 0; i < 12; i++) await charge(env.DB, db, userId, 'upload', 60, `page-${userId}-${i}`);
    const page2 = await send<{ rows: unknown[]; total: number }>('/prod-api/expense/account/queryCostRecord', { pageNum: 2, pageSize: 5 }, { token });
    expect(page2.body.data.total).toBe(12);
    expect(page2.body.data.rows).toHaveLength(5);
    const page3 = await send<{ rows: unknown[] }>('/prod-api/expense/account/queryCostRecord', { pageNum: 3, pageSize: 5 }, { token });
    expect(page3.body.data.rows).toHaveLength(2);
  });
});
