import { eq } from 'drizzle-orm';
import { API, apiPath } from '../../../contracts/api-paths';
import { API_BASE } from '../../../contracts/constants';
import { Code } from '../../../contracts/errors';
import type { Locale } from '../../../contracts/locale';
import { PAY, type QrPayRequest, type QrPayResponse } from '../../../contracts/pay';
import type { Db } from '../../db/client';
import { packageTexts, packages, payOrders } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { payProvider } from './index';
import { orderObject } from './orders';
import { localName, textsIn } from './packages';
import type { PaymentRequest } from './provider';
import { randomHex } from './rsa';

/**
 * Opening a payment: the order is made with the server's own price (never the client's), stored, handed to
 * its PaymentOrder Durable Object, and opened with the chosen provider in the channel the payer is on. The
 * provider shows the payer the package's name in the language they paid in (its order subject/description).
 */

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
  locale: Locale,
  channel: PaymentRequest['channel'] = 'qr',
  now = Date.now(),
): Promise<QrPayResponse> {
  const provider = payProvider(env, input.payType);
  if (!provider?.channels.includes(channel)) throw new ApiError(Code.BAD_REQUEST, 'payTypeUnavailable');
  const [pkg] = await db
    .select({ id: packages.id, priceFen: packages.priceFen, name: localName })
    .from(packages)
    .leftJoin(packageTexts, textsIn(locale))
    .where(eq(packages.id, Number(input.packageId)));
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
      description: pkg.name,
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
