import { API, apiPath } from '../../../contracts/api-paths';
import { Code } from '../../../contracts/errors';
import type { PackageCategory, PayOrderStatus, PayType, QrPayRequest, QrPayResponse } from '../../../contracts/pay';
import { get, isRequestError, post } from '../../lib/request';

/** The pay dialog's calls (spec §7 Pay): package list, methods, QR pay, order status. */

export const fetchPriceCategories = async () => (await post<PackageCategory[]>(API.expense.queryCommonPricePackage, {})).data;

export const fetchRightsPicture = async () => (await get<{ rightsPictureUrl: string }>(API.expense.queryRightsPictureUrl)).data.rightsPictureUrl;

export const fetchPayMethods = async () => (await get<PayType[]>(API.pay.methods)).data;

export const createQrPay = async (body: QrPayRequest) => (await post<QrPayResponse>(API.pay.getQrPay, body)).data;
/** Inside WeChat's browser: an order WeChat's own payment sheet takes (jsApiParams). */
export const createJsApiPay = async (body: QrPayRequest & { openId: string }) => (await post<QrPayResponse>(API.pay.getJsApiPay, body)).data;
/** In a phone's browser: an Alipay order paid in the Alipay app (aliPayH5Url). */
export const createAliH5Pay = async (body: QrPayRequest) => (await post<QrPayResponse>(API.pay.getAliH5Pay, body)).data;
/** WeChat's authorisation page that brings the payer back to `redirect` with a code. */
export const fetchWechatAuthorizeUrl = async (redirect: string) => (await get<{ url: string }>(API.pay.wechatAuthorizeUrl, { redirect })).data.url;
/** The code WeChat brought back → the payer's openid. */
export const fetchOpenId = async (code: string) => (await get<{ openid: string }>(API.pay.getOpenId, { code })).data.openid;

/** The payer is back from PayPal: the server captures the order; resolves with its status. */
export async function paypalPayBack(params: { token: string; PayerID?: string }): Promise<PayOrderStatus> {
  try {
    await post(API.pay.paypalPayBack, {}, { params, silent: true });
    return 'paid';
  } catch (error) {
    if (isRequestError(error, 'business') && error.code === Code.PAYMENT_PENDING) return 'pending';
    if (isRequestError(error, 'business') && error.code === Code.GONE) return 'expired';
    throw error;
  }
}

/** The order's status; "not yet" (202) and "expired" (410) are answers here, not errors to toast. */
export async function fetchPayStatus(outTradeNo: string): Promise<PayOrderStatus> {
  try {
    await post(apiPath(API.pay.getPayRechargeStatus, { outTradeNo }), {}, { silent: true });
    return 'paid';
  } catch (error) {
    if (isRequestError(error, 'business') && error.code === Code.PAYMENT_PENDING) return 'pending';
    if (isRequestError(error, 'business') && error.code === Code.GONE) return 'expired';
    // A network hiccup while polling: ask again on the next tick.
    if (isRequestError(error, 'network')) return 'pending';
    throw error;
  }
}
