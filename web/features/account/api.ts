import type { z } from 'zod';
import { API } from '../../../contracts/api-paths';
import type { UserInfo, bindOtherBody } from '../../../contracts/auth';
import type { PayType } from '../../../contracts/pay';
import type { AccountItem } from '../../../contracts/rights';
import { get, post, request } from '../../lib/request';

/** The signed-in user's account calls (spec §7 System and Expense). */

export const fetchAccountDetail = async () => (await post<AccountItem[]>(API.expense.queryAccountDetail, {})).data;
/** The same, for the header's minutes left: shown when they can be read, simply left out (no error toast) when not. */
export const fetchAccountDetailQuietly = async () => (await post<AccountItem[]>(API.expense.queryAccountDetail, {}, { silent: true })).data;

/** What anyone may see of a user through their QR code. */
export interface PublicClient {
  userId: number;
  name: string;
  avatar: string;
  shareStatus: '0' | '1';
  /** Only in the owner's own view: the key their QR code carries. */
  qrKey?: string;
}
/** A user's QR landing data: for the holder of their code's key, or (no key) for the signed-in owner. */
export const fetchClient = async (userId: string | number, key?: string) =>
  (await get<PublicClient>(API.system.getClient, key === undefined ? { userId } : { userId, key }, { silent: true })).data;

export type ClientChanges = Partial<Pick<UserInfo, 'name' | 'avatar' | 'shareStatus'>>;
export const editClient = async (changes: ClientChanges) => (await post<UserInfo>(API.system.clientUserEdit, changes)).data;

export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** Uploads a new avatar as multipart field `file`, reporting progress in percent. */
export async function uploadAvatar(file: Blob, onProgress: (percent: number) => void): Promise<UserInfo> {
  const body = new FormData();
  body.append('file', file);
  const { data } = await post<UserInfo>(API.system.userAvatar, body, {
    onUploadProgress: ({ loaded, total }) => onProgress(total ? Math.round((loaded / total) * 100) : 0),
  });
  return data;
}

export const changePassword = (body: { oldPassword: string; newPassword: string }) => request({ method: 'PUT', url: API.system.updatePwd, data: body });

export const bindAccount = async (body: { target: string; code: string }) =>
  (await request<UserInfo>({ method: 'PUT', url: API.system.bindingAccount, data: body })).data;

/** Links WeChat (a code scanned in bind mode) or Google (the code and state Google returned) to this account. */
export const bindOther = async (body: z.input<typeof bindOtherBody>) =>
  (await request<UserInfo>({ method: 'PUT', url: API.system.bindingOther, data: body })).data;

export type SocialProvider = 'wechat' | 'google';
const UNBIND_URLS: Record<SocialProvider, string> = { wechat: API.system.unbindWeCat, google: API.system.unbindGoogle };
export const unbindProvider = async (provider: SocialProvider) => (await request<UserInfo>({ method: 'PUT', url: UNBIND_URLS[provider] })).data;

export interface Page<Row> {
  rows: Row[];
  total: number;
}

export interface BuyRecord {
  id: number;
  channel: 'card' | 'pay';
  reference: string;
  amountFen: number;
  createdAt: number;
  packageName: string | null;
  packageType: '1' | '2' | '3' | '5' | null;
  /** How a payment was made; null for a card code. */
  payType: PayType | null;
}

export interface CostRecord {
  id: number;
  feature: string;
  seconds: number;
  accountType: string;
  createdAt: number;
}

export const BILL_URLS = {
  purchases: API.expense.queryBuyRecord,
  transactions: API.expense.queryCostRecord,
} as const;

export const fetchBillPage = async <Row>(url: string, pageNum: number, pageSize: number) => (await post<Page<Row>>(url, { pageNum, pageSize })).data;
