/**
 * Calendar dates as `yyyy-MM-dd` strings, shared by the web app and the BFF. Stay dates have no time of
 * day, so arithmetic is done in UTC, where no daylight-saving change can shift a day.
 */

/** The business time zone (spec section 9): "today" for searches, inventory and seeding is today here. */
export const BUSINESS_TIME_ZONE = 'Europe/Berlin';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date in a time zone at the given instant. */
export function calendarDateIn(timeZone: string, now: Date): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * Today's calendar date in the business time zone (Europe/Berlin, spec section 9): the one "today" of
 * searches, date pickers, opening dates and booking dates, wherever the visitor's clock is.
 */
export function todayInBerlin(now: Date = new Date()): string {
  return calendarDateIn(BUSINESS_TIME_ZONE, now);
}

/** Adds whole days to a calendar date. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  const utc = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
  utc.setUTCDate(utc.getUTCDate() + days);
  return utc.toISOString().slice(0, 10);
}

/** Nights between two calendar dates (negative when the end comes first). */
export function nightsBetween(startDate: string, endDate: string): number {
  return Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000);
}
