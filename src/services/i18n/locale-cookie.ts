import { isLocale, LOCALE_COOKIE } from '../../contract/locales';
import type { Locale } from '../../contract/locales';

/** Remembers the visitor's locale for their next visit to `/` (spec section 9). */
export function rememberLocale(locale: Locale, doc: Document = document): void {
  doc.cookie = `${LOCALE_COOKIE.name}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE.maxAgeSeconds}; SameSite=${LOCALE_COOKIE.sameSite}`;
}

export function rememberedLocale(doc: Document = document): Locale | null {
  for (const pair of doc.cookie.split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === LOCALE_COOKIE.name && isLocale(value)) return value;
  }
  return null;
}
