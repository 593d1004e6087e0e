/**
 * Picks the summariser once at start-up: the configured LLM endpoint writes better summaries, and the
 * extractive one needs nothing installed, so every deployment can summarise.
 */
import type { EngineConfig } from '../../config';
import { summarizeExtractive } from './extractive';
import { createOpenAiSummarizer } from './openai';
import type { Summarizer } from './types';

export const extractiveSummarizer: Summarizer = {
  name: 'extractive',
  async summarize(req) {
    return summarizeExtractive(req);
  },
};

export function createSummarizer(config: Pick<EngineConfig, 'openaiChat'>): Summarizer {
  return config.openaiChat ? createOpenAiSummarizer(config.openaiChat) : extractiveSummarizer;
}
