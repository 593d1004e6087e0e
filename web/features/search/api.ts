import type { Answer, AskBody, Citation, Conversation, SearchHit } from '../../../contracts/ai';
import { API } from '../../../contracts/api-paths';
import type { Page } from '../../../contracts/records';
import { get, post, postEvents } from '../../lib/request';

/** Search across the user's records, and questions asked of them (worker/routes/ai.ts). */

export const searchLines = async (q: string, page: number, size: number) => (await get<Page<SearchHit>>(API.ai.search, { q, page, size })).data;

/** What an answer being streamed has told so far. */
export interface AnswerSoFar {
  answer: string;
  /** In the order first cited: `[k]` in the answer is the k-th. */
  citations: Citation[];
}

/**
 * Asks through `/ai/ask/stream`: `onChange` is told the answer's text and citations each time more arrives; resolves
 * with the whole answer. A stream that ends without one rejects with the Worker's reason (in the user's language),
 * or an empty one when none came.
 */
export async function askStreamed(body: AskBody, onChange: (soFar: AnswerSoFar) => void): Promise<Answer> {
  const soFar: AnswerSoFar = { answer: '', citations: [] };
  let whole: Answer | undefined;
  let failure = '';
  await postEvents(API.ai.askStream, body, ({ event, data }) => {
    const value = JSON.parse(data) as unknown;
    if (event === 'delta') soFar.answer += value as string;
    else if (event === 'citation') soFar.citations = [...soFar.citations, value as Citation];
    else if (event === 'answer') whole = value as Answer;
    else if (event === 'error') failure = value as string;
    if (event === 'delta' || event === 'citation') onChange({ ...soFar });
  });
  if (!whole) throw new Error(failure);
  return whole;
}

export const fetchConversation = async (recordId: number) => (await get<Conversation>(API.ai.conversation, { recordId })).data;

export const clearConversation = async (recordId: number) => {
  await post(API.ai.clearConversation, { recordId });
};

export const fetchSuggestions = async (recordId: number) => (await get<string[]>(API.ai.suggestions, { recordId })).data;
