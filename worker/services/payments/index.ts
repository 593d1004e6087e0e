import type { PayType } from '../../../contracts/pay';
import { alipayProvider } from './alipay';
import { developmentProvider } from './development';
import { paypalProvider } from './paypal';
import type { PayProvider } from './provider';
import { wechatPayProvider } from './wechat';

/** The providers this deployment has settings for, in the order the pay dialog offers them. */
export function payProviders(env: Env): PayProvider[] {
  return [wechatPayProvider(env), alipayProvider(env), paypalProvider(env), developmentProvider(env)].filter((p): p is PayProvider => p !== null);
}

export const payProvider = (env: Env, payType: string): PayProvider | undefined => payProviders(env).find((p) => p.payType === payType);

export const payTypes = (env: Env): PayType[] => payProviders(env).map((p) => p.payType);
