import type { Locale } from '../../contract/locales';

/**
 * Pages of the specification (section 2) that have no route yet: the site answers them with its
 * not-found page. A typed link can only point at a route, so these stay plain addresses (for SiteLink)
 * until their routes exist; then a typed Link replaces each.
 */
const PAGES_TO_COME = {
  preferenceCenter: '/preference-center',
} as const;

export type PageToCome = keyof typeof PAGES_TO_COME;

/** The address of a page to come in a locale: `/de/account/bookings`. */
export function pageToComeHref(locale: Locale, page: PageToCome): string {
  return `/${locale}${PAGES_TO_COME[page]}`;
}
