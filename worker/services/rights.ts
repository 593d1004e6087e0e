import { and, eq, gt, gte } from 'drizzle-orm';
import type { Locale } from '../../contracts/locale';
import { Code } from '../../contracts/errors';
import {
  DAILY_LIMIT_SECONDS,
  DEFAULT_PERMISSIONS,
  PACKAGE_ACCOUNT,
  SVIP_PERMISSIONS,
  type AccountItem,
  type AccountType,
  type GatedFeature,
  type MemberLevel,
  type MeteredFeature,
  type Permissions,
} from '../../contracts/rights';
import type { Db } from '../db/client';
import { accounts, dailyUsage, records, type packages } from '../db/schema';
import { ApiError } from '../lib/errors';
import { translate } from '../lib/i18n';

/**
 * Rights and quotas: the one service every paid feature calls. `check` before work starts, `charge` when
 * it is done (idempotent by the work's reference), `grant` when a package is bought or redeemed.
 * Priority SVIP > VIP > duration: a membership's daily allowance is used first, then time packages.
 */
type Package = typeof packages.$inferSelect;
type Balances = Partial<Record<AccountType, { validUntil: number; remainingSeconds: number }>>;

export const utcDay = (now: number) => new Date(now).toISOString().slice(0, 10);

export async function balances(db: Db, userId: number, now = Date.now()): Promise<Balances> {
  const rows = await db.query.accounts.findMany({ where: and(eq(accounts.userId, userId), gt(accounts.validUntil, now)) });
  return Object.fromEntries(rows.map((r) => [r.accountType, { validUntil: r.validUntil, remainingSeconds: r.remainingSeconds }]));
}

export const memberLevel = (b: Balances): MemberLevel | null => (b.svip ? 'svip' : b.vip ? 'vip' : null);

export async function permissions(db: Db, userId: number): Promise<Permissions> {
  return memberLevel(await balances(db, userId)) === 'svip' ? SVIP_PERMISSIONS : DEFAULT_PERMISSIONS;
}

async function usedToday(db: Db, userId: number, feature: MeteredFeature, now: number) {
  const row = await db.query.dailyUsage.findFirst({
    where: and(eq(dailyUsage.userId, userId), eq(dailyUsage.day, utcDay(now)), eq(dailyUsage.feature, feature)),
  });
  return row?.seconds ?? 0;
}

type Refusal = 'insufficientBalance' | 'quotaUsedUp' | 'noSuchBenefit';
const REFUSAL_CODE: Record<Refusal, number> = {
  insufficientBalance: Code.INSUFFICIENT_BALANCE,
  quotaUsedUp: Code.QUOTA_USED_UP,
  noSuchBenefit: Code.NO_SUCH_BENEFIT,
};

/** Which account pays for `seconds` of `feature`, or why none can. */
async function payer(db: Db, userId: number, feature: MeteredFeature, seconds: number, now: number): Promise<AccountType | Refusal> {
  const b = await balances(db, userId, now);
  if (feature === 'dubbing') {
    if (!b.dubbing) return 'noSuchBenefit';
    return b.dubbing.remainingSeconds >= seconds ? 'dubbing' : 'insufficientBalance';
  }
  const level = memberLevel(b);
  if (feature === 'subtitles') {
    if (level) return level;
    return b.duration && b.duration.remainingSeconds >= seconds ? 'duration' : 'insufficientBalance';
  }
  if (level && (await usedToday(db, userId, feature, now)) + seconds <= DAILY_LIMIT_SECONDS[feature][level]) return level;
  if (b.duration && b.duration.remainingSeconds >= seconds) return 'duration';
  return level ? 'quotaUsedUp' : 'insufficientBalance';
}

const isRefusal = (x: AccountType | Refusal): x is Refusal => x in REFUSAL_CODE;

/** Throws the 925… envelope when the user cannot afford `seconds` of `feature` now; else names the payer. */
export async function check(db: Db, userId: number, feature: MeteredFeature, seconds: number, now = Date.now()) {
  const result = await payer(db, userId, feature, seconds, now);
  if (isRefusal(result)) throw new ApiError(REFUSAL_CODE[result], result);
  return result;
}

