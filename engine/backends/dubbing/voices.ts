/**
 * The voices the engine speaks with: espeak-ng's languages (each with a female and a male variant) and,
 * when configured, an OpenAI-compatible speech endpoint's voices for every language. Ids are stable
 * (`espeak:en-us+f3`, `openai:nova`) because the Worker stores them per speaker.
 */
import type { Voice } from '../../../contracts/dubbing-engine';
import { languageInfo } from '../../../contracts/engine-languages';
import { badRequest, EngineHttpError } from '../../http';
import { runProcess } from '../process';
import { MELOTTS_LANGUAGES } from './workers-ai';

/** App language code → espeak-ng voice. Only those espeak-ng reports as installed are offered. */
const ESPEAK_LANGUAGES: readonly { code: string; espeak: string; name: string }[] = [
  { code: 'zh-CN', espeak: 'cmn', name: 'Chinese (Mandarin)' },
  { code: 'zh-TW', espeak: 'cmn', name: 'Chinese (Mandarin, Taiwan)' },
  { code: 'yue', espeak: 'yue', name: 'Cantonese' },
  { code: 'en-US', espeak: 'en-us', name: 'English (US)' },
  { code: 'en-GB', espeak: 'en-gb', name: 'English (UK)' },
  { code: 'ja-JP', espeak: 'ja', name: 'Japanese' },
  { code: 'ko-KR', espeak: 'ko', name: 'Korean' },
  { code: 'fr-FR', espeak: 'fr-fr', name: 'French' },
  { code: 'de-DE', espeak: 'de', name: 'German' },
  { code: 'es-ES', espeak: 'es', name: 'Spanish (Spain)' },
  { code: 'es-MX', espeak: 'es-419', name: 'Spanish (Latin America)' },
  { code: 'it-IT', espeak: 'it', name: 'Italian' },
  { code: 'pt-BR', espeak: 'pt-br', name: 'Portuguese (Brazil)' },
  { code: 'pt-PT', espeak: 'pt', name: 'Portuguese (Portugal)' },
  { code: 'ru-RU', espeak: 'ru', name: 'Russian' },
  { code: 'vi-VN', espeak: 'vi', name: 'Vietnamese' },
  { code: 'th-TH', espeak: 'th', name: 'Thai' },
  { code: 'id-ID', espeak: 'id', name: 'Indonesian' },
  { code: 'hi-IN', espeak: 'hi', name: 'Hindi' },
  { code: 'ar-SA', espeak: 'ar', name: 'Arabic' },
  { code: 'tr-TR', espeak: 'tr', name: 'Turkish' },
  { code: 'nl-NL', espeak: 'nl', name: 'Dutch' },
  { code: 'pl-PL', espeak: 'pl', name: 'Polish' },
];

const VARIANTS = [
  { suffix: 'f3', gender: 'female' },
  { suffix: 'm3', gender: 'male' },
] as const;

/** OpenAI's `/v1/audio/speech` voices; they speak whatever language the text is in. */
const OPENAI_VOICES = [
  { name: 'alloy', gender: 'neutral' },
  { name: 'echo', gender: 'male' },
  { name: 'fable', gender: 'neutral' },
  { name: 'onyx', gender: 'male' },
  { name: 'nova', gender: 'female' },
  { name: 'shimmer', gender: 'female' },
] as const;

export const ESPEAK_PREFIX = 'espeak:';
export const OPENAI_PREFIX = 'openai:';
/** `workers-ai:en`: MeloTTS speaking its `lang`. */
export const WORKERS_AI_PREFIX = 'workers-ai:';

/** The espeak-ng language names installed here (`espeak-ng --voices`), empty when espeak-ng is missing. */
export async function installedEspeakLanguages(): Promise<Set<string>> {
  try {
    const { code, stdout } = await runProcess('espeak-ng', ['--voices'], null, 10_000);
    if (code !== 0) return new Set();
    return new Set(
      stdout
        .toString('utf8')
        .split('\n')
        .slice(1)
        .map((line) => line.trim().split(/\s+/)[1]?.toLowerCase())
        .filter((x): x is string => Boolean(x)),
    );
  } catch {
    return new Set();
  }
}

const languageName = (code: string, fallback: string) => languageInfo(code)?.names['en-US'] ?? fallback;

/** Every voice, the configured services' first so that a language's default is the better-sounding one. */
export function voiceCatalog(espeak: Set<string>, openai: boolean, workersAi = false): Voice[] {
  const voices: Voice[] = [];
  for (const lang of ESPEAK_LANGUAGES) {
    const melo = MELOTTS_LANGUAGES[lang.code];
    if (workersAi && melo) {
      voices.push({
        id: `${WORKERS_AI_PREFIX}${melo}`,
        name: `${languageName(lang.code, lang.name)} (MeloTTS, Workers AI)`,
        language: lang.code,
        gender: 'neutral',
        backend: 'workers-ai',
      });
    }
    if (openai) {
      for (const v of OPENAI_VOICES) {
        voices.push({
          id: `${OPENAI_PREFIX}${v.name}`,
          name: `${v.name[0]!.toUpperCase()}${v.name.slice(1)}`,
          language: lang.code,
          gender: v.gender,
          backend: 'openai',
        });
      }
    }
    if (!espeak.has(lang.espeak)) continue;
    for (const v of VARIANTS) {
      voices.push({
        id: `${ESPEAK_PREFIX}${lang.espeak}+${v.suffix}`,
        // The gender is shown beside the name (the editor adds it to every voice), so it is not repeated here.
        name: `${languageName(lang.code, lang.name)} (eSpeak NG)`,
        language: lang.code,
        gender: v.gender,
        backend: 'espeak-ng',
      });
    }
  }
  return voices;
}

/**
 * The voice a line speaks with: the named one (which may be listed under another language: a voice reads
 * any text), or the language's first voice, matching `en` to `en-US` when no voice has the bare code.
 */
export function resolveVoice(voices: readonly Voice[], language: string, id: string | undefined): Voice {
  if (id) {
    const named = voices.find((v) => v.id === id);
    if (!named) throw badRequest(`unknown voice "${id}"; GET /v1/tts/voices lists them`);
    return named;
  }
  const lang = language.toLowerCase();
  const primary = lang.split('-')[0];
  const voice = voices.find((v) => v.language.toLowerCase() === lang) ?? voices.find((v) => v.language.toLowerCase().split('-')[0] === primary);
  if (!voice) throw new EngineHttpError(400, 'unsupported_language', `no voice speaks ${language}; GET /v1/tts/voices lists them`);
  return voice;
}
