import { addDays, BUSINESS_TIME_ZONE, calendarDateIn } from '../../src/contract/calendar-dates';

export { addDays, BUSINESS_TIME_ZONE };

/** An ISO calendar date, `yyyy-MM-dd`. */
export type IsoDate = string;

/** The calendar date in Berlin at the given instant: "today" for inventory, seeding and search. */
export function businessDate(now: Date): IsoDate {
  return calendarDateIn(BUSINESS_TIME_ZONE, now);
}
