import { and, count, eq } from 'drizzle-orm';
import { Code } from '../../../contracts/errors';
import { WEBHOOK_ENDPOINTS_MAX, type WebhookEndpoint, type WebhookEvent, type WebhookSecret } from '../../../contracts/webhooks';
import type { Db } from '../../db/client';
import { webhookEndpoints } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { isGuest, signedInUser } from '../accounts/users';
import { refusal } from './address';
import { PREVIOUS_SECRET_MS } from './schedule';
import { newSecret } from './signing';

/** A user's webhook endpoints: register, list, remove, rotate the secret, enable again. Only the owner sees each. */
type Endpoint = typeof webhookEndpoints.$inferSelect;

const shown = (e: Endpoint): WebhookEndpoint => ({
  id: e.id,
  url: e.url,
  events: e.events as WebhookEvent[],
  disabled: e.disabled,
  failingSince: e.failingSince,
  createdAt: e.createdAt,
});

/** The caller's endpoint, or not found (also for another user's, so ids reveal nothing). */
export async function ownEndpoint(db: Db, userId: number, id: number) {
  const endpoint = await db.query.webhookEndpoints.findFirst({ where: and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)) });
  if (!endpoint) throw new ApiError(Code.NOT_FOUND, 'webhookNotFound');
  return endpoint;
}

export async function listEndpoints(db: Db, userId: number) {
  const rows = await db.query.webhookEndpoints.findMany({ where: eq(webhookEndpoints.userId, userId), orderBy: webhookEndpoints.id });
  return rows.map(shown);
}

export async function createEndpoint(db: Db, env: Env, userId: number, url: string, events: WebhookEvent[]): Promise<WebhookSecret> {
  // A guest account is a browser's, with no address to tell when an endpoint fails, and no lasting owner.
  if (isGuest(await signedInUser(db, userId))) throw new ApiError(Code.FORBIDDEN, 'webhookGuest');
  // A resolver that cannot be reached leaves the name unchecked, so it is refused like one that does not resolve.
  const refused = await refusal(env, url).catch(() => 'webhookAddressUnresolved' as const);
  if (refused) throw new ApiError(Code.BAD_REQUEST, refused);
  const [held] = await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
  if ((held?.n ?? 0) >= WEBHOOK_ENDPOINTS_MAX) throw new ApiError(Code.CONFLICT, 'webhookTooMany', { max: WEBHOOK_ENDPOINTS_MAX });
  const secret = newSecret();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ userId, url, events: [...new Set(events)], secret, createdAt: Date.now() })
    .returning({ id: webhookEndpoints.id });
  return { id: row!.id, secret };
}

export async function removeEndpoint(db: Db, userId: number, id: number) {
  await ownEndpoint(db, userId, id);
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/** A new secret; the one it replaces keeps signing beside it for a day, so the receiver can switch without a gap. */
export async function rotateSecret(db: Db, userId: number, id: number): Promise<WebhookSecret> {
  const endpoint = await ownEndpoint(db, userId, id);
  const secret = newSecret();
  await db
    .update(webhookEndpoints)
    .set({ secret, previousSecret: endpoint.secret, previousSecretUntil: Date.now() + PREVIOUS_SECRET_MS })
    .where(eq(webhookEndpoints.id, id));
  return { id, secret };
}

/** Turns a disabled endpoint on again, its failure clock reset; deliveries made while it was off stay failed (replay sends them). */
export async function enableEndpoint(db: Db, userId: number, id: number) {
  await ownEndpoint(db, userId, id);
  await db.update(webhookEndpoints).set({ disabled: false, failingSince: null }).where(eq(webhookEndpoints.id, id));
}

/** The secrets that sign now: the current one, and the previous one during its day of grace. */
export const signingSecrets = (e: Pick<Endpoint, 'secret' | 'previousSecret' | 'previousSecretUntil'>, now = Date.now()) =>
  e.previousSecret && (e.previousSecretUntil ?? 0) > now ? [e.secret, e.previousSecret] : [e.secret];
