import type { ConfirmedPayment, PaymentRequest, PayProvider } from './provider';
import { rsaSign, rsaVerify } from './rsa';

/**
 * Alipay open platform (face-to-face QR payments, `alipay.trade.precreate`): requests signed RSA2 with the
 * app's private key, answers checked against Alipay's public key over the exact `…_response` JSON text,
 * asynchronous notifications verified the documented way (every parameter but sign and sign_type, sorted,
 * joined as k=v&…), and `alipay.trade.query` for the order's poll. Offered only when its settings exist.
 */
export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';
/** Trade states that mean the money arrived. */
const PAID = ['TRADE_SUCCESS', 'TRADE_FINISHED'];

interface Settings {
  appId: string;
  privateKey: string;
  alipayPublicKey: string;
  gateway: string;
}

function settings(env: Env): Settings | null {
  if (!env.ALIPAY_APP_ID || !env.ALIPAY_PRIVATE_KEY || !env.ALIPAY_PUBLIC_KEY) return null;
  return {
    appId: env.ALIPAY_APP_ID,
    privateKey: env.ALIPAY_PRIVATE_KEY,
    alipayPublicKey: env.ALIPAY_PUBLIC_KEY,
    gateway: env.ALIPAY_GATEWAY || ALIPAY_GATEWAY,
  };
}

/** The string Alipay signs: non-empty parameters other than those excluded, sorted by name, as k=v joined by &. */
export function signingString(params: Record<string, string>, exclude: string[]) {
  return Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** Alipay's timestamps are Beijing time, "yyyy-MM-dd HH:mm:ss". */
export const beijingTime = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/**
 * The raw JSON text of `key`'s value in an answer: Alipay signs exactly those characters, so they are cut
 * out of the body rather than re-serialised.
 */
export function rawMember(body: string, key: string): string | null {
  const at = body.indexOf(`"${key}"`);
  if (at < 0) return null;
  let i = body.indexOf('{', at + key.length + 2);
  if (i < 0) return null;
  const start = i;
  let depth = 0;
  let inString = false;
  for (; i < body.length; i++) {
    const ch = body[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return body.slice(start, i + 1);
  }
  return null;
}

interface AlipayAnswer {
  code: string;
  msg: string;
  sub_code?: string;
  sub_msg?: string;
}

async function call<T extends AlipayAnswer>(s: Settings, method: string, biz: Record<string, unknown>, extra: Record<string, string> = {}): Promise<T> {
  const params: Record<string, string> = {
    app_id: s.appId,
    method,
    format: 'JSON',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: beijingTime(Date.now()),
    version: '1.0',
    ...extra,
    biz_content: JSON.stringify(biz),
  };
  params.sign = await rsaSign(s.privateKey, signingString(params, ['sign']));
  const response = await fetch(`${s.gateway}?charset=utf-8`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
    body: new URLSearchParams(params),
  });
  const body = await response.text();
  const key = `${method.replace(/\./g, '_')}_response`;
  const signed = rawMember(body, key);
  const { sign } = JSON.parse(body) as { sign?: string };
  // An answer Alipay did not sign could come from anyone in between: never act on it.
  if (!signed || !sign || !(await rsaVerify(s.alipayPublicKey, signed, sign))) throw new Error(`Alipay ${method}: unsigned or forged answer`);
  return JSON.parse(signed) as T;
}

const fen = (yuan: string) => Math.round(Number(yuan) * 100);

/**
 * alipay.trade.wap.pay is a page, not a call: the payer's browser opens the gateway with the signed
 * parameters, pays in Alipay, and comes back to `return_url`; the notification still settles the order.
 */
async function wapPayUrl(s: Settings, r: PaymentRequest) {
  const params: Record<string, string> = {
    app_id: s.appId,
    method: 'alipay.trade.wap.pay',
    format: 'JSON',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: beijingTime(Date.now()),
    version: '1.0',
    notify_url: r.notifyUrl,
    return_url: `${r.origin}/user/account`,
    biz_content: JSON.stringify({
      out_trade_no: r.outTradeNo,
      total_amount: (r.amountFen / 100).toFixed(2),
      subject: r.description.slice(0, 256),
      product_code: 'QUICK_WAP_WAY',
      quit_url: `${r.origin}/`,
      time_expire: beijingTime(r.expiresAt),
    }),
  };
  params.sign = await rsaSign(s.privateKey, signingString(params, ['sign']));
  return `${s.gateway}?${new URLSearchParams(params)}`;
}

export function alipayProvider(env: Env): PayProvider | null {
  const s = settings(env);
  if (!s) return null;
  return {
    payType: 'aliPay',
    channels: ['qr', 'h5'],
    async create(r) {
      if (r.channel === 'h5') return { payUrl: await wapPayUrl(s, r) };
      const answer = await call<AlipayAnswer & { qr_code?: string }>(
        s,
        'alipay.trade.precreate',
        {
          out_trade_no: r.outTradeNo,
          total_amount: (r.amountFen / 100).toFixed(2),
          subject: r.description.slice(0, 256),
          time_expire: beijingTime(r.expiresAt),
        },
        { notify_url: r.notifyUrl },
      );
      if (answer.code !== '10000' || !answer.qr_code)
        throw new Error(`Alipay precreate ${answer.code} ${answer.sub_code ?? ''} ${answer.sub_msg ?? answer.msg}`);
      return { qrCode: answer.qr_code };
    },
    async verifyNotification(request) {
      const params = Object.fromEntries(new URLSearchParams(await request.text()));
      if (!params.sign || !(await rsaVerify(s.alipayPublicKey, signingString(params, ['sign', 'sign_type']), params.sign))) return { refused: 'badSignature' };
      if (params.app_id !== s.appId || !params.out_trade_no || !params.total_amount) return { refused: 'malformed' };
      if (!PAID.includes(params.trade_status ?? '')) return { ignored: params.trade_status ?? 'no trade status' };
      return { outTradeNo: params.out_trade_no, amountFen: fen(params.total_amount), providerRef: params.trade_no ?? '' };
    },
    async query(outTradeNo): Promise<ConfirmedPayment | null> {
      const answer = await call<AlipayAnswer & { trade_status?: string; total_amount?: string; trade_no?: string; out_trade_no?: string }>(
        s,
        'alipay.trade.query',
        { out_trade_no: outTradeNo },
      );
      // ACQ.TRADE_NOT_EXIST until the payer scans: not paid, ask again later.
      if (answer.code !== '10000' || !PAID.includes(answer.trade_status ?? '')) return null;
      return { outTradeNo, amountFen: fen(answer.total_amount ?? '0'), providerRef: answer.trade_no ?? '' };
    },
    // Documented: the plain text "success" stops Alipay's retries; anything else means "send it again".
    answer: (ok) => new Response(ok ? 'success' : 'failure', { status: 200, headers: { 'content-type': 'text/plain' } }),
  };
}
