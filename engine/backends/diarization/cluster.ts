/**
 * Speaker labels from segment embeddings: features standardised across the recording (so no single cepstral
 * dimension dominates), cosine distance, average-linkage agglomeration by the nearest-neighbour chain
 * (O(n²): 2,000 lines take a second, not the 45 s of a full rescan per merge), the count chosen by silhouette.
 * Short segments (back-channel replies) rest on too few frames to open a speaker of their own: when their
 * lengths are known they join the nearest speaker found among the longer ones. A segment's pitch, when
 * known, joins its features: register tells apart voices whose timbre is alike.
 */

/** Vectors scaled so each dimension has mean 0 and deviation 1 over `basis` (all vectors by default). */
function standardise(vectors: Float64Array[], basis: Float64Array[] = vectors): Float64Array[] {
  if (vectors.length === 0) return [];
  const dim = vectors[0]!.length;
  const mean = new Float64Array(dim);
  const std = new Float64Array(dim);
  for (const v of basis) for (let d = 0; d < dim; d++) mean[d]! += v[d]! / basis.length;
  for (const v of basis) for (let d = 0; d < dim; d++) std[d]! += (v[d]! - mean[d]!) ** 2 / basis.length;
  return vectors.map((v) => Float64Array.from(v, (x, d) => (x - mean[d]!) / (Math.sqrt(std[d]!) || 1)));
}

function cosineDistance(a: Float64Array, b: Float64Array): number {
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    ab += a[i]! * b[i]!;
    aa += a[i]! * a[i]!;
    bb += b[i]! * b[i]!;
  }
  return aa > 0 && bb > 0 ? 1 - ab / Math.sqrt(aa * bb) : 1;
}

/** Pairwise distances as a flat n×n matrix. */
function distanceMatrix(vectors: Float64Array[]): Float64Array {
  const n = vectors.length;
  const d = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const v = cosineDistance(vectors[i]!, vectors[j]!);
      d[i * n + j] = v;
      d[j * n + i] = v;
    }
  }
  return d;
}

/**
 * Average-linkage merges by the nearest-neighbour chain: follow nearest neighbours until two are each other's
 * nearest, merge them (Lance–Williams update), continue from the chain's rest. Average linkage never makes a
 * later merge closer than an earlier one, so sorting the merges by height gives the same tree as merging the
 * closest pair each time.
 */
function averageLinkageMerges(d: Float64Array, n: number): { a: number; b: number; height: number }[] {
  const cd = Float64Array.from(d);
  const size = new Float64Array(n).fill(1);
  const active = new Uint8Array(n).fill(1);
  const merges: { a: number; b: number; height: number }[] = [];
  const chain: number[] = [];
  for (let remaining = n; remaining > 1; remaining--) {
    if (chain.length === 0) chain.push(active.indexOf(1));
    let a: number;
    let b: number;
    for (;;) {
      a = chain.at(-1)!;
      const prev = chain.length > 1 ? chain.at(-2)! : -1;
      b = prev;
      let best = prev >= 0 ? cd[a * n + prev]! : Infinity;
      for (let c = 0; c < n; c++) {
        if (c !== a && active[c] && cd[a * n + c]! < best) [best, b] = [cd[a * n + c]!, c];
      }
      if (b === prev) break;
      chain.push(b);
    }
    chain.length -= 2;
    merges.push({ a, b, height: cd[a * n + b]! });
    for (let c = 0; c < n; c++) {
      if (!active[c] || c === a || c === b) continue;
      const v = (size[a]! * cd[a * n + c]! + size[b]! * cd[b * n + c]!) / (size[a]! + size[b]!);
      cd[a * n + c] = v;
      cd[c * n + a] = v;
    }
    size[a]! += size[b]!;
    active[b] = 0;
  }
  return merges.sort((x, y) => x.height - y.height);
}

/**
 * Cluster index per vector for every cluster count from `high` down to `low` (each at most the number of
 * vectors), from one agglomeration: each count is a cut of the same merge tree.
 */
function agglomerateLevels(d: Float64Array, n: number, low: number, high: number): Map<number, number[]> {
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  const levels = new Map<number, number[]>();
  const snapshot = () => {
    const ids = new Map<number, number>();
    levels.set(
      n - merged,
      Array.from({ length: n }, (_, i) => {
        const root = find(i);
        if (!ids.has(root)) ids.set(root, ids.size);
        return ids.get(root)!;
      }),
    );
  };
  let merged = 0;
  const floor = Math.max(1, Math.min(low, n));
  if (n <= high) snapshot();
  for (const { a, b } of n > 1 ? averageLinkageMerges(d, n) : []) {
    if (n - merged <= floor) break;
    parent[find(a)] = find(b);
    merged++;
    if (n - merged <= high) snapshot();
  }
  return levels;
}

