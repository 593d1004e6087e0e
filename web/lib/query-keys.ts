/**
 * Every React Query key of the app, in one place: a feature that refreshes another's data (an upload
 * refreshing the record list, a purchase the account balances) names the key here rather than importing the
 * other feature. A key that is a prefix of others (records, vocabulary, a record's detail) invalidates them all.
 */

// Account and payment.
export const ACCOUNT_DETAIL_KEY = ['accountDetail'] as const;
export const clientKey = (userId: number | string | undefined, key: string) => ['client', userId, key] as const;
export const BILLS_KEY = ['bills'] as const;
/** Bills and packages name packages in the interface language: each language is its own entry. */
export const billPageKey = (url: string, pageNum: number, locale: string) => [...BILLS_KEY, url, pageNum, locale] as const;
export const PRICE_CATEGORIES_KEY = ['priceCategories'] as const;
export const priceCategoriesKey = (locale: string) => [...PRICE_CATEGORIES_KEY, locale] as const;
export const PAY_METHODS_KEY = ['payMethods'] as const;
export const RIGHTS_PICTURE_KEY = ['rightsPicture'] as const;
export const payStatusKey = (outTradeNo: string | undefined) => ['payStatus', outTradeNo] as const;
export const paypalReturnKey = (token: string) => ['paypalPayBack', token] as const;

// Personal API keys (settings).
export const API_KEYS_KEY = ['apiKeys'] as const;

// Sign-in.
export const LOGIN_OPTIONS_KEY = ['loginOptions'] as const;
export const CAPTCHA_KEY = ['captcha'] as const;
export const wechatQrKey = (mode: string, instance: string) => ['wechatQr', mode, instance] as const;
export const wechatScanKey = (scene: string | undefined) => ['wechatScan', scene] as const;

// Records and folders.
export const RECORDS_KEY = ['records'] as const;
export const SHARE_STATUS_KEY = ['shareStatus'] as const;
export const sharedRecordKey = (token: string) => ['sharedRecord', token] as const;
export const FOLDERS_KEY = ['folders'] as const;
export const detailKey = (id: number) => ['recordDetail', id] as const;
export const mediaKey = (id: number) => ['recordMedia', id] as const;
/** Under the detail's key: whatever refreshes the record refreshes its word timings too. */
export const wordsKey = (id: number) => [...detailKey(id), 'words'] as const;
/** Under the record's own key: whatever reloads the record (a save here, another tab's save) reloads its summary too, which may have turned stale. */
export const summaryKey = (id: number) => [...detailKey(id), 'summary'] as const;
/** Under the record's key too: a reloaded record reloads the questions asked of it and those it suggests. */
export const askConversationKey = (id: number) => [...detailKey(id), 'askConversation'] as const;
export const askSuggestionsKey = (id: number, locale: string) => [...detailKey(id), 'askSuggestions', locale] as const;
/** The search page's conversation, kept only in the page's cache (nothing to reload it from). */
export const SEARCH_CONVERSATION_KEY = ['searchConversation'] as const;
export const UPLOAD_LANGUAGES_KEY = ['uploadLanguages'] as const;

// Dubbing.
export const DUB_LANGUAGES_KEY = ['dubLanguages'] as const;
export const projectKey = (id: number) => ['dubProject', id] as const;
export const linesKey = (id: number) => ['dubLines', id] as const;
export const speakersKey = (id: number) => ['dubSpeakers', id] as const;
export const voicesKey = (language: string) => ['dubVoices', language] as const;
export const iterationsKey = (id: number) => ['dubIterations', id] as const;

// Meetings.
export const MEETING_LANGUAGES_KEY = ['meetingLanguages'] as const;
export const meetingKey = (id: number) => ['meeting', id] as const;
export const meetingJoinKey = (by: object) => ['meetingJoin', by] as const;
export const screenCodeKey = (code: string) => ['screenCode', code] as const;

// Vocabulary.
export const VOCABULARY_KEY = ['vocabulary'] as const;
export const librariesKey = (query: object) => [...VOCABULARY_KEY, 'libraries', query] as const;
export const libraryKey = (query: object) => [...VOCABULARY_KEY, 'library', query] as const;
export const VOCABULARY_FOLDERS_KEY = [...VOCABULARY_KEY, 'folders'] as const;

// Voice profiles: the list and the account's on/off switch.
export const VOICES_KEY = ['voices'] as const;
export const VOICE_SETTINGS_KEY = [...VOICES_KEY, 'settings'] as const;
