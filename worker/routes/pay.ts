import { API } from '../../contracts/api-paths';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { z } from 'zod';
import { Code } from '../../contracts/errors';
import type { Envelope } from '../../contracts/errors';
import { qrPayRequest, type PayOrderStatus } from '../../contracts/pay';
import { publicOrigin } from '../lib/client';
import { ok } from '../lib/envelope';
import { ApiError } from '../lib/errors';
import { translate } from '../lib/i18n';
import type { AppEnv } from '../lib/types';
import { validate } from '../middleware/validate';
import { payTypes } from '../services/payments';
import { createOrder } from '../services/payments/checkout';
import type { PayOrder } from '../services/payments/orders';
import { ownOrder, returnFromPaypal } from '../services/payments/payer';
import { payerAuthorizeUrl, payerOpenId } from '../services/payments/wechat';

/** Pay calls of spec §7 (mounted under /expense/pay, behind the sign-in check of the expense area). */
export const payRoutes = new Hono<AppEnv>()
  /** The methods this deployment can take; the dialog hides the others. */
  .get(API.pay.methods, (c) => ok(c, payTypes(c.env)))
  .post(API.pay.getQrPay, validate('json', qrPayRequest), async (c) => {
    return ok(c, await createOrder(c.env, c.var.db, c.var.userId, c.req.valid('json'), publicOrigin(c), c.var.locale));
  })
  /**
   * Inside WeChat's browser: the authorisation page that brings the payer back to `redirect` (a page of this
   * site) with a code for getOpenId. 400 when JSAPI cannot be offered; the dialog then shows the QR code.
   */
  .get(API.pay.wechatAuthorizeUrl, validate('query', z.object({ redirect: z.string().url().max(2048) })), (c) => {
    const { redirect } = c.req.valid('query');
    if (new URL(redirect).origin !== publicOrigin(c)) throw new ApiError(Code.BAD_REQUEST, 'badRequest', { detail: 'redirect' });
    const url = payerAuthorizeUrl(c.env, redirect);
    if (!url) throw new ApiError(Code.BAD_REQUEST, 'payTypeUnavailable');
    return ok(c, { url });
  })
  /** WeChat's web authorisation code → the payer's openid under the paying app (for getJsApiPay). */
  .get(API.pay.getOpenId, validate('query', z.object({ code: z.string().min(1).max(256) })), async (c) => {
    const found = await payerOpenId(c.env, c.req.valid('query').code);
    if (!found) throw new ApiError(Code.BAD_REQUEST, 'wechatOpenIdFailed');
    return ok(c, found);
  })
  /** WeChat Pay inside WeChat (JSAPI): the parameters the page hands to WeixinJSBridge. */
  .post(
    API.pay.getJsApiPay,
    validate('json', qrPayRequest.extend({ payType: z.literal('wxV3Pay').default('wxV3Pay'), openId: z.string().min(1).max(128) })),
    async (c) => {
      return ok(c, await createOrder(c.env, c.var.db, c.var.userId, c.req.valid('json'), publicOrigin(c), c.var.locale, 'jsapi'));
    },
  )
  /** Alipay in a phone's browser (alipay.trade.wap.pay): the page to open instead of a QR code. */
  .post(API.pay.getAliH5Pay, validate('json', qrPayRequest.extend({ payType: z.literal('aliPay').default('aliPay') })), async (c) => {
    return ok(c, await createOrder(c.env, c.var.db, c.var.userId, c.req.valid('json'), publicOrigin(c), c.var.locale, 'h5'));
  })
  .post(API.pay.getPayRechargeStatus, validate('param', z.object({ outTradeNo: z.string().min(6).max(64) })), async (c) =>
    statusAnswer(c, await ownOrder(c.var.db, c.var.userId, c.req.valid('param').outTradeNo)),
  )
  /** The payer is back from PayPal (`token` is PayPal's order id): capture it and settle the order. */
  .post(API.pay.paypalPayBack, validate('query', z.object({ token: z.string().min(1).max(64), PayerID: z.string().max(64).optional() })), async (c) =>
    statusAnswer(c, await returnFromPaypal(c.env, c.var.db, c.var.userId, c.req.valid('query').token)),
  );

/** 200 once paid, 202 while waiting (the dialog keeps polling), 410 once expired. */
function statusAnswer(c: Context<AppEnv>, order: PayOrder) {
  if (order.status === 'expired') throw new ApiError(Code.GONE, 'payOrderExpired');
  const data = { status: order.status satisfies PayOrderStatus, outTradeNo: order.outTradeNo };
  if (order.status === 'paid') return ok(c, data);
  return c.json<Envelope<typeof data>>({ code: Code.PAYMENT_PENDING, msg: translate(c.var.locale, 'payOrderPending'), data });
}