/** Mean silhouette: how much closer each point is to its own cluster than to the nearest other one. */
function silhouette(d: Float64Array, n: number, labels: number[]): number {
  const k = Math.max(...labels) + 1;
  if (k < 2) return 0;
  const counts = new Array<number>(k).fill(0);
  for (const l of labels) counts[l]!++;
  let total = 0;
  const sums = new Float64Array(k);
  for (let i = 0; i < n; i++) {
    sums.fill(0);
    for (let j = 0; j < n; j++) if (j !== i) sums[labels[j]!]! += d[i * n + j]!;
    const own = labels[i]!;
    if (counts[own]! < 2) continue; // a point alone in its cluster scores 0
    const a = sums[own]! / (counts[own]! - 1);
    let b = Infinity;
    for (let c = 0; c < k; c++) if (c !== own && counts[c]) b = Math.min(b, sums[c]! / counts[c]!);
    total += (b - a) / Math.max(a, b);
  }
  return total / n;
}

/** Without a limit from the user, at most this many speakers are looked for. */
const AUTO_MAX_SPEAKERS = 8;
/** A split into speakers must beat this mean silhouette to be believed; else everything is one speaker. */
const MIN_SILHOUETTE = 0.2;
/**
 * Segments shorter than this ("Right.", "Okay.") are labelled after the speakers are found, by the nearest
 * one: measured on bench:speakers, letting them vote made a voice's replies a speaker of their own.
 */
const SHORT_SEGMENT_SECONDS = 1.5;
/** Fewer long segments than this leave too little to cluster on: then every segment counts alike. */
const MIN_LONG_SEGMENTS = 3;
/**
 * Weight of the (standardised) log pitch beside the cepstral statistics. Timbre alone let two male voices of
 * different register merge; on bench:speakers this weight took two-voice DER from 7.9 % to 0.
 */
const PITCH_WEIGHT = 2;

export interface SegmentFacts {
  /** Each segment's length in seconds: short segments then follow the speakers instead of founding them. */
  seconds?: number[];
  /** Each segment's median pitch in Hz (0 or missing where it has no voiced frame). */
  pitches?: number[];
}

/** The embeddings with log pitch appended (the recording's median where a segment has none), or as they are. */
function withPitch(embeddings: Float64Array[], pitches: number[] | undefined): Float64Array[] {
  const known = (pitches ?? []).filter((p) => p > 0).sort((a, b) => a - b);
  if (!pitches || known.length === 0) return embeddings;
  const typical = known[Math.floor(known.length / 2)]!;
  return embeddings.map((e, i) => {
    const out = new Float64Array(e.length + 1);
    out.set(e);
    out[e.length] = Math.log2(pitches[i]! > 0 ? pitches[i]! : typical);
    return out;
  });
}

/**
 * Speaker label per segment ('1', '2', … by first appearance). `maxSpeakers` is an upper bound, as its name
 * in the upload forms says: the count up to it whose split is clearest (best silhouette) is chosen, and one
 * speaker when no split is convincing. A default such as 10 thus no longer cuts two voices into ten.
 * `facts` (each segment's length and pitch, when known) sharpen the split.
 */
export function labelSpeakers(embeddings: Float64Array[], maxSpeakers?: number, facts: SegmentFacts = {}): { labels: string[]; speakers: number } {
  if (embeddings.length === 0) return { labels: [], speakers: 0 };
  const { seconds, pitches } = facts;
  const long = embeddings.flatMap((_, i) => (seconds?.[i] === undefined || seconds[i]! >= SHORT_SEGMENT_SECONDS ? [i] : []));
  const basis = long.length >= MIN_LONG_SEGMENTS ? long : embeddings.map((_, i) => i);
  const features = withPitch(embeddings, pitches);
  const z = standardise(
    features,
    basis.map((i) => features[i]!),
  );
  if (features !== embeddings) for (const v of z) v[v.length - 1]! *= PITCH_WEIGHT;
  const n = basis.length;
  const d = distanceMatrix(basis.map((i) => z[i]!));
  const high = Math.min(maxSpeakers ?? AUTO_MAX_SPEAKERS, n - 1);
  let found = new Array<number>(n).fill(0);
  let best = MIN_SILHOUETTE;
  if (high >= 2) {
    for (const [, candidate] of agglomerateLevels(d, n, 2, high)) {
      const score = silhouette(d, n, candidate);
      if (score > best) [best, found] = [score, candidate];
    }
  }
  const k = Math.max(...found) + 1;
  const dim = z[0]!.length;
  const centroids = Array.from({ length: k }, () => new Float64Array(dim));
  basis.forEach((i, j) => {
    for (let x = 0; x < dim; x++) centroids[found[j]!]![x]! += z[i]![x]!;
  });
  const byIndex = new Map(basis.map((i, j) => [i, found[j]!]));
  const nearest = (v: Float64Array) => centroids.reduce((b, c, ci) => (cosineDistance(v, c) < cosineDistance(v, centroids[b]!) ? ci : b), 0);
  const rename = new Map<number, string>();
  const labels = z.map((v, i) => {
    const l = byIndex.get(i) ?? nearest(v);
    if (!rename.has(l)) rename.set(l, String(rename.size + 1));
    return rename.get(l)!;
  });
  return { labels, speakers: rename.size };
}
