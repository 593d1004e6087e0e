import { and, count, desc, eq } from 'drizzle-orm';
import type { Locale } from '../../contracts/locale';
import type { Db } from '../db/client';
import { buyRecords, costRecords, packageTexts, packages, payOrders } from '../db/schema';
import { localName, textsIn } from './payments/packages';

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

/**
 * Purchases, with the package each bought (named in `locale`) and, for a payment, the method it was paid
 * with (`payType`: WeChat Pay, Alipay, PayPal; null for a card code).
 */
export function purchases(db: Db, userId: number, page: Page, locale: Locale) {
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
          packageName: localName,
          packageType: packages.packageType,
          payType: payOrders.payType,
        })
        .from(buyRecords)
        .leftJoin(packages, eq(packages.id, buyRecords.packageId))
        .leftJoin(packageTexts, textsIn(locale))
        .leftJoin(payOrders, and(eq(buyRecords.channel, 'pay'), eq(payOrders.outTradeNo, buyRecords.reference)))
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
