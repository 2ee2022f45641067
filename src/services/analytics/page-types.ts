import type { PageTypeGroup } from '../../contract/analytics';
import { localeOfPath } from '../../contract/locales';

/**
 * The page-type group of a path (spec section 2): Member for account pages, CICO for the check-in and
 * checkout flows, IBE for the booking engine, Offers, Brand and Hotel pages, and Default for the rest.
 * Decided by the first segment after the locale, so /booking/check-out (booking) is never taken for the
 * hotel checkout flow (/checkout/...).
 */
const GROUP_OF_SEGMENT: Readonly<Record<string, PageTypeGroup>> = {
  account: 'Member',
  checkin: 'CICO',
  checkout: 'CICO',
  booking: 'IBE',
  offers: 'Offers',
  brands: 'Brand',
  hotels: 'Hotel',
};

/** The path's segments after the locale (when it starts with one of ours). */
export function segmentsAfterLocale(pathname: string): string[] {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  return localeOfPath(pathname) ? segments.slice(1) : segments;
}

export function pageTypeGroup(pathname: string): PageTypeGroup {
  const first = (segmentsAfterLocale(pathname)[0] ?? '').toLowerCase();
  return Object.hasOwn(GROUP_OF_SEGMENT, first) ? (GROUP_OF_SEGMENT[first] as PageTypeGroup) : 'Default';
}

/** The hotel code of a hotel page's path, or null on any other page. */
export function hotelCodeOfPath(pathname: string): string | null {
  const [first, code] = segmentsAfterLocale(pathname);
  return first?.toLowerCase() === 'hotels' && code ? decodeURIComponent(code) : null;
}

/** The brand code of a brand page's path, or null on any other page. */
export function brandCodeOfPath(pathname: string): string | null {
  const [first, code] = segmentsAfterLocale(pathname);
  return first?.toLowerCase() === 'brands' && code ? decodeURIComponent(code) : null;
}
