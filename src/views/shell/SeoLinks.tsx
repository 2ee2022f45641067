import { useLocation, useRouter } from '@tanstack/react-router';
import type { Locale } from '../../contract/locales';
import { alternateLinks } from '../../services/navigation/alternates';

/** Alternate-language and canonical links of the page shown; React places them in the head. */
export function SeoLinks({ locale }: { locale: Locale }) {
  const { pathname } = useLocation();
  // The router knows the origin in the browser and when the server renders the page.
  const { origin } = useRouter();
  const { alternates, canonical } = alternateLinks(origin, pathname, locale);
  return (
    <>
      {alternates.map((link) => (
        <link key={link.hrefLang} rel="alternate" hrefLang={link.hrefLang} href={link.href} />
      ))}
      <link rel="canonical" href={canonical} />
    </>
  );
}
