import { API_BASE } from '../../../contracts/constants';
import type { ConfirmedPayment, PayProvider, Refusal } from './provider';

/**
 * The development provider (ENVIRONMENT=development only): stands in for a gateway so `npm start` can
 * show a whole purchase. Its QR code opens the app's own confirm page (`/prod-api/dev/pay/{outTradeNo}`);
 * confirming there posts a notification signed with the development key, which goes through the same
 * verify-and-credit path as a real provider's. The key is public on purpose: this provider does not
 * exist outside development.
 */
export const DEV_PAY_TYPE = 'devPay';
const DEV_PAY_KEY = 'tingyi-development-payments (not a secret; development only)';
export const DEV_SIGNATURE_HEADER = 'x-tingyi-dev-signature';
/** A notification older than this is a replay (the same window WeChat Pay allows for its timestamps). */
const MAX_AGE_MS = 5 * 60_000;

export const devPayUrl = (origin: string, outTradeNo: string) => `${origin}${API_BASE}/dev/pay/${encodeURIComponent(outTradeNo)}`;

const hmacKey = (usage: 'sign' | 'verify') =>
  crypto.subtle.importKey('raw', new TextEncoder().encode(DEV_PAY_KEY), { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
const unhex = (text: string) => new Uint8Array((text.match(/^(?:[0-9a-f]{2})+$/i) ? text.match(/../g)! : []).map((h) => parseInt(h, 16)));

interface DevNotification {
  outTradeNo: string;
  amountFen: number;
  transactionId: string;
  timestamp: number;
}

/** The notification the confirm page posts: a body and its signature header. */
export async function signedDevNotification(payment: Omit<DevNotification, 'timestamp'>, now: number) {
  const body = JSON.stringify({ ...payment, timestamp: now } satisfies DevNotification);
  const signature = hex(await crypto.subtle.sign('HMAC', await hmacKey('sign'), new TextEncoder().encode(body)));
  return { body, headers: { 'content-type': 'application/json', [DEV_SIGNATURE_HEADER]: signature } };
}

function parse(body: string): DevNotification | null {
  try {
    const n = JSON.parse(body) as Partial<DevNotification>;
    const valid = typeof n.outTradeNo === 'string' && Number.isInteger(n.amountFen) && typeof n.transactionId === 'string' && Number.isFinite(n.timestamp);
    return valid ? (n as DevNotification) : null;
  } catch {
    return null;
  }
}

export function developmentProvider(env: Env): PayProvider | null {
  if (env.ENVIRONMENT !== 'development') return null;
  return {
    payType: DEV_PAY_TYPE,
    channels: ['qr'],
    async create(request) {
      const url = devPayUrl(request.origin, request.outTradeNo);
      return { qrCode: url, payUrl: url };
    },
    async verifyNotification(request, now): Promise<ConfirmedPayment | { refused: Refusal }> {
      const body = await request.text();
      const signature = unhex(request.headers.get(DEV_SIGNATURE_HEADER) ?? '');
      // crypto.subtle.verify compares in constant time.
      if (!(await crypto.subtle.verify('HMAC', await hmacKey('verify'), signature, new TextEncoder().encode(body)))) return { refused: 'badSignature' };
      const n = parse(body);
      if (!n) return { refused: 'malformed' };
      if (Math.abs(now - n.timestamp) > MAX_AGE_MS) return { refused: 'stale' };
      return { outTradeNo: n.outTradeNo, amountFen: n.amountFen, providerRef: n.transactionId };
    },
    answer(ok) {
      return Response.json({ code: ok ? 'SUCCESS' : 'FAIL' }, { status: ok ? 200 : 400 });
    },
  };
}
