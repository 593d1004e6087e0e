/**
 * Summaries and meeting minutes written by a language model behind any OpenAI-compatible chat endpoint, with
 * the prompt and parser the Worker's Workers AI provider also uses (contracts/summary-prompt); and answers to
 * questions about records, streamed, from the Worker's prompt (contracts/ask-prompt).
 */
import { ASK_REPLY_TOKENS } from '../../../contracts/ask-prompt';
import { LIVE_SUMMARY_RESPONSE_FORMAT, liveSummaryMessages, parseLiveSummary } from '../../../contracts/live-summary-prompt';
import { SUMMARY_RESPONSE_FORMAT, parseSummary, summaryMessages } from '../../../contracts/summary-prompt';
import { EngineHttpError } from '../../http';
import { chatCompletion, chatCompletionStream, type ChatEndpoint } from '../openai-upstream';
import type { Summarizer } from './types';

export function createOpenAiSummarizer(endpoint: ChatEndpoint, fetchImpl: typeof fetch = fetch): Summarizer {
  return {
    name: 'openai-compatible',
    async summarize(req) {
      // A little warmth so chapter titles read as written, not as the first words of a line; the schema makes
      // the reply's form the endpoint's job where it offers structured output.
      const content = await chatCompletion('summary', endpoint, summaryMessages(req), 0.2, fetchImpl, { response_format: SUMMARY_RESPONSE_FORMAT });
      const summary = parseSummary(content, req);
      if (!summary) {
        const seen = content.replace(/\s+/g, ' ').trim().slice(0, 120);
        throw new EngineHttpError(502, 'upstream', `the summary model did not return a summary in the expected JSON form (it answered: "${seen}")`);
      }
      return { backend: 'openai-compatible', ...summary };
    },
    async live(req) {
      // No warmth: a running summary should change only where the new lines change it.
      const content = await chatCompletion('live summary', endpoint, liveSummaryMessages(req), 0, fetchImpl, { response_format: LIVE_SUMMARY_RESPONSE_FORMAT });
      const summary = parseLiveSummary(content, req);
      if (!summary) throw new EngineHttpError(502, 'upstream', 'the summary model did not return a live summary in the expected JSON form');
      return summary;
    },
    ask({ messages }) {
      // The same warmth and length as Workers AI's answers (worker/services/search/answer-model.ts).
      return chatCompletionStream('ask', endpoint, messages, 0.2, fetchImpl, { max_tokens: ASK_REPLY_TOKENS });
    },
  };
}
