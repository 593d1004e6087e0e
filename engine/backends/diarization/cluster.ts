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

/** Cluster index per vector, for exactly `k` clusters. */
export function agglomerate(vectors: Float64Array[], k: number): number[] {
  const n = vectors.length;
  const clusters: number[][] = vectors.map((_, i) => [i]);
  const d: number[][] = vectors.map((a) => vectors.map((b) => embeddingDistance(a, b)));
  // Average-linkage distance between clusters, kept up to date with the Lance–Williams update.
  const cd: number[][] = d.map((row) => [...row]);
  const active = new Set(clusters.map((_, i) => i));
  while (active.size > Math.max(1, Math.min(k, n))) {
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
  const labels = new Array<number>(n).fill(0);
  [...active].forEach((c, idx) => {
    for (const i of clusters[c]!) labels[i] = idx;
  });
  return labels;
}

/** Mean silhouette: how much closer each point is to its own cluster than to the nearest other one. */
export function silhouette(vectors: Float64Array[], labels: number[]): number {
  const k = new Set(labels).size;
  if (k < 2) return 0;
  let total = 0;
  for (let i = 0; i < vectors.length; i++) {
    const byCluster = new Map<number, { sum: number; n: number }>();
    for (let j = 0; j < vectors.length; j++) {
      if (i === j) continue;
      const e = byCluster.get(labels[j]!) ?? { sum: 0, n: 0 };
      e.sum += embeddingDistance(vectors[i]!, vectors[j]!);
      e.n++;
      byCluster.set(labels[j]!, e);
    }
    const own = byCluster.get(labels[i]!);
    const a = own?.n ? own.sum / own.n : 0;
    let b = Infinity;
    for (const [c, e] of byCluster) if (c !== labels[i] && e.n) b = Math.min(b, e.sum / e.n);
    total += own?.n ? (b - a) / Math.max(a, b) : 0;
  }
  return total / vectors.length;
}

/**
 * Speaker label per segment ('1', '2', … by first appearance). With no count given, picks the count with the
 * best silhouette and falls back to one speaker when no split is convincing.
 */
export function labelSpeakers(embeddings: Float64Array[], speakers?: number): { labels: string[]; speakers: number } {
  if (embeddings.length === 0) return { labels: [], speakers: 0 };
  const x = standardise(embeddings);
  let labels: number[];
  if (speakers) {
    labels = agglomerate(x, speakers);
  } else {
    labels = new Array<number>(x.length).fill(0);
    let best = 0.2;
    for (let k = 2; k <= Math.min(8, x.length - 1); k++) {
      const candidate = agglomerate(x, k);
      const score = silhouette(x, candidate);
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
