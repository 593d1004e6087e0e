import type { PackageCategory, PayType, QrPayResponse } from '../../../contracts/pay';
import type { AccountItem } from '../../../contracts/rights';
import type { Reply } from './api-server';
import { ok } from './records';

/** A fake of the pay calls as the Worker answers them: two categories, an order per request, a status to flip. */
export interface FakePay {
  methods: PayType[];
  /** What the order's status answers now. */
  status: 'pending' | 'paid' | 'expired';
  orders: { body: Record<string, unknown>; outTradeNo: string; channel: string }[];
}

const pkg = (id: number, packageType: PackageCategory['packageType'], name: string, price: number) => ({
  id,
  packageName: name,
  packageType,
  price,
  orgPrice: price + 20,
  validPeriod: 1,
  validPeriodUnit: 2,
  seconds: packageType === '3' ? 36_000 : 0,
  description: `${name} for testing`,
  rights: [`${name} right one`, `${name} right two`],
});

export const CATEGORIES: PackageCategory[] = [
  {
    packageType: '2',
    desc: 'VIP membership',
    remark: 'Daily interpreting and uploads',
    packageList: [pkg(11, '2', 'VIP 1 month', 49), pkg(12, '2', 'VIP 12 months', 399)],
  },
  {
    packageType: '3',
    desc: 'Duration',
    remark: 'Pay by time',
    packageList: [
      pkg(21, '3', 'Duration 10 hours', 39),
      pkg(22, '3', 'Duration 50 hours', 169),
      pkg(23, '3', 'Duration 100 hours', 299),
      pkg(24, '3', 'Duration 200 hours', 549),
      pkg(25, '3', 'Duration 500 hours', 1199),
    ],
  },
  { packageType: '5', desc: 'Smart dubbing', remark: 'AI voiceover', packageList: [pkg(31, '5', 'AI dubbing 1 hour', 59)] },
  { packageType: '1', desc: 'SVIP membership', remark: 'Everything', packageList: [pkg(41, '1', 'SVIP 1 month', 99)] },
];

export const ACCOUNTS: AccountItem[] = (['vip', 'duration', 'dubbing', 'svip'] as const).map((accountType, i) => ({
  accountType,
  accountTypeName: `${accountType} item`,
  remarkString: 'Not activated',
  operationString: 'Buy',
  active: false,
  validUntil: null,
  remainingSeconds: 0,
  packageType: (['2', '3', '5', '1'] as const)[i]!,
}));

/** The openid the fake WeChat gives for any authorisation code. */
export const OPEN_ID = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o';

export function newFakePay(): FakePay {
  return { methods: ['wxV3Pay', 'aliPay', 'devPay'], status: 'pending', orders: [] };
}

/** The reply for a pay call, or null when `path` (without /prod-api) is not one. */
export function payReply(fake: FakePay, path: string, body: string): Reply | null {
  if (path === '/expense/package/queryCommonPricePackage') return ok(CATEGORIES);
  if (path === '/expense/pay/methods') return ok(fake.methods);
  if (path === '/expense/package/queryRightsPictureUrl') return ok({ rightsPictureUrl: '' });
  if (path === '/expense/account/queryAccountDetail') return ok(ACCOUNTS);
  if (path === '/expense/account/queryUserFunctionJudge')
    return ok({
      recognitionCount: 10,
      translateCount: 4,
      proprietaryWords: true,
      translateGlossary: true,
      sensitiveWords: true,
      inviteMeeting: true,
      screenCasting: true,
    });
  if (path === '/expense/pay/wechatAuthorizeUrl') {
    return ok({ url: `https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1&state=tingyi-pay#wechat_redirect` });
  }
  if (path === '/expense/pay/getOpenId') return ok({ openid: OPEN_ID, appid: 'wx1' });
  const channel = { '/expense/pay/getQrPay': 'qr', '/expense/pay/getJsApiPay': 'jsapi', '/expense/pay/getAliH5Pay': 'h5' }[path];
  if (channel) {
    const request = JSON.parse(body) as Record<string, unknown>;
    const outTradeNo = `TY${fake.orders.length + 1}`;
    fake.orders.push({ body: request, outTradeNo, channel });
    const type = request.payType as PayType;
    const qr = channel === 'qr';
    const response: QrPayResponse = {
      outTradeNo,
      weChatQRCode: qr && type === 'wxV3Pay' ? `weixin://wxpay/bizpayurl?pr=${outTradeNo}` : null,
      aliPayQRCode: qr && type === 'aliPay' ? `https://qr.alipay.com/${outTradeNo}` : null,
      aliPayH5Url: channel === 'h5' ? `https://openapi.alipay.com/gateway.do?order=${outTradeNo}` : null,
      jsApiParams:
        channel === 'jsapi'
          ? { appId: 'wx1', timeStamp: '1700000000', nonceStr: 'n', package: `prepay_id=wx${outTradeNo}`, signType: 'RSA', paySign: 'sig' }
          : null,
      payPalPayHtml: type === 'paypalV2Pay' ? `https://www.sandbox.paypal.com/checkoutnow?token=${outTradeNo}` : null,
      devPayUrl: type === 'devPay' ? `http://127.0.0.1/prod-api/dev/pay/${outTradeNo}` : null,
      expiresAt: Date.now() + 900_000,
    };
    return ok(response);
  }
  if (path.startsWith('/expense/pay/getPayRechargeStatus/') || path === '/expense/pay/paypalPayBack') {
    if (fake.status === 'paid') return ok({ status: 'paid' });
    if (fake.status === 'expired') return { status: 410, body: { code: 410, msg: 'This order has expired.', data: null } };
    return { body: { code: 202, msg: 'Waiting for payment.', data: { status: 'pending' } } };
  }
  return null;
}
