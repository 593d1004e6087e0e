import { API, apiPath } from '../../../contracts/api-paths';
import type { CreateWebhookBody, WebhookDelivery, WebhookEndpoint, WebhookSecret } from '../../../contracts/webhooks';
import { get, post, request } from '../../lib/request';

/** The signed-in user's webhook endpoints and their deliveries (docs/webhooks.md). */
export const WEBHOOKS_KEY = ['webhooks'] as const;
export const deliveriesKey = (id: number) => [...WEBHOOKS_KEY, id, 'deliveries'] as const;

export const fetchEndpoints = async () => (await get<WebhookEndpoint[]>(API.webhooks.endpoints)).data;
export const createEndpoint = async (body: CreateWebhookBody) => (await post<WebhookSecret>(API.webhooks.endpoints, body)).data;
export const removeEndpoint = (id: number) => request({ method: 'DELETE', url: apiPath(API.webhooks.endpoint, { id }) });
export const rotateSecret = async (id: number) => (await post<WebhookSecret>(apiPath(API.webhooks.rotateSecret, { id }), {})).data;
export const enableEndpoint = (id: number) => post(apiPath(API.webhooks.enable, { id }), {});
export const fetchDeliveries = async (id: number) => (await get<WebhookDelivery[]>(apiPath(API.webhooks.deliveries, { id }))).data;
export const replayDelivery = (id: number, deliveryId: string) => post(apiPath(API.webhooks.replay, { id, deliveryId }), {});
