import { database } from '../../db/client';
import { PAY_CURRENCY } from '../../../contracts/pay';
import { findOrder } from './orders';
import type { ConfirmedPayment, PayProvider } from './provider';

/**
 * PayPal Orders v2: an access token by OAuth client credentials, an order created with the payer's
 * return and cancel pages, captured when the payer comes back (`paypalPayBack`) or when the order's alarm
 * finds it approved, and webhooks (PAYMENT.CAPTURE.COMPLETED) trusted only after PayPal's own
 * verify-webhook-signature answers SUCCESS. Prices are charged in CNY, the packages' currency.
 */
export const PAYPAL_BASE = 'https://api-m.paypal.com';
const CURRENCY = PAY_CURRENCY.paypalV2Pay;

interface Settings {
  clientId: string;
  clientSecret: string;
  webhookId: string | null;
  baseUrl: string;
}

function settings(env: Env): Settings | null {
  if (!env.PAYPAL_CLIENT_ID || !env.PAYPAL_CLIENT_SECRET) return null;
  return {
    clientId: env.PAYPAL_CLIENT_ID,
    clientSecret: env.PAYPAL_CLIENT_SECRET,
    webhookId: env.PAYPAL_WEBHOOK_ID || null,
    baseUrl: env.PAYPAL_BASE_URL || PAYPAL_BASE,
  };
}

/** Tokens live about nine hours; one per isolate is reused until a minute before it ends. */
let cached: { key: string; token: string; until: number } | null = null;

async function accessToken(s: Settings): Promise<string> {
  const key = `${s.baseUrl} ${s.clientId}`;
  if (cached && cached.key === key && cached.until > Date.now()) return cached.token;
  const response = await fetch(`${s.baseUrl}/v1/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${btoa(`${s.clientId}:${s.clientSecret}`)}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  if (!response.ok) throw new Error(`PayPal token ${response.status}: ${await response.text()}`);
  const { access_token, expires_in } = (await response.json()) as { access_token: string; expires_in: number };
  cached = { key, token: access_token, until: Date.now() + (expires_in - 60) * 1000 };
  return access_token;
}

async function call<T>(s: Settings, method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) {
  const send = async () =>
    fetch(s.baseUrl + path, {
      method,
      headers: { authorization: `Bearer ${await accessToken(s)}`, 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  let response = await send();
  // A token PayPal no longer honours (revoked, rotated credentials): fetch a new one and try once more.
  if (response.status === 401) {
    cached = null;
    response = await send();
  }
  return { status: response.status, json: (await response.json().catch(() => ({}))) as T };
}

interface Capture {
  id: string;
  status: string;
  amount: { currency_code: string; value: string };
  custom_id?: string;
}
interface PayPalOrder {
  id: string;
  status: string;
  links?: { href: string; rel: string }[];
  purchase_units?: { custom_id?: string; payments?: { captures?: Capture[] } }[];
  details?: { issue: string }[];
}

const fen = (value: string) => Math.round(Number(value) * 100);

/** The completed capture of an order, as a confirmed payment; null while there is none. */
function completed(order: PayPalOrder): ConfirmedPayment | null {
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.find((c) => c.status === 'COMPLETED');
  const outTradeNo = capture?.custom_id ?? unit?.custom_id;
  if (!capture || !outTradeNo || capture.amount.currency_code !== CURRENCY) return null;
  return { outTradeNo, amountFen: fen(capture.amount.value), providerRef: capture.id };
}

/** Captures an approved order (once: PayPal-Request-Id makes a repeat return the first answer). */
async function capture(s: Settings, paypalOrderId: string): Promise<ConfirmedPayment | null> {
  const id = encodeURIComponent(paypalOrderId);
  const { json } = await call<PayPalOrder>(s, 'POST', `/v2/checkout/orders/${id}/capture`, {}, { 'paypal-request-id': `capture-${paypalOrderId}` });
  if (json.status === 'COMPLETED') return completed(json);
  // Captured before (ORDER_ALREADY_CAPTURED) or not yet approved: the order itself says which.
  return completed((await call<PayPalOrder>(s, 'GET', `/v2/checkout/orders/${id}`)).json);
}

export function paypalProvider(env: Env): (PayProvider & { capture: (paypalOrderId: string) => Promise<ConfirmedPayment | null> }) | null {
  const s = settings(env);
  if (!s) return null;
  return {
    payType: 'paypalV2Pay',
    // PayPal's approval page serves every device.
    channels: ['qr', 'h5'],
    async create(r) {
      const back = (page: string) => `${r.origin}/${page}?outTradeNo=${encodeURIComponent(r.outTradeNo)}`;
      const { status, json } = await call<PayPalOrder>(
        s,
        'POST',
        '/v2/checkout/orders',
        {
          intent: 'CAPTURE',
          purchase_units: [
            {
              custom_id: r.outTradeNo,
              invoice_id: r.outTradeNo,
              description: r.description.slice(0, 127),
              amount: { currency_code: CURRENCY, value: (r.amountFen / 100).toFixed(2) },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                return_url: back('paypalReturn'),
                cancel_url: back('paypalCallBack'),
                user_action: 'PAY_NOW',
                shipping_preference: 'NO_SHIPPING',
              },
            },
          },
        },
        { 'paypal-request-id': `create-${r.outTradeNo}` },
      );
      const link = json.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
      if (status >= 300 || !link) throw new Error(`PayPal create ${status}: ${JSON.stringify(json.details ?? json)}`);
      return { payUrl: link.href, providerRef: json.id };
    },
    capture: (paypalOrderId) => capture(s, paypalOrderId),
    async verifyNotification(request) {
      const body = await request.text();
      const h = (name: string) => request.headers.get(name) ?? '';
      // Without a webhook id nothing can be verified: payments then arrive through the return and the poll.
      if (!s.webhookId) return { refused: 'badSignature' };
      let event: { event_type?: string; resource?: Capture };
      try {
        event = JSON.parse(body) as typeof event;
      } catch {
        return { refused: 'malformed' };
      }
      const { json } = await call<{ verification_status?: string }>(s, 'POST', '/v1/notifications/verify-webhook-signature', {
        auth_algo: h('paypal-auth-algo'),
        cert_url: h('paypal-cert-url'),
        transmission_id: h('paypal-transmission-id'),
        transmission_sig: h('paypal-transmission-sig'),
        transmission_time: h('paypal-transmission-time'),
        webhook_id: s.webhookId,
        webhook_event: event,
      });
      if (json.verification_status !== 'SUCCESS') return { refused: 'badSignature' };
      const c = event.resource;
      if (event.event_type !== 'PAYMENT.CAPTURE.COMPLETED' || !c) return { ignored: event.event_type ?? 'no event type' };
      if (!c.custom_id || c.amount?.currency_code !== CURRENCY) return { refused: 'malformed' };
      return { outTradeNo: c.custom_id, amountFen: fen(c.amount.value), providerRef: c.id };
    },
    async query(outTradeNo) {
      const paypalOrderId = (await findOrder(database(env.DB), outTradeNo))?.providerRef;
      if (!paypalOrderId) return null;
      const { json } = await call<PayPalOrder>(s, 'GET', `/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}`);
      // Approved but the payer never came back: capturing is what they asked for.
      return json.status === 'APPROVED' ? capture(s, paypalOrderId) : completed(json);
    },
    answer: (ok) => new Response(null, { status: ok ? 200 : 400 }),
  };
}
