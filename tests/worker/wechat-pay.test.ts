import { runDurableObjectAlarm } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT } from '../../contracts/constants';
import type { QrPayResponse } from '../../contracts/pay';
import { createApi } from '../../worker/app';
import { expense } from '../../worker/routes/expense';
import { orderObject } from '../../worker/services/payments/orders';
import { rsaSign, rsaVerify } from '../../worker/services/payments/rsa';
import { signUp } from './api';
import { FakeWechatPay } from './fake-wechatpay';
import { HOUR, bills, createPackage, deliver, durationItem, impostorKey, order, orderStatus, packageWithTexts } from './pay-helpers';

const HTTPS = 'https://tingyi.test';
let wechat: FakeWechatPay;
let warnings: string[];

beforeEach(() => {
  wechat = new FakeWechatPay().install();
  warnings = [];
  vi.spyOn(console, 'warn').mockImplementation((line: string) => void warnings.push(JSON.parse(line).reason));
});
afterEach(() => vi.restoreAllMocks());

/** A user with a WeChat Pay Native order for a fresh ¥19.90 package. */
async function wechatOrder() {
  const user = await signUp();
  const pkg = await createPackage({ packageName: '2 hours of transcription' });
  const res = await order(user.token, { packageId: pkg.id, payPrice: 19.9, payType: 'wxV3Pay' }, HTTPS);
  expect(res.body.code).toBe(200);
  return { ...user, outTradeNo: res.body.data.outTradeNo, response: res.body.data };
}

describe('WeChat Pay v3 Native', () => {
  it('places a signed Native order at the server’s price and shows its code_url as the QR code', async () => {
    const { outTradeNo, response } = await wechatOrder();
    expect(response.weChatQRCode).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(response.devPayUrl).toBeNull();
    const placed = wechat.orders.get(outTradeNo)!;
    expect(placed.tx.amount).toEqual({ total: 1990, currency: 'CNY' });
    expect(placed.notifyUrl).toBe('https://tingyi.test/prod-api/pay/notify/wxV3Pay');
    expect(placed.description).toBe('2 hours of transcription');
    expect(Date.parse(placed.timeExpire) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(wechat.refused).toEqual([]);
  });

  it('describes the order with the package’s name in the payer’s language, else the name it was made with', async () => {
    const { token } = await signUp();
    const pkg = await packageWithTexts();
    const description = async (locale: string) => {
      const res = await order(token, { packageId: pkg.id, payPrice: 19.9, payType: 'wxV3Pay' }, HTTPS, locale);
      return wechat.orders.get(res.body.data.outTradeNo)!.description;
    };
    expect(await description('zh-CN')).toBe('两小时转写');
    expect(await description('en-US,en;q=0.9')).toBe('Two hours of transcription');
    expect(await description('zh-TW')).toBe('Operator hours');
    expect(wechat.refused).toEqual([]);
  });

  it('the fake refuses a request signed with another key, as WeChat Pay does', async () => {
    const pem = await impostorKey();
    const timestamp = String(Math.floor(Date.now() / 1000));
    const path = '/v3/pay/transactions/out-trade-no/TY123456?mchid=1900000109';
    const signature = await rsaSign(pem, `GET\n${path}\n${timestamp}\nN1\n\n`);
    const res = await fetch(`https://api.mch.weixin.qq.com${path}`, {
      headers: {
        authorization: `WECHATPAY2-SHA256-RSA2048 mchid="1900000109",nonce_str="N1",signature="${signature}",timestamp="${timestamp}",serial_no="${env.WECHAT_PAY_MCH_SERIAL}"`,
      },
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe('SIGN_ERROR');
  });

  it('credits once from the signed, encrypted notification, however many times it comes', async () => {
    const { token, outTradeNo } = await wechatOrder();
    wechat.pay(outTradeNo);
    const notification = await wechat.notification(outTradeNo);
    const answers = await Promise.all(Array.from({ length: 50 }, () => deliver(notification.clone())));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(204));
    expect((await orderStatus(token, outTradeNo)).body.code).toBe(200);
    expect(await durationItem(token)).toMatchObject({ active: true, remainingSeconds: 2 * HOUR });
    expect((await bills(token)).total).toBe(1);
  });

  it('refuses and logs forged, tampered and stale notifications, crediting nothing', async () => {
    const { token, outTradeNo } = await wechatOrder();
    wechat.pay(outTradeNo);
    const forged = await wechat.notification(outTradeNo, { signingKey: await impostorKey() });
    const wrongKey = await wechat.notification(outTradeNo, { apiV3Key: 'b'.repeat(32) });
    const cheaper = await wechat.notification(outTradeNo, { total: 1 });
    const stale = await wechat.notification(outTradeNo, { at: Date.now() - 10 * 60_000 });
    const swapped = await wechat.notification(outTradeNo);
    const tamperedBody = (await swapped.text()).replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCESS ');
    const tampered = new Request(swapped.url, { method: 'POST', headers: swapped.headers, body: tamperedBody });
    for (const notice of [forged, wrongKey, cheaper, stale, tampered]) {
      const answer = await deliver(notice);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ code: 'FAIL' });
    }
    expect(warnings).toEqual(['badSignature', 'undecryptable', 'amountMismatch', 'stale', 'badSignature']);
    expect((await orderStatus(token, outTradeNo)).body.code).toBe(202);
    expect(await durationItem(token)).toMatchObject({ active: false });
  });

  it('the order’s alarm polls WeChat Pay and credits a payment whose notification was lost; a late one credits nothing more', async () => {
    const { token, outTradeNo } = await wechatOrder();
    const stub = orderObject(env, outTradeNo);
    expect(await runDurableObjectAlarm(stub)).toBe(true); // NOTPAY: polls again later
    expect((await orderStatus(token, outTradeNo)).body.code).toBe(202);
    wechat.pay(outTradeNo);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await orderStatus(token, outTradeNo)).body.code).toBe(200);
    expect((await deliver(await wechat.notification(outTradeNo))).status).toBe(204);
    expect(await durationItem(token)).toMatchObject({ remainingSeconds: 2 * HOUR });
    expect((await bills(token)).total).toBe(1);
  });

  it('refuses to show a code from an answer WeChat Pay did not sign', async () => {
    const user = await signUp();
    const pkg = await createPackage();
    wechat.signingKey = await impostorKey();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await order(user.token, { packageId: pkg.id, payPrice: 19.9, payType: 'wxV3Pay' }, HTTPS);
    expect(res.status).toBe(503);
    expect(res.body.msg).toBe('The payment service did not answer. Try again in a moment or choose another method.');
  });
});

