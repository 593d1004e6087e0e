import { z } from 'zod';

/**
 * Packages and pay orders (spec §3, §7 Pay). `devPay` is the development provider: offered only when the
 * Worker runs with ENVIRONMENT=development, so a local install can complete a purchase without a gateway.
 */
export const PAY_TYPES = ['wxV3Pay', 'aliPay', 'paypalV2Pay', 'devPay'] as const;
export type PayType = (typeof PAY_TYPES)[number];

/**
 * The currency (ISO 4217) each channel charges, so a price is shown as the channel will take it ("CN¥99.00"
 * in English, "¥99.00" in Chinese) rather than a bare ¥ an English reader may take for yen. Packages are
 * priced in yuan, and every channel charges yuan: WeChat Pay and Alipay only can, PayPal is sent CNY.
 */
export const PAY_CURRENCY: Record<PayType, 'CNY'> = { wxV3Pay: 'CNY', aliPay: 'CNY', paypalV2Pay: 'CNY', devPay: 'CNY' };
/** The packages' own currency, for prices shown before a channel is chosen (and bills). */
export const PRICE_CURRENCY = 'CNY';

export const PACKAGE_TYPES = ['1', '2', '3', '5'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];

/** What a live meeting can be paid with (spec §6): memberships and time packages, not dubbing. */
export const MEETING_PACKAGE_TYPES: readonly PackageType[] = ['1', '2', '3'];

export const PAY = {
  /** An unpaid order expires after this long; its QR code stops working. */
  orderTtlMs: 15 * 60_000,
  /** How often the order's Durable Object asks a provider that can be queried whether it was paid. */
  providerPollMs: 5000,
} as const;

/** A package as the pay dialog lists it; prices in yuan. */
export interface PricePackage {
  id: number;
  /** The name in the request's language (the package's own name where it has none). */
  packageName: string;
  /** One line on who the package is for, in the request's language; empty when the operator wrote none. */
  description: string;
  packageType: PackageType;
  price: number;
  orgPrice: number;
  validPeriod: number;
  /** 1 year, 2 month, 3 day. */
  validPeriodUnit: number;
  /** Seconds of transcription or dubbing a time package grants; 0 for memberships. */
  seconds: number;
  /** What the package gives, in the request's language. */
  rights: string[];
}

export interface PackageCategory {
  packageType: PackageType;
  desc: string;
  remark: string;
  packageList: PricePackage[];
}

export const qrPayRequest = z.object({
  /** 2 when the browser subtitle plugin opened the dialog, else 1 (spec §6). */
  source: z.coerce.number().int().min(1).max(2).default(1),
  packageId: z.coerce.number().int().positive(),
  /** The price the dialog showed, in yuan: refused unless it is the package's current price. */
  payPrice: z.coerce.number().nonnegative(),
  payType: z.enum(PAY_TYPES),
  goodsName: z.string().max(200).optional(),
  description: z.string().max(500).optional(),
});
export type QrPayRequest = z.input<typeof qrPayRequest>;

/** Pay order response (spec §3): the field for the chosen method is set, the others are null. */
export interface QrPayResponse {
  outTradeNo: string;
  weChatQRCode: string | null;
  aliPayQRCode: string | null;
  /** Alipay on a phone (getAliH5Pay): the gateway page that takes the payer into Alipay. */
  aliPayH5Url: string | null;
  payPalPayHtml: string | null;
  /** WeChat's in-app payment (getJsApiPay): the parameters for WeixinJSBridge getBrandWCPayRequest. */
  jsApiParams: { appId: string; timeStamp: string; nonceStr: string; package: string; signType: 'RSA'; paySign: string } | null;
  /** Development provider: the local confirm page the QR code opens. */
  devPayUrl: string | null;
  expiresAt: number;
}

export type PayOrderStatus = 'pending' | 'paid' | 'expired';
