/**
 * Picks the summariser once at start-up: the configured LLM endpoint writes better summaries, and the
 * extractive one needs nothing installed, so every deployment can summarise. The extractive one works in a
 * worker thread (./summary-worker.ts), keeping live streams on the same engine flowing meanwhile.
 */
import type { SummarizeResponse } from '../../../contracts/summary';
import type { EngineConfig } from '../../config';
import { runInThread } from '../threads';
import { liveSummaryExtractive } from './live';
import { createOpenAiSummarizer } from './openai';
import type { Summarizer } from './types';

export const extractiveSummarizer: Summarizer = {
  name: 'extractive',
  summarize(req) {
    return runInThread<SummarizeResponse>(new URL('./summary-worker.ts', import.meta.url), req, 'the summary');
  },
  async live(req) {
    return liveSummaryExtractive(req);
  },
};

export function createSummarizer(config: Pick<EngineConfig, 'openaiChat'>): Summarizer {
  return config.openaiChat ? createOpenAiSummarizer(config.openaiChat) : extractiveSummarizer;
}
