import { formattingLocale } from './site-locale';

/**
 * Intl formatters are costly to build and cheap to reuse: a results page formats hundreds of prices,
 * dates and distances with a handful of distinct option sets. Formatters are kept per locale and options.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** Site languages format with their region's conventions (see `formattingLocale`), whoever calls. */
function cached<F>(cache: Map<string, F>, locale: string, options: object, create: () => F): F {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = create();
    cache.set(key, formatter);
  }
  return formatter;
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(numberFormats, locale, options, () => new Intl.NumberFormat(formattingLocale(locale), options));
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(dateFormats, locale, options, () => new Intl.DateTimeFormat(formattingLocale(locale), options));
}
