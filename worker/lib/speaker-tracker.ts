/**
 * Live speaker labels, one utterance at a time, for a meeting room that keeps the state in Durable Object
 * storage between finals (the state is plain JSON and never mutated).
 *
 * The file clusterer (engine/backends/diarization/cluster.ts) sees the whole recording: it standardises
 * each feature across it and lets a silhouette pick the speaker count. Neither works live: at the second
 * utterance there are two embeddings, and a scale measured from two points makes every pair of them the
 * same distance apart (2·√dim) whatever the voices. So the tracker uses the same Euclidean distance on the
 * embeddings' own scale, which the MFCC front end fixes (and which ignores loudness: c0 is left out), keeps
 * a running mean per speaker, and opens a speaker when an utterance is far from every mean.
 */
import { embeddingDistance } from '../../contracts/speakers';

export interface SpeakerTrackerState {
  centroids: { label: string; sum: number[]; count: number }[];
}

export const emptySpeakers: SpeakerTrackerState = Object.freeze({ centroids: [] });

/**
 * Measured on six espeak-ng voices and the sample recordings PocketSphinx ships (LibriVox, cards,
 * goforward): utterances of one voice lie a median 15 (90th percentile 22) apart, utterances of different
 * voices mostly 25–60 — down to about 19 for two similar male espeak voices, which a live tracker may merge.
 */
export const NEW_SPEAKER_DISTANCE = 24;

/**
 * An utterance shorter than this ("right", "okay") rests on too few frames: its embedding sits as far from
 * its own speaker as from others, so it may neither open a speaker nor move one.
 */
export const SHORT_UTTERANCE_SECONDS = 1.5;

export interface AssignOptions {
  /** At most this many labels; once reached, a far utterance joins the nearest speaker. */
  maxSpeakers?: number;
  /** The utterance's length (a final's end − start); without it the utterance counts as long enough. */
  seconds?: number;
}

/** Assigns a label ('1', '2', … in order of first appearance) to an utterance's embedding and returns the updated state (does not mutate the input). */
export function assignSpeaker(state: SpeakerTrackerState, embedding: number[], opts: AssignOptions = {}): { label: string; state: SpeakerTrackerState } {
  const { centroids } = state;
  if (centroids.length && centroids[0]!.sum.length !== embedding.length) {
    throw new RangeError(`embedding has ${embedding.length} values, the tracked speakers ${centroids[0]!.sum.length}`);
  }
  let nearest = -1;
  let best = Infinity;
  centroids.forEach((c, i) => {
    const d = embeddingDistance(
      c.sum.map((s) => s / c.count),
      embedding,
    );
    if (d < best) [best, nearest] = [d, i];
  });

  // A short utterance goes to the nearest speaker and leaves it as it was; before anyone has been heard
  // long enough, it takes the label the first speaker will get.
  if (opts.seconds !== undefined && opts.seconds < SHORT_UTTERANCE_SECONDS) return { label: centroids[nearest]?.label ?? '1', state };

  const full = centroids.length >= Math.max(1, opts.maxSpeakers ?? Infinity);
  if (nearest >= 0 && (best <= NEW_SPEAKER_DISTANCE || full)) {
    const joined = centroids[nearest]!;
    const updated = { label: joined.label, sum: joined.sum.map((s, i) => s + embedding[i]!), count: joined.count + 1 };
    return { label: joined.label, state: { centroids: centroids.map((c, i) => (i === nearest ? updated : c)) } };
  }
  const label = String(centroids.length + 1);
  return { label, state: { centroids: [...centroids, { label, sum: [...embedding], count: 1 }] } };
}
