import { findOrder, orderObject } from './orders';
import { payProvider } from './index';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';

const warn = (fields: Record<string, unknown>) => console.warn(JSON.stringify({ level: 'warn', event: 'payNotificationRefused', ...fields }));

/**
 * A provider's payment notification: verified as the provider documents, then settled by the order's
 * Durable Object. Forged, stale, unknown or mismatching notifications are refused and logged; a
 * duplicate of one already credited is acknowledged and changes nothing.
 */
export async function handleNotification(env: Env, db: Db, payType: string, request: Request, now = Date.now()): Promise<Response> {
  const provider = payProvider(env, payType);
  // Not a provider's call at all: answered like any unknown address.
  if (!provider) throw notFound(new URL(request.url).pathname);
  const verified = await provider.verifyNotification(request, now);
  if ('refused' in verified) {
    warn({ payType, reason: verified.refused });
    return provider.answer(false);
  }
  if ('ignored' in verified) return provider.answer(true);
  // Only orders this app made reach a Durable Object, so a signed but foreign number creates nothing.
  const order = await findOrder(db, verified.outTradeNo);
  if (!order || order.payType !== payType) {
    warn({ payType, reason: 'unknownOrder', outTradeNo: verified.outTradeNo });
    return provider.answer(false);
  }
  const result = await orderObject(env, verified.outTradeNo).settle(verified);
  if (result === 'credited' || result === 'duplicate') return provider.answer(true);
  warn({ payType, reason: result, outTradeNo: verified.outTradeNo, amountFen: verified.amountFen, expectedFen: order.amountFen });
  return provider.answer(false);
}
