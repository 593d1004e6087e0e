/** Worker-thread entry for speaker clustering (see cluster-thread.ts): one job in, its labels out. */
import { parentPort, workerData } from 'node:worker_threads';
import { labelSpeakers, type SegmentFacts } from './cluster';

const job = workerData as { embeddings: number[][]; maxSpeakers?: number; facts: SegmentFacts };
parentPort!.postMessage(
  labelSpeakers(
    job.embeddings.map((e) => Float64Array.from(e)),
    job.maxSpeakers,
    job.facts,
  ),
);
