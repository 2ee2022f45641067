/** The business time zone (spec section 9): the day an event happened is the day in Berlin. */
const BUSINESS_TIME_ZONE = 'Europe/Berlin';

/* The browser's own time-zone data (Intl) gives the day in Berlin: no library travels with every page for it. */
const BERLIN_DAY = new Intl.DateTimeFormat('en-GB', { timeZone: BUSINESS_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric', calendar: 'gregory', numberingSystem: 'latn' });

/**
 * A date as analytics reads it (spec section 7): dd-MM-yyyy. A calendar date (yyyy-MM-dd, e.g. a stay's
 * arrival) keeps its day; an instant is the day it falls on in the business time zone.
 */
export function analyticsDate(value: string | Date | number): string {
  if (typeof value === 'string') {
    const [year, month, day] = value.slice(0, 10).split('-');
    return `${day}-${month}-${year}`;
  }
  const parts = Object.fromEntries(BERLIN_DAY.formatToParts(value).map((part) => [part.type, part.value]));
  return `${parts.day}-${parts.month}-${parts.year}`;
}
