import { runDurableObjectAlarm } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderObject } from '../../worker/services/payments/orders';
import { signUp } from './api';
import { FakePayPal } from './fake-paypal';
import { HOUR, bills, createPackage, deliver, durationItem, order, orderStatus, post } from './pay-helpers';

const WEBHOOK = 'https://tingyi.test/prod-api/pay/notify/paypalV2Pay';
let paypal: FakePayPal;
let warnings: string[];

beforeEach(() => {
  paypal = new FakePayPal().install();
  warnings = [];
  vi.spyOn(console, 'warn').mockImplementation((line: string) => void warnings.push(JSON.parse(line).reason));
});
afterEach(() => vi.restoreAllMocks());

async function paypalOrder() {
  const user = await signUp();
  const pkg = await createPackage();
  const res = await order(user.token, { packageId: pkg.id, payPrice: 19.9, payType: 'paypalV2Pay' }, 'https://tingyi.test');
  expect(res.body.code).toBe(200);
  const paypalOrderId = new URL(res.body.data.payPalPayHtml!).searchParams.get('token')!;
  return { ...user, outTradeNo: res.body.data.outTradeNo, paypalOrderId };
}
const payBack = (back: URL, token: string) =>
  post<{ status: string; outTradeNo: string }>(`/prod-api/expense/pay/paypalPayBack?${back.searchParams}`, {}, token);

describe('PayPal Orders v2', () => {
  it('creates an order at the server’s price whose approval page comes back to /paypalReturn with the order number', async () => {
    const { outTradeNo, paypalOrderId } = await paypalOrder();
    const created = paypal.orders.get(paypalOrderId)!;
    expect(created.amount).toEqual({ currency_code: 'CNY', value: '19.90' });
    expect(created.customId).toBe(outTradeNo);
    expect(created.returnUrl).toBe(`https://tingyi.test/paypalReturn?outTradeNo=${outTradeNo}`);
  });

  it('the fake refuses wrong client credentials, as PayPal does', async () => {
    const res = await fetch('https://api-m.paypal.com/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${btoa(`${env.PAYPAL_CLIENT_ID}:wrong`)}` },
      body: 'grant_type=client_credentials',
    });
    expect(res.status).toBe(401);
  });

  it('captures on the payer’s return and credits once, however often the return is replayed', async () => {
    const { token, outTradeNo, paypalOrderId } = await paypalOrder();
    const back = paypal.approve(paypalOrderId);
    expect(back.searchParams.get('outTradeNo')).toBe(outTradeNo);
    const first = await payBack(back, token);
    expect(first.body).toMatchObject({ code: 200, data: { status: 'paid', outTradeNo } });
    const again = await Promise.all(Array.from({ length: 10 }, () => payBack(back, token)));
    expect(again.every((r) => r.body.code === 200)).toBe(true);
    expect((await deliver(paypal.webhook(paypalOrderId, WEBHOOK))).status).toBe(200);
    expect(await durationItem(token)).toMatchObject({ remainingSeconds: 2 * HOUR });
    expect((await bills(token)).total).toBe(1);
  });

  it('an unapproved return captures nothing; another user cannot use the token', async () => {
    const { token, paypalOrderId } = await paypalOrder();
    const back = new URL(`https://tingyi.test/paypalReturn?token=${paypalOrderId}&PayerID=X`);
    expect((await payBack(back, token)).body.code).toBe(202);
    const other = await signUp();
    paypal.approve(paypalOrderId);
    expect((await payBack(back, other.token)).status).toBe(404);
    expect(await durationItem(other.token)).toMatchObject({ active: false });
  });

  it('refuses and logs a forged webhook; the alarm captures an approved order whose payer never came back, and the real webhook then changes nothing', async () => {
    const { token, outTradeNo, paypalOrderId } = await paypalOrder();
    paypal.approve(paypalOrderId);
    // Approved at PayPal, but the payer never came back here.
    const stub = orderObject(env, outTradeNo);
    const forged = paypal.webhook(paypalOrderId, WEBHOOK, true);
    expect((await deliver(forged)).status).toBe(400);
    expect(warnings).toEqual(['badSignature']);
    // The alarm finds the order approved and captures it.
    await runDurableObjectAlarm(stub);
    expect((await orderStatus(token, outTradeNo)).body.code).toBe(200);
    expect((await deliver(paypal.webhook(paypalOrderId, WEBHOOK))).status).toBe(200);
    expect((await bills(token)).total).toBe(1);
  });
});
