import { type CloneSample, cloneSample } from '../../../contracts/clone-samples';
import type { DubForm, DubVoiceMode } from '../../../contracts/dubbing';
import { type CloneProvider, cloneVoiceId, DUB_ENGINE_PATHS } from '../../../contracts/dubbing-engine';
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
    if (err.status >= 400 && err.status < 500) throw new ApiError(Code.BAD_REQUEST, 'synthesisFailed', { reason: err.message });
    throw new ApiError(Code.UNAVAILABLE, 'engineUnavailable');
  }
}

/**
 * The voices the engine can dub a language with (espeak-ng offline, the configured speech services), and the
 * provider it clones speakers' own voices with, if any.
 */
export async function dubCatalog(env: ProviderEnv, language?: string): Promise<VoicesResponse> {
  const { voices, cloning } = await engineCall(() => providers(env).engine.call<VoicesResponse>(DUB_ENGINE_PATHS.voices));
  if (!language) return { voices, cloning: cloning ?? null };
  const base = language.split('-')[0];
  const exact = voices.filter((v) => v.language === language);
  // A language the engine speaks only in another variety (en-AU with en-GB voices) still gets voices.
  return { voices: exact.length > 0 ? exact : voices.filter((v) => v.language.split('-')[0] === base), cloning: cloning ?? null };
}

export const voicesFor = async (env: ProviderEnv, language?: string): Promise<Voice[]> => (await dubCatalog(env, language)).voices;

/** The catalog of a language the project speaks, or the spec's "dubbing not supported for the current language". */
export async function requireVoices(env: ProviderEnv, language: string): Promise<VoicesResponse> {
  const catalog = await dubCatalog(env, language);
  if (catalog.voices.length === 0) throw new ApiError(Code.BAD_REQUEST, 'dubLanguageUnsupported', { language });
  return catalog;
}

/** Speaking pitch (Hz) from which a voice counts as high, a register dubbed with a female voice. */
const HIGH_VOICE_HZ = 165;

/** The median pitch of a speaker's lines, when recognition measured it. */
function medianOf(pitches: number[]): number | undefined {
  if (pitches.length === 0) return undefined;
  const sorted = [...pitches].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** A speaker's register from the median pitch of their lines, when recognition measured it. */
function registerOf(pitches: number[]): Voice['gender'] | undefined {
  const median = medianOf(pitches);
  if (median === undefined) return undefined;
  return median >= HIGH_VOICE_HZ ? 'female' : 'male';
}

/** Each speaker's median pitch (Hz) over the lines recognition measured: a matched voice is shifted to it. */
export function speakerPitches(lines: readonly { speaker: string; pitchHz: number | null }[]): Map<string, number> {
  const heard = new Map<string, number[]>();
  for (const { speaker, pitchHz } of lines) if (pitchHz) heard.set(speaker, [...(heard.get(speaker) ?? []), pitchHz]);
  return new Map([...heard].map(([speaker, pitches]) => [speaker, medianOf(pitches)!]));
}

/**
 * Each speaker's voice: the one chosen in the editor, else, in order of appearance, a free voice of the
 * speaker's register (a high voice gets a female voice, a low one a male voice), else any free voice, else
 * the least used one. So speakers sound different from each other, and like their originals where the
 * language's voices allow. Choices do not take part in the automatic casting: choosing one speaker's voice
 * never changes another's.
 */
export function assignVoices(
  lines: readonly { speaker: string; pitchHz: number | null }[],
  chosen: Record<string, string>,
  voices: Voice[],
): Map<string, string> {
  const pitches = new Map<string, number[]>();
  for (const { speaker, pitchHz } of lines) {
    const list = pitches.get(speaker) ?? [];
    if (pitchHz) list.push(pitchHz);
    pitches.set(speaker, list);
  }
  const known = new Set(voices.map((v) => v.id));
  const uses = new Map<string, number>();
  const leastUsed = (candidates: Voice[]) => candidates.reduce((best, v) => ((uses.get(v.id) ?? 0) < (uses.get(best.id) ?? 0) ? v : best), candidates[0]!);
  const unused = (candidates: Voice[]) => candidates.find((v) => !uses.has(v.id));
  const assigned = new Map<string, string>();
  for (const [speaker, heard] of pitches) {
    const register = registerOf(heard);
    const matching = voices.filter((v) => v.gender === register);
    // Telling speakers apart comes before matching their register: once the matching voices are taken, a
    // free voice of the other register is better than a second speaker with the same voice.
    const voice = unused(matching) ?? unused(voices) ?? leastUsed(matching.length > 0 ? matching : voices);
    uses.set(voice.id, (uses.get(voice.id) ?? 0) + 1);
    const choice = chosen[speaker];
    assigned.set(speaker, choice && known.has(choice) ? choice : voice.id);
  }
  return assigned;
}

/** A speaker dubbed in their own cloned voice: the voice their lines name and the sample it is cloned from. */
export interface CastClone extends CloneSample {
  voice: string;
}

/**
 * The speakers dubbed in their own voice: only when the owner ticked the consent and the engine has a cloning
 * provider, never a speaker whose voice was chosen in the editor, and only a speaker with enough clean speech
 * (contracts/clone-samples.ts); everyone else keeps a matched voice.
 */
export function cloneCast(
  lines: readonly { speaker: string; startMs: number; endMs: number; text: string }[],
  project: { form: Pick<DubForm, 'cloneVoices'>; voices: Record<string, string> },
  cloning: CloneProvider | null,
): Map<string, CastClone> {
  const cast = new Map<string, CastClone>();
  if (!project.form.cloneVoices || !cloning) return cast;
  const timed = lines.map((l) => ({ speaker: l.speaker, start: l.startMs / 1000, end: l.endMs / 1000, text: l.text }));
  for (const speaker of new Set(lines.map((l) => l.speaker))) {
    if (project.voices[speaker]) continue;
    const sample = cloneSample(timed, speaker);
    if (sample) cast.set(speaker, { ...sample, voice: cloneVoiceId(cloning, speaker) });
  }
  return cast;
}

/** Each speaker's voice and how it was chosen: a clone first, then the editor's choice, then the matched voice. */
export function castVoices(
  lines: readonly { speaker: string; pitchHz: number | null; startMs: number; endMs: number; text: string }[],
  project: { form: Pick<DubForm, 'cloneVoices'>; voices: Record<string, string> },
  catalog: VoicesResponse,
): { voices: Map<string, { voice: string; mode: DubVoiceMode }>; clones: Map<string, CastClone> } {
  const clones = cloneCast(lines, project, catalog.cloning);
  const assigned = assignVoices(lines, project.voices, catalog.voices);
  const voices = new Map<string, { voice: string; mode: DubVoiceMode }>();
  for (const [speaker, voice] of assigned) {
    const clone = clones.get(speaker);
    voices.set(speaker, clone ? { voice: clone.voice, mode: 'cloned' } : { voice, mode: project.voices[speaker] === voice ? 'chosen' : 'matched' });
  }
  return { voices, clones };
}
