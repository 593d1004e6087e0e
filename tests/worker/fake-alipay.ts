import { env } from 'cloudflare:workers';
import { vi } from 'vitest';
import { ALIPAY_GATEWAY, beijingTime, signingString } from '../../worker/services/payments/alipay';
import { randomHex, rsaSign, rsaVerify } from '../../worker/services/payments/rsa';

/**
 * FakeAlipay: stands in for Alipay's open-platform gateway, which cannot be reached from here. It follows
 * the documented contract: a request's RSA2 signature (all parameters but `sign`, sorted, k=v&…) must
 * verify with the app's public key and its app_id, charset, sign_type and version must be right, else the
 * answer is 40002 isv.invalid-signature; precreate checks its biz_content; every answer is
 * `{"<method>_response": {...}, "sign": …}` with the signature over that member's exact text; a payment
 * produces the asynchronous notification (form-encoded, signed over all but sign and sign_type).
 */
interface Trade {
  out_trade_no: string;
  total_amount: string;
  subject: string;
  notify_url: string;
  trade_status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS';
  trade_no?: string;
}

export class FakeAlipay {
  readonly trades = new Map<string, Trade>();
  readonly refused: string[] = [];
  /** The key answers are signed with; a test swaps in an impostor's to see them refused. */
  signingKey = env.FAKE_ALIPAY_PRIVATE_KEY;

  install() {
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      return request.url.startsWith(ALIPAY_GATEWAY) ? this.handle(request) : realFetch(input, init);
    });
    return this;
  }

  async handle(request: Request): Promise<Response> {
    const params = Object.fromEntries(new URLSearchParams(await request.text()));
    const method = params.method ?? '';
    const key = `${method.replace(/\./g, '_')}_response`;
    if (!(await this.signedByApp(params))) {
      this.refused.push(method);
      return this.reply(key, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' });
    }
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    if (method === 'alipay.trade.precreate') {
      const ok =
        typeof biz.out_trade_no === 'string' &&
        biz.out_trade_no.length >= 1 &&
        biz.out_trade_no.length <= 64 &&
        /^\d+(\.\d{1,2})?$/.test(String(biz.total_amount)) &&
        Number(biz.total_amount) >= 0.01 &&
        typeof biz.subject === 'string' &&
        biz.subject.length >= 1 &&
        /^https?:\/\//.test(params.notify_url ?? '');
      if (!ok) return this.reply(key, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.INVALID_PARAMETER', sub_msg: '参数无效' });
      this.trades.set(biz.out_trade_no!, {
        out_trade_no: biz.out_trade_no!,
        total_amount: String(biz.total_amount),
        subject: biz.subject!,
        notify_url: params.notify_url!,
        trade_status: 'WAIT_BUYER_PAY',
      });
      return this.reply(key, { code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no, qr_code: `https://qr.alipay.com/bax${randomHex(10)}` });
    }
    if (method === 'alipay.trade.query') {
      const trade = this.trades.get(biz.out_trade_no ?? '');
      // Before the payer scans, a precreated trade does not exist yet for queries.
      if (!trade || trade.trade_status === 'WAIT_BUYER_PAY')
        return this.reply(key, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' });
      return this.reply(key, {
        code: '10000',
        msg: 'Success',
        out_trade_no: trade.out_trade_no,
        trade_no: trade.trade_no,
        trade_status: trade.trade_status,
        total_amount: trade.total_amount,
      });
    }
    return this.reply(key, { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method', sub_msg: method });
  }

  /** The common parameters and the RSA2 signature over all but `sign`, made with the app's key. */
  private async signedByApp(params: Record<string, string>) {
    return (
      params.app_id === env.ALIPAY_APP_ID &&
      params.charset === 'utf-8' &&
      params.sign_type === 'RSA2' &&
      params.version === '1.0' &&
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(params.timestamp ?? '') &&
      Boolean(params.sign) &&
      (await rsaVerify(env.FAKE_ALIPAY_APP_PUBLIC_KEY, signingString(params, ['sign']), params.sign!))
    );
  }

  /**
   * The payer's phone opens an alipay.trade.wap.pay page: Alipay checks it like any request and shows the
   * cashier (the trade then exists) or an error page.
   */
  async openWapPage(url: string): Promise<'cashier' | 'invalid-signature' | 'invalid-parameter'> {
    const params = Object.fromEntries(new URL(url).searchParams);
    if (params.method !== 'alipay.trade.wap.pay' || !(await this.signedByApp(params))) return 'invalid-signature';
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    if (biz.product_code !== 'QUICK_WAP_WAY' || !/^\d+(\.\d{1,2})?$/.test(String(biz.total_amount)) || !biz.subject || !biz.out_trade_no)
      return 'invalid-parameter';
    this.trades.set(biz.out_trade_no, {
      out_trade_no: biz.out_trade_no,
      total_amount: String(biz.total_amount),
      subject: biz.subject,
      notify_url: params.notify_url ?? '',
      trade_status: 'WAIT_BUYER_PAY',
    });
    return 'cashier';
  }

  private async reply(key: string, member: Record<string, unknown>) {
    const text = JSON.stringify(member);
    const body = `{"${key}":${text},"sign":"${await rsaSign(this.signingKey, text)}"}`;
    return new Response(body, { headers: { 'content-type': 'text/html;charset=utf-8' } });
  }

  /** The payer scans and pays. */
  pay(outTradeNo: string) {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`FakeAlipay: no trade ${outTradeNo}`);
    Object.assign(trade, { trade_status: 'TRADE_SUCCESS', trade_no: `2026${randomHex(12)}` });
  }

  /** The asynchronous notification Alipay posts to notify_url; `tamper` plays an impostor. */
  async notification(outTradeNo: string, tamper: { signingKey?: string; totalAmount?: string; appId?: string } = {}) {
    const trade = this.trades.get(outTradeNo)!;
    const params: Record<string, string> = {
      notify_time: beijingTime(Date.now()),
      notify_type: 'trade_status_sync',
      notify_id: randomHex(16),
      app_id: tamper.appId ?? env.ALIPAY_APP_ID!,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: trade.trade_no ?? '',
      out_trade_no: trade.out_trade_no,
      trade_status: trade.trade_status,
      total_amount: tamper.totalAmount ?? trade.total_amount,
      receipt_amount: trade.total_amount,
      subject: trade.subject,
      gmt_payment: beijingTime(Date.now()),
    };
    params.sign = await rsaSign(tamper.signingKey ?? this.signingKey, signingString(params, ['sign', 'sign_type']));
    return new Request(trade.notify_url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: new URLSearchParams(params),
    });
  }
}
