import type { TFunction } from 'i18next';
import type { PricePackage } from '../../../contracts/pay';

const UNITS = { 1: 'year', 2: 'month', 3: 'day' } as const;

/** "Valid for 1 month" in the interface language. */
export function validity(t: TFunction, p: Pick<PricePackage, 'validPeriod' | 'validPeriodUnit'>) {
  const unit = UNITS[p.validPeriodUnit as keyof typeof UNITS] ?? 'day';
  const form = p.validPeriod === 1 ? 'One' : 'Many';
  return t('pay.validFor', { period: t(`pay.units.${unit}${form}`, { count: p.validPeriod }) });
}

/** A price as the channel charges it, in the interface language: "CN¥99.00" in English, "¥99.00" in Chinese. */
export function formatPrice(amount: number, currency: string, locale: string) {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
}
