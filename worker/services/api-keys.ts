import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { API_KEY_MAX, API_KEY_PREFIX, type ApiKeySummary, type CreateKeyBody, type CreatedApiKey } from '../../contracts/api-keys';
import { type ApiKeyScope, KEY_ROUTES } from '../../contracts/api-paths';
import { Code } from '../../contracts/errors';
import type { Db } from '../db/client';
import { apiKeys } from '../db/schema';
import { randomToken, sha256 } from '../lib/encoding';
import { ApiError } from '../lib/errors';
import { isGuest, signedInUser } from './accounts/users';

/**
 * Personal API keys: 32 random bytes behind a recognisable prefix (so secret scanners and people can tell a
 * Tingyi key), stored only as their SHA-256. A key this random needs no slow hash: nobody can guess it from
 * its digest, and a lookup by digest keeps each call to one indexed read.
 */
const PREFIX_SHOWN = API_KEY_PREFIX.length + 4;
/** A key's last use is written at most this often, so a busy key does not write on every call. */
const LAST_USE_STEP_MS = 60_000;

export async function createApiKey(db: Db, userId: number, body: CreateKeyBody, now = Date.now()): Promise<CreatedApiKey> {
  // A guest account is one browser's, signed into by an id that browser keeps: a key would outlive it.
  if (isGuest(await signedInUser(db, userId))) throw new ApiError(Code.FORBIDDEN, 'apiKeyGuest');
  const [held] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  if ((held?.n ?? 0) >= API_KEY_MAX) throw new ApiError(Code.CONFLICT, 'apiKeyTooMany', { max: API_KEY_MAX });
  const key = `${API_KEY_PREFIX}${randomToken(32)}`;
  const [row] = await db
    .insert(apiKeys)
    .values({ userId, name: body.name, keyHash: await sha256(key), prefix: key.slice(0, PREFIX_SHOWN), scopes: [...new Set(body.scopes)], createdAt: now })
    .returning({ id: apiKeys.id });
  return { id: row!.id, key };
}

export async function listApiKeys(db: Db, userId: number): Promise<ApiKeySummary[]> {
  const rows = await db.query.apiKeys.findMany({ where: eq(apiKeys.userId, userId), orderBy: [desc(apiKeys.id)] });
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    scopes: r.scopes,
    createTime: r.createdAt,
    lastUsedTime: r.lastUsedAt,
    revokedTime: r.revokedAt,
  }));
}

/** Revokes one of the caller's keys; revoking a revoked key changes nothing. */
export async function revokeApiKey(db: Db, userId: number, id: number, now = Date.now()) {
  const row = await db.query.apiKeys.findFirst({ where: and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)) });
  if (!row) throw new ApiError(Code.NOT_FOUND, 'apiKeyNotFound');
  if (row.revokedAt === null) await db.update(apiKeys).set({ revokedAt: now }).where(eq(apiKeys.id, id));
}

export const isApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);

/** The live key a bearer token is, or null (unknown or revoked). */
export async function liveApiKey(db: Db, token: string) {
  const row = await db.query.apiKeys.findFirst({ where: eq(apiKeys.keyHash, await sha256(token)) });
  return row && row.revokedAt === null ? row : null;
}

/** Each key route as a pattern over the path below the API base (`:id` placeholders match one segment). */
const keyRoutes = KEY_ROUTES.map((r) => ({ ...r, pattern: new RegExp(`^${r.path.replace(/:\w+(\{[^}]*\})?/g, '[^/]+')}$`) }));

/** The scope a key needs for this call, or undefined when no key may make it. HEAD reads as the GET it mirrors. */
export function keyRouteScope(method: string, path: string): ApiKeyScope | undefined {
  const verb = method === 'HEAD' ? 'GET' : method;
  return keyRoutes.find((r) => r.method === verb && r.pattern.test(path))?.scope;
}

/** Refuses a key that lacks the scope the route needs. */
export function requireScope(scopes: readonly ApiKeyScope[], needed: ApiKeyScope | undefined) {
  if (!needed) throw new ApiError(Code.FORBIDDEN, 'apiKeyRoute');
  if (!scopes.includes(needed)) throw new ApiError(Code.FORBIDDEN, 'apiKeyScope', { scope: needed });
}

export async function noteKeyUse(db: Db, key: { id: number; lastUsedAt: number | null }, now = Date.now()) {
  if (key.lastUsedAt !== null && now - key.lastUsedAt < LAST_USE_STEP_MS) return;
  await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, key.id));
}
