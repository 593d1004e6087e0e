import { API } from '../../../contracts/api-paths';
import type { LoginOptions, LoginResult, WechatQrCode, WechatScanStatus } from '../../../contracts/auth';
import { get, post } from '../../lib/request';

/** Sign-in calls (spec §7 Auth). */

export interface CaptchaPicture {
  id: string;
  /** Our own server's SVG markup. */
  svg: string;
  /** The glyphs to click, in order. */
  prompt: string[];
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export const fetchLoginOptions = async () => (await get<LoginOptions>(API.auth.loginOptions)).data;

export const fetchCaptcha = async () => (await get<CaptchaPicture>(API.auth.captcha)).data;

/** A right answer yields a single-use pass for doLogin; a wrong one rejects (the picture is spent). */
export const verifyCaptcha = async (id: string, points: Point[]) => (await post<{ pass: string }>(API.auth.captchaVerify, { id, points })).data.pass;

export const sendCode = async (target: string) => (await post<{ cooldownSeconds: number }>(API.auth.getValidCode, { target })).data;

export interface CodeLogin {
  target: string;
  code: string;
  /** Only on the register screen: the new account's password. */
  password?: string;
  source: number;
}
export const loginByCode = async (body: CodeLogin) => (await post<LoginResult>(API.auth.doLoginByValidCode, body)).data;

export interface PasswordLogin {
  username: string;
  password: string;
  captcha?: string;
  source: number;
}
export const loginByPassword = async (body: PasswordLogin) => (await post<LoginResult>(API.auth.doLogin, body)).data;

export const resetPassword = (body: { target: string; code: string; password: string }) => post(API.auth.resetPwd, body);

/** Sign in with a provider, or (signed in) link it to the current account. */
export type ProviderMode = 'login' | 'bind';

/** Google's authorization address for a new flow (spec §7 render/google). */
export const fetchGoogleUrl = async (mode: ProviderMode) => (await get<string>(API.auth.renderGoogle, { mode })).data;

export const googleRegisterWithLogin = async (body: { code: string; state: string; source: number }) =>
  (await post<LoginResult>(API.auth.googleRegisterWithLogin, body)).data;

export const fetchWechatQr = async (mode: ProviderMode) => (await get<WechatQrCode>(API.auth.getQrCode, { mode })).data;

/** Polled every 2 s: a failure is left to the next poll instead of toasting each time. */
export const fetchScanStatus = async (scene: string) => (await get<WechatScanStatus>(API.auth.getOpenId, { scene }, { silent: true })).data;

export const wechatLogin = async (body: { scene: string; source: number }) => (await post<LoginResult>(API.auth.wxLogin, body)).data;

/** A scanned WeChat without an account: a new account, or with `target` and `code` the account using that address. */
export const wechatRegister = async (body: { scene: string; target?: string; code?: string; source: number }) =>
  (await post<LoginResult>(API.auth.wxRegisterWithLogin, body)).data;

/** Revokes the session on the server; signing out locally must not wait on it succeeding. */
export const logout = () => post(API.auth.logout, undefined, { silent: true, authRedirect: false });
