import type { QrPayResponse } from '../../../contracts/pay';

/**
 * Paying on the device that shows the dialog (spec §7 getJsApiPay, getOpenId, getAliH5Pay): inside WeChat's
 * own browser WeChat Pay runs in place (JSAPI), on a phone's browser Alipay opens its app (H5); everywhere
 * else the dialog shows a QR code to scan with another device.
 */
export type PayPlace = 'wechat' | 'phone' | 'desktop';

export function payPlace(userAgent = navigator.userAgent): PayPlace {
  if (/MicroMessenger/i.test(userAgent)) return 'wechat';
  if (/Android|iPhone|iPad|iPod|Mobile/i.test(userAgent)) return 'phone';
  return 'desktop';
}

/** The payer's openid under the paying app, kept on this device once WeChat has told it (spec: stored locally). */
const OPEN_ID_KEY = 'wechatPayOpenId';
/** The package a payer chose before WeChat's authorisation page took them away, to reopen the dialog with. */
const RESUME_KEY = 'payResume';

export interface PayResume {
  tabIndex: number;
  packageId: number;
}

function read(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null; // storage disabled: the payer authorises again next time
  }
}

function write(storage: Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // Storage disabled: nothing is kept.
  }
}

export const storedOpenId = () => read(localStorage, OPEN_ID_KEY);
export const storeOpenId = (openId: string | null) => write(localStorage, OPEN_ID_KEY, openId);

export const storeResume = (resume: PayResume) => write(sessionStorage, RESUME_KEY, JSON.stringify(resume));

/** The choice saved before the authorisation page, once: reading it forgets it. */
export function takeResume(): PayResume | null {
  const saved = read(sessionStorage, RESUME_KEY);
  write(sessionStorage, RESUME_KEY, null);
  try {
    const parsed = saved ? (JSON.parse(saved) as Partial<PayResume>) : null;
    return parsed && typeof parsed.tabIndex === 'number' && typeof parsed.packageId === 'number'
      ? { tabIndex: parsed.tabIndex, packageId: parsed.packageId }
      : null;
  } catch {
    return null;
  }
}

interface WeixinJSBridge {
  invoke(api: 'getBrandWCPayRequest', params: NonNullable<QrPayResponse['jsApiParams']>, done: (res: { err_msg: string }) => void): void;
}

declare global {
  interface Window {
    WeixinJSBridge?: WeixinJSBridge;
  }
}

/**
 * Hands the order to WeChat's payment sheet. Resolves with how the payer left it: 'ok' (WeChat says paid;
 * the order status still decides), 'cancel', or 'fail'. Waits for the bridge when the page is still loading.
 */
export async function payInWechat(params: NonNullable<QrPayResponse['jsApiParams']>): Promise<'ok' | 'cancel' | 'fail'> {
  const bridge =
    window.WeixinJSBridge ??
    (await new Promise<WeixinJSBridge | undefined>((resolve) => {
      document.addEventListener('WeixinJSBridgeReady', () => resolve(window.WeixinJSBridge), { once: true });
    }));
  if (!bridge) return 'fail';
  return new Promise((resolve) => {
    bridge.invoke('getBrandWCPayRequest', params, (res) => {
      resolve(res.err_msg === 'get_brand_wcpay_request:ok' ? 'ok' : res.err_msg === 'get_brand_wcpay_request:cancel' ? 'cancel' : 'fail');
    });
  });
}
