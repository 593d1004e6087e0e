import { eq } from 'drizzle-orm';
import { API, apiPath } from '../../../contracts/api-paths';
import { API_BASE } from '../../../contracts/constants';
import { Code } from '../../../contracts/errors';
import { PAY, type QrPayRequest, type QrPayResponse } from '../../../contracts/pay';
import type { Db } from '../../db/client';
import { packages, payOrders } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { purchaseStatements } from '../rights';
import { payProvider } from './index';
import type { ConfirmedPayment, PaymentRequest } from './provider';
import { randomHex } from './rsa';

/**
 * Pay orders: made with the server's own price, settled at most once. The D1 row is the bill-side record
 * (owner, status, what was credited); the PaymentOrder Durable Object of the same name serialises
 * everything that can settle it (notifications, polls, expiry).
 */
export type PayOrder = typeof payOrders.$inferSelect;
export type SettleResult = 'credited' | 'duplicate' | 'amountMismatch' | 'expired' | 'unknown';

export const orderObject = (env: Env, outTradeNo: string) => env.PAYMENT_ORDER.get(env.PAYMENT_ORDER.idFromName(outTradeNo));

/** 28 characters (WeChat Pay allows 6–32): the UTC time to the second, then 48 random bits. */
function newOutTradeNo(now: number) {
  const time = new Date(now).toISOString().replace(/\D/g, '').slice(0, 14);
  return `TY${time}${randomHex(6)}`;
}

export async function createOrder(
  env: Env,
  db: Db,
  userId: number,
  input: Required<Pick<QrPayRequest, 'packageId' | 'payPrice' | 'payType'>> & { openId?: string },
  origin: string,
  channel: PaymentRequest['channel'] = 'qr',
  now = Date.now(),
): Promise<QrPayResponse> {
  const provider = payProvider(env, input.payType);
  if (!provider?.channels.includes(channel)) throw new ApiError(Code.BAD_REQUEST, 'payTypeUnavailable');
  const pkg = await db.query.packages.findFirst({ where: eq(packages.id, Number(input.packageId)) });
  if (!pkg || pkg.priceFen <= 0) throw new ApiError(Code.NOT_FOUND, 'packageNotFound');
  // The client's price only proves the payer saw the current one; the order always charges the server's.
  if (Math.round(Number(input.payPrice) * 100) !== pkg.priceFen) {
    throw new ApiError(Code.CONFLICT, 'payPriceChanged', { price: (pkg.priceFen / 100).toFixed(2) });
  }
  const outTradeNo = newOutTradeNo(now);
  const expiresAt = now + PAY.orderTtlMs;
  const order = { outTradeNo, userId, packageId: pkg.id, amountFen: pkg.priceFen, payType: input.payType, expiresAt };
  await db.insert(payOrders).values({ ...order, status: 'pending', createdAt: now });
  await orderObject(env, outTradeNo).open(order);
  const opening = await provider
    .create({
      outTradeNo,
      amountFen: pkg.priceFen,
      description: pkg.packageName,
      notifyUrl: `${origin}${API_BASE}${apiPath(API.payNotify.notify, { payType: input.payType })}`,
      origin,
      expiresAt,
      channel,
      openId: input.openId,
    })
    .catch((error: unknown) => {
      console.error(JSON.stringify({ level: 'error', event: 'payCreateFailed', payType: input.payType, outTradeNo, error: String(error) }));
      throw new ApiError(Code.UNAVAILABLE, 'payProviderFailed');
    });
  // PayPal's order id: what its return names and what the poll asks about.
  if (opening.providerRef) await db.update(payOrders).set({ providerRef: opening.providerRef }).where(eq(payOrders.outTradeNo, outTradeNo));
  const field = (payType: string, value?: string) => (input.payType === payType ? (value ?? null) : null);
  return {
    outTradeNo,
    weChatQRCode: field('wxV3Pay', opening.qrCode),
    aliPayQRCode: field('aliPay', opening.qrCode),
    aliPayH5Url: field('aliPay', opening.payUrl),
    payPalPayHtml: field('paypalV2Pay', opening.payUrl),
    jsApiParams: opening.jsApiParams ?? null,
    devPayUrl: field('devPay', opening.payUrl),
    expiresAt,
  };
}

export const findOrder = (db: Db, outTradeNo: string) => db.query.payOrders.findFirst({ where: eq(payOrders.outTradeNo, outTradeNo) });

/**
 * Credits a confirmed payment. Claiming the order (pending → paid) and the purchase share one D1 batch,
 * guarded by this attempt's nonce, so even outside the Durable Object's serialisation nothing is
 * credited twice.
 */
export async function creditOrder(d1: D1Database, db: Db, payment: ConfirmedPayment, now: number): Promise<SettleResult> {
  const order = await findOrder(db, payment.outTradeNo);
  if (!order) return 'unknown';
  if (order.status === 'paid') return 'duplicate';
  if (payment.amountFen !== order.amountFen) return 'amountMismatch';
  if (order.status === 'expired') return 'expired';
  const pkg = await db.query.packages.findFirst({ where: eq(packages.id, order.packageId) });
  if (!pkg) return 'unknown';
  const nonce = crypto.randomUUID();
  const guard = { sql: 'EXISTS (SELECT 1 FROM pay_orders WHERE out_trade_no = ?1 AND credit_nonce = ?2)', params: [order.outTradeNo, nonce] };
  const [claim] = await d1.batch([
    d1
      .prepare(
        `UPDATE pay_orders SET status = 'paid', paid_at = ?3, provider_ref = coalesce(provider_ref, ?4), credit_nonce = ?2 WHERE out_trade_no = ?1 AND status = 'pending'`,
      )
      .bind(order.outTradeNo, nonce, now, payment.providerRef),
    ...purchaseStatements(d1, { userId: order.userId, pkg, channel: 'pay', reference: order.outTradeNo, amountFen: order.amountFen }, now, guard),
  ]);
  return claim!.meta.changes === 1 ? 'credited' : 'duplicate';
}

export async function expireOrder(d1: D1Database, outTradeNo: string) {
  await d1.prepare(`UPDATE pay_orders SET status = 'expired' WHERE out_trade_no = ? AND status = 'pending'`).bind(outTradeNo).run();
}
