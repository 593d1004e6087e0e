import { env } from 'cloudflare:workers';
import { vi } from 'vitest';
import { toBase64 } from '../../worker/lib/encoding';
import { randomHex, rsaSign, rsaVerify } from '../../worker/services/payments/rsa';
import { WECHAT_OAUTH_TOKEN, WECHAT_PAY_BASE } from '../../worker/services/payments/wechat';

/**
 * FakeWechatPay: stands in for WeChat Pay API v3, which cannot be reached from here. It follows the
 * documented contract: requests must carry a valid `WECHATPAY2-SHA256-RSA2048` Authorization (merchant id,
 * certificate serial, a signature over method, path, timestamp, nonce and body made with the merchant's
 * key, a timestamp within 5 minutes) or get 401 SIGN_ERROR; Native orders are checked field by field; every
 * answer is signed with the platform key (Wechatpay-Timestamp/Nonce/Signature/Serial); a payment produces
 * the TRANSACTION.SUCCESS notification with its resource encrypted by AEAD_AES_256_GCM under the APIv3 key.
 */
interface Transaction {
  appid: string;
  mchid: string;
  out_trade_no: string;
  transaction_id?: string;
  trade_state: 'NOTPAY' | 'SUCCESS' | 'CLOSED';
  trade_state_desc: string;
  amount: { total: number; payer_total?: number; currency: 'CNY' };
  success_time?: string;
}

export class FakeWechatPay {
  readonly orders = new Map<string, { tx: Transaction; notifyUrl: string; description: string; timeExpire: string }>();
  /** Requests refused for their signature, for tests that check the Worker never sends one. */
  readonly refused: string[] = [];
  /** The key answers are signed with; a test swaps in an impostor's to see them refused. */
  signingKey = env.FAKE_WECHAT_PAY_PRIVATE_KEY;

