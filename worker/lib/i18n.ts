import type { Locale } from '../../contracts/locale';
import { DEFAULT_SPEAKER_NAMES } from '../../contracts/speaker-labels';

/** Server-side messages, one entry per key in every interface language. */
const messages = {
  ok: { 'en-US': 'Success', 'zh-CN': '操作成功', 'zh-TW': '操作成功' },
  webhookHttpsOnly: {
    'en-US': 'A webhook address must be an https:// URL.',
    'zh-CN': 'Webhook 地址必须是 https:// 开头的网址。',
    'zh-TW': 'Webhook 位址必須是 https:// 開頭的網址。',
  },
  webhookAddressPrivate: {
    'en-US': 'This webhook address leads to a private, local or metadata network address, which is not allowed.',
    'zh-CN': '该 Webhook 地址指向内网、本机或元数据地址，不允许使用。',
    'zh-TW': '該 Webhook 位址指向內網、本機或中繼資料位址，不允許使用。',
  },
  webhookAddressUnresolved: {
    'en-US': 'The host name of this webhook address cannot be resolved.',
    'zh-CN': '无法解析该 Webhook 地址的主机名。',
    'zh-TW': '無法解析該 Webhook 位址的主機名稱。',
  },
  webhookGuest: {
    'en-US': 'Guest accounts cannot register webhooks. Please sign up first.',
    'zh-CN': '访客账号不能注册 Webhook，请先注册账号。',
    'zh-TW': '訪客帳號不能註冊 Webhook，請先註冊帳號。',
  },
  webhookTooMany: {
    'en-US': 'You can register at most {max} webhook endpoints.',
    'zh-CN': '最多只能注册 {max} 个 Webhook 地址。',
    'zh-TW': '最多只能註冊 {max} 個 Webhook 位址。',
  },
  webhookNotFound: {
    'en-US': 'This webhook endpoint does not exist.',
    'zh-CN': '该 Webhook 地址不存在。',
    'zh-TW': '該 Webhook 位址不存在。',
  },
  webhookDeliveryNotFound: {
    'en-US': 'This webhook delivery does not exist.',
    'zh-CN': '该 Webhook 投递记录不存在。',
    'zh-TW': '該 Webhook 投遞紀錄不存在。',
  },
  webhookDisabled: {
    'en-US': 'This webhook endpoint is disabled. Enable it first.',
    'zh-CN': '该 Webhook 地址已停用，请先启用。',
    'zh-TW': '該 Webhook 位址已停用，請先啟用。',
  },
  webhookDisabledSubject: {
    'en-US': 'Your Tingyi webhook endpoint was disabled',
    'zh-CN': '您的听译 Webhook 地址已被停用',
    'zh-TW': '您的聽譯 Webhook 位址已被停用',
  },
  webhookDisabledBody: {
    'en-US':
      'Deliveries to {url} have failed for more than three days, so it was disabled. Fix the endpoint, then enable it again in your profile and replay the deliveries you missed.',
    'zh-CN': '发往 {url} 的投递已连续失败超过三天，因此该地址已被停用。请修复后在个人中心重新启用，并重放错过的投递。',
    'zh-TW': '發往 {url} 的投遞已連續失敗超過三天，因此該位址已被停用。請修復後在個人中心重新啟用，並重放錯過的投遞。',
  },
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
  publicOriginMissing: {
    'en-US': 'The site address (PUBLIC_ORIGIN) is not configured. Please tell the site operator.',
    'zh-CN': '站点地址（PUBLIC_ORIGIN）未配置，请联系站点管理员。',
    'zh-TW': '站點位址（PUBLIC_ORIGIN）未設定，請聯絡站點管理員。',
  },
  nothingToChange: {
    'en-US': 'Nothing to change: send at least one of name, avatar or sharing.',
    'zh-CN': '没有要修改的内容：请至少提供名称、头像或分享设置之一。',
    'zh-TW': '沒有要修改的內容：請至少提供名稱、頭像或分享設定之一。',
  },
  bodyTooLarge: {
    'en-US': 'The request is too large (at most {kb} KB).',
    'zh-CN': '请求内容过大（最多 {kb} KB）。',
    'zh-TW': '請求內容過大（最多 {kb} KB）。',
  },
  tooManyGuesses: {
    'en-US': 'Too many codes tried. Please wait {seconds} seconds and check the code.',
    'zh-CN': '尝试的码过多，请 {seconds} 秒后再试，并核对输入的码。',
    'zh-TW': '嘗試的碼過多，請 {seconds} 秒後再試，並核對輸入的碼。',
  },
  apiKeyInvalid: {
    'en-US': 'This API key is not valid or has been revoked.',
    'zh-CN': '此 API 密钥无效或已被撤销。',
    'zh-TW': '此 API 金鑰無效或已被撤銷。',
  },
  apiKeyRoute: {
    'en-US': 'API keys cannot make this call; sign in to the app instead.',
    'zh-CN': 'API 密钥不能调用此接口，请登录应用后操作。',
    'zh-TW': 'API 金鑰不能呼叫此介面，請登入應用程式後操作。',
  },
  apiKeyScope: {
    'en-US': 'This API key lacks the "{scope}" scope.',
    'zh-CN': '此 API 密钥没有“{scope}”权限范围。',
    'zh-TW': '此 API 金鑰沒有「{scope}」權限範圍。',
  },
  apiKeyGuest: {
    'en-US': 'Guests cannot create API keys. Please sign in with an account first.',
    'zh-CN': '访客不能创建 API 密钥，请先登录账号。',
    'zh-TW': '訪客不能建立 API 金鑰，請先登入帳號。',
  },
  apiKeyTooMany: {
    'en-US': 'You can hold at most {max} API keys. Revoke one you no longer use.',
    'zh-CN': '最多只能持有 {max} 个 API 密钥，请撤销不再使用的密钥。',
    'zh-TW': '最多只能持有 {max} 個 API 金鑰，請撤銷不再使用的金鑰。',
  },
  apiKeyNotFound: {
    'en-US': 'This API key does not exist.',
    'zh-CN': '该 API 密钥不存在。',
    'zh-TW': '該 API 金鑰不存在。',
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
  languageUnsupported: {
    'en-US': 'Recognition of {language} is not available. Please choose another audio language.',
    'zh-CN': '暂不支持识别 {language}，请选择其他音频语言。',
    'zh-TW': '暫不支援辨識 {language}，請選擇其他音訊語言。',
  },
  translationUnsupported: {
    'en-US': 'Translation from {from} into {to} is not available. Please choose another language or no translation.',
    'zh-CN': '暂不支持从 {from} 翻译为 {to}，请选择其他语言或不翻译。',
    'zh-TW': '暫不支援從 {from} 翻譯為 {to}，請選擇其他語言或不翻譯。',
  },
  uploadNotReady: {
    'en-US': 'This file has not finished uploading, or has already been submitted.',
    'zh-CN': '该文件尚未上传完成，或已提交。',
    'zh-TW': '該檔案尚未上傳完成，或已提交。',
  },
  retryNotFailed: {
    'en-US': 'Only a failed transcription or translation can be retried.',
    'zh-CN': '只有失败的转写或翻译可以重试。',
    'zh-TW': '只有失敗的轉寫或翻譯可以重試。',
  },
  dubbingStarted: {
    'en-US': 'Dubbing has started. You can follow it in the dubbing editor.',
    'zh-CN': '配音已开始，可在配音编辑器中查看进度。',
    'zh-TW': '配音已開始，可在配音編輯器中查看進度。',
  },
  dubLanguageUnsupported: {
    'en-US': 'Dubbing is not supported for the current language ({language}). Choose another translation language.',
    'zh-CN': '当前语言（{language}）暂不支持配音，请选择其他翻译语言。',
    'zh-TW': '目前語言（{language}）暫不支援配音，請選擇其他翻譯語言。',
  },
  srtFormat: {
    'en-US': 'Format error: choose an .srt subtitle file.',
    'zh-CN': '格式错误：请选择 .srt 字幕文件。',
    'zh-TW': '格式錯誤：請選擇 .srt 字幕檔案。',
  },
  srtTooLarge: {
    'en-US': 'The subtitle file may be at most {mb} MB.',
    'zh-CN': '字幕文件不能超过 {mb} MB。',
    'zh-TW': '字幕檔案不能超過 {mb} MB。',
  },
  srtEmpty: {
    'en-US': 'No subtitles could be read from this SRT file. Check that it has numbered cues with times.',
    'zh-CN': '未能从该 SRT 文件读取到字幕，请检查其中是否有带时间的编号字幕。',
    'zh-TW': '未能從該 SRT 檔案讀取到字幕，請檢查其中是否有帶時間的編號字幕。',
  },
  srtKindMissing: {
    'en-US': 'Say what the SRT file holds: source text, translation or both.',
    'zh-CN': '请选择 SRT 文件的内容类型：原文、译文或双语。',
    'zh-TW': '請選擇 SRT 檔案的內容類型：原文、譯文或雙語。',
  },
  srtMissing: {
    'en-US': 'The subtitle file was not found. Attach it again.',
    'zh-CN': '未找到该字幕文件，请重新添加。',
    'zh-TW': '找不到該字幕檔案，請重新新增。',
  },
  dubBusy: {
    'en-US': 'This video is being dubbed. Wait until it is finished, then try again.',
    'zh-CN': '该视频正在配音，请等待完成后再试。',
    'zh-TW': '該影片正在配音，請等待完成後再試。',
  },
  dubNothingChanged: {
    'en-US': 'No line has changed since the last dubbing. Edit a line or a voice first.',
    'zh-CN': '自上次配音后没有修改任何句子，请先修改句子或音色。',
    'zh-TW': '自上次配音後沒有修改任何句子，請先修改句子或音色。',
  },
  videoMissing: {
    'en-US': 'The video address does not exist: videos are kept for 7 days. Upload the video again.',
    'zh-CN': '视频地址不存在：视频仅保留 7 天，请重新上传。',
    'zh-TW': '影片位址不存在：影片僅保留 7 天，請重新上傳。',
  },
  dubNoTranslation: {
    'en-US': 'This project keeps its own language, so there is nothing to translate.',
    'zh-CN': '该项目未设置翻译语言，无需翻译。',
    'zh-TW': '該專案未設定翻譯語言，無需翻譯。',
  },
  synthesisFailed: {
    'en-US': 'Synthesis failed: {reason}',
    'zh-CN': '合成失败：{reason}',
    'zh-TW': '合成失敗：{reason}',
  },
  transcriptionStarted: {
    'en-US': 'Transcription started. You can follow its progress in your records.',
    'zh-CN': '已开始转写，可在记录中查看进度。',
    'zh-TW': '已開始轉寫，可在記錄中查看進度。',
  },
  // The names the record page shows in the reader's language (contracts/speaker-labels.ts).
  speakerName: DEFAULT_SPEAKER_NAMES,
  recordBusy: {
    'en-US': 'This record is still being processed. Please wait until it finishes.',
    'zh-CN': '该记录仍在处理中，请等待完成后再操作。',
    'zh-TW': '該記錄仍在處理中，請等待完成後再操作。',
  },
  translationNone: {
    'en-US': 'This record has no translation to make again. Add a translation first.',
    'zh-CN': '该记录还没有翻译，请先添加翻译。',
    'zh-TW': '該記錄還沒有翻譯，請先新增翻譯。',
  },
  lineNotFound: {
    'en-US': 'That line is no longer in the transcript. Reload the page and try again.',
    'zh-CN': '转写中已没有这一行，请刷新页面后重试。',
    'zh-TW': '轉寫中已沒有這一行，請重新整理頁面後重試。',
  },
  translationUpdating: {
    'en-US': 'Translation being updated',
    'zh-CN': '译文更新中',
    'zh-TW': '譯文更新中',
  },
  linePastMedia: {
    'en-US': 'Line {n} ({start}) ends at {end}, after the media ends at {mediaEnd}. Set its end to {mediaEnd} or earlier.',
    'zh-CN': '第 {n} 段（{start}）结束于 {end}，超出了音视频的时长 {mediaEnd}。请把结束时间改为 {mediaEnd} 或更早。',
    'zh-TW': '第 {n} 段（{start}）結束於 {end}，超出了音視訊的時長 {mediaEnd}。請把結束時間改為 {mediaEnd} 或更早。',
  },
  lineEndsBeforeStart: {
    'en-US': 'Line {n} ({start}) ends at {end}, before it starts. Set its end to {start} or later.',
    'zh-CN': '第 {n} 段（{start}）的结束时间 {end} 早于开始时间。请把结束时间改为 {start} 或更晚。',
    'zh-TW': '第 {n} 段（{start}）的結束時間 {end} 早於開始時間。請把結束時間改為 {start} 或更晚。',
  },
  lineOverlapsPrevious: {
    'en-US': 'Line {n} ({start}) starts before line {previous} ends at {previousEnd}. Set its start to {previousEnd} or later, or end line {previous} earlier.',
    'zh-CN':
      '第 {n} 段（{start}）在第 {previous} 段结束（{previousEnd}）之前就开始了。请把它的开始时间改为 {previousEnd} 或更晚，或让第 {previous} 段提前结束。',
    'zh-TW':
      '第 {n} 段（{start}）在第 {previous} 段結束（{previousEnd}）之前就開始了。請把它的開始時間改為 {previousEnd} 或更晚，或讓第 {previous} 段提前結束。',
  },
  lineSpeakerInvalid: {
    'en-US':
      'The speaker name of line {n} cannot be saved: a name takes at most 100 characters and no text-direction control characters. Correct it and save again.',
    'zh-CN': '第 {n} 段的发言人名称无法保存：名称最多 100 个字符，且不能包含文字方向控制字符。请修改后再保存。',
    'zh-TW': '第 {n} 段的發言人名稱無法儲存：名稱最多 100 個字元，且不能包含文字方向控制字元。請修改後再儲存。',
  },
  lineInvalid: {
    'en-US': 'Line {n} holds something that cannot be saved (text that is too long, or a time that is not a time). Correct line {n} and save again.',
    'zh-CN': '第 {n} 段有无法保存的内容（文字过长，或时间格式不对），请修改第 {n} 段后再保存。',
    'zh-TW': '第 {n} 段有無法儲存的內容（文字過長，或時間格式不對），請修改第 {n} 段後再儲存。',
  },
  mediaMissing: {
    'en-US': 'The audio or video of this record is not available.',
    'zh-CN': '该记录的音视频不可用。',
    'zh-TW': '該記錄的音視訊無法使用。',
  },
  storageNotConfigured: {
    'en-US': 'File storage is not configured on this server. Please contact support.',
    'zh-CN': '服务器未配置文件存储，请联系客服。',
    'zh-TW': '伺服器未設定檔案儲存，請聯絡客服。',
  },
  uploadNotFound: {
    'en-US': 'This upload no longer exists. Please add the file again.',
    'zh-CN': '该上传已不存在，请重新添加文件。',
    'zh-TW': '該上傳已不存在，請重新新增檔案。',
  },
  uploadFinished: {
    'en-US': 'This upload has already been completed.',
    'zh-CN': '该上传已完成。',
    'zh-TW': '該上傳已完成。',
  },
  uploadInconsistent: {
    'en-US': 'Upload information is inconsistent. Please upload the file again.',
    'zh-CN': '上传信息不一致，请重新上传文件。',
    'zh-TW': '上傳資訊不一致，請重新上傳檔案。',
  },
  uploadSubmitted: {
    'en-US': 'This file has already been submitted for transcription and cannot be deleted here.',
    'zh-CN': '该文件已提交转写，不能在此删除。',
    'zh-TW': '該檔案已提交轉寫，不能在此刪除。',
  },
  mediaUnreadable: {
    'en-US': 'The file could not be read as audio or video. Please check the file and try another.',
    'zh-CN': '无法读取该音视频文件，请检查文件后换一个重试。',
    'zh-TW': '無法讀取該音視訊檔案，請檢查檔案後換一個重試。',
  },
  mediaTooLong: {
    'en-US': 'Files may be at most {hours} hour(s) long and {mb} MB in size.',
    'zh-CN': '文件时长不能超过 {hours} 小时，大小不能超过 {mb} MB。',
    'zh-TW': '檔案時長不能超過 {hours} 小時，大小不能超過 {mb} MB。',
  },
  askFailed: {
    'en-US': 'The answer could not be finished. Please ask again.',
    'zh-CN': '回答未能完成，请重新提问。',
    'zh-TW': '回答未能完成，請重新提問。',
  },
  engineUnavailable: {
    'en-US': 'The media service is busy or unavailable. Please try again in a moment.',
    'zh-CN': '媒体服务繁忙或不可用，请稍后重试。',
    'zh-TW': '媒體服務繁忙或無法使用，請稍後重試。',
  },
  // Why a language is not offered (the language lists' `missing`), in a user's terms: what to add is the
  // operator's business, in the server's log and the engine's capabilities (services/languages.ts).
  missingFileLanguage: {
    'en-US': 'This service does not offer {language} speech recognition yet.',
    'zh-CN': '本服务暂不支持{language}语音识别。',
    'zh-TW': '本服務暫不支援{language}語音辨識。',
  },
  missingLiveLanguage: {
    'en-US': 'This service does not offer live {language} subtitles yet.',
    'zh-CN': '本服务暂不支持{language}实时字幕。',
    'zh-TW': '本服務暫不支援{language}即時字幕。',
  },
  missingTranslation: {
    'en-US': 'This service does not translate into {language} yet.',
    'zh-CN': '本服务暂不支持翻译成{language}。',
    'zh-TW': '本服務暫不支援翻譯成{language}。',
  },
  aiUnavailable: {
    'en-US': 'The speech and translation service is busy or unavailable. Please try again in a moment.',
    'zh-CN': '语音与翻译服务繁忙或不可用，请稍后重试。',
    'zh-TW': '語音與翻譯服務繁忙或無法使用，請稍後重試。',
  },
  avatarInvalid: {
    'en-US': 'Choose a PNG, JPEG, GIF or WebP image of at most 2 MB.',
    'zh-CN': '请选择不超过 2 MB 的 PNG、JPEG、GIF 或 WebP 图片。',
    'zh-TW': '請選擇不超過 2 MB 的 PNG、JPEG、GIF 或 WebP 圖片。',
  },
  wechatUnavailable: {
    'en-US': 'WeChat cannot be reached right now. Please try again later or use another sign-in method.',
    'zh-CN': '暂时无法连接微信，请稍后再试或使用其他登录方式。',
    'zh-TW': '暫時無法連線微信，請稍後再試或使用其他登入方式。',
  },
  wechatExpired: {
    'en-US': 'This QR code has expired or was already used. Please refresh it and scan again.',
    'zh-CN': '二维码已过期或已使用，请刷新后重新扫码。',
    'zh-TW': 'QR 碼已過期或已使用，請重新整理後再次掃描。',
  },
  wechatNotScanned: {
    'en-US': 'The QR code has not been scanned yet.',
    'zh-CN': '二维码尚未被扫描。',
    'zh-TW': 'QR 碼尚未被掃描。',
  },
  wechatNotBound: {
    'en-US': 'This WeChat account is not linked to a Tingyi account yet.',
    'zh-CN': '该微信尚未绑定听译账号。',
    'zh-TW': '該微信尚未綁定聽譯帳號。',
  },
  wechatTaken: {
    'en-US': 'This WeChat account is already linked to another Tingyi account. Unbind it there first.',
    'zh-CN': '该微信已绑定其他听译账号，请先在该账号中解绑。',
    'zh-TW': '該微信已綁定其他聽譯帳號，請先在該帳號中解除綁定。',
  },
  wechatAccountHasOther: {
    'en-US': 'This account is already linked to a different WeChat account.',
    'zh-CN': '该账号已绑定其他微信。',
    'zh-TW': '該帳號已綁定其他微信。',
  },
  wechatUserName: { 'en-US': 'WeChat user', 'zh-CN': '微信用户', 'zh-TW': '微信用戶' },
  googleTaken: {
    'en-US': 'This Google account is already linked to another Tingyi account. Unbind it there first.',
    'zh-CN': '该 Google 账号已绑定其他听译账号，请先在该账号中解绑。',
    'zh-TW': '該 Google 帳號已綁定其他聽譯帳號，請先在該帳號中解除綁定。',
  },
  lastSignInMethod: {
    'en-US': 'This is the only way to sign in to your account. Bind an email or phone number first, then unbind it.',
    'zh-CN': '这是您账号唯一的登录方式，请先绑定邮箱或手机号后再解绑。',
    'zh-TW': '這是您帳號唯一的登入方式，請先綁定電子郵件或手機號碼後再解除綁定。',
  },
  folderNotFound: {
    'en-US': 'This folder does not exist or has been deleted.',
    'zh-CN': '文件夹不存在或已被删除。',
    'zh-TW': '資料夾不存在或已被刪除。',
  },
  folderTooDeep: {
    'en-US': 'Folders can be nested at most {max} levels deep, so this folder cannot have subfolders.',
    'zh-CN': '文件夹最多只能嵌套 {max} 层，此文件夹下不能再新建子文件夹。',
    'zh-TW': '資料夾最多只能巢狀 {max} 層，此資料夾下不能再新增子資料夾。',
  },
  folderDefaultRename: {
    'en-US': 'The default folder cannot be renamed.',
    'zh-CN': '默认文件夹不能重命名。',
    'zh-TW': '預設資料夾不能重新命名。',
  },
  folderDefaultDelete: {
    'en-US': 'The default folder cannot be deleted.',
    'zh-CN': '默认文件夹不能删除。',
    'zh-TW': '預設資料夾不能刪除。',
  },
  vocabLibraryNotFound: {
    'en-US': 'This vocabulary library does not exist or has been deleted.',
    'zh-CN': '词库不存在或已被删除。',
    'zh-TW': '詞庫不存在或已被刪除。',
  },
  vocabEntryNotFound: {
    'en-US': 'This entry does not exist or has been deleted.',
    'zh-CN': '词条不存在或已被删除。',
    'zh-TW': '詞條不存在或已被刪除。',
  },
  vocabFolderNotFound: {
    'en-US': 'This vocabulary folder does not exist or has been deleted.',
    'zh-CN': '词库文件夹不存在或已被删除。',
    'zh-TW': '詞庫資料夾不存在或已被刪除。',
  },
  vocabFolderTooDeep: {
    'en-US': 'Vocabulary folders can be nested at most {max} levels deep, so this folder cannot have subfolders.',
    'zh-CN': '词库文件夹最多只能嵌套 {max} 层，此文件夹下不能再新建子文件夹。',
    'zh-TW': '詞庫資料夾最多只能巢狀 {max} 層，此資料夾下不能再新增子資料夾。',
  },
  vocabFolderNameTaken: {
    'en-US': 'A folder named "{name}" already exists here. Choose another name.',
    'zh-CN': '此处已有名为“{name}”的文件夹，请换一个名称。',
    'zh-TW': '此處已有名為「{name}」的資料夾，請換一個名稱。',
  },
  vocabTypeRequired: {
    'en-US': 'Choose the library type: proprietary words, translation terms or sensitive words.',
    'zh-CN': '请选择词库类型：专有词汇、翻译术语或敏感词。',
    'zh-TW': '請選擇詞庫類型：專有詞彙、翻譯術語或敏感詞。',
  },
  vocabNameRequired: {
    'en-US': 'Give the new library a name.',
    'zh-CN': '请为新词库填写名称。',
    'zh-TW': '請為新詞庫填寫名稱。',
  },
  vocabLanguageUnknown: {
    'en-US': 'Unsupported language: {language}',
    'zh-CN': '不支持的语言：{language}',
    'zh-TW': '不支援的語言：{language}',
  },
  vocabTargetLanguageRequired: {
    'en-US': 'A term library needs the language its translations are in.',
    'zh-CN': '术语库需要选择译文语言。',
    'zh-TW': '術語庫需要選擇譯文語言。',
  },
  vocabTooManyLibraries: {
    'en-US': 'At most {max} libraries of each type can be used at a time.',
    'zh-CN': '每种类型的词库一次最多使用 {max} 个。',
    'zh-TW': '每種類型的詞庫一次最多使用 {max} 個。',
  },
  vocabLibraryFull: {
    'en-US': 'A library of this type holds at most {max} entries.',
    'zh-CN': '此类词库最多收录 {max} 条。',
    'zh-TW': '此類詞庫最多收錄 {max} 條。',
  },
  vocabWordEmpty: {
    'en-US': 'Enter the word.',
    'zh-CN': '请输入词汇。',
    'zh-TW': '請輸入詞彙。',
  },
  vocabTermEmpty: {
    'en-US': 'Enter the original text, the translation, or both.',
    'zh-CN': '请至少填写原文或译文。',
    'zh-TW': '請至少填寫原文或譯文。',
  },
  vocabWordTooLong: {
    'en-US': 'A word can be at most {max} characters.',
    'zh-CN': '词汇最多 {max} 个字符。',
    'zh-TW': '詞彙最多 {max} 個字元。',
  },
  vocabTermTooLong: {
    'en-US': 'The original text and the translation can each be at most {max} characters.',
    'zh-CN': '原文和译文各最多 {max} 个字符。',
    'zh-TW': '原文和譯文各最多 {max} 個字元。',
  },
  vocabEntryExists: {
    'en-US': '"{text}" is already in this library.',
    'zh-CN': '“{text}”已在此词库中。',
    'zh-TW': '「{text}」已在此詞庫中。',
  },
  vocabImportNoFile: {
    'en-US': 'Choose an Excel (.xlsx) file to import.',
    'zh-CN': '请选择要导入的 Excel（.xlsx）文件。',
    'zh-TW': '請選擇要匯入的 Excel（.xlsx）檔案。',
  },
  vocabImportNotXlsx: {
    'en-US': 'This is not an Excel (.xlsx) file, or it cannot be read. Save it as .xlsx and try again.',
    'zh-CN': '该文件不是 Excel（.xlsx）文件或无法读取，请另存为 .xlsx 后重试。',
    'zh-TW': '該檔案不是 Excel（.xlsx）檔案或無法讀取，請另存為 .xlsx 後重試。',
  },
  vocabImportTooLarge: {
    'en-US': 'The file is larger than {mb} MB.',
    'zh-CN': '文件超过 {mb} MB。',
    'zh-TW': '檔案超過 {mb} MB。',
  },
  vocabImportUnpackedTooLarge: {
    'en-US': 'This spreadsheet unpacks to more than {mb} MB. Keep only the entries in its first sheet and try again.',
    'zh-CN': '该表格解压后超过 {mb} MB，请只保留第一个工作表中的词条后重试。',
    'zh-TW': '該試算表解壓縮後超過 {mb} MB，請只保留第一個工作表中的詞條後重試。',
  },
  vocabImportEmpty: {
    'en-US': 'The file has no entries in its first sheet.',
    'zh-CN': '文件的第一个工作表中没有词条。',
    'zh-TW': '檔案的第一個工作表中沒有詞條。',
  },
  vocabImportTooManyRows: {
    'en-US': 'The file has {rows} rows; a library of this type can import at most {max}.',
    'zh-CN': '文件有 {rows} 行，此类词库一次最多导入 {max} 行。',
    'zh-TW': '檔案有 {rows} 列，此類詞庫一次最多匯入 {max} 列。',
  },
  vocabImportRowTooLong: {
    'en-US': 'Row {row}: an entry can be at most {max} characters.',
    'zh-CN': '第 {row} 行：词条最多 {max} 个字符。',
    'zh-TW': '第 {row} 列：詞條最多 {max} 個字元。',
  },
  vocabImportFull: {
    'en-US': 'Importing would bring the library to {total} entries; it holds at most {max}. Nothing was imported.',
    'zh-CN': '导入后词库将有 {total} 条，超过上限 {max} 条，未导入任何内容。',
    'zh-TW': '匯入後詞庫將有 {total} 條，超過上限 {max} 條，未匯入任何內容。',
  },
  recordNotFound: {
    'en-US': 'This record does not exist or has been deleted.',
    'zh-CN': '记录不存在或已被删除。',
    'zh-TW': '記錄不存在或已被刪除。',
  },
  recordsNotFound: {
    'en-US': 'Some of the selected records do not exist or have been deleted. Nothing was changed.',
    'zh-CN': '部分所选记录不存在或已被删除，未做任何更改。',
    'zh-TW': '部分所選記錄不存在或已被刪除，未做任何變更。',
  },
  shareGone: {
    'en-US': 'This link has expired or was revoked.',
    'zh-CN': '该链接已过期或已被取消分享。',
    'zh-TW': '此連結已過期或已被取消分享。',
  },
  shareCopyNotAllowed: {
    'en-US': 'The owner of this record does not allow copying it.',
    'zh-CN': '分享者未允许复制该记录。',
    'zh-TW': '分享者未允許複製此記錄。',
  },
  exportNoTranslation: {
    'en-US': 'This record has no translation. Export the source text instead.',
    'zh-CN': '该记录没有译文，请导出原文。',
    'zh-TW': '此記錄沒有譯文，請匯出原文。',
  },
  exportEmpty: {
    'en-US': 'This record has no transcript to export yet.',
    'zh-CN': '该记录暂无可导出的转写内容。',
    'zh-TW': '此記錄尚無可匯出的轉寫內容。',
  },
  dubZipTooLarge: {
    'en-US': 'These dubbed videos come to {size} GB; one download takes at most {max} GB. Download fewer videos at a time.',
    'zh-CN': '所选配音视频共 {size} GB，单次下载最多 {max} GB，请减少视频数分批下载。',
    'zh-TW': '所選配音影片共 {size} GB，單次下載最多 {max} GB，請減少影片數分批下載。',
  },
  exportTooLarge: {
    'en-US': 'These records hold {lines} lines; one export takes at most {max}. Choose fewer records and export them in parts.',
    'zh-CN': '所选记录共 {lines} 句，单次最多导出 {max} 句，请减少记录数分批导出。',
    'zh-TW': '所選記錄共 {lines} 句，單次最多匯出 {max} 句，請減少記錄數分批匯出。',
  },
  summaryRecordBusy: {
    'en-US': 'This record is still being transcribed or recorded. Its summary can be made once the transcript is complete.',
    'zh-CN': '该记录仍在转写或录制中，转写完成后才能生成摘要。',
    'zh-TW': '此記錄仍在轉寫或錄製中，轉寫完成後才能產生摘要。',
  },
  summaryNoTranscript: {
    'en-US': 'This record has no transcript yet, so there is nothing to summarize.',
    'zh-CN': '该记录暂无转写内容，无法生成摘要。',
    'zh-TW': '此記錄尚無轉寫內容，無法產生摘要。',
  },
  summaryMissing: {
    'en-US': 'This record has no summary yet. Generate one first.',
    'zh-CN': '该记录还没有摘要，请先生成。',
    'zh-TW': '此記錄尚無摘要，請先產生。',
  },
  summaryActionItemMissing: {
    'en-US': 'This action item is not in the summary any more. Refresh the page.',
    'zh-CN': '该待办事项已不在摘要中，请刷新页面。',
    'zh-TW': '此待辦事項已不在摘要中，請重新整理頁面。',
  },
  summaryActionItems: { 'en-US': 'Action items', 'zh-CN': '待办事项', 'zh-TW': '待辦事項' },
  summaryDecisions: { 'en-US': 'Decisions', 'zh-CN': '决策', 'zh-TW': '決策' },
  summaryQuestions: { 'en-US': 'Open questions', 'zh-CN': '待解决问题', 'zh-TW': '待解決問題' },
  summaryOwner: { 'en-US': 'Owner: {owner}', 'zh-CN': '负责人：{owner}', 'zh-TW': '負責人：{owner}' },
  summaryDue: { 'en-US': 'Due {date}', 'zh-CN': '截止 {date}', 'zh-TW': '截止 {date}' },
  summaryDone: { 'en-US': 'done', 'zh-CN': '已完成', 'zh-TW': '已完成' },
  summaryDocRecord: { 'en-US': 'AI summary', 'zh-CN': 'AI 摘要', 'zh-TW': 'AI 摘要' },
  summaryDocMeeting: { 'en-US': 'AI meeting minutes', 'zh-CN': 'AI 会议纪要', 'zh-TW': 'AI 會議紀要' },
  summaryChapters: { 'en-US': 'Chapter overview', 'zh-CN': '章节速览', 'zh-TW': '章節速覽' },
  summarySpeakers: { 'en-US': 'Speaker summaries', 'zh-CN': '发言总结', 'zh-TW': '發言總結' },
  summaryKeyPoints: { 'en-US': 'Key points', 'zh-CN': '要点回顾', 'zh-TW': '要點回顧' },
  summaryMindMap: { 'en-US': 'Mind map', 'zh-CN': '思维导图', 'zh-TW': '心智圖' },
  summaryTalkTime: { 'en-US': 'spoke for {time}', 'zh-CN': '发言时长 {time}', 'zh-TW': '發言時長 {time}' },
  summaryTalkTimeUnderSecond: { 'en-US': 'spoke for under a second', 'zh-CN': '发言不足 1 秒', 'zh-TW': '發言不足 1 秒' },
  summaryExtractive: {
    'en-US': 'This summary is extractive: its sentences are taken from the transcript as they were spoken.',
    'zh-CN': '本摘要为抽取式：其中的句子直接摘自转写原文。',
    'zh-TW': '本摘要為擷取式：其中的句子直接摘自轉寫原文。',
  },
  meetingDefaultName: {
    'en-US': 'Meeting {date}',
    'zh-CN': '会议 {date}',
    'zh-TW': '會議 {date}',
  },
  meetingNotFound: {
    'en-US': 'This meeting does not exist or has been deleted.',
    'zh-CN': '会议不存在或已被删除。',
    'zh-TW': '會議不存在或已被刪除。',
  },
  meetingEnded: {
    'en-US': 'This meeting has ended.',
    'zh-CN': '该会议已结束。',
    'zh-TW': '此會議已結束。',
  },
  meetingLinkExpired: {
    'en-US': 'This meeting link has expired or was closed by the host.',
    'zh-CN': '会议链接已过期或已被主持人关闭。',
    'zh-TW': '會議連結已過期或已被主持人關閉。',
  },
  screenCodeUnknown: {
    'en-US': 'No live meeting has the code {code}. Check the six digits on the host’s screen.',
    'zh-CN': '没有会议使用投屏码 {code}，请核对主持人屏幕上的六位数字。',
    'zh-TW': '沒有會議使用投影碼 {code}，請核對主持人螢幕上的六位數字。',
  },
  tooManyTargets: {
    'en-US': 'Your plan allows up to {count} interpretation languages per meeting.',
    'zh-CN': '您的套餐每场会议最多可选 {count} 种同传语言。',
    'zh-TW': '您的方案每場會議最多可選 {count} 種同傳語言。',
  },
  recognitionLanguagesFull: {
    'en-US':
      'Today you have already used {count} recognition languages ({languages}), the most your plan allows. Use one of them, or upgrade to SVIP for up to 10.',
    'zh-CN': '您今天已使用 {count} 种识别语言（{languages}），已达套餐上限。请从中选择，或升级 SVIP 以使用最多 10 种。',
    'zh-TW': '您今天已使用 {count} 種辨識語言（{languages}），已達方案上限。請從中選擇，或升級 SVIP 以使用最多 10 種。',
  },
  meetingLanguagesFull: {
    'en-US':
      'This meeting already uses {count} translation languages ({languages}), the most the host’s plan allows. Pick one of them, or ask the host to upgrade to SVIP for more.',
    'zh-CN': '本场会议已使用 {count} 种翻译语言（{languages}），已达主持人套餐上限。请从中选择，或请主持人升级 SVIP 以使用更多语言。',
    'zh-TW': '本場會議已使用 {count} 種翻譯語言（{languages}），已達主持人方案上限。請從中選擇，或請主持人升級 SVIP 以使用更多語言。',
  },
  hostOnly: {
    'en-US': 'Only the host can send audio or control the meeting.',
    'zh-CN': '只有主持人可以发送音频或控制会议。',
    'zh-TW': '只有主持人可以傳送音訊或控制會議。',
  },
  meetingNotLive: {
    'en-US': 'The meeting is {status}; this action is not possible now.',
    'zh-CN': '会议当前为{status}状态，暂时无法执行此操作。',
    'zh-TW': '會議目前為{status}狀態，暫時無法執行此操作。',
  },
  recogniserUnavailable: {
    'en-US': 'Live recognition is unavailable right now ({detail}). The meeting is paused; resume to try again.',
    'zh-CN': '实时识别暂时不可用（{detail}），会议已暂停，请恢复以重试。',
    'zh-TW': '即時辨識暫時無法使用（{detail}），會議已暫停，請繼續以重試。',
  },
  hostAway: {
    'en-US': 'The host was disconnected for too long, so the meeting was paused.',
    'zh-CN': '主持人断开连接时间过长，会议已暂停。',
    'zh-TW': '主持人中斷連線時間過長，會議已暫停。',
  },
  screenReplaced: {
    'en-US': 'Another screen took over this projection. Projecting on several screens at once needs SVIP.',
    'zh-CN': '另一块屏幕接管了投屏。多屏同时投屏需要 SVIP 会员。',
    'zh-TW': '另一個螢幕接管了投影。多螢幕同時投影需要 SVIP 會員。',
  },
  payTypeUnavailable: {
    'en-US': 'This payment method is not available. Choose another one.',
    'zh-CN': '暂不支持此支付方式，请选择其他方式。',
    'zh-TW': '暫不支援此支付方式，請選擇其他方式。',
  },
  packageNotFound: {
    'en-US': 'This package is no longer on sale. Reload the list and choose again.',
    'zh-CN': '该套餐已下架，请刷新后重新选择。',
    'zh-TW': '該套餐已下架，請重新整理後重新選擇。',
  },
  payPriceChanged: {
    'en-US': 'The price of this package is now ¥{price}. Reload the list and try again.',
    'zh-CN': '该套餐的价格已变为 ¥{price}，请刷新后重试。',
    'zh-TW': '該套餐的價格已變為 ¥{price}，請重新整理後重試。',
  },
  payProviderFailed: {
    'en-US': 'The payment service did not answer. Try again in a moment or choose another method.',
    'zh-CN': '支付服务暂无响应，请稍后重试或选择其他支付方式。',
    'zh-TW': '支付服務暫無回應，請稍後重試或選擇其他支付方式。',
  },
  wechatOpenIdFailed: {
    'en-US': 'WeChat did not confirm who you are. Open the payment page from WeChat again.',
    'zh-CN': '微信未能确认您的身份，请在微信中重新打开支付页面。',
    'zh-TW': '微信未能確認您的身分，請在微信中重新開啟支付頁面。',
  },
  payOrderNotFound: { 'en-US': 'No such order.', 'zh-CN': '订单不存在。', 'zh-TW': '訂單不存在。' },
  payOrderPending: { 'en-US': 'Waiting for payment.', 'zh-CN': '等待支付。', 'zh-TW': '等待支付。' },
  payOrderExpired: {
    'en-US': 'This order has expired. Choose the package again for a new code.',
    'zh-CN': '订单已过期，请重新选择套餐以获取新的二维码。',
    'zh-TW': '訂單已過期，請重新選擇套餐以取得新的 QR 碼。',
  },
  devPayTitle: { 'en-US': 'Development payment', 'zh-CN': '开发环境支付', 'zh-TW': '開發環境支付' },
  devPayNotice: {
    'en-US': 'Local development only: no money moves. Confirming credits the package as a real payment would.',
    'zh-CN': '仅用于本地开发，不会产生真实扣款。确认后将像真实支付一样发放套餐。',
    'zh-TW': '僅用於本機開發，不會產生真實扣款。確認後將像真實支付一樣發放套餐。',
  },
  devPayButton: { 'en-US': 'Confirm payment of ¥{amount}', 'zh-CN': '确认支付 ¥{amount}', 'zh-TW': '確認支付 ¥{amount}' },
  devPayDone: { 'en-US': 'Paid. You can return to Tingyi.', 'zh-CN': '支付成功，可以返回听译。', 'zh-TW': '支付成功，可以返回聽譯。' },
  packageRemark_svip: {
    'en-US': 'Every feature, the longest daily allowances',
    'zh-CN': '全部功能，最长每日时长',
    'zh-TW': '全部功能，最長每日時長',
  },
  packageRemark_vip: { 'en-US': 'Daily interpreting and uploads', 'zh-CN': '每日同传与上传', 'zh-TW': '每日同傳與上傳' },
  packageRemark_duration: { 'en-US': 'Pay by time, no daily limit', 'zh-CN': '按时长付费，不限每日', 'zh-TW': '按時長付費，不限每日' },
  packageRemark_dubbing: { 'en-US': 'AI voiceover for your videos', 'zh-CN': '为视频进行 AI 配音', 'zh-TW': '為影片進行 AI 配音' },
  rightHours: {
    'en-US': '{hours} h of transcription and interpreting',
    'zh-CN': '{hours} 小时转写与同传时长',
    'zh-TW': '{hours} 小時轉寫與同傳時長',
  },
  rightDubbing: { 'en-US': '{hours} h of AI dubbing', 'zh-CN': '{hours} 小时 AI 配音', 'zh-TW': '{hours} 小時 AI 配音' },
  rightRealtimeDaily: {
    'en-US': 'Up to {hours} h of live interpreting a day',
    'zh-CN': '每日最多 {hours} 小时实时同传',
    'zh-TW': '每日最多 {hours} 小時即時同傳',
  },
  rightUploadDaily: {
    'en-US': 'Up to {hours} h of file transcription a day',
    'zh-CN': '每日最多 {hours} 小时文件转写',
    'zh-TW': '每日最多 {hours} 小時檔案轉寫',
  },
  rightLanguages: {
    'en-US': '{recognition} recognition and {translation} translation languages',
    'zh-CN': '{recognition} 种识别语言、{translation} 种翻译语言',
    'zh-TW': '{recognition} 種辨識語言、{translation} 種翻譯語言',
  },
  rightVocabulary: {
    'en-US': 'Custom vocabulary, translation terms and sensitive words',
    'zh-CN': '自定义词库、翻译术语与敏感词',
    'zh-TW': '自訂詞庫、翻譯術語與敏感詞',
  },
  rightInviteAndScreens: {
    'en-US': 'Meeting invitations and projection on several screens',
    'zh-CN': '会议邀请与多屏投屏',
    'zh-TW': '會議邀請與多螢幕投影',
  },
  // Access and deployment safety.
  serverMisconfigured: {
    'en-US': 'This server is not configured safely yet, so it cannot sign anyone in. Its operator has been told in the log.',
    'zh-CN': '服务器尚未安全配置，暂时无法登录。错误详情已写入日志，请联系管理员。',
    'zh-TW': '伺服器尚未安全設定，暫時無法登入。錯誤詳情已寫入日誌，請聯絡管理員。',
  },
  upgradeRequired: {
    'en-US': 'This address is a live meeting socket: open it as a WebSocket.',
    'zh-CN': '此地址是会议实时连接，请以 WebSocket 方式打开。',
    'zh-TW': '此地址是會議即時連線，請以 WebSocket 方式開啟。',
  },
  // Jobs that outlive their deadline (services/job-deadlines.ts).
  jobDeadline: {
    'en-US': 'This took much longer than expected, so it was stopped. Please retry: the work already done is kept.',
    'zh-CN': '处理时间远超预期，已停止。请点击重试，已完成的部分会保留。',
    'zh-TW': '處理時間遠超預期，已停止。請點選重試，已完成的部分會保留。',
  },
  // Voice profiles (services/voices.ts).
  voiceNotFound: {
    'en-US': 'This voice profile does not exist or has been deleted.',
    'zh-CN': '该声纹档案不存在或已被删除。',
    'zh-TW': '該聲紋檔案不存在或已被刪除。',
  },
  voiceNotHeard: {
    'en-US':
      'The voice of "{speaker}" was not measured in this record, so it cannot be saved. Records transcribed with speaker separation can save their voices.',
    'zh-CN': '此记录中未测得“{speaker}”的声音，无法保存。开启说话人区分转写的记录才能保存声音。',
    'zh-TW': '此記錄中未測得「{speaker}」的聲音，無法儲存。開啟說話人區分轉寫的記錄才能儲存聲音。',
  },
  voiceConsentMissing: {
    'en-US': 'Confirm that this person agreed to their voice being saved before saving it.',
    'zh-CN': '保存前，请确认此人已同意保存其声音。',
    'zh-TW': '儲存前，請確認此人已同意儲存其聲音。',
  },
  voiceNameTaken: {
    'en-US': 'You already have a voice named "{name}". Merge the two instead.',
    'zh-CN': '已有名为“{name}”的声音，请改用合并。',
    'zh-TW': '已有名為「{name}」的聲音，請改用合併。',
  },
  voiceMergeSelf: {
    'en-US': 'Choose two different voices to merge.',
    'zh-CN': '请选择两个不同的声音进行合并。',
    'zh-TW': '請選擇兩個不同的聲音進行合併。',
  },
  conversationNotFound: {
    'en-US': 'This conversation does not exist or has been cleared.',
    'zh-CN': '该对话不存在或已被清除。',
    'zh-TW': '該對話不存在或已被清除。',
  },
  // Questions a record suggests (services/search/suggestions.ts): three about its topics, three for any meeting.
  suggestTopicSaid: { 'en-US': 'What was said about {topic}?', 'zh-CN': '关于“{topic}”说了什么？', 'zh-TW': '關於「{topic}」說了什麼？' },
  suggestTopicDecided: { 'en-US': 'What was decided about {topic}?', 'zh-CN': '关于“{topic}”做了什么决定？', 'zh-TW': '關於「{topic}」做了什麼決定？' },
  suggestTopicNext: { 'en-US': 'What happens next with {topic}?', 'zh-CN': '“{topic}”接下来怎么安排？', 'zh-TW': '「{topic}」接下來怎麼安排？' },
  suggestDecisions: { 'en-US': 'What did we decide?', 'zh-CN': '我们决定了什么？', 'zh-TW': '我們決定了什麼？' },
  suggestActions: { 'en-US': 'Who will do what next?', 'zh-CN': '接下来谁负责做什么？', 'zh-TW': '接下來誰負責做什麼？' },
  suggestOpen: { 'en-US': 'What questions are still open?', 'zh-CN': '还有哪些问题没有解决？', 'zh-TW': '還有哪些問題沒有解決？' },
} satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof messages;
export type MessageParams = Record<string, string | number>;

/** Formats a server message in `locale`, filling `{name}` placeholders from `params`. */
export function translate(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  return messages[key][locale].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
