import { env, exports } from 'cloudflare:workers';
import type { Envelope } from '../../contracts/errors';
import type { QrPayResponse } from '../../contracts/pay';
import type { AccountItem } from '../../contracts/rights';
import { database } from '../../worker/db/client';
import { packageTexts, packages } from '../../worker/db/schema';
import { toBase64 } from '../../worker/lib/encoding';

/** What the payment tests share: a package to buy, orders made through the Worker, and what a user then sees. */
export const HOUR = 3600;
const db = database(env.DB);

/** A fresh 2-hour package at ¥19.90 unless told otherwise. */
export async function createPackage(values: Partial<typeof packages.$inferInsert> = {}) {
  const [row] = await db
    .insert(packages)
    .values({
      packageType: '3',
      packageName: 'Test hours',
      priceFen: 1990,
      orgPriceFen: 2990,
      validPeriod: 1,
      validPeriodUnit: 1,
      seconds: 2 * HOUR,
      createdAt: Date.now(),
      ...values,
    })
    .returning();
  return row!;
}

/**
 * A POST through the real Worker at `origin` (providers that insist on https notify URLs need an https one),
 * in the interface language `locale` when given.
 */
export async function post<T>(path: string, body: unknown, token?: string, origin = 'http://tingyi.test', locale?: string) {
  const response = await exports.default.fetch(
    new Request(`${origin}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(locale ? { 'accept-language': locale } : {}),
      },
      body: JSON.stringify(body),
    }),
  );
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

export const order = (token: string, body: Record<string, unknown>, origin?: string, locale?: string) =>
  post<QrPayResponse>('/prod-api/expense/pay/getQrPay', body, token, origin, locale);

/** A package with its own names in Simplified Chinese and English, none in Traditional Chinese. */
export async function packageWithTexts() {
  const pkg = await createPackage({ packageName: 'Operator hours' });
  await db.insert(packageTexts).values([
    { packageId: pkg.id, locale: 'zh-CN', name: '两小时转写', description: '' },
    { packageId: pkg.id, locale: 'en-US', name: 'Two hours of transcription', description: '' },
  ]);
  return pkg;
}
export const orderStatus = (token: string, outTradeNo: string) =>
  post<{ status: string }>(`/prod-api/expense/pay/getPayRechargeStatus/${outTradeNo}`, {}, token);
/** Delivers a provider's notification to the Worker, as the provider's servers would. */
export const deliver = (notification: Request) => exports.default.fetch(notification);

export const durationItem = async (token: string) =>
  (await post<AccountItem[]>('/prod-api/expense/account/queryAccountDetail', {}, token)).body.data.find((i) => i.accountType === 'duration')!;
export const bills = async (token: string) =>
  (await post<{ total: number; rows: { reference: string; amountFen: number }[] }>('/prod-api/expense/account/queryBuyRecord', {}, token)).body.data;

/** An RSA private key (bare base64 PKCS#8) that neither the merchant nor any gateway holds: an impostor's. */
export async function impostorKey() {
  const pair = (await crypto.subtle.generateKey(
    { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['sign', 'verify'],
  )) as CryptoKeyPair;
  return toBase64((await crypto.subtle.exportKey('pkcs8', pair.privateKey)) as ArrayBuffer);
}
