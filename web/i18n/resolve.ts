import { DEFAULT_LOCALE, isLocale, matchLocale } from '../../contracts/locale';
import type { Locale } from '../../contracts/locale';

export const LOCALE_STORAGE_KEY = 'locale';
export const LOCALE_QUERY_PARAM = 'lang';

export interface LocaleSources {
  /** The location's query string. */
  search: string;
  /** The value stored under LOCALE_STORAGE_KEY, if any. */
  stored: string | null;
  /** The browser's preferred languages, best first (navigator.languages). */
  browserLanguages: readonly string[];
}

/**
 * Spec §5: a valid `lang` query wins, then the user's stored choice, then the browser's language
 * (any Chinese maps to zh-CN, Traditional/Taiwan/Hong Kong to zh-TW); anything else is en-US.
 */
export function resolveLocale({ search, stored, browserLanguages }: LocaleSources): Locale {
  const fromQuery = matchLocale(new URLSearchParams(search).get(LOCALE_QUERY_PARAM));
  if (fromQuery) return fromQuery;
  if (isLocale(stored)) return stored;
  for (const tag of browserLanguages) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}
