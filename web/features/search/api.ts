import type { Answer, AskBody, Conversation, SearchHit } from '../../../contracts/ai';
import { API } from '../../../contracts/api-paths';
import type { Page } from '../../../contracts/records';
import { get, post } from '../../lib/request';

/** Search across the user's records, and questions asked of them (worker/routes/ai.ts). */

export const searchLines = async (q: string, page: number, size: number) => (await get<Page<SearchHit>>(API.ai.search, { q, page, size })).data;

export const askQuestion = async (body: AskBody) => (await post<Answer>(API.ai.ask, body)).data;

export const fetchConversation = async (recordId: number) => (await get<Conversation>(API.ai.conversation, { recordId })).data;

export const clearConversation = async (recordId: number) => {
  await post(API.ai.clearConversation, { recordId });
};

export const fetchSuggestions = async (recordId: number) => (await get<string[]>(API.ai.suggestions, { recordId })).data;
