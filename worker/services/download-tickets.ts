import { lt } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { API } from '../../contracts/api-paths';
import { API_BASE } from '../../contracts/constants';
import type { DownloadTicket } from '../../contracts/auth';
import { Code } from '../../contracts/errors';
import type { Db } from '../db/client';
import { spentTickets } from '../db/schema';
import { randomToken } from '../lib/encoding';
import { ApiError } from '../lib/errors';

/**
 * Download tickets: a short-lived signed URL for one large download, so the browser can fetch it by plain
 * navigation and stream it to disk instead of holding gigabytes in memory for a bearer-token request.
 * A ticket is a JWT (HS256, JWT_SECRET) with its own `typ` and audience, so it is never a session token,
 * bound to one path and query and to the session that asked for it (signing out ends it too), and spent on
 * its first use, so an address copied from the browser's history or a log opens nothing.
 */
export const TICKET_TYPE = 'download+jwt';
const AUDIENCE = 'tingyi:download';
export const TICKET_LIFETIME_S = 60;
/** The downloads that can be large enough to need a ticket; no other path accepts one. */
export const TICKETED_PATHS: readonly string[] = [API.dubbing.downloadZip, API.dubbing.downloadDestroyZip, API.records.export];

const key = (secret: string) => new TextEncoder().encode(secret);

/** The one form of a request a ticket is bound to: the full path and its query, sorted, without the ticket. */
export function ticketTarget(path: string, query: URLSearchParams): string {
  const rest = new URLSearchParams([...query].filter(([name]) => name !== 'ticket'));
  rest.sort();
  const search = rest.toString();
  return search ? `${path}?${search}` : path;
}

export async function issueDownloadTicket(secret: string, userId: number, sessionId: string, target: string, now = Date.now()) {
  return new SignJWT({ sid: sessionId, target })
    .setProtectedHeader({ alg: 'HS256', typ: TICKET_TYPE })
    .setAudience(AUDIENCE)
    .setJti(randomToken(18))
    .setSubject(String(userId))
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + TICKET_LIFETIME_S)
    .sign(key(secret));
}

/** The user and session a ticket stands for on this exact request, or null (forged, expired, another request). */
export async function verifyDownloadTicket(secret: string, ticket: string, target: string) {
  try {
    const { payload } = await jwtVerify<{ sid?: string; target?: string }>(ticket, key(secret), {
      algorithms: ['HS256'],
      typ: TICKET_TYPE,
      audience: AUDIENCE,
    });
    const userId = Number(payload.sub);
    if (!payload.sid || !payload.jti || !payload.exp || payload.target !== target || !Number.isSafeInteger(userId)) return null;
    return { userId, sessionId: payload.sid, ticketId: payload.jti, expiresAt: payload.exp * 1000 };
  } catch {
    return null;
  }
}

/** Marks a ticket used; false when it already was. Used tickets are forgotten once they would have expired anyway. */
export async function spendTicket(db: Db, ticketId: string, expiresAt: number, now = Date.now()): Promise<boolean> {
  await db.delete(spentTickets).where(lt(spentTickets.expiresAt, now));
  const spent = await db.insert(spentTickets).values({ id: ticketId, expiresAt }).onConflictDoNothing().returning({ id: spentTickets.id });
  return spent.length === 1;
}

/** The ticketed path a requested URL names (API path, without the base), or null when it takes no ticket. */
export function ticketedPath(fullPath: string): string | null {
  const path = fullPath.startsWith(API_BASE) ? fullPath.slice(API_BASE.length) : fullPath;
  return TICKETED_PATHS.includes(path) ? path : null;
}

/** The address that downloads `url` (an API path and query) for this user, without a header, for a minute. */
export async function ticketedUrl(secret: string, userId: number, sessionId: string, url: string, now = Date.now()): Promise<DownloadTicket> {
  const parsed = new URL(url, 'http://api.invalid');
  const path = parsed.origin === 'http://api.invalid' ? ticketedPath(parsed.pathname) : null;
  if (!path) throw new ApiError(Code.BAD_REQUEST, 'badRequest', { detail: 'url: not a download that takes a ticket' });
  const target = ticketTarget(`${API_BASE}${path}`, parsed.searchParams);
  const ticket = await issueDownloadTicket(secret, userId, sessionId, target, now);
  const query = new URLSearchParams(parsed.searchParams);
  query.delete('ticket');
  query.set('ticket', ticket);
  return { url: `${path}?${query.toString()}`, expiresIn: TICKET_LIFETIME_S };
}
