import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { buyRecords, costRecords, packages } from '../db/schema';

/** A user's bills (spec §7 Expense): what they bought and what their work cost, newest first, a page at a time. */
export interface Page {
  pageNum: number;
  pageSize: number;
}

/** One page of rows and the count of all of them; ties in time keep the order they were written in. */
async function paged<T>(rows: (limit: number, offset: number) => Promise<T[]>, total: Promise<{ n: number }[]>, { pageNum, pageSize }: Page) {
  const [page, [all]] = await Promise.all([rows(pageSize, (pageNum - 1) * pageSize), total]);
  return { rows: page, total: all!.n };
}

/** Purchases, with the package each bought when it still exists. */
export function purchases(db: Db, userId: number, page: Page) {
  const mine = eq(buyRecords.userId, userId);
  return paged(
    (limit, offset) =>
      db
        .select({
          id: buyRecords.id,
          channel: buyRecords.channel,
          reference: buyRecords.reference,
          amountFen: buyRecords.amountFen,
          createdAt: buyRecords.createdAt,
          packageName: packages.packageName,
          packageType: packages.packageType,
        })
        .from(buyRecords)
        .leftJoin(packages, eq(packages.id, buyRecords.packageId))
        .where(mine)
        .orderBy(desc(buyRecords.createdAt), desc(buyRecords.id))
        .limit(limit)
        .offset(offset),
    db.select({ n: count() }).from(buyRecords).where(mine),
    page,
  );
}

/** What transcription, meetings, dubbing and subtitles took from which account. */
export function costs(db: Db, userId: number, page: Page) {
  const mine = eq(costRecords.userId, userId);
  return paged(
    (limit, offset) =>
      db
        .select({
          id: costRecords.id,
          feature: costRecords.feature,
          seconds: costRecords.seconds,
          accountType: costRecords.accountType,
          createdAt: costRecords.createdAt,
        })
        .from(costRecords)
        .where(mine)
        .orderBy(desc(costRecords.createdAt), desc(costRecords.id))
        .limit(limit)
        .offset(offset),
    db.select({ n: count() }).from(costRecords).where(mine),
    page,
  );
}
