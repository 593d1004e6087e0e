import { env } from 'cloudflare:workers';
import { vi } from 'vitest';
import { randomHex } from '../../worker/services/payments/rsa';
import { PAYPAL_BASE } from '../../worker/services/payments/paypal';

/**
 * FakePayPal: stands in for PayPal's REST API (Orders v2), which cannot be reached from here. It follows
 * the documented contract: /v1/oauth2/token wants HTTP Basic client credentials (else 401
 * invalid_client) and every other call a Bearer token it issued; orders are checked (intent, amount with
 * two decimals, return URL); capture needs the payer's approval (422 ORDER_NOT_APPROVED) and happens once
 * (422 ORDER_ALREADY_CAPTURED, or the first answer again for the same PayPal-Request-Id); webhooks are
 * signed by PayPal, and verify-webhook-signature answers SUCCESS only for an event it sent, unaltered, to
 * the right webhook id.
 */
interface Order {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  customId: string;
  amount: { currency_code: string; value: string };
  returnUrl: string;
  capture?: { id: string; status: 'COMPLETED'; amount: { currency_code: string; value: string }; custom_id: string };
}

export class FakePayPal {
  readonly orders = new Map<string, Order>();
  private readonly tokens = new Set<string>();
  /** transmission id → the exact event body PayPal signed. */
  private readonly sent = new Map<string, string>();
  private readonly captureReplies = new Map<string, unknown>();

  install() {
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      return request.url.startsWith(PAYPAL_BASE) ? this.handle(request) : realFetch(input, init);
    });
    return this;
  }

  async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const json = (status: number, body: unknown) => Response.json(body, { status });
    if (url.pathname === '/v1/oauth2/token') {
      const expected = `Basic ${btoa(`${env.PAYPAL_CLIENT_ID}:${env.PAYPAL_CLIENT_SECRET}`)}`;
      if (request.headers.get('authorization') !== expected) return json(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      if ((await request.text()) !== 'grant_type=client_credentials') return json(400, { error: 'unsupported_grant_type' });
      const token = `A21AA${randomHex(16)}`;
      this.tokens.add(token);
      return json(200, {
        scope: 'https://uri.paypal.com/services/payments',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: 32400,
        nonce: randomHex(8),
      });
    }
    if (!this.tokens.has((request.headers.get('authorization') ?? '').replace(/^Bearer /, ''))) {
      return json(401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
    }
    if (request.method === 'POST' && url.pathname === '/v2/checkout/orders') return this.create((await request.json()) as Record<string, unknown>);
    const orderPath = url.pathname.match(/^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/);
    if (orderPath) {
      const order = this.orders.get(decodeURIComponent(orderPath[1]!));
      if (!order) return json(404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
      if (!orderPath[2]) return json(200, this.view(order));
      const requestId = request.headers.get('paypal-request-id') ?? '';
      if (this.captureReplies.has(requestId)) return json(201, this.captureReplies.get(requestId));
      if (order.status === 'CREATED') return json(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
      if (order.status === 'COMPLETED') return json(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });
      order.status = 'COMPLETED';
      order.capture = { id: `CAP${randomHex(8).toUpperCase()}`, status: 'COMPLETED', amount: order.amount, custom_id: order.customId };
      const reply = this.view(order);
      if (requestId) this.captureReplies.set(requestId, reply);
      return json(201, reply);
    }
    if (request.method === 'POST' && url.pathname === '/v1/notifications/verify-webhook-signature') {
      const v = (await request.json()) as {
        transmission_id: string;
        transmission_sig: string;
        webhook_id: string;
        webhook_event: unknown;
        auth_algo: string;
        cert_url: string;
      };
      const genuine =
        v.webhook_id === env.PAYPAL_WEBHOOK_ID &&
        v.auth_algo === 'SHA256withRSA' &&
        v.cert_url.startsWith('https://api.paypal.com/v1/notifications/certs/') &&
        this.sent.get(v.transmission_id) === JSON.stringify(v.webhook_event) &&
        v.transmission_sig === `sig-${v.transmission_id}`;
      return json(200, { verification_status: genuine ? 'SUCCESS' : 'FAILURE' });
    }
    return json(404, { name: 'NOT_FOUND' });
  }

  private create(body: Record<string, unknown>) {
    const unit = (body.purchase_units as { custom_id?: string; amount?: { currency_code?: string; value?: string } }[] | undefined)?.[0];
    const context = (body.payment_source as { paypal?: { experience_context?: { return_url?: string } } } | undefined)?.paypal?.experience_context;
    const valid =
      body.intent === 'CAPTURE' &&
      typeof unit?.custom_id === 'string' &&
      /^[A-Z]{3}$/.test(unit.amount?.currency_code ?? '') &&
      /^\d+\.\d{2}$/.test(unit.amount?.value ?? '') &&
      /^https?:\/\//.test(context?.return_url ?? '');
    if (!valid) return Response.json({ name: 'INVALID_REQUEST', details: [{ issue: 'INVALID_PARAMETER_VALUE' }] }, { status: 400 });
    const id = `${randomHex(8).toUpperCase()}PAYPAL`;
    const order: Order = {
      id,
      status: 'CREATED',
      customId: unit!.custom_id!,
      amount: { currency_code: unit!.amount!.currency_code!, value: unit!.amount!.value! },
      returnUrl: context!.return_url!,
    };
    this.orders.set(id, order);
    return Response.json(
      {
        id,
        status: 'PAYER_ACTION_REQUIRED',
        links: [
          { href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`, rel: 'payer-action', method: 'GET' },
          { href: `${PAYPAL_BASE}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
        ],
      },
      { status: 200 },
    );
  }

  private view(order: Order) {
    return {
      id: order.id,
      status: order.status,
      purchase_units: [{ custom_id: order.customId, amount: order.amount, ...(order.capture ? { payments: { captures: [order.capture] } } : {}) }],
    };
  }

  /** The payer approves on PayPal's page; PayPal then sends them to the return URL with token and PayerID. */
  approve(paypalOrderId: string) {
    const order = this.orders.get(paypalOrderId)!;
    order.status = 'APPROVED';
    const back = new URL(order.returnUrl);
    back.searchParams.set('token', order.id);
    back.searchParams.set('PayerID', 'QYR5Z8XDVJNXQ');
    return back;
  }

  /** The PAYMENT.CAPTURE.COMPLETED webhook for a captured order; `forged` is one PayPal never sent. */
  webhook(paypalOrderId: string, url: string, forged = false) {
    const order = this.orders.get(paypalOrderId)!;
    const event = { id: `WH-${randomHex(8)}`, event_type: 'PAYMENT.CAPTURE.COMPLETED', resource_type: 'capture', resource: order.capture };
    const body = JSON.stringify(event);
    const transmissionId = crypto.randomUUID();
    if (!forged) this.sent.set(transmissionId, body);
    return new Request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': new Date().toISOString(),
        'paypal-transmission-sig': `sig-${transmissionId}`,
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270',
      },
      body,
    });
  }
}
