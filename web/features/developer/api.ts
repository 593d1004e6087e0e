import type { ApiKeySummary, CreateKeyBody, CreatedApiKey } from '../../../contracts/api-keys';
import { API, apiPath } from '../../../contracts/api-paths';
import { get, post, request } from '../../lib/request';

/** The signed-in person's API keys (docs/api.md). */
export const fetchApiKeys = async () => (await get<ApiKeySummary[]>(API.keys.keys)).data;
export const createApiKey = async (body: CreateKeyBody) => (await post<CreatedApiKey>(API.keys.keys, body)).data;
export const revokeApiKey = (id: number) => request({ method: 'DELETE', url: apiPath(API.keys.key, { id }) });
