import { and, eq, isNull, ne } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { TOKEN_COOKIE_DAYS } from '../../contracts/constants';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { randomToken } from '../lib/encoding';

/**
 * Bearer tokens are JWTs (HS256, JWT_SECRET) naming a row in `sessions`; the row is what makes logout and
 * password changes take effect at once, since a signature alone cannot be taken back.
 */
const LIFETIME_MS = TOKEN_COOKIE_DAYS * 24 * 3600 * 1000;
const key = (secret: string) => new TextEncoder().encode(secret);

export async function issueToken(db: Db, secret: string, userId: number, source: number, now = Date.now()) {
  const id = randomToken(18);
  await db.insert(sessions).values({ id, userId, source, createdAt: now, expiresAt: now + LIFETIME_MS });
  return new SignJWT({ sid: id, source })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor((now + LIFETIME_MS) / 1000))
    .sign(key(secret));
}

/**
 * The live session a token stands for, or null when it is forged, expired or revoked, or is not a session
 * token at all: a download ticket (its own `typ` and audience, services/download-tickets.ts) never signs in.
 */
export async function verifyToken(db: Db, secret: string, token: string) {
  try {
    const { payload, protectedHeader } = await jwtVerify<{ sid?: string }>(token, key(secret), { algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    if (protectedHeader.typ !== undefined || payload.aud !== undefined) return null;
    if (!payload.sid || !Number.isSafeInteger(userId)) return null;
    return await liveSession(db, payload.sid, userId);
  } catch {
    return null;
  }
}

/** The session row while it is neither revoked nor expired, else null. */
export async function liveSession(db: Db, sessionId: string, userId: number) {
  const session = await db.query.sessions.findFirst({
    where: and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)),
  });
  return session && session.expiresAt > Date.now() ? session : null;
}

export async function revokeSession(db: Db, sessionId: string) {
  await db.update(sessions).set({ revokedAt: Date.now() }).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, except optionally the one making the request. */
export async function revokeUserSessions(db: Db, userId: number, keep?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: Date.now() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined));
}
