import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../db/client';

/**
 * D1 binds at most 100 parameters per statement, so an `IN (...)` list of ids is split into chunks that
 * leave room for the statement's other parameters (the owner's id, new values).
 */
export const IN_CHUNK = 90;

export function chunks<T>(items: readonly T[], size = IN_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Runs statements as one D1 batch: a single round trip, and one transaction, so a multi-chunk change is
 * applied completely or not at all.
 */
export async function runBatch<T extends BatchItem<'sqlite'>>(db: Db, statements: T[]) {
  if (statements.length === 0) return [];
  return db.batch(statements as [T, ...T[]]);
}
