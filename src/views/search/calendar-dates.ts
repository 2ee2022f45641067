import { parseDate, toCalendarDate } from '@internationalized/date';
import type { CalendarDate, DateValue } from '@internationalized/date';

/** Our `yyyy-MM-dd` strings and the date picker's calendar dates, both ways. */
export const isoToCalendarDate = (iso: string): CalendarDate => parseDate(iso);
export const calendarDateToIso = (date: DateValue): string => toCalendarDate(date).toString();

/** The picker's locale: Gregorian calendar and Latin digits for booking dates, also in Arabic. */
export const pickerLocale = (locale: string): string => `${locale}-u-ca-gregory-nu-latn`;
