import type { Locale as AntdLocale } from 'antd/es/locale';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, isLocale, matchLocale } from '../../contracts/locale';
import type { Locale } from '../../contracts/locale';
import type { Messages } from './en-US';
import { LOCALE_QUERY_PARAM, LOCALE_STORAGE_KEY, resolveLocale } from './resolve';
import { DAYJS_LOCALES, LOCALE_BUNDLES } from './ui-locales';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

export const i18n = i18next.createInstance();

i18n.on('languageChanged', (lng) => {
  if (!isLocale(lng)) return;
  dayjs.locale(DAYJS_LOCALES[lng]);
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
});

const initialLocale = readInitialLocale();

void i18n.use(initReactI18next).init({
  // Filled one language at a time by loadLocale; every language has every text (tests/web/i18n-keys), so
  // there is nothing to fall back to.
  resources: {},
  lng: initialLocale,
  fallbackLng: false,
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false }, // React escapes already
  initAsync: false,
});

const antdLocales = new Map<Locale, AntdLocale>();

/** Loads a language's texts once; the app renders after the first visit's language is in (see main.tsx). */
export async function loadLocale(locale: Locale): Promise<void> {
  if (antdLocales.has(locale)) return;
  const bundle = await LOCALE_BUNDLES[locale]();
  i18n.addResourceBundle(locale, 'translation', bundle.messages);
  antdLocales.set(locale, bundle.antd);
}

/** Settles once the language this visit starts in is loaded and applied. */
export const localeReady: Promise<void> = loadLocale(initialLocale).then(async () => {
  await i18n.changeLanguage(initialLocale);
});

/** The component library's texts for the interface locale (loaded with it). */
export function antdLocale(): AntdLocale | undefined {
  return antdLocales.get(currentLocale());
}

/** The interface locale right now. */
export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/** Switches the interface language and remembers the choice for the next visit. */
export async function setLocale(locale: Locale): Promise<void> {
  storeLocale(locale);
  await loadLocale(locale);
  await i18n.changeLanguage(locale);
}

function readInitialLocale(): Locale {
  if (typeof window === 'undefined') return DEFAULT_LOCALE;
  const search = window.location.search;
  const locale = resolveLocale({
    search,
    stored: readStoredLocale(),
    browserLanguages: navigator.languages?.length ? navigator.languages : [navigator.language],
  });
  // A valid `lang` link is a choice too: keep it when the user navigates away from the query.
  if (matchLocale(new URLSearchParams(search).get(LOCALE_QUERY_PARAM))) storeLocale(locale);
  return locale;
}

function readStoredLocale(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null; // storage disabled (privacy mode): fall through to the browser language
  }
}

function storeLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage disabled: the choice holds for this page only.
  }
}
