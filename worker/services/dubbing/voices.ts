import { DUB_ENGINE_PATHS } from '../../../contracts/dubbing-engine';
import type { Voice, VoicesResponse } from '../../../contracts/dubbing-engine';
import { Code } from '../../../contracts/errors';
import { ApiError } from '../../lib/errors';
import { ProviderError, providers, type ProviderEnv } from '../providers';

/** An engine refusal becomes "synthesis failed" with its reason; an engine that is down, "try again later". */
export async function engineCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    if (err.status >= 400 && err.status < 500) throw new ApiError(Code.BAD_REQUEST, 'synthesisFailed', { reason: err.message }, 400);
    throw new ApiError(Code.UNAVAILABLE, 'engineUnavailable', {}, 503);
  }
}

/** The voices the engine can dub with (espeak-ng offline, an OpenAI-compatible speech endpoint when configured). */
export async function voicesFor(env: ProviderEnv, language?: string): Promise<Voice[]> {
  const { voices } = await engineCall(() => providers(env).engine.call<VoicesResponse>(DUB_ENGINE_PATHS.voices));
  if (!language) return voices;
  const base = language.split('-')[0];
  const exact = voices.filter((v) => v.language === language);
  // A language the engine speaks only in another variety (en-AU with en-GB voices) still gets voices.
  return exact.length > 0 ? exact : voices.filter((v) => v.language.split('-')[0] === base);
}

/** The voices of a language the project speaks, or the spec's "dubbing not supported for the current language". */
export async function requireVoices(env: ProviderEnv, language: string): Promise<Voice[]> {
  const voices = await voicesFor(env, language);
  if (voices.length === 0) throw new ApiError(Code.BAD_REQUEST, 'dubLanguageUnsupported', { language }, 400);
  return voices;
}

/**
 * Each speaker's voice: the one chosen in the editor, else the language's voices in turn by order of
 * appearance, so two speakers sound different (the engine lists a female and a male voice per language).
 */
export function assignVoices(speakers: string[], chosen: Record<string, string>, voices: Voice[]): Map<string, string> {
  const known = new Set(voices.map((v) => v.id));
  const order = [...new Set(speakers)];
  return new Map(order.map((speaker, i) => [speaker, chosen[speaker] && known.has(chosen[speaker]) ? chosen[speaker] : voices[i % voices.length]!.id]));
}
