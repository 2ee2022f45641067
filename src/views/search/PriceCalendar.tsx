import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Locale } from '../../contract/locales';
import { DEFAULT_CURRENCY, SEARCH_LIMITS } from '../../contract/search';
import { addDays, todayInBerlin } from '../../contract/calendar-dates';
import { formatMoney } from '../ui/format/money';
import { StayCalendar } from '../ui/StayCalendar';
import { priceCalendarQuery } from '../../services/search/queries';
import { useAuthAccess } from '../shell/session-context';
import { SearchActorContext } from './search-context';

/** Nights the price calendar asks for at once: the two months shown. */
const CALENDAR_SPAN_DAYS = 62;

/**
 * The stay calendar with the cheapest member price of each night for the hotel, or for the whole city,
 * and nights with nothing free marked. Choosing the departure ends the choice: `onChosen` closes the panel.
 */
export default function PriceCalendar({ locale, calendarFor, onChosen }: { locale: Locale; calendarFor: { hotelCode?: string; city?: string }; onChosen: () => void }) {
  const { t } = useLingui();
  const actor = SearchActorContext.useActorRef();
  const dateRange = SearchActorContext.useSelector((snapshot) => snapshot.context.dateRange);
  const adults = SearchActorContext.useSelector((snapshot) => snapshot.context.rooms[0]?.adults ?? 1);
  const first = todayInBerlin();
  const [visibleStart, setVisibleStart] = useState(() => `${dateRange.start.slice(0, 8)}01`);
  const windowStart = visibleStart < first ? first : visibleStart;
  const hasTarget = Boolean(calendarFor.hotelCode || calendarFor.city);
  // A signed-in member's prices carry their company's rate where it is lower.
  const access = useAuthAccess();
  const prices = useQuery({
    ...priceCalendarQuery({ ...calendarFor, startDate: windowStart, endDate: addDays(windowStart, CALENDAR_SPAN_DAYS), adults }, access),
    enabled: hasTarget,
  });
  const byDate = new Map((prices.data?.days ?? []).map((day) => [day.date, day]));
  const currency = prices.data?.currency ?? DEFAULT_CURRENCY;

  return (
    <StayCalendar
      locale={locale}
      value={dateRange}
      min={first}
      max={addDays(first, SEARCH_LIMITS.arrivalWindowDays)}
      onVisibleMonthChange={setVisibleStart}
      isDateUnavailable={(date) => byDate.get(date)?.available === false}
      dayExtra={(date) => {
        const price = byDate.get(date)?.price;
        return price != null ? <span className="calendar__price">{formatMoney(price, currency, locale, { whole: true })}</span> : null;
      }}
      onChange={(range) => {
        actor.send({ type: 'dates.changed', start: range.start, end: range.end });
        onChosen();
      }}
      footer={
        hasTarget ? (
          <p className="calendar__legend">
            {prices.isPending ? t`Loading prices…` : prices.isError ? t`Prices could not be loaded; you can still choose dates.` : t`Cheapest member price per night`}
          </p>
        ) : null
      }
    />
  );
}
