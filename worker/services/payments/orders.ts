import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { packages, payOrders } from '../../db/schema';
import { purchaseStatements } from '../rights';
import type { ConfirmedPayment } from './provider';

/**
 * Pay orders once made (./checkout.ts makes them): settled at most once. The D1 row is the bill-side record
 * (owner, status, what was credited); the PaymentOrder Durable Object of the same name serialises
 * everything that can settle it (notifications, polls, expiry). No provider is imported here, so every
 * provider can read its orders.
 */
export type PayOrder = typeof payOrders.$inferSelect;
export type SettleResult = 'credited' | 'duplicate' | 'amountMismatch' | 'expired' | 'unknown';

export const orderObject = (env: Env, outTradeNo: string) => env.PAYMENT_ORDER.get(env.PAYMENT_ORDER.idFromName(outTradeNo));

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
