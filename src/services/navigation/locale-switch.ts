import type { Locale } from '../../contract/locales';
import { localizedPath, pathWithoutLocale } from './paths';

export interface LocationParts {
  pathname: string;
  search: string;
  hash: string;
}

/** The same page, query and fragment in another locale. */
export function switchLocaleHref(location: LocationParts, locale: Locale): string {
  const search = location.search && location.search !== '?' ? location.search : '';
  const hash = location.hash && location.hash !== '#' ? location.hash : '';
  return `${localizedPath(locale, pathWithoutLocale(location.pathname))}${search}${hash}`;
}
