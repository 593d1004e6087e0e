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
  insufficientBalance: {
    'en-US': 'Insufficient balance. Please buy a package or recharge.',
    'zh-CN': '余额不足，请购买套餐或充值。',
    'zh-TW': '餘額不足，請購買套餐或充值。',
  },
  quotaUsedUp: {
    'en-US': "Today's package quota is used up. Buy or recharge to continue.",
    'zh-CN': '今日套餐额度已用完，请购买或充值后继续。',
    'zh-TW': '今日套餐額度已用完，請購買或充值後繼續。',
  },
  noSuchBenefit: {
    'en-US': 'Your plan does not include this feature. Buy a package to use it.',
    'zh-CN': '您的套餐不包含此权益，请购买后使用。',
    'zh-TW': '您的套餐不包含此權益，請購買後使用。',
  },
  account_svip: { 'en-US': 'SVIP membership', 'zh-CN': 'SVIP会员', 'zh-TW': 'SVIP會員' },
  account_vip: { 'en-US': 'VIP membership', 'zh-CN': 'VIP会员', 'zh-TW': 'VIP會員' },
  account_duration: { 'en-US': 'Duration', 'zh-CN': '时长', 'zh-TW': '時長' },
  account_dubbing: { 'en-US': 'Smart dubbing', 'zh-CN': '智能配音', 'zh-TW': '智慧配音' },
  accountNotActive: { 'en-US': 'Not activated', 'zh-CN': '未开通', 'zh-TW': '未開通' },
  accountValidUntil: { 'en-US': 'Valid until {date}', 'zh-CN': '有效期至 {date}', 'zh-TW': '有效期至 {date}' },
  accountRemaining: {
    'en-US': '{minutes} min left, valid until {date}',
    'zh-CN': '剩余 {minutes} 分钟，有效期至 {date}',
    'zh-TW': '剩餘 {minutes} 分鐘，有效期至 {date}',
  },
  accountBuy: { 'en-US': 'Buy', 'zh-CN': '购买', 'zh-TW': '購買' },
  accountRenew: { 'en-US': 'Renew', 'zh-CN': '续费', 'zh-TW': '續費' },
  accountTopUp: { 'en-US': 'Top up', 'zh-CN': '充值', 'zh-TW': '充值' },
  wrongCredentials: {
    'en-US': 'The account or password is incorrect.',
    'zh-CN': '账号或密码错误。',
    'zh-TW': '帳號或密碼錯誤。',
  },
  accountLocked: {
    'en-US': 'Too many failed sign-ins. Try again in {minutes} minutes or sign in with a verification code.',
    'zh-CN': '登录失败次数过多，请 {minutes} 分钟后再试，或使用验证码登录。',
    'zh-TW': '登入失敗次數過多，請 {minutes} 分鐘後再試，或使用驗證碼登入。',
  },
  tooManyRequests: {
    'en-US': 'Too many requests. Please wait {seconds} seconds and try again.',
    'zh-CN': '请求过于频繁，请 {seconds} 秒后再试。',
    'zh-TW': '請求過於頻繁，請 {seconds} 秒後再試。',
  },
  captchaRequired: {
    'en-US': 'Please complete the verification puzzle first.',
    'zh-CN': '请先完成点选验证。',
    'zh-TW': '請先完成點選驗證。',
  },
  captchaWrong: {
    'en-US': 'Verification failed. A new puzzle has been loaded; please try again.',
    'zh-CN': '验证失败，请在新图片上重试。',
    'zh-TW': '驗證失敗，請在新圖片上重試。',
  },
  codeCooldown: {
    'en-US': 'A code was just sent. You can request another in {seconds} seconds.',
    'zh-CN': '验证码已发送，{seconds} 秒后可重新获取。',
    'zh-TW': '驗證碼已發送，{seconds} 秒後可重新取得。',
  },
  codeWrong: {
    'en-US': 'The verification code is incorrect.',
    'zh-CN': '验证码错误。',
    'zh-TW': '驗證碼錯誤。',
  },
  codeExpired: {
    'en-US': 'The verification code has expired or was used up. Please request a new one.',
    'zh-CN': '验证码已失效，请重新获取。',
    'zh-TW': '驗證碼已失效，請重新取得。',
  },
  codeSubject: { 'en-US': 'Your Tingyi verification code', 'zh-CN': '听译验证码', 'zh-TW': '聽譯驗證碼' },
  codeBody: {
    'en-US': 'Your Tingyi verification code is {code}. It expires in 10 minutes.',
    'zh-CN': '您的听译验证码是 {code}，10 分钟内有效。',
    'zh-TW': '您的聽譯驗證碼是 {code}，10 分鐘內有效。',
  },
  channelUnavailable: {
    'en-US': 'Verification codes cannot be sent to this kind of address yet. Use the other sign-in methods.',
    'zh-CN': '暂不支持向此类地址发送验证码，请使用其他登录方式。',
    'zh-TW': '暫不支援向此類地址發送驗證碼，請使用其他登入方式。',
  },
  noAccountForTarget: {
    'en-US': 'No account uses this address. Sign up with a verification code instead.',
    'zh-CN': '该地址尚未注册，请使用验证码注册。',
    'zh-TW': '該地址尚未註冊，請使用驗證碼註冊。',
  },
  oldPasswordWrong: { 'en-US': 'The current password is incorrect.', 'zh-CN': '原密码错误。', 'zh-TW': '原密碼錯誤。' },
  targetTaken: {
    'en-US': 'This address is already linked to another account.',
    'zh-CN': '该地址已绑定其他账号。',
    'zh-TW': '該地址已綁定其他帳號。',
  },
  cardInvalid: {
    'en-US': 'This card code does not exist. Check it and try again.',
    'zh-CN': '卡密不存在，请检查后重试。',
    'zh-TW': '卡密不存在，請檢查後重試。',
  },
  cardUsed: { 'en-US': 'This card code has already been used.', 'zh-CN': '该卡密已被使用。', 'zh-TW': '該卡密已被使用。' },
  providerNotConfigured: {
    'en-US': 'This sign-in method is not available.',
    'zh-CN': '暂不支持此登录方式。',
    'zh-TW': '暫不支援此登入方式。',
  },
  googleFailed: {
    'en-US': 'Google sign-in did not complete. Please try again.',
    'zh-CN': 'Google 登录未完成，请重试。',
    'zh-TW': 'Google 登入未完成，請重試。',
  },
  avatarInvalid: {
    'en-US': 'Choose a PNG, JPEG, GIF or WebP image of at most 2 MB.',
    'zh-CN': '请选择不超过 2 MB 的 PNG、JPEG、GIF 或 WebP 图片。',
    'zh-TW': '請選擇不超過 2 MB 的 PNG、JPEG、GIF 或 WebP 圖片。',
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
