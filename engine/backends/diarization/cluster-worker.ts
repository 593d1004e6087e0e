/** Worker-thread entry for speaker clustering (see cluster-thread.ts): one job in, its labels out. */
import { serveInThread } from '../threads';
import { labelSpeakers, type SegmentFacts } from './cluster';

export interface ClusterJob {
  embeddings: number[][];
  maxSpeakers?: number;
  facts: SegmentFacts;
}

serveInThread((job: ClusterJob) =>
  labelSpeakers(
    job.embeddings.map((e) => Float64Array.from(e)),
    job.maxSpeakers,
    job.facts,
  ),
);
