import { parseDate, toCalendarDate } from '@internationalized/date';
import type { CalendarDate, DateValue } from '@internationalized/date';
import { useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import type { ReactNode } from 'react';
import { Button, CalendarCell, CalendarGrid, Heading, I18nProvider, RangeCalendar } from 'react-aria-components';
import type { Locale } from '../../contract/locales';
import { bookingDateLocale } from './format/site-locale';
import './stay-calendar.css';

/** Our `yyyy-MM-dd` strings and the calendar's dates, both ways. */
export const isoToCalendarDate = (iso: string): CalendarDate => parseDate(iso);
export const calendarDateToIso = (date: DateValue): string => toCalendarDate(date).toString();

export interface StayRange {
  /** Arrival, `yyyy-MM-dd`. */
  start: string;
  /** Departure, `yyyy-MM-dd`. */
  end: string;
}

interface StayCalendarProps {
  locale: Locale;
  value: StayRange;
  /** Called once both days are chosen (a range started and not finished is the calendar's own). */
  onChange: (range: StayRange) => void;
  /** First and last day that can be chosen, `yyyy-MM-dd`. */
  min: string;
  max: string;
  isDateUnavailable?: (iso: string) => boolean;
  /** Shown under a day's number (a price), for days of the month on screen. */
  dayExtra?: (iso: string) => ReactNode;
  /** The first day of the month in view changed (arrows, Page Up and Down, the month buttons). */
  onVisibleMonthChange?: (firstOfMonth: string) => void;
  footer?: ReactNode;
}

/**
 * Two months of days in a grid, as the component library's range calendar: it takes focus when it opens
 * (on the arrival), arrows move by day and week, Page Up and Page Down by month, Home and End to the
 * week's ends, Enter or Space picks the arrival and then the departure, Escape drops a half-chosen range.
 * Weeks start and dates read as the site language's region does (Monday first in English), Gregorian
 * with Latin digits also in Arabic.
 */
export function StayCalendar({ locale, value, onChange, min, max, isDateUnavailable, dayExtra, onVisibleMonthChange, footer }: StayCalendarProps) {
  const { t } = useLingui();
  // The range last handed on. The library commits a range again when focus leaves the calendar before its
  // own state has let go of the arrival: a caller that closes the calendar on the departure (focus goes back
  // to its button) would otherwise hear the same range twice.
  const delivered = useRef<string | null>(null);
  return (
    <I18nProvider locale={bookingDateLocale(locale)}>
      <RangeCalendar
        className="calendar"
        aria-label={t`Arrival and departure`}
        autoFocus
        value={{ start: isoToCalendarDate(value.start), end: isoToCalendarDate(value.end) }}
        minValue={isoToCalendarDate(min)}
        maxValue={isoToCalendarDate(max)}
        visibleDuration={{ months: 2 }}
        onFocusChange={(date) => onVisibleMonthChange?.(calendarDateToIso(toCalendarDate(date).set({ day: 1 })))}
        isDateUnavailable={isDateUnavailable ? (date) => isDateUnavailable(calendarDateToIso(date)) : undefined}
        onChange={(range) => {
          if (!range) return;
          const chosen = { start: calendarDateToIso(range.start), end: calendarDateToIso(range.end) };
          if (delivered.current === `${chosen.start}/${chosen.end}`) return;
          delivered.current = `${chosen.start}/${chosen.end}`;
          onChange(chosen);
        }}
      >
        <header className="calendar__header">
          <Button slot="previous" className="calendar__nav" aria-label={t`Previous month`}>
            <span className="mirror-in-rtl" aria-hidden="true">
              ‹
            </span>
          </Button>
          <Heading className="calendar__heading" />
          <Button slot="next" className="calendar__nav" aria-label={t`Next month`}>
            <span className="mirror-in-rtl" aria-hidden="true">
              ›
            </span>
          </Button>
        </header>
        <div className="calendar__months">
          {[0, 1].map((offset) => (
            <CalendarGrid key={offset} offset={{ months: offset }} className="calendar__grid">
              {(date) => (
                <CalendarCell date={date} className="calendar__cell">
                  {({ formattedDate, isOutsideMonth }) => (
                    <>
                      <span className="calendar__day">{formattedDate}</span>
                      {!isOutsideMonth && dayExtra ? dayExtra(calendarDateToIso(date)) : null}
                    </>
                  )}
                </CalendarCell>
              )}
            </CalendarGrid>
          ))}
        </div>
        {footer}
      </RangeCalendar>
    </I18nProvider>
  );
}
