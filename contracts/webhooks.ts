import { z } from 'zod';

/**
 * Webhooks (docs/webhooks.md): the events a user's endpoints can subscribe to, the request bodies of the
 * endpoint calls, the shapes they answer with, and the queue message that carries one delivery attempt. The
 * Worker validates with these schemas and the web app builds its form from the same ones.
 */
export const WEBHOOK_EVENTS = [
  'transcription.completed',
  'transcription.failed',
  'summary.ready',
  'dubbing.completed',
  'dubbing.failed',
  'meeting.ended',
  'minutes.ready',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Endpoints one user may register: enough for a few tools and their staging copies. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
/** Deliveries listed per endpoint, newest first. */
export const WEBHOOK_DELIVERIES_LISTED = 50;
/** Characters of an endpoint's answer kept with its delivery. */
export const WEBHOOK_ANSWER_KEPT = 500;

export const createWebhookBody = z.object({
  url: z.string().trim().url().max(2000),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBody>;

export const webhookIdParam = z.object({ id: z.coerce.number().int().positive() });
export const webhookDeliveryParam = webhookIdParam.extend({ deliveryId: z.string().regex(/^msg_[0-9A-Za-z]{10,40}$/) });

export interface WebhookEndpoint {
  id: number;
  url: string;
  events: WebhookEvent[];
  disabled: boolean;
  /** Epoch ms of the first failure since the last success, or null while deliveries succeed. */
  failingSince: number | null;
  createdAt: number;
}

/** The answer to registering an endpoint or rotating its secret: the secret, shown this once. */
export interface WebhookSecret {
  id: number;
  secret: string;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookDelivery {
  id: string;
  event: WebhookEvent;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** The last attempt's HTTP status; 0 when no answer came. */
  lastStatus: number | null;
  lastAnswer: string | null;
  nextAttemptAt: number | null;
  createdAt: number;
}

/** One attempt of one delivery on the webhooks queue; an attempt already made (the row counts them) is dropped. */
export const webhookMessage = z.object({ deliveryId: z.string().min(1), attempt: z.number().int().nonnegative() });
export type WebhookMessage = z.infer<typeof webhookMessage>;
