/**
 * Speaker clustering off the engine's event loop: each job runs in its own worker thread (../threads.ts),
 * so clustering a long file's thousands of lines never holds up the partials of a live stream.
 */
import { runInThread } from '../threads';
import type { SegmentFacts } from './cluster';
import type { ClusterJob } from './cluster-worker';

export function labelSpeakersInThread(
  embeddings: ArrayLike<number>[],
  maxSpeakers?: number,
  facts: SegmentFacts = {},
): Promise<{ labels: string[]; speakers: number }> {
  const job: ClusterJob = { embeddings: embeddings.map((e) => Array.from(e)), maxSpeakers, facts };
  return runInThread(new URL('./cluster-worker.ts', import.meta.url), job, 'speaker clustering');
}
