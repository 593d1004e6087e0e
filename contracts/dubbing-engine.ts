import { z } from 'zod';
import { engineJobId, jobCheckpoint } from './engine';

/**
 * The engine's speech synthesis and dubbing calls (AI dubbing, spec §1). The Worker sends the lines to
 * speak with their time slots; the engine speaks each line in its voice, fits it to its slot, lays the new
 * voice over the original background, optionally burns the subtitles in, and answers with the mp4.
 */

export const DUB_ENGINE_PATHS = {
  voices: '/v1/tts/voices',
  /** Deletes cloned voices at the cloning provider (a dubbing project's, when it is deleted). */
  deleteClones: '/v1/tts/clones/delete',
  speak: '/v1/tts',
  fit: '/v1/dub/fit',
  render: '/v1/dub/render',
  /** The render as an engine-side job (contracts/engine.ts, "Engine-side jobs"), media by presigned URL. */
  renderJob: '/v1/jobs/render',
} as const;

/**
 * How far a line may be sped up to fit its slot: beyond about 1.25× speech stops sounding natural. A line
 * still too long after borrowing the pause before the next line and speeding up is cut at its slot's end
 * and reported as `overflow`, so the editor asks for a shorter translation.
 */
export const MAX_TEMPO = 1.25;
/** The pause kept between a borrowed line's end and the next line's start. */
export const BORROW_GAP_SECONDS = 0.1;

/** A voice the engine can speak with. `id` is what a line names; `language` is a BCP 47 code. */
export const voice = z.object({
  id: z.string(),
  name: z.string(),
  language: z.string(),
  gender: z.enum(['female', 'male', 'neutral']),
  /** Which backend speaks it: `espeak-ng` offline, `openai` for an OpenAI-compatible speech endpoint. */
  backend: z.string(),
});
export type Voice = z.infer<typeof voice>;
/**
 * The provider that clones a speaker's own voice from their speech, when one is configured: `elevenlabs`
 * (instant voice cloning, a voice id kept by the provider) or `reference` (an OpenAI-compatible speech
 * endpoint given the reference sample with every line). Null: voices are matched to speakers instead.
 */
export const CLONE_PROVIDERS = ['elevenlabs', 'reference'] as const;
export type CloneProvider = (typeof CLONE_PROVIDERS)[number];
/** A line's voice naming a speaker's clone: `clone:elevenlabs:Speaker 1`; the render job's `clones` say how to make it. */
export const CLONE_PREFIX = 'clone:';
export const cloneVoiceId = (provider: CloneProvider, speaker: string) => `${CLONE_PREFIX}${provider}:${speaker}`;

export interface VoicesResponse {
  voices: Voice[];
  cloning: CloneProvider | null;
}

/** `POST /v1/tts`: one text spoken in one voice; answers audio/wav (24 kHz mono PCM16). */
export const speakRequest = z.object({
  text: z.string().trim().min(1).max(2000),
  language: z.string().min(2).max(16),
  /** A voice id from `/v1/tts/voices`; absent: the language's first voice. */
  voice: z.string().max(100).optional(),
  /** Speak at this median pitch (Hz), as a dubbed line of a speaker of that pitch is. */
  pitchHz: z.number().min(50).max(500).optional(),
});
export type SpeakRequest = z.input<typeof speakRequest>;

/** One line to dub. Times in seconds from the start of the video. */
export const dubLine = z.object({
  start: z.number().nonnegative(),
  end: z.number().nonnegative(),
  /** What the new voice says (the translation, or the source text when dubbing without translation). */
  text: z.string().max(2000),
  voice: z.string().max(100).optional(),
  /** The speaker's own median pitch (Hz): a voice that is not their clone is shifted to it. */
  pitchHz: z.number().min(50).max(500).optional(),
});
export type DubLine = z.input<typeof dubLine>;

export const fitRequest = z.object({
  language: z.string().min(2).max(16),
  lines: z.array(dubLine).max(20_000),
  /** Length of the video, seconds: the last line may borrow up to it. */
  duration: z.number().positive().optional(),
});
export type FitRequest = z.input<typeof fitRequest>;

/**
 * How a line was made to fit: `fits` as spoken; `borrowed` runs into the pause after its slot; `sped` was
 * sped up (at most MAX_TEMPO, after borrowing); `overflow` was still too long and is cut at its slot's end;
 * `empty` has no text and stays silent.
 */
