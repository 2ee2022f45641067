import type { Locale } from '../../contract/locales';
import { useAlternateLinks } from '../../services/navigation/queries';

/** Alternate-language and canonical links of the page shown; React places them in the head. */
export function SeoLinks({ locale }: { locale: Locale }) {
  const { alternates, canonical } = useAlternateLinks(locale);
  return (
    <>
      {alternates.map((link) => (
        <link key={link.hrefLang} rel="alternate" hrefLang={link.hrefLang} href={link.href} />
      ))}
      <link rel="canonical" href={canonical} />
    </>
  );
}
