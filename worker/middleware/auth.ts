import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { API_KEY_RATE } from '../../contracts/api-keys';
import { API_BASE } from '../../contracts/constants';
import { Code } from '../../contracts/errors';
import { ApiError, unauthorized } from '../lib/errors';
import type { AppEnv } from '../lib/types';
import { isApiKey, keyRouteScope, liveApiKey, noteKeyUse, requireScope } from '../services/api-keys';
import { take } from '../services/rate-limit';
import { spendTicket, ticketTarget, ticketedPath, verifyDownloadTicket } from '../services/download-tickets';
import { liveSession, verifyToken } from '../services/sessions';

/**
 * The live session the request's bearer token stands for, or null (none, forged, expired or revoked). On the
 * large downloads a `?ticket=` for this exact URL stands in for the token, since a browser navigation that
 * streams a file to disk cannot send a header.
 */
const bearerOf = (c: Context<AppEnv>) =>
  c.req
    .header('authorization')
    ?.match(/^Bearer\s+(.+)$/i)?.[1]
    ?.trim();

export async function sessionOf(c: Context<AppEnv>) {
  const token = bearerOf(c);
  if (token) return verifyToken(c.var.db, c.env.JWT_SECRET, token);
  const ticket = c.req.query('ticket');
  if (!ticket || !ticketedPath(c.req.path)) return null;
  const holder = await verifyDownloadTicket(c.env.JWT_SECRET, ticket, ticketTarget(c.req.path, new URL(c.req.url).searchParams));
  const session = holder && (await liveSession(c.var.db, holder.sessionId, holder.userId));
  return session && (await spendTicket(c.var.db, holder.ticketId, holder.expiresAt)) ? session : null;
}

/**
 * Lets a request through only with the bearer token of a live session, and puts the user and session on
 * the context. Every route that touches a user's data sits behind this.
 */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  // An area's check already let this request in (a path below it may carry its own check too).
  if (c.var.userId) return next();
  const token = bearerOf(c);
  if (token && isApiKey(token)) {
    await signInWithKey(c, token);
    return next();
  }
  const session = await sessionOf(c);
  if (!session) throw unauthorized();
  c.set('userId', session.userId);
  c.set('sessionId', session.id);
  await next();
});

/**
 * An API key stands for its owner on the routes its scopes open (KEY_ROUTES), and nowhere else: a revoked
 * key is refused on its next call, and each key has its own per-minute budget, apart from its owner's use
 * of the app.
 */
async function signInWithKey(c: Context<AppEnv>, token: string) {
  const key = await liveApiKey(c.var.db, token);
  if (!key) throw new ApiError(Code.UNAUTHORIZED, 'apiKeyInvalid');
  requireScope(key.scopes, keyRouteScope(c.req.method, c.req.path.slice(API_BASE.length)));
  const taken = await take(c.var.db, [{ key: `apikey:${key.id}`, ...API_KEY_RATE }]);
  if (!taken.ok) throw new ApiError(Code.TOO_MANY_REQUESTS, 'tooManyRequests', { seconds: taken.retryAfterSeconds });
  await noteKeyUse(c.var.db, key);
  c.set('userId', key.userId);
  c.set('sessionId', `key:${key.id}`);
}
