import { PAYMENT } from '../../../contracts/constants';
import { fromBase64Url } from '../../lib/encoding';
import type { ConfirmedPayment, JsApiParams, PayProvider, Refusal } from './provider';
import { randomHex, rsaSign, rsaVerify } from './rsa';

/**
 * WeChat Pay API v3 (Native QR payments): every request signed with the merchant's RSA key
 * ("WECHATPAY2-SHA256-RSA2048"), every response and notification checked against WeChat Pay's public key,
 * the notification's `resource` decrypted with the APIv3 key (AEAD_AES_256_GCM). Offered only when all
 * its settings exist.
 */
export const WECHAT_PAY_BASE = 'https://api.mch.weixin.qq.com';
/** WeChat Pay refuses (and we refuse) signed messages whose timestamp is more than 5 minutes off. */
const MAX_SKEW_SECONDS = 300;

interface Settings {
  mchId: string;
  appId: string;
  /** Serial number of the merchant API certificate whose private key signs requests. */
  serial: string;
  privateKey: string;
  apiV3Key: string;
  /** WeChat Pay's public key and its id ("PUB_KEY_ID_…"), which its responses and notifications name in Wechatpay-Serial. */
  publicKey: string;
  publicKeyId: string;
  baseUrl: string;
}

function settings(env: Env): Settings | null {
  const {
    WECHAT_PAY_MCH_ID,
    WECHAT_PAY_APP_ID,
    WECHAT_PAY_MCH_SERIAL,
    WECHAT_PAY_PRIVATE_KEY,
    WECHAT_PAY_API_V3_KEY,
    WECHAT_PAY_PUBLIC_KEY,
    WECHAT_PAY_PUBLIC_KEY_ID,
  } = env;
  if (
    !WECHAT_PAY_MCH_ID ||
    !WECHAT_PAY_APP_ID ||
    !WECHAT_PAY_MCH_SERIAL ||
    !WECHAT_PAY_PRIVATE_KEY ||
    !WECHAT_PAY_API_V3_KEY ||
    !WECHAT_PAY_PUBLIC_KEY ||
    !WECHAT_PAY_PUBLIC_KEY_ID
  )
    return null;
  return {
    mchId: WECHAT_PAY_MCH_ID,
    appId: WECHAT_PAY_APP_ID,
    serial: WECHAT_PAY_MCH_SERIAL,
    privateKey: WECHAT_PAY_PRIVATE_KEY,
    apiV3Key: WECHAT_PAY_API_V3_KEY,
    publicKey: WECHAT_PAY_PUBLIC_KEY,
    publicKeyId: WECHAT_PAY_PUBLIC_KEY_ID,
    baseUrl: env.WECHAT_PAY_BASE_URL || WECHAT_PAY_BASE,
  };
}

/** The Authorization header of a request: the signature covers method, path with query, time, nonce and body. */
async function authorization(s: Settings, method: string, pathWithQuery: string, body: string, now: number) {
  const timestamp = String(Math.floor(now / 1000));
  const nonce = randomHex(16).toUpperCase();
  const signature = await rsaSign(s.privateKey, `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`);
  return `WECHATPAY2-SHA256-RSA2048 mchid="${s.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${s.serial}"`;
}

