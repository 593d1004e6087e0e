import { and, desc, eq, sql } from 'drizzle-orm';
import { Code } from '../../../contracts/errors';
import type { Locale } from '../../../contracts/locale';
import { WEBHOOK_ANSWER_KEPT, WEBHOOK_DELIVERIES_LISTED, type WebhookDelivery, type WebhookEvent, type WebhookMessage } from '../../../contracts/webhooks';
import { type Db, database } from '../../db/client';
import { records, users, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { translate } from '../../lib/i18n';
import { send } from '../messenger';
import { refusal } from './address';
import { ownEndpoint, signingSecrets } from './endpoints';
import { ATTEMPT_TIMEOUT_MS, DISABLE_AFTER_MS, retryDelay } from './schedule';
import { newMessageId, signedHeaders } from './signing';

/**
 * Webhook deliveries: an event becomes one delivery per subscribed endpoint, each sent from the webhooks queue
 * (queues/webhooks.ts) one attempt per message, retried on the schedule in ./schedule.ts, listed with the last
 * answer, and replayable under its own id.
 */

/** Queues deliver a delayed message at most 12 hours later. */
const MAX_QUEUE_DELAY_SECONDS = 12 * 3600;

const enqueue = (env: Env, message: WebhookMessage, delaySeconds = 0) =>
  env.WEBHOOKS.send(message, {
    contentType: 'json',
    ...(delaySeconds > 0 ? { delaySeconds: Math.min(MAX_QUEUE_DELAY_SECONDS, Math.ceil(delaySeconds)) } : {}),
  });

/**
 * Tells the user's endpoints subscribed to `type` that it happened: the one call a feature makes where its work
 * ends. It never throws, so a receiver, the queue or the database failing here cannot fail the work it reports.
 */
export async function emitWebhookEvent(env: Env, userId: number, type: WebhookEvent, data: Record<string, unknown>) {
  try {
    const db = database(env.DB);
    const endpoints = await db.query.webhookEndpoints.findMany({
      where: and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.disabled, false)),
      columns: { id: true, events: true },
    });
    const now = Date.now();
    const payload = JSON.stringify({ type, timestamp: new Date(now).toISOString(), data });
    for (const endpoint of endpoints.filter((e) => e.events.includes(type))) {
      const id = newMessageId();
      await db.insert(webhookDeliveries).values({ id, endpointId: endpoint.id, event: type, payload, status: 'pending', createdAt: now, updatedAt: now });
      await enqueue(env, { deliveryId: id, attempt: 0 });
    }
  } catch (err) {
    console.error(JSON.stringify({ level: 'error', webhookEvent: type, userId, error: String(err) }));
  }
}

/** emitWebhookEvent for a record's event, where the caller holds only its id: the payload names the record. */
export async function emitRecordEvent(env: Env, recordId: number, type: WebhookEvent, extra: Record<string, unknown> = {}) {
  const record = await database(env.DB)
    .query.records.findFirst({ where: eq(records.id, recordId), columns: { userId: true, name: true, type: true } })
    .catch((err: unknown) => console.error(JSON.stringify({ level: 'error', webhookEvent: type, recordId, error: String(err) })));
  if (record) await emitWebhookEvent(env, record.userId, type, { recordId, name: record.name, recordType: record.type, ...extra });
}

interface Outcome {
  ok: boolean;
  status: number;
  answer: string;
}

/** One signed POST; redirects are not followed (a 3xx is a failed attempt), and no answer within the timeout is one too. */
async function post(env: Env, url: string, secrets: string[], id: string, body: string): Promise<Outcome> {
  const refused = await refusal(env, url);
  if (refused) return { ok: false, status: 0, answer: translate('en-US', refused) };
  try {
    const response = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/json', 'user-agent': 'Tingyi-Webhooks/1', ...(await signedHeaders(secrets, id, body)) },
      body,
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    });
    const answer = (await response.text().catch(() => '')).slice(0, WEBHOOK_ANSWER_KEPT);
    return { ok: response.status >= 200 && response.status < 300, status: response.status, answer };
  } catch (err) {
    return { ok: false, status: 0, answer: String(err).slice(0, WEBHOOK_ANSWER_KEPT) };
  }
}

