import { calendarDateIn, todayInBerlin } from '../../contract/calendar-dates';

/** Today's calendar date in a time zone, as `yyyy-MM-dd`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return calendarDateIn(timeZone, now);
}

/** The one "today" (kept in the contract, beside the business time zone). */
export { todayInBerlin };
