/**
 * The languages Tingyi knows how to name. Which of them a deployment can actually transcribe or translate
 * is decided by the engine's capabilities (or the Workers AI model lists), never by this table alone.
 */
import type { Locale } from './locale';

export interface LanguageInfo {
  code: string;
  names: Record<Locale, string>;
  /** The bare ISO 639-1 code used by Whisper-style backends. */
  iso: string;
}

export const LANGUAGES: readonly LanguageInfo[] = [
  { code: 'zh-CN', iso: 'zh', names: { 'en-US': 'Chinese (Simplified)', 'zh-CN': '中文（简体）', 'zh-TW': '中文（簡體）' } },
  { code: 'zh-TW', iso: 'zh', names: { 'en-US': 'Chinese (Traditional)', 'zh-CN': '中文（繁体）', 'zh-TW': '中文（繁體）' } },
  { code: 'yue', iso: 'yue', names: { 'en-US': 'Cantonese', 'zh-CN': '粤语', 'zh-TW': '粵語' } },
  { code: 'en-US', iso: 'en', names: { 'en-US': 'English', 'zh-CN': '英语', 'zh-TW': '英語' } },
  { code: 'ja-JP', iso: 'ja', names: { 'en-US': 'Japanese', 'zh-CN': '日语', 'zh-TW': '日語' } },
  { code: 'ko-KR', iso: 'ko', names: { 'en-US': 'Korean', 'zh-CN': '韩语', 'zh-TW': '韓語' } },
  { code: 'fr-FR', iso: 'fr', names: { 'en-US': 'French', 'zh-CN': '法语', 'zh-TW': '法語' } },
  { code: 'de-DE', iso: 'de', names: { 'en-US': 'German', 'zh-CN': '德语', 'zh-TW': '德語' } },
  { code: 'es-ES', iso: 'es', names: { 'en-US': 'Spanish', 'zh-CN': '西班牙语', 'zh-TW': '西班牙語' } },
  { code: 'ru-RU', iso: 'ru', names: { 'en-US': 'Russian', 'zh-CN': '俄语', 'zh-TW': '俄語' } },
];

export function languageInfo(code: string): LanguageInfo | undefined {
  return LANGUAGES.find((l) => l.code.toLowerCase() === code.toLowerCase());
}

/** A language option as the web app lists it (spec §3: code, name). */
export interface LanguageOption {
  code: string;
  name: string;
}

/** A language Tingyi names that this deployment does not offer for a use, and why, in the reader's language. */
export interface MissingLanguage extends LanguageOption {
  /** Why, in the reader's language and a user's terms (what to install is in the server's log, not here). */
  reason: string;
}

export interface LanguageLists {
  transcribeLanguage: LanguageOption[];
  translation: LanguageOption[];
  /** What is not offered here and why: spoken languages no recogniser knows, targets no translator reaches. */
  missing?: { transcribeLanguage: MissingLanguage[]; translation: MissingLanguage[] };
}

export function languageOption(code: string, locale: Locale): LanguageOption {
  return { code, name: languageInfo(code)?.names[locale] ?? code };
}