/** Throws 92505003 unless the user's plan includes `feature`. */
export async function checkGated(db: Db, userId: number, feature: GatedFeature) {
  const p = await permissions(db, userId);
  const allowed = { vocabulary: p.proprietaryWords, invite: p.inviteMeeting, screenCasting: p.screenCasting }[feature];
  if (!allowed) throw new ApiError(Code.NO_SUCH_BENEFIT, 'noSuchBenefit');
}

/**
 * recognitionCount (spec §6 "Recognition languages": 2, or 10 with SVIP) is the number of distinct spoken
 * languages a user may have recognised in one UTC day, meetings and file transcriptions together: the
 * languages of the records they created that day count. A language already used that day stays open; one
 * more past the count is refused with 92505003 before any work starts. (Each meeting or file has one spoken
 * language, so a count per job would never bind; a daily count is what makes 2 against 10 a difference.)
 */
export async function checkRecognitionLanguage(db: Db, userId: number, language: string, now = Date.now()) {
  const dayStart = Date.parse(`${utcDay(now)}T00:00:00Z`);
  const rows = await db
    .selectDistinct({ language: records.audioLanguage })
    .from(records)
    .where(and(eq(records.userId, userId), gte(records.createdAt, dayStart)));
  const used = rows.map((r) => r.language);
  if (used.includes(language)) return;
  const { recognitionCount } = await permissions(db, userId);
  if (used.length >= recognitionCount) {
    throw new ApiError(Code.NO_SUCH_BENEFIT, 'recognitionLanguagesFull', { count: recognitionCount, languages: used.join(', ') });
  }
}

/**
 * Records that `seconds` of `feature` were used by the work named `workRef`. A second call with the same
 * reference (a redelivered job, a retried request) changes nothing. Work already done is always charged,
 * even past the allowance: the daily counter may exceed its limit and a balance stops at zero.
 */
export async function charge(d1: D1Database, db: Db, userId: number, feature: MeteredFeature, seconds: number, workRef: string, now = Date.now()) {
  const found = await payer(db, userId, feature, seconds, now);
  const account: AccountType = !isRefusal(found) ? found : feature === 'dubbing' ? 'dubbing' : 'duration';
  const nonce = crypto.randomUUID();
  const won = `EXISTS (SELECT 1 FROM cost_records WHERE work_ref = ?1 AND nonce = ?2)`;
  const results = await d1.batch([
    d1
      .prepare(
        `INSERT INTO cost_records (user_id, feature, work_ref, seconds, account_type, nonce, created_at) VALUES (?3, ?4, ?1, ?5, ?6, ?2, ?7) ON CONFLICT (work_ref) DO NOTHING`,
      )
      .bind(workRef, nonce, userId, feature, seconds, account, now),
    d1
      .prepare(
        `INSERT INTO daily_usage (user_id, day, feature, seconds) SELECT ?3, ?4, ?5, ?6 WHERE ${won}
         ON CONFLICT (user_id, day, feature) DO UPDATE SET seconds = seconds + excluded.seconds`,
      )
      .bind(workRef, nonce, userId, utcDay(now), feature, seconds),
    d1
      .prepare(`UPDATE accounts SET remaining_seconds = max(0, remaining_seconds - ?5) WHERE user_id = ?3 AND account_type = ?4 AND ${won}`)
      .bind(workRef, nonce, userId, account === 'duration' || account === 'dubbing' ? account : '-', seconds),
  ]);
  return { charged: results[0]!.meta.changes === 1, account };
}

/** An SQL condition with its own parameters, true only for the one attempt that proved the purchase. */
type Guard = { sql: string; params: unknown[] };

/**
 * The one way a package is credited (card redemption, paid order): the bill line and the grant, each
 * statement applying only when `guard` holds, to run in one D1 batch after the statement that claims the
 * card or the order — so of any number of concurrent attempts exactly one credits anything.
 */
