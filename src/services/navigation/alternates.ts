import { DEFAULT_LOCALE, LOCALES } from '../../contract/locales';
import type { Locale } from '../../contract/locales';
import { localizedPath, pathWithoutLocale } from './paths';

export interface AlternateLink {
  hrefLang: string;
  href: string;
}

/**
 * The alternate-language links of a page: one per locale plus `x-default` (the default locale's page),
 * and its canonical URL (the current locale, no query or fragment).
 */
export function alternateLinks(
  origin: string,
  pathname: string,
  currentLocale: Locale,
): { alternates: AlternateLink[]; canonical: string } {
  const path = pathWithoutLocale(pathname);
  const alternates: AlternateLink[] = LOCALES.map((locale) => ({ hrefLang: locale, href: origin + localizedPath(locale, path) }));
  alternates.push({ hrefLang: 'x-default', href: origin + localizedPath(DEFAULT_LOCALE, path) });
  return { alternates, canonical: origin + localizedPath(currentLocale, path) };
}
