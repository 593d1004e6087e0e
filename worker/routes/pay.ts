import { Hono } from 'hono';
import { z } from 'zod';
import { Code } from '../../contracts/errors';
import type { Envelope } from '../../contracts/errors';
import { qrPayRequest, type PayOrderStatus } from '../../contracts/pay';
import { ok } from '../lib/envelope';
import { ApiError } from '../lib/errors';
import { translate } from '../lib/i18n';
import type { AppEnv } from '../lib/types';
import { validate } from '../middleware/validate';
import { payTypes } from '../services/payments';
import { createOrder, findOrder } from '../services/payments/orders';

/** Pay calls of spec §7 (mounted under /expense/pay, behind the sign-in check of the expense area). */
export const payRoutes = new Hono<AppEnv>()
  /** The methods this deployment can take; the dialog hides the others. */
  .get('/methods', (c) => ok(c, payTypes(c.env)))
  .post('/getQrPay', validate('json', qrPayRequest), async (c) => {
    const origin = new URL(c.req.url).origin;
    return ok(c, await createOrder(c.env, c.var.db, c.var.userId, c.req.valid('json'), origin));
  })
  .post('/getPayRechargeStatus/:outTradeNo', validate('param', z.object({ outTradeNo: z.string().min(6).max(64) })), async (c) => {
    const order = await findOrder(c.var.db, c.req.valid('param').outTradeNo);
    // Another user's order is answered exactly like a missing one.
    if (!order || order.userId !== c.var.userId) throw new ApiError(Code.NOT_FOUND, 'payOrderNotFound', {}, 404);
    if (order.status === 'paid') return ok(c, { status: order.status satisfies PayOrderStatus, outTradeNo: order.outTradeNo });
    if (order.status === 'expired') throw new ApiError(Code.GONE, 'payOrderExpired', {}, 410);
    return c.json<Envelope<{ status: PayOrderStatus; outTradeNo: string }>>({
      code: Code.PAYMENT_PENDING,
      msg: translate(c.var.locale, 'payOrderPending'),
      data: { status: 'pending', outTradeNo: order.outTradeNo },
    });
  });