export type FitKind = 'fits' | 'borrowed' | 'sped' | 'overflow' | 'empty';

export interface LineFit {
  /** Seconds of speech as synthesised, before any speed-up. */
  speech: number;
  /** Speed-up applied, 1 when none. */
  tempo: number;
  /** Where the dubbed speech starts and ends in the video, seconds. */
  start: number;
  end: number;
  fit: FitKind;
}

export interface FitResponse {
  lines: LineFit[];
}

/**
 * Burned-in subtitles (spec §3 dub form): colours as #rrggbb; font size in px of a 720-line frame, or `auto`
 * for a size that follows the video (readable on any height, fitting a full line on a narrow video).
 */
export const subtitleStyle = z.object({
  fontSize: z.union([z.literal('auto'), z.number().int().min(5).max(30)]),
  maxChars: z.number().int().min(1).max(200),
  primaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  outlineColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
});
export type SubtitleStyle = z.infer<typeof subtitleStyle>;

/**
 * `POST /v1/dub/render`, multipart/form-data with two parts in this order: `plan` (JSON of this schema)
 * and `video` (the original mp4). Answers video/mp4: the original picture (re-encoded only when subtitles
 * are burned in), the original audio ducked under the new voice, every line fitted as `/v1/dub/fit` reports.
 */
export const renderPlan = fitRequest.extend({
  /** Absent: no subtitles in the picture. */
  subtitles: subtitleStyle.optional(),
});
export type RenderPlan = z.input<typeof renderPlan>;

const presigned = z.url({ protocol: /^https?$/ });

/** Where one line's spoken audio is kept between renders (raw PCM16 at 24 kHz): read first, written when spoken anew. */
export const spokenStore = z.object({ get: presigned, put: presigned });

/**
 * One speaker's cloned voice in a render: lines whose voice is `voice` speak in it. `segments` (seconds of the
 * video, the speaker's own lines with no one else speaking) are cut into the reference sample, whose
 * transcript is `text`; the sample is kept at `sample` so later renders use the same one. `providerVoice` is
 * the provider's id of a clone made by an earlier render (ElevenLabs' voice_id), so it is not made again.
 */
export const cloneSpec = z.object({
  voice: z.string().startsWith(CLONE_PREFIX).max(200),
  provider: z.enum(CLONE_PROVIDERS),
  name: z.string().min(1).max(100),
  segments: z
    .array(z.object({ start: z.number().nonnegative(), end: z.number().nonnegative() }))
    .min(1)
    .max(500),
  text: z.string().max(20_000),
  sample: spokenStore,
  providerVoice: z.string().max(200).nullable(),
});
export type CloneSpec = z.input<typeof cloneSpec>;

/**
 * `POST /v1/jobs/render`: fits and renders `plan` over the video at `video`, PUTs the mp4 to `put`. `spoken[i]`
 * (null for a silent line) keeps line i's speech across renders and engines, so a retried or repeated render
 * speaks only what no earlier one did.
 */
export const renderJob = z.object({
  id: engineJobId,
  video: presigned,
  put: presigned,
  plan: renderPlan,
  spoken: z.array(spokenStore.nullable()).max(20_000).optional(),
  /** The mp4's result kept beside it (contracts/engine.ts, jobCheckpoint): a render started again after it was stored is not redone. */
  checkpoint: jobCheckpoint.optional(),
  /** Speakers dubbed in their own cloned voice (only with the owner's consent, contracts/dubbing.ts `cloneVoices`). */
  clones: z.array(cloneSpec).max(100).optional(),
});
export type RenderJob = z.input<typeof renderJob>;

/** `POST /v1/tts/clones/delete`: answers how many the provider deleted (one it no longer has counts as deleted). */
export const deleteClonesRequest = z.object({ provider: z.enum(CLONE_PROVIDERS), voices: z.array(z.string().min(1).max(200)).max(500) });
export type DeleteClonesRequest = z.input<typeof deleteClonesRequest>;

export interface RenderJobResult {
  /** Seconds of the video. */
  duration: number;
  /** How each line was fitted, in the plan's order. */
  lines: LineFit[];
  /** Lines spoken by this render, and lines whose speech came from an earlier one. */
  synthesized: number;
  reused: number;
  /** Each clone of the job with the provider's id for it (null for a reference sample, which is its own identity). */
  clones?: { voice: string; providerVoice: string | null }[];
}
