import type { Locale } from './locales';

/**
 * The region whose conventions each site language formats with. A bare language tag picks the
 * conventions of its most populous region: `en` alone is American (Sunday-first weeks, "06:00 PM",
 * 01/12/2027), which a European hotel group's guests do not expect. Each site language names its own.
 */
const FORMATTING_REGION: Record<Locale, string | null> = {
  en: 'GB',
  de: 'DE',
  fr: 'FR',
  nl: 'NL',
  es: 'ES',
  it: 'IT',
  pl: 'PL',
  // Arabic is written for guests of many countries: the language's own conventions, with the calendar and digits pinned below.
  ar: null,
};

/**
 * The tag Intl and the date picker format with for a tag that starts with a site language: that language
 * in its region (unless the tag names one), its extensions kept. `en-u-ca-gregory-nu-latn` becomes
 * `en-GB-u-ca-gregory-nu-latn`; any other tag is returned as it is.
 */
export function formattingLocale(tag: string): string {
  let parsed: Intl.Locale;
  try {
    parsed = new Intl.Locale(tag);
  } catch {
    return tag;
  }
  if (parsed.region) return tag;
  const region = (FORMATTING_REGION as Record<string, string | null | undefined>)[parsed.language];
  return region ? new Intl.Locale(tag, { region }).toString() : tag;
}
