import type { API } from '../../contracts/api-paths';
import { LANGUAGES, languageOption, type LanguageLists, type MissingLanguage } from '../../contracts/engine-languages';
import { Code } from '../../contracts/errors';
import type { Locale } from '../../contracts/locale';
import type { Db } from '../db/client';
import { ApiError } from '../lib/errors';
import { translate } from '../lib/i18n';
import { providers, type ProviderEnv } from './providers';
import { permissions } from './rights';

/**
 * The language rules of every submission, in one place: which spoken languages a recogniser accepts (file
 * or live), which translations the configured translator can make (its one list of pairs), and the owner's
 * cap on translation languages (translateCount, spec §6) for a meeting, at creation and when a viewer picks
 * a language in the room. File transcription, dubbing, a later translation, meeting creation and the
 * meeting room all ask here, so each refusal has one code and one message wherever it happens.
 */

export interface LanguagePair {
  from: string;
  to: string;
}

/** What the deployment translates now (for the engine: its capabilities). */
export const translationPairs = (env: ProviderEnv): Promise<LanguagePair[]> => providers(env).translate.pairs();

/** The languages `from` translates into, by `pairs`. */
export const targetsFrom = (pairs: readonly LanguagePair[], from: string) => pairs.filter((p) => p.from === from).map((p) => p.to);

/** Whether the translator can turn `from` into `to` (a language into itself is no translation). */
export async function canTranslate(env: ProviderEnv, from: string, to: string) {
  return from !== to && targetsFrom(await translationPairs(env), from).includes(to);
}

/** Which recogniser hears the source: a file's (batch) or a meeting's (live); none when nothing is recognised. */
export type Recogniser = 'file' | 'live' | null;

/**
 * Refuses (400) a source language the recogniser does not know, then the first target the translator cannot
 * reach from it.
 */
export async function checkLanguages(env: ProviderEnv, source: string, recogniser: Recogniser, targets: readonly string[]) {
  const p = providers(env);
  if (recogniser) {
    const known = await (recogniser === 'live' ? p.stream : p.transcribe).languages();
    if (!known.includes(source)) throw new ApiError(Code.BAD_REQUEST, 'languageUnsupported', { language: source });
  }
  if (!targets.length) return;
  const reachable = targetsFrom(await translationPairs(env), source);
  const missing = targets.find((to) => !reachable.includes(to));
  if (missing) throw new ApiError(Code.BAD_REQUEST, 'translationUnsupported', { from: source, to: missing });
}

/** How many translation languages the owner's plan allows a meeting at once. */
export const translationCap = async (db: Db, userId: number) => (await permissions(db, userId)).translateCount;

/** A new meeting's targets past the owner's cap are refused (400) before anything is made. */
export async function checkTargetCount(db: Db, userId: number, targets: readonly string[]) {
  const count = await translationCap(db, userId);
  if (targets.length > count) throw new ApiError(Code.BAD_REQUEST, 'tooManyTargets', { count });
}

/**
 * A live meeting's languages under the same cap: `inUse` holds the host's targets and the other viewers'
 * picks. The source and a language someone already reads stay open to everyone; one more past the cap is
 * refused (92505003) to the one asking.
 */
export async function checkAddedLanguage(db: Db, userId: number, source: string, inUse: ReadonlySet<string>, language: string) {
  const languages = [...inUse].filter((l) => l !== source);
  if (language === source || languages.includes(language)) return;
  const count = await translationCap(db, userId);
  if (languages.length >= count) throw new ApiError(Code.NO_SUCH_BENEFIT, 'meetingLanguagesFull', { count, languages: languages.join(', ') });
}

/**
 * The language lists of spec §7's language calls. Every list is derived from what the configured providers can do right now
 * (for the engine: GET /v1/capabilities), so the app never offers a language the deployment cannot serve.
 * One GET per use (API.languages):
 *   meeting  live recognition languages
 *   dubbing  batch recognition languages
 *   upload   batch recognition languages
 *   text     text translation sources
 * `translation` lists the targets reachable from at least one of the listed sources. `missing` names every other
 * language Tingyi knows, with why it is not offered here in a user's terms. The engine's own reason (which model to
 * install) is for whoever runs the deployment: it goes to the server's log, never to a user's screen.
 */
export type LanguageUse = keyof typeof API.languages;

