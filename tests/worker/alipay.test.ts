import { runDurableObjectAlarm } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderObject } from '../../worker/services/payments/orders';
import { signUp } from './api';
import { FakeAlipay } from './fake-alipay';
import type { QrPayResponse } from '../../contracts/pay';
import { HOUR, bills, createPackage, deliver, durationItem, impostorKey, order, orderStatus, packageWithTexts, post } from './pay-helpers';

let alipay: FakeAlipay;
let warnings: string[];

beforeEach(() => {
  alipay = new FakeAlipay().install();
  warnings = [];
  vi.spyOn(console, 'warn').mockImplementation((line: string) => void warnings.push(JSON.parse(line).reason));
});
afterEach(() => vi.restoreAllMocks());

async function alipayOrder() {
  const user = await signUp();
  const pkg = await createPackage({ packageName: '2 hours of transcription' });
  const res = await order(user.token, { packageId: pkg.id, payPrice: 19.9, payType: 'aliPay' });
  expect(res.body.code).toBe(200);
  return { ...user, outTradeNo: res.body.data.outTradeNo, response: res.body.data };
}

describe('Alipay precreate', () => {
  it('precreates a signed order at the server’s price and shows its qr_code', async () => {
    const { outTradeNo, response } = await alipayOrder();
    expect(response.aliPayQRCode).toMatch(/^https:\/\/qr\.alipay\.com\/bax/);
    expect(alipay.trades.get(outTradeNo)).toMatchObject({
      total_amount: '19.90',
      subject: '2 hours of transcription',
      notify_url: 'http://tingyi.test/prod-api/pay/notify/aliPay',
    });
    expect(alipay.refused).toEqual([]);
  });

  it('gives the trade the package’s name in the payer’s language as its subject, else the name it was made with', async () => {
    const { token } = await signUp();
    const pkg = await packageWithTexts();
    const subject = async (locale: string) => {
      const res = await order(token, { packageId: pkg.id, payPrice: 19.9, payType: 'aliPay' }, undefined, locale);
      return alipay.trades.get(res.body.data.outTradeNo)!.subject;
    };
    expect(await subject('zh-CN')).toBe('两小时转写');
    expect(await subject('en-US')).toBe('Two hours of transcription');
    expect(await subject('zh-TW')).toBe('Operator hours');
    expect(alipay.refused).toEqual([]);
  });

  it('the fake refuses a request signed with another key, as Alipay does', async () => {
    const res = await fetch('https://openapi.alipay.com/gateway.do', {
      method: 'POST',
      body: new URLSearchParams({
        app_id: env.ALIPAY_APP_ID!,
        method: 'alipay.trade.query',
        charset: 'utf-8',
        sign_type: 'RSA2',
        version: '1.0',
        timestamp: '2026-01-01 10:00:00',
        biz_content: '{}',
        sign: 'AAAA',
      }),
    });
    expect(((await res.json()) as { alipay_trade_query_response: { sub_code: string } }).alipay_trade_query_response.sub_code).toBe('isv.invalid-signature');
  });

  it('credits once from the signed notification, however many times it comes, and answers "success"', async () => {
    const { token, outTradeNo } = await alipayOrder();
    alipay.pay(outTradeNo);
    const notification = await alipay.notification(outTradeNo);
    const answers = await Promise.all(Array.from({ length: 50 }, () => deliver(notification.clone())));
    expect(await Promise.all(answers.map((a) => a.text()))).toEqual(Array(50).fill('success'));
    expect((await orderStatus(token, outTradeNo)).body.code).toBe(200);
    expect(await durationItem(token)).toMatchObject({ remainingSeconds: 2 * HOUR });
    expect((await bills(token)).total).toBe(1);
  });

  it('refuses and logs forged, cheaper and foreign notifications', async () => {
    const { token, outTradeNo } = await alipayOrder();
    alipay.pay(outTradeNo);
    const notices = [
      await alipay.notification(outTradeNo, { signingKey: await impostorKey() }),
      await alipay.notification(outTradeNo, { totalAmount: '0.01' }),
      await alipay.notification(outTradeNo, { appId: '2021000000009999' }),
    ];
    for (const notice of notices) expect(await (await deliver(notice)).text()).toBe('failure');
    expect(warnings).toEqual(['badSignature', 'amountMismatch', 'malformed']);
    expect(await durationItem(token)).toMatchObject({ active: false });
  });

  it('the order’s alarm queries Alipay and credits a payment whose notification was lost', async () => {
    const { token, outTradeNo } = await alipayOrder();
    const stub = orderObject(env, outTradeNo);
    await runDurableObjectAlarm(stub);
    expect((await orderStatus(token, outTradeNo)).body.code).toBe(202);
    alipay.pay(outTradeNo);
    await runDurableObjectAlarm(stub);
    expect((await orderStatus(token, outTradeNo)).body.code).toBe(200);
    expect(await (await deliver(await alipay.notification(outTradeNo))).text()).toBe('success');
    expect((await bills(token)).total).toBe(1);
  });

  it('refuses to show a code from an answer Alipay did not sign', async () => {
    alipay.signingKey = await impostorKey();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = await signUp();
    const pkg = await createPackage();
    const res = await order(user.token, { packageId: pkg.id, payPrice: 19.9, payType: 'aliPay' });
    expect(res.status).toBe(503);
  });
});

describe('Alipay in a phone browser (getAliH5Pay)', () => {
  it('gives a signed wap.pay page; paying there credits the package once', async () => {
    const user = await signUp();
    const pkg = await createPackage();
    const res = await post<QrPayResponse>('/prod-api/expense/pay/getAliH5Pay', { packageId: pkg.id, payPrice: 19.9 }, user.token);
    expect(res.body.code).toBe(200);
    const { aliPayH5Url, outTradeNo } = res.body.data;
    expect(new URL(aliPayH5Url!).origin + new URL(aliPayH5Url!).pathname).toBe('https://openapi.alipay.com/gateway.do');
    expect(await alipay.openWapPage(aliPayH5Url!)).toBe('cashier');
    // A page whose price was edited on the way no longer carries Alipay-valid signature.
    expect(await alipay.openWapPage(aliPayH5Url!.replace('19.90', '0.01'))).toBe('invalid-signature');
    alipay.pay(outTradeNo);
    expect(await (await deliver(await alipay.notification(outTradeNo))).text()).toBe('success');
    expect(await durationItem(user.token)).toMatchObject({ remainingSeconds: 2 * HOUR });
  });

  it('is refused for a method without a phone page', async () => {
    const user = await signUp();
    const pkg = await createPackage();
    const res = await post('/prod-api/expense/pay/getAliH5Pay', { packageId: pkg.id, payPrice: 19.9, payType: 'wxV3Pay' }, user.token);
    expect(res.status).toBe(400);
  });
});
