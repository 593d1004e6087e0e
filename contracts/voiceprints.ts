/**
 * Voiceprints: a speaker's voice as numbers, never audio. A voiceprint is the duration-weighted mean of the
 * engine's speaker embeddings (MFCC statistics, engine/backends/diarization/mfcc.ts) over one speaker's lines,
 * with their median pitch. The Worker keeps one per speaker of a finished record, saves one as a user's voice
 * profile, and names a later record's speaker after the profile nearest to them; bench:speakers measures the
 * same functions across recordings, so the threshold below is the one the figures were taken at.
 */
import { z } from 'zod';
import { embeddingDistance } from './speakers';

export const voiceprintSchema = z.object({
  /** Mean embedding over the speaker's lines. */
  embedding: z.array(z.number()).min(1).max(256),
  /** Median voice pitch in Hz over the lines that had voiced frames (0 when none did). */
  pitchHz: z.number().min(0),
  /** Seconds of speech the print was measured on: merging weighs each print by it. */
  seconds: z.number().min(0),
});
export type Voiceprint = z.infer<typeof voiceprintSchema>;

/** What one line adds to its speaker's print. */
export interface HeardVoice {
  embedding?: number[];
  pitch?: number;
  seconds: number;
}

/**
 * Lines shorter than this ("Right.") rest on too few frames to describe a voice (the clusterer and the live
 * tracker leave them out for the same reason); a speaker heard only in such lines uses them all.
 */
const SHORT_LINE_SECONDS = 1.5;

/** Four decimals are far finer than voices differ, and keep the stored JSON small. */
const round = (x: number) => Math.round(x * 1e4) / 1e4;

/** The voiceprint of one speaker's lines, or null when none carries an embedding. */
export function voiceprintOf(lines: readonly HeardVoice[]): Voiceprint | null {
  const measured = lines.filter((l) => l.embedding?.length);
  const long = measured.filter((l) => l.seconds >= SHORT_LINE_SECONDS);
  const used = long.length ? long : measured;
  if (!used.length) return null;
  const dim = used[0]!.embedding!.length;
  const sum = new Array<number>(dim).fill(0);
  let seconds = 0;
  for (const l of used) {
    const w = Math.max(l.seconds, 0.1);
    seconds += w;
    for (let d = 0; d < dim; d++) sum[d]! += l.embedding![d]! * w;
  }
  const pitches = used.flatMap((l) => (l.pitch && l.pitch > 0 ? [l.pitch] : [])).sort((a, b) => a - b);
  return {
    embedding: sum.map((s) => round(s / seconds)),
    pitchHz: pitches.length ? Math.round(pitches[Math.floor(pitches.length / 2)]!) : 0,
    seconds: Math.round(seconds * 10) / 10,
  };
}

/** Two prints of one voice as one (a merge, or the same voice saved again), each weighed by its speech. */
export function mergeVoiceprints(a: Voiceprint, b: Voiceprint): Voiceprint {
  const total = a.seconds + b.seconds || 1;
  const wa = a.seconds / total;
  const wb = b.seconds / total;
  const pitchHz = a.pitchHz && b.pitchHz ? Math.round(2 ** (wa * Math.log2(a.pitchHz) + wb * Math.log2(b.pitchHz))) : a.pitchHz || b.pitchHz;
  return { embedding: a.embedding.map((x, i) => round(x * wa + (b.embedding[i] ?? x) * wb)), pitchHz, seconds: Math.round(total * 10) / 10 };
}

/**
 * Semitones of pitch count this much beside the embedding's Euclidean distance: register tells apart voices
 * whose timbre is alike (as it does for the clusterer's PITCH_WEIGHT).
 */
const PITCH_WEIGHT = 1;

/** How far apart two voiceprints are; prints of different lengths (another front end) never match. */
export function voiceDistance(a: Voiceprint, b: Voiceprint): number {
  if (a.embedding.length !== b.embedding.length) return Infinity;
  const semitones = a.pitchHz && b.pitchHz ? Math.abs(12 * Math.log2(a.pitchHz / b.pitchHz)) : 0;
  return embeddingDistance(a.embedding, b.embedding) + PITCH_WEIGHT * semitones;
}

/** A speaker is named after a profile only this close to it: chosen on bench:speakers (see docs/voices.md). */
export const IDENTIFY_DISTANCE = 16;

/**
 * The profile each speaker is, or null: the nearest profile within `threshold`, each profile given to at most
 * one speaker of the recording (the closest pair first), since one person is one speaker.
 */
export function identifySpeakers<P extends { print: Voiceprint }>(
  speakers: readonly (Voiceprint | null)[],
  profiles: readonly P[],
  threshold = IDENTIFY_DISTANCE,
): (P | null)[] {
  const pairs: { s: number; p: number; d: number }[] = [];
  speakers.forEach((print, s) => {
    if (!print) return;
    profiles.forEach((profile, p) => {
      const d = voiceDistance(print, profile.print);
      if (d <= threshold) pairs.push({ s, p, d });
    });
  });
  const named: (P | null)[] = speakers.map(() => null);
  const taken = new Set<number>();
  for (const { s, p } of pairs.sort((x, y) => x.d - y.d)) {
    if (named[s] || taken.has(p)) continue;
    named[s] = profiles[p]!;
    taken.add(p);
  }
  return named;
}
