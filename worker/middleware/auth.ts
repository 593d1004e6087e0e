import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { unauthorized } from '../lib/errors';
import type { AppEnv } from '../lib/types';
import { verifyToken } from '../services/sessions';

/** The live session the request's bearer token stands for, or null (none, forged, expired or revoked). */
export async function sessionOf(c: Context<AppEnv>) {
  const token = c.req.header('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1];
  return token ? verifyToken(c.var.db, c.env.JWT_SECRET, token) : null;
}

/**
 * Lets a request through only with the bearer token of a live session, and puts the user and session on
 * the context. Every route that touches a user's data sits behind this.
 */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const session = await sessionOf(c);
  if (!session) throw unauthorized();
  c.set('userId', session.userId);
  c.set('sessionId', session.id);
  await next();
});
