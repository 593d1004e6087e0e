/**
 * Voiceprints: a speaker's voice as numbers, never audio. A voiceprint is the duration-weighted mean of the
 * engine's speaker embeddings (MFCC statistics, engine/backends/diarization/mfcc.ts) with each line's pitch,
 * taken into the voice space (contracts/voice-space.ts), over one speaker's lines, with their median pitch.
 * The Worker keeps one per speaker of a finished record, saves one as a user's voice profile, and names a
 * later record's speaker after the profile nearest to them; bench:speakers measures the same functions across
 * recordings, so the limits below are the ones the figures were taken at.
 */
import { z } from 'zod';
import { embeddingDistance } from './speakers';
import { toVoiceSpace, VOICE_SPACE_DIM } from './voice-space';

export const voiceprintSchema = z.object({
  /** Mean over the speaker's lines of their embeddings in the voice space (older prints: the raw embeddings). */
  embedding: z.array(z.number()).min(1).max(256),
  /** Median voice pitch in Hz over the lines that had voiced frames (0 when none did). */
  pitchHz: z.number().min(0),
  /** Seconds of speech the print was measured on: merging weighs each print by it. */
  seconds: z.number().min(0),
  /**
   * How far this voice's own lines strayed from its mean, as distance × √seconds (a line of t seconds is
   * expected to lie spread/√t away): the yardstick identification measures distances with. Absent on prints
   * measured from one line, or before it was kept.
   */
  spread: z.number().min(0).optional(),
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

/** A line's embedding in the voice space; an embedding of another front end stays as it is (and matches nothing). */
const spaced = (l: HeardVoice): number[] => toVoiceSpace(l.embedding!, l.pitch) ?? l.embedding!;

/** The voiceprint of one speaker's lines, or null when none carries an embedding. */
export function voiceprintOf(heard: readonly HeardVoice[]): Voiceprint | null {
  const lines = heard.map((l) => (l.embedding?.length ? { ...l, embedding: spaced(l) } : l));
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
  const print: Voiceprint = {
    embedding: sum.map((s) => round(s / seconds)),
    pitchHz: pitches.length ? Math.round(pitches[Math.floor(pitches.length / 2)]!) : 0,
    seconds: Math.round(seconds * 10) / 10,
  };
  if (used.length < 2) return print;
  const strayed = used.reduce((a, l) => a + l.seconds * voiceDistance(spacedPrint(l), print) ** 2, 0);
  return { ...print, spread: round(Math.sqrt(strayed / used.length)) };
}

/** One line, already in the voice space, as a print of its own. */
const spacedPrint = (l: HeardVoice): Voiceprint => ({ embedding: l.embedding ?? [], pitchHz: l.pitch && l.pitch > 0 ? l.pitch : 0, seconds: l.seconds });

/** One line's voice as a print of its own (what identification checks each named line with). */
const lineprint = (l: HeardVoice): Voiceprint => spacedPrint(l.embedding?.length ? { ...l, embedding: spaced(l) } : l);

/**
 * Two prints of one voice as one (a merge, or the same voice saved again), each weighed by its speech. A print
 * measured in an older space cannot be averaged with one in the current space: the current one is kept.
 */
export function mergeVoiceprints(a: Voiceprint, b: Voiceprint): Voiceprint {
  if (a.embedding.length !== b.embedding.length) return b.embedding.length === VOICE_SPACE_DIM ? b : a;
  const total = a.seconds + b.seconds || 1;
  const wa = a.seconds / total;
  const wb = b.seconds / total;
  const pitchHz = a.pitchHz && b.pitchHz ? Math.round(2 ** (wa * Math.log2(a.pitchHz) + wb * Math.log2(b.pitchHz))) : a.pitchHz || b.pitchHz;
  const merged = { embedding: a.embedding.map((x, i) => round(x * wa + (b.embedding[i] ?? x) * wb)), pitchHz, seconds: Math.round(total * 10) / 10 };
  const spreads = [a, b].filter((p) => p.spread !== undefined);
  if (!spreads.length) return merged;
  // Pooled over the speech each print was measured on; the two means' own distance is left out (it is the
  // same voice, and one recording's room or microphone should not widen what counts as that voice).
  const weight = spreads.reduce((x, p) => x + p.seconds, 0) || 1;
  return { ...merged, spread: round(Math.sqrt(spreads.reduce((x, p) => x + (p.seconds / weight) * p.spread! ** 2, 0))) };
}

/**
 * How far apart two voiceprints are: Euclidean in the voice space, where pitch is one of the features. Prints of
 * different lengths never match: one saved before the voice space (24 raw MFCC statistics, with pitch apart)
 * against one measured now, or another front end's.
 */
export function voiceDistance(a: Voiceprint, b: Voiceprint): number {
  if (a.embedding.length !== b.embedding.length) return Infinity;
  return embeddingDistance(a.embedding, b.embedding);
}

/**
 * The spread assumed for a profile measured from one line (or saved before spreads were kept): about the
 * median of the voices bench:speakers enrols (6–12 distance·√s in the voice space).
 */
const USUAL_SPREAD = 9;

/**
 * Identification asks two things, each in units of how far the profile's own voice strays (its spread), so that
 * a voice that varies little (a synthesiser) must come closer than one that varies much (a person reading):
 * - the speaker's mean lies within SPEAKER_LIMIT of the distance two means of that voice are expected to lie
 *   apart, given the speech behind each; and the profile is that speaker's nearest (a speaker whose nearest
 *   voice is somebody else present in the recording is not given the next one);
 * - each of its lines lies within LINE_LIMIT of where one line of that length is expected, so that an unknown
 *   voice the clusterer merged into a known speaker keeps "Speaker N" instead of taking the name.
 * Both chosen on bench:speakers' development recordings and reported on its held-out ones (docs/voices.md).
 */
export const SPEAKER_LIMIT = 3;
export const LINE_LIMIT = 1.4;

/** How many expected distances `d` is from `profile`, for a print or line measured on `seconds` of speech. */
function strayFrom(d: number, profile: Voiceprint, seconds: number): number {
  const spread = profile.spread || USUAL_SPREAD;
  return d / (spread * Math.sqrt(1 / Math.max(seconds, 0.1) + 1 / Math.max(profile.seconds, 0.1)));
}

/** One speaker of a recording as identification reads it: their print and each of their lines. */
export interface HeardSpeaker {
  print: Voiceprint | null;
  lines: readonly HeardVoice[];
}

/**
 * The profile each line of each speaker is, or null: a speaker is matched to their nearest profile when it is
 * close enough (above), each profile given to at most one speaker of the recording (the closest first), since
 * one person is one speaker; then each of that speaker's lines keeps the name only if the line itself is close
 * enough to the profile.
 */
export function identifySpeakers<P extends { print: Voiceprint }>(
  speakers: readonly HeardSpeaker[],
  profiles: readonly P[],
  limits = { speaker: SPEAKER_LIMIT, line: LINE_LIMIT },
): (P | null)[][] {
  const candidates: { s: number; p: number; stray: number }[] = [];
  speakers.forEach(({ print }, s) => {
    if (!print || !profiles.length) return;
    const nearest = profiles.map((profile, p) => ({ p, d: voiceDistance(print, profile.print) })).reduce((a, b) => (b.d < a.d ? b : a));
    const stray = strayFrom(nearest.d, profiles[nearest.p]!.print, print.seconds);
    if (stray <= limits.speaker) candidates.push({ s, p: nearest.p, stray });
  });
  const named: (P | null)[] = speakers.map(() => null);
  const taken = new Set<number>();
  for (const { s, p } of candidates.sort((x, y) => x.stray - y.stray)) {
    if (taken.has(p)) continue;
    named[s] = profiles[p]!;
    taken.add(p);
  }
  return speakers.map(({ lines }, s) => {
    const profile = named[s] ?? null;
    return lines.map((line) => {
      // A line too short to measure is the clusterer's call, as it is for its speaker.
      if (!profile || !line.embedding?.length) return profile;
      const d = voiceDistance(lineprint(line), profile.print);
      return strayFrom(d, profile.print, line.seconds) <= limits.line ? profile : null;
    });
  });
}