export interface AvailableLanguages {
  transcribe: string[];
  stream: string[];
  translation: { from: string; to: string }[];
}

/** The engine's reasons for what it lacks, by language: as a source of this use, and as a target. */
type EngineReasons = { source: Map<string, string>; target: Map<string, string> } | undefined;

const ORDER = new Map(LANGUAGES.map((l, i) => [l.code, i]));
const ordered = (codes: Iterable<string>) => [...new Set(codes)].sort((a, b) => (ORDER.get(a) ?? 99) - (ORDER.get(b) ?? 99) || a.localeCompare(b));

export function languageLists(use: LanguageUse, available: AvailableLanguages, locale: Locale): LanguageLists {
  const sources = use === 'meeting' ? available.stream : use === 'text' ? available.translation.map((p) => p.from) : available.transcribe;
  const from = new Set(sources);
  const targets = available.translation.filter((p) => from.has(p.from)).map((p) => p.to);
  const missing = (offered: string[], key: 'missingFileLanguage' | 'missingLiveLanguage' | 'missingTranslation') =>
    LANGUAGES.filter((l) => !offered.includes(l.code)).map(({ code }): MissingLanguage => {
      const option = languageOption(code, locale);
      return { ...option, reason: translate(locale, key, { language: option.name }) };
    });
  return {
    transcribeLanguage: ordered(sources).map((code) => languageOption(code, locale)),
    translation: ordered(targets).map((code) => languageOption(code, locale)),
    missing: {
      // Text translation has no recogniser: its sources are whatever the translator reads.
      transcribeLanguage: use === 'text' ? [] : missing(sources, use === 'meeting' ? 'missingLiveLanguage' : 'missingFileLanguage'),
      translation: missing(targets, 'missingTranslation'),
    },
  };
}

const servedByEngine = (setting: string | undefined) => (setting || 'engine').trim() === 'engine';

/** The engine's reasons (GET /v1/capabilities, cached with the lists) for the parts of `use` it serves. */
async function engineReasons(env: ProviderEnv, use: LanguageUse): Promise<EngineReasons> {
  const sourceSetting = use === 'meeting' ? env.STREAM_PROVIDER : env.ASR_PROVIDER;
  const [sources, targets] = [use !== 'text' && servedByEngine(sourceSetting), servedByEngine(env.TRANSLATE_PROVIDER)];
  if (!sources && !targets) return undefined;
  const caps = await providers(env).engine.capabilities();
  const source = new Map<string, string>();
  if (sources) for (const l of use === 'meeting' ? caps.asr.stream : caps.asr.batch) if (!l.available && l.reason) source.set(l.code, l.reason);
  const target = new Map<string, string>();
  if (targets) for (const p of caps.translation.unavailable) if (!target.has(p.to)) target.set(p.to, p.reason);
  return { source, target };
}

async function available(env: ProviderEnv, use: LanguageUse): Promise<AvailableLanguages> {
  const p = providers(env);
  const [transcribe, stream, translation, reasons] = await Promise.all([
    use === 'dubbing' || use === 'upload' ? p.transcribe.languages() : Promise.resolve([]),
    use === 'meeting' ? p.stream.languages() : Promise.resolve([]),
    p.translate.pairs(),
    engineReasons(env, use),
  ]);
  logReasons(use, reasons);
  return { transcribe, stream, translation };
}

/** Reasons already logged by this isolate: the lists are asked for on every dialog, the log needs each reason once. */
const logged = new Set<string>();

/** The engine's reasons for a missing language, in the server's log for whoever runs it (the engine's capabilities hold them too). */
function logReasons(use: LanguageUse, reasons: EngineReasons) {
  if (!reasons) return;
  for (const [part, byLanguage] of [
    ['source', reasons.source],
    ['target', reasons.target],
  ] as const) {
    for (const [code, reason] of byLanguage) {
      const key = `${use} ${part} ${code}: ${reason}`;
      if (logged.has(key)) continue;
      logged.add(key);
      console.info(JSON.stringify({ level: 'info', event: 'languageNotOffered', use, part, language: code, reason, howTo: 'docs/speech-models.md' }));
    }
  }
}

/** The lists a language call answers with, from what the deployment can do right now. */
export const offeredLanguages = async (env: ProviderEnv, use: LanguageUse, locale: Locale) => languageLists(use, await available(env, use), locale);
