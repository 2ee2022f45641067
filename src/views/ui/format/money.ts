import type { Locale } from '../../../contract/locales';
import { numberFormat } from './intl-cache';

/** A price for the locale: `€1,234.50`, `1.234,50 €`; Latin digits also in Arabic, as on booking documents. */
export function formatMoney(amount: number, currency: string, locale: Locale, options: { whole?: boolean } = {}): string {
  return numberFormat(`${locale}-u-nu-latn`, {
    style: 'currency',
    currency,
    ...(options.whole ? { maximumFractionDigits: 0, minimumFractionDigits: 0 } : {}),
  }).format(amount);
}

export function formatPoints(points: number, locale: Locale): string {
  return numberFormat(`${locale}-u-nu-latn`, { maximumFractionDigits: 0 }).format(points);
}

export function formatDistanceKm(km: number, locale: Locale): string {
  return numberFormat(`${locale}-u-nu-latn`, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 }).format(km);
}
