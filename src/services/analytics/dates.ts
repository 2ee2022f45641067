import { format, parseISO } from 'date-fns';
import { formatInTimeZone } from 'date-fns-tz';

/** The business time zone (spec section 9): the day an event happened is the day in Berlin. */
const BUSINESS_TIME_ZONE = 'Europe/Berlin';
const ANALYTICS_DATE_FORMAT = 'dd-LL-yyyy';

/**
 * A date as analytics reads it (spec section 7): dd-LL-yyyy. A calendar date (yyyy-MM-dd, e.g. a stay's
 * arrival) keeps its day; an instant is the day it falls on in the business time zone.
 */
export function analyticsDate(value: string | Date | number): string {
  if (typeof value === 'string') return format(parseISO(value), ANALYTICS_DATE_FORMAT);
  return formatInTimeZone(value, BUSINESS_TIME_ZONE, ANALYTICS_DATE_FORMAT);
}
