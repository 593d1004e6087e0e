/**
 * Worker-thread entry for a file's hotword correction (see hotwords-thread.ts): fuzzy matching every line of
 * an hours-long transcript against a long hotword list takes seconds, which the event loop cannot spare.
 */
import { correctSegment, hotwordCorrector } from '../../../contracts/hotwords';
import { serveInThread } from '../threads';
import type { HotwordJob } from './hotwords-thread';

serveInThread(async (job: HotwordJob) => {
  const correct = await hotwordCorrector(job.hotwords, job.language);
  return job.segments.map((s) => correctSegment(correct, s));
});
