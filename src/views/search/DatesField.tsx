import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import type { Locale } from '../../contract/locales';
import { formatCalendarDate } from '../ui/format/dates';
import { nightsBetween } from '../../contract/calendar-dates';
import { DisclosurePanel } from '../shell/DisclosurePanel';
import { SearchActorContext } from './search-context';

// The calendar is the heaviest part of the search bar: it loads when the guest opens it.
const PriceCalendar = lazy(() => import('./PriceCalendar'));

export function DatesField({ locale, calendarFor }: { locale: Locale; calendarFor: { hotelCode?: string; city?: string } }) {
  const { t } = useLingui();
  const dateRange = SearchActorContext.useSelector((snapshot) => snapshot.context.dateRange);
  const nights = nightsBetween(dateRange.start, dateRange.end);
  return (
    <div className="field field--dates">
      {/* For the eye: the button says the same in its own name. */}
      <span className="field__label" aria-hidden="true">
        {t`Dates`}
      </span>
      <DisclosurePanel
        label={t`Dates`}
        buttonClassName="field__button"
        panelClassName="popover dialog popover--calendar"
        panelLabel={t`Choose your dates`}
        summary={
          <span id="dates-value">
            <bdi>{formatCalendarDate(dateRange.start, locale)}</bdi> – <bdi>{formatCalendarDate(dateRange.end, locale)}</bdi>
            <span className="field__hint">{plural(nights, { one: '# night', other: '# nights' })}</span>
          </span>
        }
      >
        {(close) => (
          <Suspense fallback={<p role="status">{t`Loading the calendar…`}</p>}>
            <PriceCalendar locale={locale} calendarFor={calendarFor} onChosen={close} />
          </Suspense>
        )}
      </DisclosurePanel>
    </div>
  );
}
