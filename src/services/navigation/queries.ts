import { useLocation, useRouter } from '@tanstack/react-router';
import type { Locale } from '../../contract/locales';
import { alternateLinks } from './alternates';
import type { AlternateLink } from './alternates';
import { switchLocaleHref } from './locale-switch';

/** The alternate-language and canonical links of the page shown (the router knows the origin in the browser and on the server). */
export function useAlternateLinks(locale: Locale): { alternates: AlternateLink[]; canonical: string } {
  const { pathname } = useLocation();
  const { origin } = useRouter();
  return alternateLinks(origin, pathname, locale);
}

/** Shows the page in another language, in place, keeping its query and fragment (any page, also one the site does not have). */
export function useSwitchLocale(): (locale: Locale) => void {
  const router = useRouter();
  const location = useLocation();
  return (locale) => {
    const href = switchLocaleHref({ pathname: location.pathname, search: location.searchStr, hash: location.hash ? `#${location.hash}` : '' }, locale);
    void router.navigate({ href });
  };
}
