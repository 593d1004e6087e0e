import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PackageCategory } from '../../contracts/pay';
import type { OrderState, PaymentOrder } from '../../durable-objects/PaymentOrder';
import { createApi } from '../../worker/app';
import { expense } from '../../worker/routes/expense';
import { signedDevNotification } from '../../worker/services/payments/development';
import { orderObject } from '../../worker/services/payments/orders';
import { eq } from 'drizzle-orm';
import { database } from '../../worker/db/client';
import { packageTexts, packages } from '../../worker/db/schema';
import { get, send, signUp } from './api';
import { HOUR, bills, createPackage, deliver, durationItem, order, orderStatus } from './pay-helpers';

const notify = (notification: { body: string; headers: Record<string, string> }) =>
  deliver(new Request('http://tingyi.test/prod-api/pay/notify/devPay', { method: 'POST', ...notification }));

/** A signed-in user with a pending development-provider order for a fresh 2-hour package at ¥19.90. */
async function pendingOrder() {
  const user = await signUp();
  const pkg = await createPackage();
  const res = await order(user.token, { packageId: pkg.id, payPrice: 19.9, payType: 'devPay', goodsName: pkg.packageName });
  expect(res.body.code).toBe(200);
  return { ...user, pkg, outTradeNo: res.body.data.outTradeNo, response: res.body.data };
}

const paid = (outTradeNo: string, amountFen = 1990, now = Date.now()) =>
  signedDevNotification({ outTradeNo, amountFen, transactionId: `DEV-${crypto.randomUUID()}` }, now);

afterEach(() => vi.restoreAllMocks());
const db = database(env.DB);
/** The expense area on the production error handling, for requests with bindings of the test's choosing. */
const expenseApp = createApi().route('/', expense);

describe('packages', () => {
  it('lists the default packages in four category tabs with their rights, in the request language', async () => {
    const { token } = await signUp();
    const res = await call('/prod-api/expense/package/queryCommonPricePackage', token, 'zh-CN');
    const categories = res.body.data;
    expect(categories.map((c) => c.packageType)).toEqual(['2', '3', '5', '1']);
    expect(categories.map((c) => c.desc)).toEqual(['VIP会员', '时长', '智能配音', 'SVIP会员']);
    const hours10 = categories[1]!.packageList.find((p) => p.packageName === '转写时长 10 小时')!;
    expect(hours10).toMatchObject({ price: 39, orgPrice: 59, seconds: 36000, validPeriod: 1, validPeriodUnit: 1 });
    expect(hours10.rights[0]).toBe('10 小时转写与同传时长');
    expect(categories[3]!.packageList[0]!.rights).toContain('自定义词库、翻译术语与敏感词');
    const only = await send<PackageCategory[]>('/prod-api/expense/package/queryCommonPricePackage', { packageType: '5' }, { token });
    expect(only.body.data.map((c) => c.packageType)).toEqual(['5']);
  });

  it('names and describes every default package in the request language; a package without texts keeps its own name', async () => {
    const { token } = await signUp();
    const own = await createPackage({ packageName: 'Operator hours', priceFen: 1 });
    const hours = async (locale: string) => {
      const list = (await call('/prod-api/expense/package/queryCommonPricePackage', token, locale)).body.data[1]!.packageList;
      return list.map((p) => [p.packageName, p.description]);
    };
    expect(await hours('zh-CN')).toEqual([
      ['Operator hours', ''],
      ['转写时长 10 小时', '按时长计费，一年内用完即可'],
      ['转写时长 50 小时', '大量转写，每小时更便宜'],
    ]);
    expect(await hours('zh-TW')).toEqual([
      ['Operator hours', ''],
      ['轉寫時長 10 小時', '按時長計費，一年內用完即可'],
      ['轉寫時長 50 小時', '大量轉寫，每小時更便宜'],
    ]);
    expect(await hours('en-US')).toEqual([
      ['Operator hours', ''],
      ['10 hours of transcription', 'Pay for the time you use, within a year'],
      ['50 hours of transcription', 'For heavy use, a lower price per hour'],
    ]);
    await db.delete(packages).where(eq(packages.id, own.id));
  });

  it('bills name the package in the request language and the method it was paid with', async () => {
    const { token, pkg, outTradeNo } = await pendingOrder();
    await db.insert(packageTexts).values([
      { packageId: pkg.id, locale: 'zh-CN', name: '两小时转写', description: '' },
      { packageId: pkg.id, locale: 'en-US', name: 'Two hours', description: '' },
    ]);
    expect((await notify(await paid(outTradeNo))).status).toBe(200);
    const page = (locale: string) =>
      exports.default
        .fetch(
          new Request('http://tingyi.test/prod-api/expense/account/queryBuyRecord', {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'accept-language': locale },
            body: '{}',
          }),
        )
        .then(async (r) => ((await r.json()) as { data: { rows: { packageName: string; channel: string; payType: string }[] } }).data.rows);
    expect(await page('zh-CN')).toMatchObject([{ packageName: '两小时转写', channel: 'pay', payType: 'devPay' }]);
    expect(await page('en-US')).toMatchObject([{ packageName: 'Two hours', payType: 'devPay' }]);
    // No Traditional Chinese text: the package's own name.
    expect(await page('zh-TW')).toMatchObject([{ packageName: 'Test hours', payType: 'devPay' }]);
  });

  it('offers the configured providers, and the development one in development', async () => {
    const { token } = await signUp();
    // The test Worker has settings for every provider (vitest.config.ts).
    expect((await get<string[]>('/prod-api/expense/pay/methods', token)).body.data).toEqual(['wxV3Pay', 'aliPay', 'paypalV2Pay', 'devPay']);
  });
});

