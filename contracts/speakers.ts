/**
 * Speaker-embedding geometry shared by the engine's clusterer (engine/backends/diarization/cluster.ts) and
 * the Worker's live speaker tracker (worker/lib/speaker-tracker.ts), so a file and a live meeting measure
 * how alike two voices are the same way.
 */

/** Euclidean distance between two embeddings of the same length. */
export function embeddingDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(s);
}