  install() {
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      if (request.url.startsWith(WECHAT_OAUTH_TOKEN)) return this.oauth(new URL(request.url));
      return request.url.startsWith(WECHAT_PAY_BASE) ? this.handle(request) : realFetch(input, init);
    });
    return this;
  }

  async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const pathWithQuery = url.pathname + url.search;
    const body = await request.text();
    if (!(await this.authorised(request, pathWithQuery, body))) {
      this.refused.push(pathWithQuery);
      return this.reply(401, { code: 'SIGN_ERROR', message: '签名错误' });
    }
    if (request.method === 'POST' && url.pathname === '/v3/pay/transactions/native') return this.place(JSON.parse(body) as Record<string, unknown>, 'native');
    if (request.method === 'POST' && url.pathname === '/v3/pay/transactions/jsapi') return this.place(JSON.parse(body) as Record<string, unknown>, 'jsapi');
    const query = url.pathname.match(/^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/);
    if (request.method === 'GET' && query) {
      const order = this.orders.get(decodeURIComponent(query[1]!));
      if (url.searchParams.get('mchid') !== env.WECHAT_PAY_MCH_ID) return this.reply(400, { code: 'PARAM_ERROR', message: 'mchid' });
      return order ? this.reply(200, order.tx) : this.reply(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
    }
    return this.reply(404, { code: 'NOT_FOUND', message: pathWithQuery });
  }

  private async authorised(request: Request, pathWithQuery: string, body: string) {
    const header = request.headers.get('authorization') ?? '';
    if (!header.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return false;
    const p = Object.fromEntries([...header.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
    if (p.mchid !== env.WECHAT_PAY_MCH_ID || p.serial_no !== env.WECHAT_PAY_MCH_SERIAL || !p.nonce_str || !p.timestamp || !p.signature) return false;
    if (Math.abs(Date.now() / 1000 - Number(p.timestamp)) > 300) return false;
    return rsaVerify(env.FAKE_WECHAT_PAY_MERCHANT_PUBLIC_KEY, `${request.method}\n${pathWithQuery}\n${p.timestamp}\n${p.nonce_str}\n${body}\n`, p.signature);
  }

  private place(o: Record<string, unknown>, kind: 'native' | 'jsapi') {
    const amount = o.amount as { total?: unknown; currency?: unknown } | undefined;
    const openid = (o.payer as { openid?: unknown } | undefined)?.openid;
    const valid =
      (kind === 'native' || (typeof openid === 'string' && this.openIds.has(openid))) &&
      o.appid === env.WECHAT_PAY_APP_ID &&
      o.mchid === env.WECHAT_PAY_MCH_ID &&
      typeof o.description === 'string' &&
      o.description.length >= 1 &&
      o.description.length <= 127 &&
      typeof o.out_trade_no === 'string' &&
      /^[A-Za-z0-9_\-|*]{6,32}$/.test(o.out_trade_no) &&
      typeof o.notify_url === 'string' &&
      o.notify_url.startsWith('https://') &&
      (o.time_expire === undefined || /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/.test(String(o.time_expire))) &&
      Number.isInteger(amount?.total) &&
      Number(amount?.total) >= 1 &&
      (amount?.currency ?? 'CNY') === 'CNY';
    if (!valid) return this.reply(400, { code: 'PARAM_ERROR', message: '参数错误' });
    const outTradeNo = o.out_trade_no as string;
    if (this.orders.has(outTradeNo)) return this.reply(400, { code: 'OUT_TRADE_NO_USED', message: '商户订单号重复' });
    this.orders.set(outTradeNo, {
      tx: {
        appid: env.WECHAT_PAY_APP_ID!,
        mchid: env.WECHAT_PAY_MCH_ID!,
        out_trade_no: outTradeNo,
        trade_state: 'NOTPAY',
        trade_state_desc: '订单未支付',
        amount: { total: Number(amount!.total), currency: 'CNY' },
      },
      notifyUrl: o.notify_url as string,
      description: o.description as string,
      timeExpire: String(o.time_expire),
    });
    return this.reply(200, kind === 'native' ? { code_url: `weixin://wxpay/bizpayurl?pr=${randomHex(5)}` } : { prepay_id: `wx${randomHex(14)}` });
  }

  /** The official account's web authorisation: a person who opened its OAuth page in WeChat gets a one-time code. */
  private readonly codes = new Map<string, string>();
  readonly openIds = new Set<string>();
  authorize(openid = `o${randomHex(13)}`) {
    const code = randomHex(16);
    this.codes.set(code, openid);
    this.openIds.add(openid);
    return { code, openid };
  }

  /** sns/oauth2/access_token: right app id and secret, a code used once. */
  private oauth(url: URL) {
    const p = url.searchParams;
    const openid = this.codes.get(p.get('code') ?? '');
    if (p.get('appid') !== env.WECHAT_PAY_APP_ID || p.get('secret') !== FakeWechatPay.MP_SECRET || p.get('grant_type') !== 'authorization_code') {
      return Response.json({ errcode: 40125, errmsg: 'invalid appsecret' });
    }
    if (!openid) return Response.json({ errcode: 40029, errmsg: 'invalid code' });
    this.codes.delete(p.get('code')!);
    return Response.json({ access_token: randomHex(16), expires_in: 7200, refresh_token: randomHex(16), openid, scope: 'snsapi_base' });
  }
  /** The official account's AppSecret the test configures alongside WeChat Pay. */
  static readonly MP_SECRET = 'fake-mp-secret';

  private async reply(status: number, json: unknown) {
    const body = JSON.stringify(json);
    return new Response(body, { status, headers: { 'content-type': 'application/json', ...(await this.signed(body, Date.now())) } });
  }

  private async signed(body: string, now: number, key = this.signingKey) {
    const timestamp = String(Math.floor(now / 1000));
    const nonce = randomHex(16);
    return {
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Signature': await rsaSign(key, `${timestamp}\n${nonce}\n${body}\n`),
      'Wechatpay-Serial': env.WECHAT_PAY_PUBLIC_KEY_ID!,
    };
  }

  /** The payer scans and pays: the order becomes SUCCESS (so a query sees it) and nothing is sent yet. */
  pay(outTradeNo: string) {
    const order = this.orders.get(outTradeNo);
    if (!order) throw new Error(`FakeWechatPay: no order ${outTradeNo}`);
    Object.assign(order.tx, {
      trade_state: 'SUCCESS',
      trade_state_desc: '支付成功',
      transaction_id: `4200${randomHex(12)}`,
      success_time: new Date().toISOString(),
    });
    order.tx.amount.payer_total = order.tx.amount.total;
    return order;
  }

  /**
   * The notification WeChat Pay posts to the order's notify_url after `pay`. `tamper` lets a test play an
   * impostor: another signing key, another amount inside the resource, another APIv3 key, an old timestamp.
   */
  async notification(outTradeNo: string, tamper: { signingKey?: string; total?: number; apiV3Key?: string; at?: number } = {}) {
    const order = this.orders.get(outTradeNo)!;
    const tx = { ...order.tx, amount: { ...order.tx.amount, total: tamper.total ?? order.tx.amount.total } };
    const nonce = randomHex(6);
    const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(tamper.apiV3Key ?? env.WECHAT_PAY_API_V3_KEY!), 'AES-GCM', false, ['encrypt']);
    const ciphertext = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv: new TextEncoder().encode(nonce), additionalData: new TextEncoder().encode('transaction'), tagLength: 128 },
      key,
      new TextEncoder().encode(JSON.stringify(tx)),
    );
    const body = JSON.stringify({
      id: crypto.randomUUID(),
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext: toBase64(ciphertext), associated_data: 'transaction', nonce },
    });
    const headers = await this.signed(body, tamper.at ?? Date.now(), tamper.signingKey ?? this.signingKey);
    return new Request(order.notifyUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  }
}