/** Checks the Wechatpay-* headers of a response or notification over "timestamp\nnonce\nbody\n". */
async function checkSigned(s: Settings, headers: Headers, body: string, now: number): Promise<'ok' | Refusal> {
  const timestamp = headers.get('Wechatpay-Timestamp');
  const nonce = headers.get('Wechatpay-Nonce');
  const signature = headers.get('Wechatpay-Signature');
  if (!timestamp || !nonce || !signature || headers.get('Wechatpay-Serial') !== s.publicKeyId) return 'badSignature';
  if (!(await rsaVerify(s.publicKey, `${timestamp}\n${nonce}\n${body}\n`, signature))) return 'badSignature';
  return Math.abs(now / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS ? 'stale' : 'ok';
}

async function call<T>(s: Settings, method: 'GET' | 'POST', pathWithQuery: string, payload?: unknown): Promise<T> {
  const body = payload === undefined ? '' : JSON.stringify(payload);
  const response = await fetch(s.baseUrl + pathWithQuery, {
    method,
    headers: {
      authorization: await authorization(s, method, pathWithQuery, body, Date.now()),
      accept: 'application/json',
      'content-type': 'application/json',
      'user-agent': 'Tingyi',
    },
    ...(payload === undefined ? {} : { body }),
  });
  const text = await response.text();
  // An answer WeChat Pay did not sign could come from anyone in between: never act on it.
  const checked = await checkSigned(s, response.headers, text, Date.now());
  if (checked !== 'ok') throw new Error(`WeChat Pay response refused (${checked})`);
  if (!response.ok) throw new Error(`WeChat Pay ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

interface Transaction {
  appid: string;
  mchid: string;
  out_trade_no: string;
  transaction_id?: string;
  trade_state: string;
  amount: { total: number; payer_total?: number; currency: string };
}

interface Resource {
  algorithm: string;
  ciphertext: string;
  associated_data?: string;
  nonce: string;
}

/** AEAD_AES_256_GCM with the APIv3 key; the ciphertext carries the 16-byte tag at its end. */
async function decrypt(apiV3Key: string, resource: Resource): Promise<unknown> {
  const utf8 = (text: string) => new TextEncoder().encode(text);
  const key = await crypto.subtle.importKey('raw', utf8(apiV3Key), 'AES-GCM', false, ['decrypt']);
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: utf8(resource.nonce), additionalData: utf8(resource.associated_data ?? ''), tagLength: 128 },
    key,
    fromBase64Url(resource.ciphertext),
  );
  return JSON.parse(new TextDecoder().decode(plain));
}

const confirmed = (tx: Transaction): ConfirmedPayment | null =>
  tx.trade_state === 'SUCCESS' ? { outTradeNo: tx.out_trade_no, amountFen: tx.amount.total, providerRef: tx.transaction_id ?? '' } : null;

/** The page's call to WeixinJSBridge, signed with the merchant key over appId, timeStamp, nonceStr and package. */
async function jsApiParams(s: Settings, prepayId: string, now: number): Promise<JsApiParams> {
  const timeStamp = String(Math.floor(now / 1000));
  const nonceStr = randomHex(16);
  const pkg = `prepay_id=${prepayId}`;
  return {
    appId: s.appId,
    timeStamp,
    nonceStr,
    package: pkg,
    signType: 'RSA',
    paySign: await rsaSign(s.privateKey, `${s.appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`),
  };
}

/** The official account's web authorisation endpoint: a code from its OAuth page → the user's openid. */
export const WECHAT_OAUTH_TOKEN = 'https://api.weixin.qq.com/sns/oauth2/access_token';
const WECHAT_OAUTH_AUTHORIZE = 'https://open.weixin.qq.com/connect/oauth2/authorize';

/**
 * JSAPI needs the payer's openid under the paying app, which the official account's web authorisation
 * gives; so it is offered only when that account (WECHAT_MP_APP_ID and its secret) is the paying app.
 */
export async function payerOpenId(env: Env, code: string): Promise<{ openid: string; appid: string } | null> {
  const s = jsApiSettings(env);
  if (!s || !env.WECHAT_MP_APP_SECRET) return null;
  const url = `${WECHAT_OAUTH_TOKEN}?${new URLSearchParams({ appid: s.appId, secret: env.WECHAT_MP_APP_SECRET, code, grant_type: 'authorization_code' })}`;
  const answer = (await (await fetch(url)).json()) as { openid?: string; errcode?: number };
  return answer.openid ? { openid: answer.openid, appid: s.appId } : null;
}

/** The settings when JSAPI can be offered: the official account that authorises payers is the paying app. */
function jsApiSettings(env: Env): Settings | null {
  const s = settings(env);
  return s && env.WECHAT_MP_APP_SECRET && env.WECHAT_MP_APP_ID === s.appId ? s : null;
}

/**
 * WeChat's silent web authorisation (snsapi_base) that brings the payer back to `redirect` with a code for
 * payerOpenId; null when JSAPI cannot be offered (see payerOpenId).
 */
export function payerAuthorizeUrl(env: Env, redirect: string): string | null {
  const s = jsApiSettings(env);
  if (!s) return null;
  const query = new URLSearchParams({
    appid: s.appId,
    redirect_uri: redirect,
    response_type: 'code',
    scope: 'snsapi_base',
    state: PAYMENT.wechatAuthorizeState,
  });
  return `${WECHAT_OAUTH_AUTHORIZE}?${query}#wechat_redirect`;
}

/** RFC 3339 in UTC, as time_expire wants it. */
const rfc3339 = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');

export function wechatPayProvider(env: Env): PayProvider | null {
  const s = settings(env);
  if (!s) return null;
  return {
    payType: 'wxV3Pay',
    channels: ['qr', 'jsapi'],
    async create(r) {
      const order = {
        appid: s.appId,
        mchid: s.mchId,
        description: r.description.slice(0, 127),
        out_trade_no: r.outTradeNo,
        time_expire: rfc3339(r.expiresAt),
        notify_url: r.notifyUrl,
        amount: { total: r.amountFen, currency: 'CNY' },
      };
      if (r.channel === 'jsapi') {
        if (!r.openId) throw new Error('JSAPI payment without the payer’s openid');
        const { prepay_id } = await call<{ prepay_id: string }>(s, 'POST', '/v3/pay/transactions/jsapi', { ...order, payer: { openid: r.openId } });
        return { jsApiParams: await jsApiParams(s, prepay_id, Date.now()) };
      }
      const { code_url } = await call<{ code_url: string }>(s, 'POST', '/v3/pay/transactions/native', order);
      return { qrCode: code_url };
    },
    async verifyNotification(request, now) {
      const body = await request.text();
      const checked = await checkSigned(s, request.headers, body, now);
      if (checked !== 'ok') return { refused: checked };
      let notice: { event_type?: string; resource?: Resource };
      try {
        notice = JSON.parse(body) as typeof notice;
      } catch {
        return { refused: 'malformed' };
      }
      if (notice.event_type !== 'TRANSACTION.SUCCESS') return { ignored: notice.event_type ?? 'no event type' };
      if (notice.resource?.algorithm !== 'AEAD_AES_256_GCM') return { refused: 'malformed' };
      let tx: Transaction;
      try {
        tx = (await decrypt(s.apiV3Key, notice.resource)) as Transaction;
      } catch {
        return { refused: 'undecryptable' };
      }
      if (tx.mchid !== s.mchId || tx.appid !== s.appId || !Number.isInteger(tx.amount?.total)) return { refused: 'malformed' };
      return confirmed(tx) ?? { ignored: tx.trade_state };
    },
    async query(outTradeNo) {
      const tx = await call<Transaction>(s, 'GET', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(s.mchId)}`);
      return confirmed(tx);
    },
    // Documented answers: 200/204 without a body when handled; 4xx/5xx with code FAIL to be sent again later.
    answer: (ok) => (ok ? new Response(null, { status: 204 }) : Response.json({ code: 'FAIL', message: 'refused' }, { status: 400 })),
  };
}
