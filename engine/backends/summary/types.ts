import type { z } from 'zod';
import type { SummarizeResponse, summarizeRequest } from '../../../contracts/summary';

/** What every summariser offers the engine; each backend implements it and ./index.ts picks one. */
export interface Summarizer {
  name: string;
  summarize(req: z.output<typeof summarizeRequest>): Promise<SummarizeResponse>;
}
