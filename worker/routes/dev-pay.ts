import { API, apiPath } from '../../contracts/api-paths';
import { API_BASE } from '../../contracts/constants';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import { translate } from '../lib/i18n';
import type { AppEnv } from '../lib/types';
import { validate } from '../middleware/validate';
import { DEV_PAY_TYPE, signedDevNotification } from '../services/payments/development';
import { handleNotification } from '../services/payments/notifications';
import { orderWithPackage } from '../services/payments/payer';
import { findOrder } from '../services/payments/orders';

/**
 * The development provider's confirm page (mounted under /dev, so development only): what its QR code
 * opens. Confirming posts a notification signed with the development key through the same path a real
 * provider's notification takes.
 */
const param = validate('param', z.object({ outTradeNo: z.string().min(6).max(64) }));

export const devPay = new Hono<AppEnv>()
  .get(API.devPay.order, param, async (c) => {
    const t = (key: Parameters<typeof translate>[1], params = {}) => translate(c.var.locale, key, params);
    const { order, packageName } = await orderWithPackage(c.var.db, c.req.valid('param').outTradeNo, c.var.locale);
    const state =
      !order || !packageName ? t('payOrderNotFound') : order.status === 'paid' ? t('devPayDone') : order.status === 'expired' ? t('payOrderExpired') : null;
    return c.html(html`<!doctype html>
      <html lang="${c.var.locale}">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>${t('devPayTitle')}</title>
          <style>
            body { font-family: system-ui, sans-serif; max-width: 420px; margin: 40px auto; padding: 0 16px; color: #1f2329; }
            .badge { display: inline-block; background: #fff7e6; color: #ad4e00; border: 1px solid #ffd591; border-radius: 4px; padding: 2px 8px; }
            .amount { font-size: 32px; margin: 16px 0; }
            button { font-size: 16px; padding: 10px 24px; background: #1677ff; color: #fff; border: 0; border-radius: 6px; cursor: pointer; }
          </style>
        </head>
        <body>
          <p class="badge">${t('devPayTitle')}</p>
          <p>${t('devPayNotice')}</p>
          ${
            order && packageName
              ? html`<h1>${packageName}</h1>
                <p class="amount">¥${(order.amountFen / 100).toFixed(2)}</p>
                <p>${order.outTradeNo}</p>`
              : ''
          }
          ${
            state
              ? html`<p role="status">${state}</p>`
              : html`<form method="post"><button type="submit">${t('devPayButton', { amount: (order!.amountFen / 100).toFixed(2) })}</button></form>`
          }
        </body>
      </html>`);
  })
  .post(API.devPay.order, param, async (c) => {
    const order = await findOrder(c.var.db, c.req.valid('param').outTradeNo);
    if (order?.status === 'pending') {
      const notification = await signedDevNotification(
        { outTradeNo: order.outTradeNo, amountFen: order.amountFen, transactionId: `DEV${crypto.randomUUID().replace(/-/g, '')}` },
        Date.now(),
      );
      const url = new URL(`${API_BASE}${apiPath(API.payNotify.notify, { payType: DEV_PAY_TYPE })}`, c.req.url);
      await handleNotification(c.env, c.var.db, DEV_PAY_TYPE, new Request(url, { method: 'POST', ...notification }));
    }
    // Post/redirect/get: the page then shows the order's real outcome.
    return c.redirect(c.req.url, 303);
  });
