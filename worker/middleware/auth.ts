import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { unauthorized } from '../lib/errors';
import type { AppEnv } from '../lib/types';
import { spendTicket, ticketTarget, ticketedPath, verifyDownloadTicket } from '../services/download-tickets';
import { liveSession, verifyToken } from '../services/sessions';

/**
 * The live session the request's bearer token stands for, or null (none, forged, expired or revoked). On the
 * large downloads a `?ticket=` for this exact URL stands in for the token, since a browser navigation that
 * streams a file to disk cannot send a header.
 */
export async function sessionOf(c: Context<AppEnv>) {
  const token = c.req.header('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1];
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
  const session = await sessionOf(c);
  if (!session) throw unauthorized();
  c.set('userId', session.userId);
  c.set('sessionId', session.id);
  await next();
});