/** Emails the owner that their endpoint was disabled, in the product's languages (no request says which they read). */
async function tellDisabled(env: Env, db: Db, userId: number, url: string) {
  const owner = await db.query.users.findFirst({ where: eq(users.id, userId), columns: { email: true } });
  if (!owner?.email) return;
  const locales: Locale[] = ['zh-CN', 'en-US'];
  await send(env, db, {
    channel: 'email',
    recipient: owner.email,
    subject: locales.map((l) => translate(l, 'webhookDisabledSubject')).join(' / '),
    body: locales.map((l) => translate(l, 'webhookDisabledBody', { url })).join('\n\n'),
  });
}

/**
 * Makes the attempt a queue message stands for. The attempt is claimed in the row first (its count must still be
 * the message's), so a message delivered twice, or one overtaken by a replay, sends nothing.
 */
export async function attemptDelivery(env: Env, message: WebhookMessage) {
  const db = database(env.DB);
  const now = Date.now();
  const [claimed] = await db
    .update(webhookDeliveries)
    .set({ attempts: message.attempt + 1, updatedAt: now })
    .where(and(eq(webhookDeliveries.id, message.deliveryId), eq(webhookDeliveries.attempts, message.attempt), eq(webhookDeliveries.status, 'pending')))
    .returning();
  if (!claimed) return;
  const endpoint = await db.query.webhookEndpoints.findFirst({ where: eq(webhookEndpoints.id, claimed.endpointId) });
  if (!endpoint) return;
  const outcome: Outcome = endpoint.disabled
    ? { ok: false, status: 0, answer: translate('en-US', 'webhookDisabled') }
    : await post(env, endpoint.url, signingSecrets(endpoint, now), claimed.id, claimed.payload);

  if (outcome.ok) {
    await db.batch([
      db
        .update(webhookDeliveries)
        .set({ status: 'delivered', lastStatus: outcome.status, lastAnswer: outcome.answer, nextAttemptAt: null, updatedAt: Date.now() })
        .where(eq(webhookDeliveries.id, claimed.id)),
      db.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id)),
    ]);
    return;
  }
  const failingSince = endpoint.failingSince ?? now;
  const disable = !endpoint.disabled && now - failingSince >= DISABLE_AFTER_MS;
  const delay = endpoint.disabled || disable ? undefined : retryDelay(env, claimed.attempts);
  await db.batch([
    db
      .update(webhookDeliveries)
      .set({
        status: delay === undefined ? 'failed' : 'pending',
        lastStatus: outcome.status,
        lastAnswer: outcome.answer,
        nextAttemptAt: delay === undefined ? null : now + delay * 1000,
        updatedAt: Date.now(),
      })
      .where(eq(webhookDeliveries.id, claimed.id)),
    db
      .update(webhookEndpoints)
      .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now})`, ...(disable ? { disabled: true } : {}) })
      .where(eq(webhookEndpoints.id, endpoint.id)),
  ]);
  if (delay !== undefined) await enqueue(env, { deliveryId: claimed.id, attempt: claimed.attempts }, delay);
  if (disable) await tellDisabled(env, db, endpoint.userId, endpoint.url);
}

const listed = (d: typeof webhookDeliveries.$inferSelect): WebhookDelivery => ({
  id: d.id,
  event: d.event as WebhookEvent,
  status: d.status,
  attempts: d.attempts,
  lastStatus: d.lastStatus,
  lastAnswer: d.lastAnswer,
  nextAttemptAt: d.nextAttemptAt,
  createdAt: d.createdAt,
});

/** The endpoint's latest deliveries, newest first, with each one's last answer. */
export async function listDeliveries(db: Db, userId: number, endpointId: number) {
  await ownEndpoint(db, userId, endpointId);
  const rows = await db.query.webhookDeliveries.findMany({
    where: eq(webhookDeliveries.endpointId, endpointId),
    orderBy: [desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)],
    limit: WEBHOOK_DELIVERIES_LISTED,
  });
  return rows.map(listed);
}

/**
 * Sends a delivery again now, under the same id and body (a receiver that already took it can tell), freshly
 * signed. It is one more attempt, retried only while the delivery's schedule has tries left.
 */
export async function replayDelivery(env: Env, db: Db, userId: number, endpointId: number, deliveryId: string) {
  const endpoint = await ownEndpoint(db, userId, endpointId);
  if (endpoint.disabled) throw new ApiError(Code.CONFLICT, 'webhookDisabled');
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: Date.now(), updatedAt: Date.now() })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)))
    .returning();
  if (!row) throw new ApiError(Code.NOT_FOUND, 'webhookDeliveryNotFound');
  await enqueue(env, { deliveryId, attempt: row.attempts });
  return listed(row);
}
