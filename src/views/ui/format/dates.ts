import { BUSINESS_TIME_ZONE } from '../../../contract/calendar-dates';
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

/** A day of a stay (ISO date) in short, where the year goes without saying: "27 Nov", "27. Nov.", Latin digits in Arabic too. */
export function formatCalendarDay(isoDate: string, locale: Locale): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  if (!year || !month || !day) return isoDate;
  return dateTimeFormat(bookingDateLocale(locale), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, day)));
}

/**
 * A moment (ISO date-time) of booking terms, such as the end of free cancellation, in Berlin time: date and
 * time of day as the locale's region writes them (`en`: "24 Jan 2027, 17:00", 24 hours as in Britain),
 * Gregorian with Latin digits also in Arabic, like the stay dates.
 */
export function formatBerlinDateTime(isoDateTime: string, locale: Locale): string {
  const date = new Date(isoDateTime);
  if (Number.isNaN(date.getTime())) return isoDateTime;
  return dateTimeFormat(bookingDateLocale(locale), { dateStyle: 'medium', timeStyle: 'short', timeZone: BUSINESS_TIME_ZONE }).format(date);
}

/**
 * A local time of day (`HH:mm`, such as a hotel's check-in time) as the site language's region writes it
 * (`en`: "15:00", 24 hours as in Britain), with Latin digits like the booking dates.
 */
export function formatTimeOfDay(time: string, locale: Locale): string {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return time;
  const instant = new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2])));
  return dateTimeFormat(bookingDateLocale(locale), { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(instant);
}

/** Whether a calendar date lies after today's date (a hotel opening later shows its opening date). */
export function isFutureDate(isoDate: string, today: string): boolean {
  return isoDate > today;
}
