import * as v from 'valibot';

/** Every locale the site is published in. `en` is the default; `ar` is the only right-to-left one. */
export const LOCALES = ['en', 'de', 'fr', 'nl', 'es', 'it', 'pl', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const RIGHT_TO_LEFT_LOCALES: readonly Locale[] = ['ar'];

export const LocaleSchema = v.picklist(LOCALES);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function textDirection(locale: Locale): 'rtl' | 'ltr' {
  return RIGHT_TO_LEFT_LOCALES.includes(locale) ? 'rtl' : 'ltr';
}

/** A text stored once per locale; `en` is always present and is the fallback. */
export const LocalizedTextSchema = v.object({
  en: v.string(),
  de: v.optional(v.string()),
  fr: v.optional(v.string()),
  nl: v.optional(v.string()),
  es: v.optional(v.string()),
  it: v.optional(v.string()),
  pl: v.optional(v.string()),
  ar: v.optional(v.string()),
});
export type LocalizedText = v.InferOutput<typeof LocalizedTextSchema>;

export function pickLocalized(text: LocalizedText, locale: Locale): string {
  return text[locale] ?? text.en;
}

/** Name and attributes of the cookie that remembers the visitor's locale (spec section 9). */
export const LOCALE_COOKIE = {
  name: 'NEXT_LOCALE',
  maxAgeSeconds: 31_536_000,
  sameSite: 'Lax',
} as const;

/**
 * Picks the locale for a visitor who arrives without one in the path: the remembered cookie first,
 * then the browser's preferred languages in order (`de-CH` matches `de`), else the default.
 */
export function negotiateLocale(
  cookieLocale: string | null | undefined,
  preferredLanguages: readonly string[],
): Locale {
  if (isLocale(cookieLocale)) return cookieLocale;
  for (const tag of preferredLanguages) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}

/** Parses an Accept-Language header into language tags ordered by their q weight. */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The locale named by the first segment of a path, if it is one of ours. */
export function localeOfPath(pathname: string): Locale | null {
  const first = pathname.split('/')[1] ?? '';
  return isLocale(first) ? first : null;
}
