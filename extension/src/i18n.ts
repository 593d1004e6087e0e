import { DEFAULT_LOCALE, matchLocale } from '../../contracts/locale';
import type { Locale } from '../../contracts/locale';
import { enUS } from '../../web/i18n/en-US';
import type { Messages } from '../../web/i18n/en-US';
import { zhCN } from '../../web/i18n/zh-CN';
import { zhTW } from '../../web/i18n/zh-TW';

/** The web app's texts (web/i18n), in the browser's language: the extension's own block and the languages' names. */

const ALL: Record<Locale, Messages> = { 'en-US': enUS, 'zh-CN': zhCN, 'zh-TW': zhTW };

export const locale: Locale = matchLocale(chrome.i18n.getUILanguage()) ?? DEFAULT_LOCALE;

export const texts = ALL[locale].extension;

/** Fills `{{name}}` placeholders. */
export const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');
