/**
 * Picks the summariser once at start-up: the configured LLM endpoint writes better summaries, and the
 * extractive one needs nothing installed, so every deployment can summarise.
 */
import type { z } from 'zod';
import type { SummarizeResponse, summarizeRequest } from '../../../contracts/summary';
import type { EngineConfig } from '../../config';
import { summarizeExtractive } from './extractive';
import { createOpenAiSummarizer } from './openai';

export interface Summarizer {
  name: string;
  summarize(req: z.output<typeof summarizeRequest>): Promise<SummarizeResponse>;
}

export const extractiveSummarizer: Summarizer = {
  name: 'extractive',
  async summarize(req) {
    return summarizeExtractive(req);
  },
};

export function createSummarizer(config: Pick<EngineConfig, 'openaiChat'>): Summarizer {
  return config.openaiChat ? createOpenAiSummarizer(config.openaiChat) : extractiveSummarizer;
}