export function purchaseStatements(
  d1: D1Database,
  purchase: { userId: number; pkg: Package; channel: 'card' | 'pay'; reference: string; amountFen: number },
  now: number,
  guard: Guard,
) {
  const p = guard.params.length;
  return [
    d1
      .prepare(
        `INSERT INTO buy_records (user_id, package_id, channel, reference, amount_fen, created_at)
         SELECT ?${p + 1}, ?${p + 2}, ?${p + 3}, ?${p + 4}, ?${p + 5}, ?${p + 6} WHERE ${guard.sql}`,
      )
      .bind(...guard.params, purchase.userId, purchase.pkg.id, purchase.channel, purchase.reference, purchase.amountFen, now),
    ...grantStatements(d1, purchase.userId, purchase.pkg, now, guard),
  ];
}

const PERIOD_UNIT = { 1: 'years', 2: 'months', 3: 'days' } as Record<number, string>;

/**
 * Statements that give `userId` what `pkg` grants, each applying only when `guard` (an SQL condition with
 * its own parameters) holds — so the grant shares one transaction with whatever proves it was paid for.
 * Validity extends from the later of now and the current end; buying SVIP also extends an active VIP.
 */
function grantStatements(d1: D1Database, userId: number, pkg: Package, now: number, guard: Guard) {
  const account = PACKAGE_ACCOUNT[pkg.packageType];
  const shift = `'+${pkg.validPeriod} ${PERIOD_UNIT[pkg.validPeriodUnit] ?? 'days'}'`;
  const extend = (from: string) => `CAST(strftime('%s', datetime(${from} / 1000, 'unixepoch', ${shift})) AS INTEGER) * 1000`;
  const p = guard.params.length;
  const statements = [
    d1
      .prepare(
        `INSERT INTO accounts (user_id, account_type, valid_until, remaining_seconds)
         SELECT ?${p + 1}, ?${p + 2}, ${extend(`?${p + 3}`)}, ?${p + 4} WHERE ${guard.sql}
         ON CONFLICT (user_id, account_type) DO UPDATE SET
           valid_until = ${extend(`max(valid_until, ?${p + 3})`)},
           remaining_seconds = CASE WHEN valid_until > ?${p + 3} THEN remaining_seconds ELSE 0 END + excluded.remaining_seconds`,
      )
      .bind(...guard.params, userId, account, now, pkg.seconds),
  ];
  if (account === 'svip') {
    statements.push(
      d1
        .prepare(
          `UPDATE accounts SET valid_until = ${extend('valid_until')} WHERE user_id = ?${p + 1} AND account_type = 'vip' AND valid_until > ?${p + 2} AND ${guard.sql}`,
        )
        .bind(...guard.params, userId, now),
    );
  }
  return statements;
}

const ITEM_ORDER: { type: AccountType; packageType: AccountItem['packageType'] }[] = [
  { type: 'vip', packageType: '2' },
  { type: 'duration', packageType: '3' },
  { type: 'dubbing', packageType: '5' },
  { type: 'svip', packageType: '1' },
];

/** The header's four account items (spec §3 account data), worded in `locale`. */
export async function accountItems(db: Db, userId: number, locale: Locale, now = Date.now()): Promise<AccountItem[]> {
  const b = await balances(db, userId, now);
  const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return ITEM_ORDER.map(({ type, packageType }) => {
    const balance = b[type];
    const timed = type === 'duration' || type === 'dubbing';
    const remark = !balance
      ? translate(locale, 'accountNotActive')
      : timed
        ? translate(locale, 'accountRemaining', { minutes: Math.floor(balance.remainingSeconds / 60), date: date(balance.validUntil) })
        : translate(locale, 'accountValidUntil', { date: date(balance.validUntil) });
    return {
      accountType: type,
      accountTypeName: translate(locale, `account_${type}`),
      remarkString: remark,
      operationString: translate(locale, balance ? (timed ? 'accountTopUp' : 'accountRenew') : 'accountBuy'),
      active: Boolean(balance),
      validUntil: balance?.validUntil ?? null,
      remainingSeconds: balance?.remainingSeconds ?? 0,
      packageType,
    };
  });
}
