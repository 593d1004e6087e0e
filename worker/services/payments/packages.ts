import { and, asc, eq, sql } from 'drizzle-orm';
import type { Locale } from '../../../contracts/locale';
import type { PackageCategory, PackageType, PricePackage } from '../../../contracts/pay';
import { DAILY_LIMIT_SECONDS, SVIP_PERMISSIONS, DEFAULT_PERMISSIONS } from '../../../contracts/rights';
import type { Db } from '../../db/client';
import { packageTexts, packages } from '../../db/schema';
import { translate } from '../../lib/i18n';

/** Tabs in the order of the header's account items, so a tab index means the same thing everywhere (dubbing is tab 2). */
const CATEGORY_ORDER: PackageType[] = ['2', '3', '5', '1'];
const NAME = { '1': 'account_svip', '2': 'account_vip', '3': 'account_duration', '5': 'account_dubbing' } as const;
const REMARK = { '1': 'packageRemark_svip', '2': 'packageRemark_vip', '3': 'packageRemark_duration', '5': 'packageRemark_dubbing' } as const;
const hours = (seconds: number) => Math.round((seconds / 3600) * 10) / 10;

/** What a package gives (spec §6), worded in `locale`. */
function rights(type: PackageType, seconds: number, locale: Locale): string[] {
  const t = (key: Parameters<typeof translate>[1], params = {}) => translate(locale, key, params);
  if (type === '3')
    return [
      t('rightHours', { hours: hours(seconds) }),
      t('rightLanguages', { recognition: DEFAULT_PERMISSIONS.recognitionCount, translation: DEFAULT_PERMISSIONS.translateCount }),
    ];
  if (type === '5') return [t('rightDubbing', { hours: hours(seconds) })];
  const level = type === '1' ? 'svip' : 'vip';
  const perms = type === '1' ? SVIP_PERMISSIONS : DEFAULT_PERMISSIONS;
  const list = [
    t('rightRealtimeDaily', { hours: hours(DAILY_LIMIT_SECONDS.realtime[level]) }),
    t('rightUploadDaily', { hours: hours(DAILY_LIMIT_SECONDS.upload[level]) }),
    t('rightLanguages', { recognition: perms.recognitionCount, translation: perms.translateCount }),
  ];
  if (perms.proprietaryWords) list.push(t('rightVocabulary'), t('rightInviteAndScreens'));
  return list;
}

/** Joins a package to its texts in `locale` (at most one row: the texts are keyed by package and language). */
export const textsIn = (locale: Locale) => and(eq(packageTexts.packageId, packages.id), eq(packageTexts.locale, locale));
/** With `textsIn` joined: the package's name in that language, else the name it was created with. */
export const localName = sql<string>`coalesce(${packageTexts.name}, ${packages.packageName})`;

/** One package's name in `locale`, or null when there is no such package. */
export async function packageNameIn(db: Db, packageId: number, locale: Locale): Promise<string | null> {
  const [row] = await db.select({ name: localName }).from(packages).leftJoin(packageTexts, textsIn(locale)).where(eq(packages.id, packageId));
  return row?.name ?? null;
}

/** Every package grouped into the pay dialog's category tabs, named in `locale`; prices in yuan. */
export async function priceCategories(db: Db, locale: Locale, only: readonly PackageType[] = CATEGORY_ORDER): Promise<PackageCategory[]> {
  const rows = await db
    .select({
      id: packages.id,
      packageType: packages.packageType,
      packageName: localName,
      description: sql<string>`coalesce(${packageTexts.description}, '')`,
      priceFen: packages.priceFen,
      orgPriceFen: packages.orgPriceFen,
      validPeriod: packages.validPeriod,
      validPeriodUnit: packages.validPeriodUnit,
      seconds: packages.seconds,
    })
    .from(packages)
    .leftJoin(packageTexts, textsIn(locale))
    .orderBy(asc(packages.priceFen), asc(packages.id));
  return CATEGORY_ORDER.filter((type) => only.includes(type)).map((packageType) => ({
    packageType,
    desc: translate(locale, NAME[packageType]),
    remark: translate(locale, REMARK[packageType]),
    packageList: rows
      .filter((r) => r.packageType === packageType && r.priceFen > 0)
      .map(
        (r): PricePackage => ({
          id: r.id,
          packageName: r.packageName,
          description: r.description,
          packageType,
          price: r.priceFen / 100,
          orgPrice: r.orgPriceFen / 100,
          validPeriod: r.validPeriod,
          validPeriodUnit: r.validPeriodUnit,
          seconds: r.seconds,
          rights: rights(packageType, r.seconds, locale),
        }),
      ),
  }));
}
