import { Hono } from 'hono';
import { API } from '../../contracts/api-paths';
import { LANGUAGES, languageOption, type LanguageLists } from '../../contracts/engine-languages';
import type { Locale } from '../../contracts/locale';
import { ok } from '../lib/envelope';
import type { AppEnv } from '../lib/types';
import { providers, type ProviderEnv } from '../services/providers';

/**
 * The language calls of spec §7. Every list is derived from what the configured providers can do right now
 * (for the engine: GET /v1/capabilities), so the app never offers a language the deployment cannot serve.
 * One GET per use (API.languages):
 *   meeting  live recognition languages
 *   dubbing  batch recognition languages
 *   upload   batch recognition languages
 *   text     text translation sources
 * `translation` lists the targets reachable from at least one of the listed sources.
 */
export type LanguageUse = keyof typeof API.languages;

export interface AvailableLanguages {
  transcribe: string[];
  stream: string[];
  translation: { from: string; to: string }[];
}

const ORDER = new Map(LANGUAGES.map((l, i) => [l.code, i]));
const ordered = (codes: Iterable<string>) => [...new Set(codes)].sort((a, b) => (ORDER.get(a) ?? 99) - (ORDER.get(b) ?? 99) || a.localeCompare(b));

export function languageLists(use: LanguageUse, available: AvailableLanguages, locale: Locale): LanguageLists {
  const sources = use === 'meeting' ? available.stream : use === 'text' ? available.translation.map((p) => p.from) : available.transcribe;
  const from = new Set(sources);
  const targets = available.translation.filter((p) => from.has(p.from)).map((p) => p.to);
  return {
    transcribeLanguage: ordered(sources).map((code) => languageOption(code, locale)),
    translation: ordered(targets).map((code) => languageOption(code, locale)),
  };
}

async function available(env: ProviderEnv, use: LanguageUse): Promise<AvailableLanguages> {
  const p = providers(env);
  const [transcribe, stream, translation] = await Promise.all([
    use === 'dubbing' || use === 'upload' ? p.transcribe.languages() : Promise.resolve([]),
    use === 'meeting' ? p.stream.languages() : Promise.resolve([]),
    p.translate.pairs(),
  ]);
  return { transcribe, stream, translation };
}

export const languages = (Object.entries(API.languages) as [LanguageUse, string][]).reduce(
  (app, [use, path]) => app.get(path, async (c) => ok(c, languageLists(use, await available(c.env, use), c.var.locale))),
  new Hono<AppEnv>(),
);
