/** The business time zone (spec section 9): "today" for inventory and seeding is today in Berlin. */
export const BUSINESS_TIME_ZONE = 'Europe/Berlin';

/** An ISO calendar date, `yyyy-MM-dd`. */
export type IsoDate = string;

// Intl rather than a date library: this is the only time-zone conversion needed, and loading
// date-fns-tz (all of date-fns) would add seconds to every start.
const berlinDate = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date in Berlin at the given instant. */
export function businessDate(now: Date): IsoDate {
  const parts = Object.fromEntries(berlinDate.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Adds whole days to a calendar date; done in UTC so no daylight-saving change can shift the day. */
export function addDays(date: IsoDate, days: number): IsoDate {
  const [year, month, day] = date.split('-').map(Number);
  const utc = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
  utc.setUTCDate(utc.getUTCDate() + days);
  return utc.toISOString().slice(0, 10);
}