function call(path: string, token: string, locale: string) {
  return exports.default
    .fetch(
      new Request(`http://tingyi.test${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'accept-language': locale },
        body: '{}',
      }),
    )
    .then(async (r) => ({ status: r.status, body: (await r.json()) as { code: number; msg: string; data: PackageCategory[] } }));
}

describe('meeting packages and rights', () => {
  it('lists the packages a meeting can use, the rights picture, and judges whether a meeting may start', async () => {
    const { token, userId } = await signUp();
    const meeting = await send<PackageCategory[]>('/prod-api/expense/package/queryMeetingPricePackage', {}, { token });
    expect(meeting.body.data.map((c) => c.packageType)).toEqual(['2', '3', '1']);
    expect((await get<{ rightsPictureUrl: string }>('/prod-api/expense/package/queryRightsPictureUrl', token)).body.data).toEqual({ rightsPictureUrl: '' });

    const refused = await send('/prod-api/expense/cost/meetingRightsJudge', { duration: 600 }, { token });
    expect(refused.body).toMatchObject({ code: 92505000, msg: 'Insufficient balance. Please buy a package or recharge.' });
    await env.DB.prepare("INSERT INTO accounts (user_id, account_type, valid_until, remaining_seconds) VALUES (?, 'duration', ?, 3600)")
      .bind(userId, Date.now() + 86_400_000)
      .run();
    expect((await send('/prod-api/expense/cost/meetingRightsJudge', { duration: 600 }, { token })).body).toMatchObject({
      code: 200,
      data: { accountType: 'duration' },
    });
    expect((await send('/prod-api/expense/cost/meetingRightsJudge', { duration: 7200 }, { token })).body.code).toBe(92505000);
    expect((await send('/prod-api/expense/cost/meetingRightsJudge', {})).status).toBe(401);
  });
});

describe('pay orders', () => {
  it('charges the server’s price: a different payPrice, an unknown package or an unconfigured method is refused', async () => {
    const { token } = await signUp();
    const pkg = await createPackage();
    const cheaper = await order(token, { packageId: pkg.id, payPrice: 0.01, payType: 'devPay' });
    expect(cheaper.status).toBe(409);
    expect(cheaper.body.msg).toBe('The price of this package is now ¥19.90. Reload the list and try again.');
    expect((await order(token, { packageId: 999_999, payPrice: 1, payType: 'devPay' })).status).toBe(404);
    // A deployment without WeChat Pay settings neither offers nor accepts it.
    const unconfigured = { ...env, WECHAT_PAY_MCH_ID: '', ALIPAY_APP_ID: '', PAYPAL_CLIENT_ID: '' };
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const methods = await expenseApp.request('http://tingyi.test/prod-api/expense/pay/methods', { headers }, unconfigured);
    expect(((await methods.json()) as { data: string[] }).data).toEqual(['devPay']);
    const wechat = await expenseApp.request(
      'http://tingyi.test/prod-api/expense/pay/getQrPay',
      { method: 'POST', headers, body: JSON.stringify({ packageId: pkg.id, payPrice: 19.9, payType: 'wxV3Pay' }) },
      unconfigured,
    );
    expect(((await wechat.json()) as { msg: string }).msg).toBe('This payment method is not available. Choose another one.');
    expect((await order(token, { packageId: pkg.id, payPrice: 19.9, payType: 'bitcoin' })).status).toBe(400);
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM pay_orders WHERE package_id = ?').bind(pkg.id).first<{ n: number }>();
    expect(rows!.n).toBe(0);
  });

  it('walks the development provider: pending, the confirm page, paid and credited once', async () => {
    const { token, outTradeNo, response } = await pendingOrder();
    expect(response.devPayUrl).toBe(`http://tingyi.test/prod-api/dev/pay/${outTradeNo}`);
    expect(response.weChatQRCode).toBeNull();
    const pending = await orderStatus(token, outTradeNo);
    expect(pending.body).toMatchObject({ code: 202, msg: 'Waiting for payment.', data: { status: 'pending' } });

    const page = await exports.default.fetch(new Request(response.devPayUrl!));
    const text = await page.text();
    expect(text).toContain('Development payment');
    expect(text).toContain('¥19.90');
    const confirm = await exports.default.fetch(new Request(response.devPayUrl!, { method: 'POST', redirect: 'manual' }));
    expect(confirm.status).toBe(303);
    expect(await (await exports.default.fetch(new Request(response.devPayUrl!))).text()).toContain('Paid. You can return to Tingyi.');

    expect((await orderStatus(token, outTradeNo)).body).toMatchObject({ code: 200, data: { status: 'paid' } });
    expect(await durationItem(token)).toMatchObject({ active: true, remainingSeconds: 2 * HOUR });
    expect(await bills(token)).toMatchObject({ total: 1, rows: [{ reference: outTradeNo, amountFen: 1990, channel: 'pay', payType: 'devPay' }] });
  });

  it('credits once under 50 duplicate notifications racing the order’s own poll', async () => {
    const { token, outTradeNo } = await pendingOrder();
    const notification = await paid(outTradeNo);
    const stub = orderObject(env, outTradeNo);
    const confirmed = { outTradeNo, amountFen: 1990, providerRef: 'POLLED' };
    const [answers, polls] = await Promise.all([
      Promise.all(Array.from({ length: 50 }, () => notify(notification))),
      // What the alarm does when a provider's query says paid.
      Promise.all(Array.from({ length: 5 }, () => stub.settle(confirmed))),
    ]);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(polls.every((p) => p === 'credited' || p === 'duplicate')).toBe(true);
    expect(polls.filter((p) => p === 'credited').length).toBeLessThanOrEqual(1);
    expect(await durationItem(token)).toMatchObject({ remainingSeconds: 2 * HOUR });
    expect((await bills(token)).total).toBe(1);
    const row = await env.DB.prepare('SELECT status FROM pay_orders WHERE out_trade_no = ?').bind(outTradeNo).first<{ status: string }>();
    expect(row!.status).toBe('paid');
  });

  it('refuses and logs a notification for another amount, a forged signature and a stale replay', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { token, outTradeNo } = await pendingOrder();
    expect((await notify(await paid(outTradeNo, 1))).status).toBe(400);
    const genuine = await paid(outTradeNo);
    const forged = { ...genuine, body: genuine.body.replace('"amountFen":1990', '"amountFen":1990,"x":1') };
    expect((await notify(forged)).status).toBe(400);
    expect((await notify({ ...genuine, headers: { ...genuine.headers, 'x-tingyi-dev-signature': 'ab'.repeat(32) } })).status).toBe(400);
    expect((await notify(await paid(outTradeNo, 1990, Date.now() - 10 * 60_000))).status).toBe(400);
    const reasons = warn.mock.calls.map(([line]) => JSON.parse(String(line)).reason);
    expect(reasons).toEqual(['amountMismatch', 'badSignature', 'badSignature', 'stale']);
    expect((await orderStatus(token, outTradeNo)).body.code).toBe(202);
    expect(await durationItem(token)).toMatchObject({ active: false, remainingSeconds: 0 });
    expect((await bills(token)).total).toBe(0);
  });

  it('never shows one user’s order to another', async () => {
    const { outTradeNo } = await pendingOrder();
    const other = await signUp();
    const res = await orderStatus(other.token, outTradeNo);
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe('No such order.');
    expect((await orderStatus(other.token, 'TY00000000000000nothing')).body.msg).toBe('No such order.');
    expect((await send(`/prod-api/expense/pay/getPayRechargeStatus/${outTradeNo}`, {})).status).toBe(401);
  });

  it('expires an unpaid order on its alarm; a later payment credits nothing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { token, outTradeNo } = await pendingOrder();
    const stub = orderObject(env, outTradeNo) as DurableObjectStub<PaymentOrder>;
    // Bring the expiry to now rather than waiting 15 minutes; the alarm then does what it does at expiry.
    await runInDurableObject(stub, async (_instance, state) => {
      const stored = (await state.storage.get<OrderState>('order'))!;
      await state.storage.put('order', { ...stored, expiresAt: Date.now() - 1 });
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const expired = await orderStatus(token, outTradeNo);
    expect(expired.status).toBe(410);
    expect(expired.body.msg).toBe('This order has expired. Choose the package again for a new code.');
    expect((await notify(await paid(outTradeNo))).status).toBe(400);
    expect(await durationItem(token)).toMatchObject({ active: false });
  });
});
