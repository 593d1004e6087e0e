/**
 * Voice profiles (docs/voices.md): a speaker of a finished record saved under a name, so the user's later
 * records name that voice. Only the voiceprint (contracts/voiceprints.ts) is kept, never audio.
 */
import { z } from 'zod';

/** Longest profile name: a person's name, as a record's speaker names are typed. */
export const VOICE_NAME_MAX = 64;
const voiceName = z.string().trim().min(1).max(VOICE_NAME_MAX);

/**
 * POST /voices: save the voice of `speaker` (as the record's lines name them) in record `recordId` as `name`.
 * `consent` is the user's confirmation that the person agreed to their voice being kept; without it the save is
 * refused (a voiceprint is personal data of someone who may not be the user).
 */
export const saveVoiceBody = z.object({
  recordId: z.coerce.number().int().positive(),
  speaker: z.string().trim().min(1),
  name: voiceName,
  consent: z.boolean().optional(),
});
export type SaveVoiceBody = z.input<typeof saveVoiceBody>;
export type SaveVoice = z.output<typeof saveVoiceBody>;

/** PATCH /voices/:id. */
export const renameVoiceBody = z.object({ name: voiceName });

/** POST /voices/merge: the voice `from` becomes part of `into` (its print folded in), and `from` is deleted. */
export const mergeVoicesBody = z.object({ from: z.number().int().positive(), into: z.number().int().positive() });

/** PUT /voices/settings. */
export const voiceSettingsBody = z.object({ identify: z.boolean() });
export type VoiceSettings = z.infer<typeof voiceSettingsBody>;

/** A profile as the API answers: what the user sees of it (the voiceprint itself never leaves the Worker). */
export interface VoiceProfile {
  id: number;
  name: string;
  /** Seconds of speech the voiceprint was measured on, summed over the saves and merges that made it. */
  seconds: number;
  /** When the user last confirmed the person's agreement (ms), or null for a voice saved before it was asked. */
  consentedAt: number | null;
  createdAt: number;
  updatedAt: number;
}