describe('WeChat Pay inside WeChat (JSAPI)', () => {
  const withAccount = { ...env, WECHAT_MP_APP_ID: env.WECHAT_PAY_APP_ID, WECHAT_MP_APP_SECRET: FakeWechatPay.MP_SECRET };
  const payApi = createApi().route('/', expense);
  const call = async <T>(path: string, token: string, init: RequestInit = {}) => {
    const res = await payApi.request(
      `https://tingyi.test/prod-api${path}`,
      { ...init, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } },
      withAccount,
    );
    return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: T } };
  };

  it('turns the authorisation code into the openid, then places a JSAPI order whose paySign verifies', async () => {
    const { token } = await signUp();
    const pkg = await createPackage();
    const { code, openid } = wechat.authorize();
    const found = await call<{ openid: string; appid: string }>(`/expense/pay/getOpenId?code=${code}`, token);
    expect(found.body.data).toEqual({ openid, appid: env.WECHAT_PAY_APP_ID });
    expect((await call(`/expense/pay/getOpenId?code=${code}`, token)).body.msg).toBe(
      'WeChat did not confirm who you are. Open the payment page from WeChat again.',
    );

    const res = await call<QrPayResponse>('/expense/pay/getJsApiPay', token, {
      method: 'POST',
      body: JSON.stringify({ packageId: pkg.id, payPrice: 19.9, openId: openid }),
    });
    expect(res.body.code).toBe(200);
    const p = res.body.data.jsApiParams!;
    expect(p).toMatchObject({ appId: env.WECHAT_PAY_APP_ID, signType: 'RSA' });
    expect(p.package).toMatch(/^prepay_id=wx/);
    expect(await rsaVerify(env.FAKE_WECHAT_PAY_MERCHANT_PUBLIC_KEY, `${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`, p.paySign)).toBe(true);
    expect(wechat.orders.get(res.body.data.outTradeNo)!.tx.amount.total).toBe(1990);
  });

  it("sends the payer through WeChat's silent authorisation back to a page of this site only", async () => {
    const { token } = await signUp();
    const back = 'https://tingyi.test/recordList?tab=2';
    const res = await call<{ url: string }>(`/expense/pay/wechatAuthorizeUrl?redirect=${encodeURIComponent(back)}`, token);
    const url = new URL(res.body.data.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: env.WECHAT_PAY_APP_ID,
      redirect_uri: back,
      response_type: 'code',
      scope: 'snsapi_base',
      state: PAYMENT.wechatAuthorizeState,
    });
    expect(url.hash).toBe('#wechat_redirect');
    const elsewhere = await call(`/expense/pay/wechatAuthorizeUrl?redirect=${encodeURIComponent('https://evil.test/steal')}`, token);
    expect(elsewhere.status).toBe(400);
    // Without the official account as the paying app there is no JSAPI to authorise for.
    const plain = await createApi()
      .route('/', expense)
      .request(
        `https://tingyi.test/prod-api/expense/pay/wechatAuthorizeUrl?redirect=${encodeURIComponent(back)}`,
        { headers: { authorization: `Bearer ${token}` } },
        env,
      );
    expect(plain.status).toBe(400);
  });

  it('WeChat refuses a JSAPI order for an openid it never issued', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { token } = await signUp();
    const pkg = await createPackage();
    const res = await call('/expense/pay/getJsApiPay', token, {
      method: 'POST',
      body: JSON.stringify({ packageId: pkg.id, payPrice: 19.9, openId: 'o-someone-else' }),
    });
    expect(res.status).toBe(503);
  });
});
