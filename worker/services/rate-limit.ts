import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

/**
 * Counters in D1 whose window opens at the first counted attempt and lasts `windowMs`. An attempt takes a
 * slot before it runs, and taking is one conditional upsert that counts only while the count is under the
 * cap: however many requests arrive at once, no more than the cap get a slot. An attempt that should not
 * count (a right password, a code that worked) gives its slot back afterwards.
 */
export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

/** A slot taken in one window; giving it back only touches that window, never a newer one. */
export interface Slot {
  key: string;
  windowStart: number;
}

export type Taken = { ok: true; slots: Slot[] } | { ok: false; retryAfterSeconds: number };

async function takeOne(db: Db, { key, max, windowMs }: Limit, now: number): Promise<Slot | null> {
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
      // A full, still-open window is left as it is, and the upsert returns no row.
      setWhere: sql`NOT (${open}) OR ${rateLimits.count} < ${max}`,
    })
    .returning();
  return row ? { key, windowStart: row.windowStart } : null;
}

async function retryAfter(db: Db, { key, windowMs }: Limit, now: number) {
  const row = await db.query.rateLimits.findFirst({ where: eq(rateLimits.key, key) });
  return Math.max(1, Math.ceil(((row?.windowStart ?? now) + windowMs - now) / 1000));
}

/** Takes a slot under every limit, or none: on the first full one, the slots already taken are given back. */
export async function take(db: Db, limits: Limit[], now = Date.now()): Promise<Taken> {
  const slots: Slot[] = [];
  for (const limit of limits) {
    const slot = await takeOne(db, limit, now);
    if (!slot) {
      await giveBack(db, slots);
      return { ok: false, retryAfterSeconds: await retryAfter(db, limit, now) };
    }
    slots.push(slot);
  }
  return { ok: true, slots };
}

export async function giveBack(db: Db, slots: Slot[]) {
  await Promise.all(
    slots.map((slot) =>
      db
        .update(rateLimits)
        .set({ count: sql`${rateLimits.count} - 1` })
        .where(and(eq(rateLimits.key, slot.key), eq(rateLimits.windowStart, slot.windowStart), gt(rateLimits.count, 0))),
    ),
  );
}

export async function clear(db: Db, key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/**
 * A pace: calls under one key spaced `intervalMs` apart, across every isolate of the deployment. The key's
 * row holds the next free moment (`windowStart`) and how many moments were handed out (`count`); taking one
 * is one conditional upsert, so concurrent callers never share a moment. Moments are read on the database's
 * clock when the statement runs, so a caller whose query waited in line is not handed one that already passed;
 * the caller waits for its moment (`at`, in epoch ms) on its own clock. A caller whose moment would be more
 * than `maxWaitMs` away takes none and learns how long until the queue is short enough.
 */
export type Reserved = { ok: true; at: number } | { ok: false; retryAfterMs: number };

const dbNow = sql<number>`CAST(unixepoch('subsec') * 1000 AS INTEGER)`;

export async function reserve(db: Db, key: string, intervalMs: number, maxWaitMs: number): Promise<Reserved> {
  const free = sql`max(${rateLimits.windowStart}, ${dbNow})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: sql`${dbNow} + ${intervalMs}`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { windowStart: sql`${free} + ${intervalMs}`, count: sql`${rateLimits.count} + 1` },
      setWhere: sql`${free} <= ${dbNow} + ${maxWaitMs}`,
    })
    .returning({ next: rateLimits.windowStart });
  if (row) return { ok: true, at: row.next - intervalMs };
  const [queued] = await db.select({ next: rateLimits.windowStart, now: dbNow }).from(rateLimits).where(eq(rateLimits.key, key));
  return { ok: false, retryAfterMs: Math.max(intervalMs, (queued?.next ?? 0) - (queued?.now ?? 0) - maxWaitMs) };
}
