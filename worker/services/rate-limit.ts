import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

/**
 * Counters in D1 whose window opens at the first hit and lasts `windowMs`. One upsert both counts and
 * reads back, so concurrent requests cannot both slip under a limit.
 */
export async function hit(db: Db, key: string, windowMs: number, now = Date.now()) {
  const open = sql`${rateLimits.windowStart} > ${now - windowMs}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${open} THEN ${rateLimits.count} + 1 ELSE 1 END`,
        windowStart: sql`CASE WHEN ${open} THEN ${rateLimits.windowStart} ELSE ${now} END`,
      },
    })
    .returning();
  return { count: row!.count, retryAfterSeconds: Math.ceil((row!.windowStart + windowMs - now) / 1000) };
}

/** Reads a counter without counting (for "is this account locked?" before checking a password). */
export async function peek(db: Db, key: string, windowMs: number, now = Date.now()) {
  const row = await db.query.rateLimits.findFirst({ where: (r, { eq }) => eq(r.key, key) });
  if (!row || row.windowStart <= now - windowMs) return { count: 0, retryAfterSeconds: 0 };
  return { count: row.count, retryAfterSeconds: Math.ceil((row.windowStart + windowMs - now) / 1000) };
}

export async function clear(db: Db, key: string) {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}
