import type { PayType } from '../../../contracts/pay';

/** What a provider needs to open a payment for one order. */
export interface PaymentRequest {
  outTradeNo: string;
  amountFen: number;
  /** Shown to the payer by the provider. */
  description: string;
  /** Where the provider posts its notification; `origin` is the app's own address. */
  notifyUrl: string;
  origin: string;
  expiresAt: number;
  /** A QR code for another device (the default), a page for this phone's browser (H5), or WeChat's in-app JSAPI. */
  channel: 'qr' | 'h5' | 'jsapi';
  /** The payer's openid under the paying app (JSAPI only). */
  openId?: string;
}

/** How the payer completes it: a QR code's text, or a page to open. */
export interface PaymentOpening {
  qrCode?: string;
  payUrl?: string;
  /** The provider's own id for the payment, when it gives one at creation (PayPal's order id). */
  providerRef?: string;
  /** WeChat JSAPI: what the page passes to WeixinJSBridge "getBrandWCPayRequest". */
  jsApiParams?: JsApiParams;
}

export interface JsApiParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

/** A payment the provider vouched for (a verified notification or a query answer). */
export interface ConfirmedPayment {
  outTradeNo: string;
  amountFen: number;
  providerRef: string;
}

/** Why a notification was refused; logged, never credited. */
export type Refusal = 'badSignature' | 'stale' | 'malformed' | 'undecryptable';

export interface PayProvider {
  payType: PayType;
  /** The channels `create` can open; a QR code always. */
  channels: readonly PaymentRequest['channel'][];
  create(request: PaymentRequest): Promise<PaymentOpening>;
  /** Checks a notification exactly as the provider documents; a refusal when it cannot be trusted. */
  verifyNotification(request: Request, now: number): Promise<ConfirmedPayment | { refused: Refusal } | { ignored: string }>;
  /** Asks the provider whether the order was paid; absent where the provider cannot be asked. */
  query?(outTradeNo: string): Promise<ConfirmedPayment | null>;
  /** The answer the provider expects to a notification that was handled (`ok`) or refused. */
  answer(ok: boolean): Response;
}
