import type { z } from 'zod';
import type { EngineAskRequest } from '../../../contracts/ask-prompt';
import type { LiveSummarizeRequest, LiveSummaryContent } from '../../../contracts/live-summary-prompt';
import type { SummarizeResponse, summarizeRequest } from '../../../contracts/summary';

/** What every summariser offers the engine; each backend implements it and ./index.ts picks one. */
export interface Summarizer {
  name: string;
  summarize(req: z.output<typeof summarizeRequest>): Promise<SummarizeResponse>;
  /** Refreshes a live meeting's running summary with the lines said since (contracts/live-summary-prompt.ts). */
  live(req: LiveSummarizeRequest): Promise<LiveSummaryContent>;
  /**
   * A question's answer in the pieces the model writes it, from the Worker's prompt (contracts/ask-prompt.ts).
   * Only a language model answers in its own words: the extractive summariser has none, and the Worker quotes.
   */
  ask?(req: EngineAskRequest): AsyncIterable<string>;
}
