import type { Locale } from '../../contracts/locale';

/** Server-side messages, one entry per key in every interface language. */
const messages = {
  ok: { 'en-US': 'Success', 'zh-CN': '操作成功', 'zh-TW': '操作成功' },
  badRequest: {
    'en-US': 'Some fields are missing or invalid: {detail}',
    'zh-CN': '参数缺失或不正确：{detail}',
    'zh-TW': '參數缺失或不正確：{detail}',
  },
  unauthorized: {
    'en-US': 'Please sign in to continue.',
    'zh-CN': '请先登录后再继续。',
    'zh-TW': '請先登入後再繼續。',
  },
  forbidden: {
    'en-US': 'You do not have permission to do this.',
    'zh-CN': '您没有权限执行此操作。',
    'zh-TW': '您沒有權限執行此操作。',
  },
  notFound: {
    'en-US': 'The requested address does not exist: {path}',
    'zh-CN': '请求的地址不存在：{path}',
    'zh-TW': '請求的地址不存在：{path}',
  },
  internal: {
    'en-US': 'Something went wrong on our side. Please try again later (request {requestId}).',
    'zh-CN': '服务器开小差了，请稍后再试（请求编号 {requestId}）。',
    'zh-TW': '伺服器發生錯誤，請稍後再試（請求編號 {requestId}）。',
  },
  unknownConfigKey: {
    'en-US': 'Unknown configuration key: {key}',
    'zh-CN': '未知的配置项：{key}',
    'zh-TW': '未知的設定項：{key}',
  },
} satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof messages;
export type MessageParams = Record<string, string | number>;

/** Formats a server message in `locale`, filling `{name}` placeholders from `params`. */
export function translate(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  return messages[key][locale].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
