import { z } from 'zod';
import { SOURCE } from './constants';
import { avatarUrl, nameText } from './text';

/** Sign-in and account payloads (spec §5, §7 Auth/System), used by the Worker and the web forms alike. */
export const passwordRule = z
  .string()
  .min(8)
  .max(24)
  .regex(/[A-Za-z]/, 'must contain a letter')
  .regex(/\d/, 'must contain a digit');

export const emailRule = z.string().trim().toLowerCase().email().max(254);
/** E.164-style: optional +, 6–15 digits (mainland numbers are 11 digits). */
export const phoneRule = z
  .string()
  .trim()
  .regex(/^\+?\d{6,15}$/, 'must be a phone number');
/** An email address or a phone number: where a verification code is sent. */
export const codeTarget = z.union([emailRule, phoneRule]);
export const codeRule = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'must be 6 digits');
export const sourceRule = z.coerce
  .number()
  .pipe(z.union([z.literal(SOURCE.web), z.literal(SOURCE.plugin)]))
  .default(SOURCE.web);

export const sendCodeBody = z.object({ target: codeTarget });
export const passwordLoginBody = z.object({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(128),
  /** Pass from a solved click captcha, or a Turnstile token when Turnstile is configured. */
  captcha: z.string().min(1).max(4096).optional(),
  source: sourceRule,
});
export const codeLoginBody = z.object({
  target: codeTarget,
  code: codeRule,
  /** Given on the register screen: sets the new account's password. */
  password: passwordRule.optional(),
  source: sourceRule,
});
const googleGrant = { code: z.string().min(1).max(2048), state: z.string().min(1).max(128) };
export const googleCallbackBody = z.object({ ...googleGrant, source: sourceRule });
/** Starting a provider's flow to sign in, or (signed in) to link it to the current account. */
export const providerModeQuery = z.object({ mode: z.enum(['login', 'bind']).default('login') });
const sceneRule = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);
export const wechatSceneQuery = z.object({ scene: sceneRule });
export const wechatLoginBody = z.object({ scene: sceneRule, source: sourceRule });
/** A scanned WeChat without an account: a new account, or (with an address and its code) the account using that address. */
export const wechatRegisterBody = z
  .object({ scene: sceneRule, target: codeTarget.optional(), code: codeRule.optional(), source: sourceRule })
  .refine((body) => (body.target === undefined) === (body.code === undefined), { message: 'target and code go together', path: ['code'] });
/** PUT /system/bindingOther: link WeChat (a scene scanned in bind mode) or Google (the grant of a bind-mode flow). */
export const bindOtherBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal('wechat'), scene: sceneRule }),
  z.object({ type: z.literal('google'), ...googleGrant }),
]);
export const resetPasswordBody = z.object({ target: codeTarget, code: codeRule, password: passwordRule });
/** A download ticket is asked for one download: its API path (without the base) and query. */
export const downloadTicketBody = z.object({ url: z.string().min(1).max(8000) });
/** `url` is the download's API path and query with `ticket=` added (below the API base, like the asked `url`), good for `expiresIn` seconds. */
export interface DownloadTicket {
  url: string;
  expiresIn: number;
}
export const visitorLoginBody = z.object({ visitorId: z.string().regex(/^[A-Za-z0-9-]{16,64}$/), source: sourceRule });
export const changePasswordBody = z.object({ oldPassword: z.string().min(1), newPassword: passwordRule });
export const bindAccountBody = z.object({ target: codeTarget, code: codeRule });
export const editClientBody = z.object({
  name: nameText(64).optional(),
  avatar: avatarUrl.optional(),
  shareStatus: z.enum(['0', '1']).optional(),
});
export const captchaVerifyBody = z.object({
  id: z.string().min(1).max(64),
  points: z
    .array(z.object({ x: z.number(), y: z.number() }))
    .min(1)
    .max(10),
});

/** What the sign-in screen may offer: providers without configuration are hidden, never shown broken. */
export interface LoginOptions {
  emailCode: boolean;
  smsCode: boolean;
  google: boolean;
  wechat: boolean;
  captcha: 'click' | 'turnstile' | 'off';
  turnstileSiteKey?: string;
}

export interface WechatQrCode {
  /** The random id the QR code carries; poll getOpenId with it. */
  scene: string;
  /** The QR image (WeChat's showqrcode address). */
  qrUrl: string;
  expiresIn: number;
}

/** getOpenId: not scanned yet, scanned (and whether that WeChat already has an account), or no longer usable. */
export interface WechatScanStatus {
  status: 'waiting' | 'scanned' | 'expired';
  bound: boolean;
}

export interface UserInfo {
  id: number;
  name: string;
  avatar: string;
  username: string | null;
  email: string | null;
  phone: string | null;
  hasPassword: boolean;
  wechatBound: boolean;
  googleBound: boolean;
  visitor: boolean;
  shareStatus: '0' | '1';
  /** Highest active membership: 'svip', 'vip' or null, and when it ends. */
  memberLevel: 'svip' | 'vip' | null;
  validUntil: number | null;
}

export interface LoginResult {
  token: string;
  user: UserInfo;
}
