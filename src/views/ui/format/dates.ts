import type { Locale } from '../../../contract/locales';
import { dateTimeFormat } from './intl-cache';
import { bookingDateLocale } from './site-locale';

/**
 * A calendar date (`yyyy-MM-dd`) written out for the locale (`en`: "5 March 2027", as in Britain). Booking dates always use the Gregorian
 * calendar and Latin digits, also in Arabic, so they match confirmations and hotel documents.
 */
export function formatCalendarDate(isoDate: string, locale: Locale): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  if (!year || !month || !day) return isoDate;
  const date = new Date(Date.UTC(year, month - 1, day));
  return dateTimeFormat(bookingDateLocale(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** Whether a calendar date lies after today's date (a hotel opening later shows its opening date). */
export function isFutureDate(isoDate: string, today: string): boolean {
  return isoDate > today;
}
