import type { CalendarDate } from '@internationalized/date';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, CalendarCell, CalendarGrid, Heading, I18nProvider, RangeCalendar } from 'react-aria-components';
import type { Locale } from '../../contract/locales';
import { DEFAULT_CURRENCY, SEARCH_LIMITS } from '../../contract/search';
import { todayInBerlin } from '../../contract/calendar-dates';
import { formatMoney } from '../ui/format/money';
import { priceCalendarQuery } from '../../services/search/queries';
import { calendarDateToIso, isoToCalendarDate, pickerLocale } from './calendar-dates';
import { SearchActorContext } from './search-context';

/** Nights the price calendar asks for at once: the two months shown. */
const CALENDAR_SPAN_DAYS = 62;

/**
 * A two-month range calendar that shows the cheapest member price of each night for the hotel, or for
 * the whole city, and marks nights with nothing free.
 */
export default function PriceCalendar({ locale, calendarFor }: { locale: Locale; calendarFor: { hotelCode?: string; city?: string } }) {
  const { t } = useLingui();
  const actor = SearchActorContext.useActorRef();
  const dateRange = SearchActorContext.useSelector((snapshot) => snapshot.context.dateRange);
  const adults = SearchActorContext.useSelector((snapshot) => snapshot.context.rooms[0]?.adults ?? 1);
  const first = isoToCalendarDate(todayInBerlin());
  const [visibleStart, setVisibleStart] = useState<CalendarDate>(() => isoToCalendarDate(dateRange.start).set({ day: 1 }));
  const windowStart = visibleStart.compare(first) < 0 ? first : visibleStart;
  const hasTarget = Boolean(calendarFor.hotelCode || calendarFor.city);
  const prices = useQuery({
    ...priceCalendarQuery({
      ...calendarFor,
      startDate: calendarDateToIso(windowStart),
      endDate: calendarDateToIso(windowStart.add({ days: CALENDAR_SPAN_DAYS })),
      adults,
    }),
    enabled: hasTarget,
  });
  const byDate = new Map((prices.data?.days ?? []).map((day) => [day.date, day]));

  return (
    <I18nProvider locale={pickerLocale(locale)}>
      <RangeCalendar
        className="calendar"
        aria-label={t`Arrival and departure`}
        value={{ start: isoToCalendarDate(dateRange.start), end: isoToCalendarDate(dateRange.end) }}
        minValue={first}
        maxValue={first.add({ days: SEARCH_LIMITS.arrivalWindowDays })}
        visibleDuration={{ months: 2 }}
        onFocusChange={(date) => setVisibleStart(isoToCalendarDate(calendarDateToIso(date)).set({ day: 1 }))}
        isDateUnavailable={(date) => byDate.get(calendarDateToIso(date))?.available === false}
        onChange={(range) => {
          if (range) actor.send({ type: 'dates.changed', start: calendarDateToIso(range.start), end: calendarDateToIso(range.end) });
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
                  {({ formattedDate, isOutsideMonth }) => {
                    const day = byDate.get(calendarDateToIso(date));
                    return (
                      <>
                        <span className="calendar__day">{formattedDate}</span>
                        {!isOutsideMonth && day?.price != null ? (
                          <span className="calendar__price">{formatMoney(day.price, prices.data?.currency ?? DEFAULT_CURRENCY, locale, { whole: true })}</span>
                        ) : null}
                      </>
                    );
                  }}
                </CalendarCell>
              )}
            </CalendarGrid>
          ))}
        </div>
        {hasTarget ? (
          <p className="calendar__legend">
            {prices.isPending ? t`Loading prices…` : prices.isError ? t`Prices could not be loaded; you can still choose dates.` : t`Cheapest member price per night`}
          </p>
        ) : null}
      </RangeCalendar>
    </I18nProvider>
  );
}
