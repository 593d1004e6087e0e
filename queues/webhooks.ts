/**
 * Consumer of the webhooks queue. Duties: validate each message, make the one delivery attempt it stands for
 * (worker/services/webhooks/deliveries.ts, which schedules the next attempt itself as a delayed message), and ack
 * it. Only an error of our own (the database) lets the queue retry the message; an endpoint's failure never does.
 */
import { webhookMessage } from '../contracts/webhooks';
import { attemptDelivery } from '../worker/services/webhooks/deliveries';

/** Must match the webhooks queue named in wrangler.toml. */
export const WEBHOOKS_QUEUE = 'tingyi-webhooks';

export async function consumeWebhooks(batch: MessageBatch<unknown>, env: Env) {
  await Promise.all(
    batch.messages.map(async (message) => {
      const parsed = webhookMessage.safeParse(message.body);
      if (!parsed.success) {
        console.error(JSON.stringify({ level: 'error', queue: batch.queue, invalidMessage: message.body }));
        message.ack();
        return;
      }
      try {
        await attemptDelivery(env, parsed.data);
        message.ack();
      } catch (err) {
        console.error(JSON.stringify({ level: 'warn', webhook: parsed.data, attempt: message.attempts, error: String(err) }));
        message.retry({ delaySeconds: Math.min(300, 5 * 2 ** message.attempts) });
      }
    }),
  );
}
