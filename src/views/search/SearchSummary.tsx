import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useId } from 'react';
import type { Locale } from '../../contract/locales';
import { formatCalendarDate } from '../ui/format/dates';
import { nightsBetween } from '../../contract/calendar-dates';
import type { SearchQueryState } from '../../services/search/search-state';
import { SearchActorContext } from './search-context';
import './search.css';

// The full form (combobox, rooms editor, calendar) loads when the guest asks to change the search, so the
// results page shows its hotels sooner.
const SearchBar = lazy(() => import('./SearchBar').then((module) => ({ default: module.SearchBar })));

/**
 * The results page's search: one line saying what was searched, and a button that opens the full form
 * to change it. The form closes again on a valid search or on Cancel; unsubmitted edits stay in it.
 */
export function SearchSummary({ searched, locale }: { searched: SearchQueryState; locale: Locale }) {
  const { t } = useLingui();
  const actor = SearchActorContext.useActorRef();
  // Without a destination there is nothing to summarise: the form is shown straight away.
  const hasSearch = searched.location.trim() !== '';
  const editorOpen = SearchActorContext.useSelector((snapshot) => snapshot.hasTag('editorOpen')) || !hasSearch;
  const formId = useId();
  const nights = nightsBetween(searched.dateRange.start, searched.dateRange.end);
  const roomCount = searched.rooms.length;
  const guests = searched.rooms.reduce((sum, room) => sum + room.adults + room.children.length, 0);
  return (
    <section className="search-summary" aria-label={t`Your search`}>
      <p className="search-summary__text">
        {hasSearch ? <strong>{searched.location}</strong> : null}
        <span>
          <bdi>{formatCalendarDate(searched.dateRange.start, locale)}</bdi> –{' '}
          <bdi>{formatCalendarDate(searched.dateRange.end, locale)}</bdi>
          {' · '}
          {plural(nights, { one: '# night', other: '# nights' })}
        </span>
        <span>
          {plural(roomCount, { one: '# room', other: '# rooms' })}, {plural(guests, { one: '# guest', other: '# guests' })}
        </span>
      </p>
      {hasSearch ? (
        <button
          type="button"
          className="button search-summary__toggle"
          aria-expanded={editorOpen}
          aria-controls={formId}
          onClick={() => actor.send({ type: editorOpen ? 'editor.close' : 'editor.open' })}
        >
          {editorOpen ? t`Cancel` : t`Change search`}
        </button>
      ) : null}
      <div id={formId} className="search-summary__form" hidden={!editorOpen}>
        {editorOpen ? (
          <Suspense fallback={<p role="status">{t`Loading the search form…`}</p>}>
            <SearchBar locale={locale} />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
