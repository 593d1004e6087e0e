import type { Answer, AskBody, SearchHit } from '../../../contracts/ai';
import { API } from '../../../contracts/api-paths';
import type { Page } from '../../../contracts/records';
import { get, post } from '../../lib/request';

/** Search across the user's records, and questions asked of them (worker/routes/ai.ts). */

export const searchLines = async (q: string, page: number, size: number) => (await get<Page<SearchHit>>(API.ai.search, { q, page, size })).data;

export const askQuestion = async (body: AskBody) => (await post<Answer>(API.ai.ask, body)).data;
