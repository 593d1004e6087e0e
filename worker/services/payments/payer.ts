import { and, eq } from 'drizzle-orm';
import { Code } from '../../../contracts/errors';
import type { Locale } from '../../../contracts/locale';
import type { Db } from '../../db/client';
import { payOrders } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { findOrder, orderObject, type PayOrder } from './orders';
import { packageNameIn } from './packages';
import { paypalProvider } from './paypal';

/**
 * The payer's side of an order (spec §7 Pay): their own order as they may see it, their return from PayPal, and
 * what the development provider's confirm page shows. Orders are made and settled in payments/.
 */

/** Another user's order is answered exactly like a missing one. */
function own(order: PayOrder | undefined, userId: number): PayOrder {
  if (!order || order.userId !== userId) throw new ApiError(Code.NOT_FOUND, 'payOrderNotFound');
  return order;
}

export const ownOrder = async (db: Db, userId: number, outTradeNo: string) => own(await findOrder(db, outTradeNo), userId);

/**
 * The payer is back from PayPal (`token` is PayPal's order id): a pending order is captured and settled. A capture
 * PayPal refuses or that names another order leaves it pending; the order as it now stands is returned.
 */
export async function returnFromPaypal(env: Env, db: Db, userId: number, token: string): Promise<PayOrder> {
  const found = await db.query.payOrders.findFirst({ where: and(eq(payOrders.providerRef, token), eq(payOrders.payType, 'paypalV2Pay')) });
  const order = own(found, userId);
  const provider = paypalProvider(env);
  if (!provider) throw new ApiError(Code.BAD_REQUEST, 'payTypeUnavailable');
  if (order.status === 'pending') {
    const payment = await provider.capture(token).catch((error: unknown) => {
      console.error(JSON.stringify({ level: 'error', event: 'paypalCaptureFailed', outTradeNo: order.outTradeNo, error: String(error) }));
      throw new ApiError(Code.UNAVAILABLE, 'payProviderFailed');
    });
    const result = payment && payment.outTradeNo === order.outTradeNo ? await orderObject(env, order.outTradeNo).settle(payment) : null;
    if (result && result !== 'credited' && result !== 'duplicate') {
      console.warn(JSON.stringify({ level: 'warn', event: 'paypalCaptureRefused', reason: result, outTradeNo: order.outTradeNo }));
    }
  }
  return (await findOrder(db, order.outTradeNo))!;
}

/** An order and the name, in `locale`, of the package it buys, for the development provider's confirm page; either may be missing. */
export async function orderWithPackage(db: Db, outTradeNo: string, locale: Locale) {
  const order = await findOrder(db, outTradeNo);
  const packageName = order ? await packageNameIn(db, order.packageId, locale) : null;
  return { order, packageName };
}
