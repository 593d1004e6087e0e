import type { Locale } from '../../../contracts/locale';
import { enUS } from '../../../web/i18n/en-US';
import type { Messages } from '../../../web/i18n/en-US';
import { zhCN } from '../../../web/i18n/zh-CN';
import { zhTW } from '../../../web/i18n/zh-TW';

/** Every locale's texts at once, for tests that compare what a page shows with what it should say. */
export const MESSAGES: Record<Locale, Messages> = { 'en-US': enUS, 'zh-CN': zhCN, 'zh-TW': zhTW };
