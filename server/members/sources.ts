import type { Locale, LocalizedText } from '../../src/contract/locales';
import { pickLocalized } from '../../src/contract/locales';

/**
 * Where a registration comes from (the `source` of register, and GET registration-source/{x}): the
 * channels the programme knows. `allowed: false` sources are known but closed for new sign-ups.
 */
const SOURCES: Record<string, { name: LocalizedText; allowed: boolean }> = {
  website: { name: { en: 'Website', de: 'Webseite', ar: 'الموقع الإلكتروني' }, allowed: true },
  app: { name: { en: 'H Rewards app', de: 'H Rewards App', ar: 'تطبيق H Rewards' }, allowed: true },
  hotel: { name: { en: 'At the hotel', de: 'Im Hotel', ar: 'في الفندق' }, allowed: true },
  booking: { name: { en: 'During a booking', de: 'Während einer Buchung', ar: 'أثناء الحجز' }, allowed: true },
  newsletter: { name: { en: 'Newsletter', de: 'Newsletter', ar: 'النشرة الإخبارية' }, allowed: true },
  'partner-legacy': {
    name: { en: 'Former partner programme', de: 'Ehemaliges Partnerprogramm', ar: 'برنامج الشركاء السابق' },
    allowed: false,
  },
};

export function registrationSource(source: string, locale: Locale): { source: string; name: string; allowed: boolean } | undefined {
  const known = Object.hasOwn(SOURCES, source) ? SOURCES[source] : undefined;
  return known && { source, name: pickLocalized(known.name, locale), allowed: known.allowed };
}
