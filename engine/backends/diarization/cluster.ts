/**
 * Agglomerative clustering of segment embeddings (average linkage, Euclidean distance on features
 * standardised across the recording, so no single cepstral dimension dominates).
 */
import { embeddingDistance } from '../../../contracts/speakers';

export function standardise(vectors: Float64Array[]): Float64Array[] {
  if (vectors.length === 0) return [];
  const dim = vectors[0]!.length;
  const mean = new Float64Array(dim);
  const std = new Float64Array(dim);
  for (const v of vectors) for (let d = 0; d < dim; d++) mean[d]! += v[d]! / vectors.length;
  for (const v of vectors) for (let d = 0; d < dim; d++) std[d]! += (v[d]! - mean[d]!) ** 2 / vectors.length;
  return vectors.map((v) => Float64Array.from(v, (x, d) => (x - mean[d]!) / (Math.sqrt(std[d]!) || 1)));
}

type Distances = number[][];

const distances = (vectors: Float64Array[]): Distances => vectors.map((a) => vectors.map((b) => embeddingDistance(a, b)));

/**
 * Cluster index per vector for every cluster count from `high` down to `low` (each at most the number of
 * vectors), from one agglomeration: each count is a cut of the same merge tree.
 */
export function agglomerateLevels(d: Distances, low: number, high: number): Map<number, number[]> {
  const n = d.length;
  const clusters: number[][] = d.map((_, i) => [i]);
  // Average-linkage distance between clusters, kept up to date with the Lance–Williams update.
  const cd: number[][] = d.map((row) => [...row]);
  const active = new Set(clusters.map((_, i) => i));
  const levels = new Map<number, number[]>();
  const snapshot = () => {
    const labels = new Array<number>(n).fill(0);
    [...active].forEach((c, idx) => {
      for (const i of clusters[c]!) labels[i] = idx;
    });
    levels.set(active.size, labels);
  };
  const floor = Math.max(1, Math.min(low, n));
  for (;;) {
    if (active.size <= high) snapshot();
    if (active.size <= floor) return levels;
    let best = Infinity;
    let pair: [number, number] = [-1, -1];
    for (const i of active) for (const j of active) if (i < j && cd[i]![j]! < best) [best, pair] = [cd[i]![j]!, [i, j]];
    const [a, b] = pair;
    const na = clusters[a]!.length;
    const nb = clusters[b]!.length;
    for (const c of active) {
      if (c === a || c === b) continue;
      const v = (na * cd[a]![c]! + nb * cd[b]![c]!) / (na + nb);
      cd[a]![c] = v;
      cd[c]![a] = v;
    }
    clusters[a] = [...clusters[a]!, ...clusters[b]!];
    active.delete(b);
  }
}

/** Mean silhouette: how much closer each point is to its own cluster than to the nearest other one. */
export function silhouette(d: Distances, labels: number[]): number {
  const k = new Set(labels).size;
  if (k < 2) return 0;
  let total = 0;
  for (let i = 0; i < d.length; i++) {
    const byCluster = new Map<number, { sum: number; n: number }>();
    for (let j = 0; j < d.length; j++) {
      if (i === j) continue;
      const e = byCluster.get(labels[j]!) ?? { sum: 0, n: 0 };
      e.sum += d[i]![j]!;
      e.n++;
      byCluster.set(labels[j]!, e);
    }
    const own = byCluster.get(labels[i]!);
    const a = own?.n ? own.sum / own.n : 0;
    let b = Infinity;
    for (const [c, e] of byCluster) if (c !== labels[i] && e.n) b = Math.min(b, e.sum / e.n);
    total += own?.n ? (b - a) / Math.max(a, b) : 0;
  }
  return total / d.length;
}

/** Without a limit from the user, at most this many speakers are looked for. */
const AUTO_MAX_SPEAKERS = 8;
/** A split into speakers must beat this mean silhouette to be believed; else everything is one speaker. */
const MIN_SILHOUETTE = 0.2;

/**
 * Speaker label per segment ('1', '2', … by first appearance). `maxSpeakers` is an upper bound, as its name
 * in the upload forms says: the count up to it whose split is clearest (best silhouette) is chosen, and one
 * speaker when no split is convincing. A default such as 10 thus no longer cuts two voices into ten.
 */
export function labelSpeakers(embeddings: Float64Array[], maxSpeakers?: number): { labels: string[]; speakers: number } {
  if (embeddings.length === 0) return { labels: [], speakers: 0 };
  const d = distances(standardise(embeddings));
  const high = Math.min(maxSpeakers ?? AUTO_MAX_SPEAKERS, d.length - 1);
  let labels = new Array<number>(d.length).fill(0);
  let best = MIN_SILHOUETTE;
  if (high >= 2) {
    for (const [, candidate] of agglomerateLevels(d, 2, high)) {
      const score = silhouette(d, candidate);
      if (score > best) [best, labels] = [score, candidate];
    }
  }
  const rename = new Map<number, string>();
  const out = labels.map((l) => {
    if (!rename.has(l)) rename.set(l, String(rename.size + 1));
    return rename.get(l)!;
  });
  return { labels: out, speakers: rename.size };
}
