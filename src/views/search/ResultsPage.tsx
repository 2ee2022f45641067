import { Plural, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { destinationLinkSearch, searchLinkSearch } from '../../machines/search/search.selectors';
import type { ReplacedUrlValue } from '../../machines/search/search.selectors';
import type { Locale } from '../../contract/locales';
import type { HotelSearchResponse, PromoOutcome, SortOption } from '../../contract/search';
import { formatCalendarDate } from '../ui/format/dates';
import { addDays, nightsBetween, todayInBerlin } from '../../contract/calendar-dates';
import { isUnknownPlace, locationSuggestionsQuery, nearbyAvailableArrivals, priceCalendarQuery, searchResultsQuery } from '../../services/search/queries';
import { destinationsQuery } from '../../services/content/queries';
import type { SearchQueryState } from '../../services/search/search-state';
import { PageTitle } from '../shell/PageTitle';
import { useAuthAccess } from '../shell/session-context';
import { CardSkeletons, LoadFailed } from '../shell/QueryState';
import { HotelResultCard } from './HotelResultCard';
import { SearchActorContext } from './search-context';
import { ReplacedValuesNotice } from './ReplacedValuesNotice';
import { SearchSummary } from './SearchSummary';

/** The results of the search in the URL; the form above them edits the next search. */
export function ResultsPage({ locale, searched, replaced = [] }: { locale: Locale; searched: SearchQueryState; replaced?: ReplacedUrlValue[] }) {
  const { t } = useLingui();
  // A signed-in member's search carries their token: their company's rate may lower the prices.
  const results = useQuery({ ...searchResultsQuery(searched, locale, useAuthAccess()), enabled: searched.location.trim() !== '' });
  return (
    <div className="page results-page" data-page="results">
      <PageTitle title={searched.location ? t`Hotels in ${searched.location}` : t`Find a hotel`} />
      <h1>{searched.location ? t`Hotels in ${searched.location}` : t`Find a hotel`}</h1>
      <SearchSummary searched={searched} locale={locale} />
      <ReplacedValuesNotice replaced={replaced} locale={locale} />
      {searched.location.trim() === '' ? (
        <p className="notice">{t`Enter a destination to see hotels, prices and availability.`}</p>
      ) : results.isPending ? (
        <CardSkeletons count={6} label={t`Searching hotels…`} />
      ) : results.isError && isUnknownPlace(results.error) ? (
        <UnknownPlace place={searched.location} locale={locale} />
      ) : results.isError ? (
        <LoadFailed message={t`The search could not be completed.`} onRetry={() => void results.refetch()} />
      ) : (
        <Results data={results.data} searched={searched} locale={locale} isRefreshing={results.isPlaceholderData} />
      )}
    </div>
  );
}

function Results({ data, searched, locale, isRefreshing }: { data: HotelSearchResponse; searched: SearchQueryState; locale: Locale; isRefreshing: boolean }) {
  const { t } = useLingui();
  const available = data.hotels.filter((hotel) => hotel.available).length;
  return (
    <div className="results" aria-busy={isRefreshing}>
      <aside className="filters filters--side" aria-label={t`Filters`}>
        <FilterFields data={data} />
      </aside>
      <section className="results__list" aria-labelledby="results-count">
        {data.promo ? <PromoNotice outcome={data.promo} /> : null}
        <div className="results__toolbar">
          <p id="results-count" role="status" aria-live="polite">
            <Plural value={available} one="# hotel available" other="# hotels available" />
          </p>
          <FiltersDialog data={data} available={available} />
          <SortSelect />
        </div>
        {available === 0 ? <NoAvailability searched={searched} locale={locale} nights={data.nights} /> : null}
        <ol className="results__hotels">
          {data.hotels.map((hotel) => (
            <li key={hotel.hotelCode}>
              <HotelResultCard
                hotel={hotel}
                locale={locale}
                payWithPoints={searched.payWithPoints}
                roomCount={searched.rooms.length}
                nights={data.nights}
                roomsSearch={searchLinkSearch({ ...searched, location: hotel.hotelCode })}
              />
            </li>
          ))}
        </ol>
        {data.hotels.length === 0 ? <p>{t`No hotel matches these filters.`}</p> : null}
      </section>
    </div>
  );
}

function SortSelect() {
  const { t } = useLingui();
  const actor = SearchActorContext.useActorRef();
  const sortBy = SearchActorContext.useSelector((snapshot) => snapshot.context.sortBy);
  const labels: Record<SortOption, string> = {
    'price-asc': t`Price: lowest first`,
    'price-desc': t`Price: highest first`,
    distance: t`Distance from the centre`,
    name: t`Hotel name`,
  };
  return (
    <label className="sort-select">
      <span>{t`Sort by`}</span>
      <select value={sortBy} onChange={(event) => actor.send({ type: 'sort.changed', sortBy: event.target.value as SortOption })}>
        {(Object.keys(labels) as SortOption[]).map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** How many filters narrow the results: each brand, each amenity, and each end of the price range. */
function useActiveFilterCount(): number {
  return SearchActorContext.useSelector(
    ({ context }) => context.brands.length + context.features.length + (context.priceRange.min !== null ? 1 : 0) + (context.priceRange.max !== null ? 1 : 0),
  );
}

/**
 * Phones and small tablets (the spec's mobile breakpoint) keep the filters behind a button, so the first
 * hotel is on the first screen: a modal dialog with the same filters, applied as they change, a way to
 * clear them all and one to go back to the results (how many hotels they leave). Desktop keeps the side panel.
 */
function FiltersDialog({ data, available }: { data: HotelSearchResponse; available: number }) {
  const { t } = useLingui();
  const actor = SearchActorContext.useActorRef();
  const active = useActiveFilterCount();
  const [open, setOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  // DOM work: the native dialog opens modally (focus moves in, the page behind is inert, Escape closes it).
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !open || dialog.open) return;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
  }, [open]);

  const close = () => {
    const dialog = dialogRef.current;
    if (dialog?.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
    setOpen(false);
    buttonRef.current?.focus();
  };
  const clear = () => {
    actor.send({ type: 'brands.changed', brands: [] });
    actor.send({ type: 'features.changed', features: [] });
    actor.send({ type: 'price.changed', min: null, max: null });
  };

  return (
    <div className="filters-dialog">
      <button ref={buttonRef} type="button" className="button filters-dialog__open" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {active > 0 ? t`Filters (${active})` : t`Filters`}
      </button>
      <dialog ref={dialogRef} className="filters-dialog__dialog" aria-labelledby={titleId} onClose={() => (open ? close() : undefined)}>
        {open ? (
          <>
            <header className="filters-dialog__header">
              <h2 id={titleId}>{t`Filters`}</h2>
              <button type="button" className="link-button" onClick={close} aria-label={t`Close the filters`}>
                ×
              </button>
            </header>
            <div className="filters">
              <FilterFields data={data} />
            </div>
            <footer className="filters-dialog__actions">
              <button type="button" className="button" onClick={clear} disabled={active === 0}>
                {t`Clear filters`}
              </button>
              <button type="button" className="button button--primary" onClick={close}>
                <Plural value={available} one="Show # hotel" other="Show # hotels" />
              </button>
            </footer>
          </>
        ) : null}
      </dialog>
    </div>
  );
}

function FilterFields({ data }: { data: HotelSearchResponse }) {
  const { t } = useLingui();
  const actor = SearchActorContext.useActorRef();
  const brands = SearchActorContext.useSelector((snapshot) => snapshot.context.brands);
  const features = SearchActorContext.useSelector((snapshot) => snapshot.context.features);
  const priceRange = SearchActorContext.useSelector((snapshot) => snapshot.context.priceRange);
  const priceValue = (value: string) => (value.trim() === '' || Number.isNaN(Number(value)) ? null : Math.max(0, Number(value)));
  return (
    <>
      <FacetFieldset legend={t`Brands`} facets={data.facets.brands} chosen={brands} onChange={(codes) => actor.send({ type: 'brands.changed', brands: codes })} />
      <FacetFieldset legend={t`Amenities`} facets={data.facets.features} chosen={features} onChange={(codes) => actor.send({ type: 'features.changed', features: codes })} />
      <fieldset className="price-filter">
        <legend>{t`Price per night (${data.currency})`}</legend>
        <label>
          <span>{t`From`}</span>
          <input
            type="number"
            inputMode="numeric"
            min={0}
            placeholder={data.priceRange ? String(Math.floor(data.priceRange.min)) : ''}
            defaultValue={priceRange.min ?? ''}
            onBlur={(event) => actor.send({ type: 'price.changed', min: priceValue(event.target.value), max: priceRange.max })}
          />
        </label>
        <label>
          <span>{t`To`}</span>
          <input
            type="number"
            inputMode="numeric"
            min={0}
            placeholder={data.priceRange ? String(Math.ceil(data.priceRange.max)) : ''}
            defaultValue={priceRange.max ?? ''}
            onBlur={(event) => actor.send({ type: 'price.changed', min: priceRange.min, max: priceValue(event.target.value) })}
          />
        </label>
      </fieldset>
    </>
  );
}

/**
 * A destination that is neither a city nor a hotel we know: say so (not that nothing is free), and offer
 * places to search instead: those whose names come close to what was typed, else our destinations.
 */
function UnknownPlace({ place, locale }: { place: string; locale: Locale }) {
  const { t } = useLingui();
  const close = useQuery(locationSuggestionsQuery(place, locale));
  const destinations = useQuery(destinationsQuery(locale));
  const near = [...(close.data?.cities ?? []), ...(close.data?.hotels ?? [])].map((suggestion) => ({ value: suggestion.value, label: suggestion.label }));
  const suggestions = (near.length > 0 ? near : (destinations.data ?? []).map((destination) => ({ value: destination.city, label: destination.city }))).slice(0, 5);
  const example = suggestions[0]?.label ?? 'Berlin';
  return (
    <div className="notice" role="alert" data-testid="unknown-place">
      <p>
        {t`We don't know the place “${place}”.`} {t`Try a city or hotel name, e.g. ${example}.`}
      </p>
      {suggestions.length > 0 ? (
        <>
          <p>{near.length > 0 ? t`Did you mean:` : t`Our destinations include:`}</p>
          <ul className="unknown-place__suggestions">
            {suggestions.map((suggestion) => (
              <li key={suggestion.value}>
                <Link to="/$locale/find-a-hotel" params={{ locale }} search={destinationLinkSearch(suggestion.value)}>
                  <bdi>{suggestion.label}</bdi>
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/** A group of checkboxes that narrows the results to some codes, each with its number of hotels. */
function FacetFieldset(props: { legend: string; facets: { code: string; name: string; count: number }[]; chosen: string[]; onChange: (codes: string[]) => void }) {
  const { legend, facets, chosen, onChange } = props;
  const toggle = (code: string) => (chosen.includes(code) ? chosen.filter((item) => item !== code) : [...chosen, code]);
  return (
    <fieldset>
      <legend>{legend}</legend>
      {facets.map((facet) => (
        <label key={facet.code} className="toggle">
          <input type="checkbox" checked={chosen.includes(facet.code)} onChange={() => onChange(toggle(facet.code))} />
          <span>
            <bdi>{facet.name}</bdi> ({facet.count})
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** Nothing free on these dates: propose the nearest arrival dates on which the city has rooms. */
function NoAvailability({ searched, locale, nights }: { searched: SearchQueryState; locale: Locale; nights: number }) {
  const { t } = useLingui();
  const stay = Math.max(1, nights || nightsBetween(searched.dateRange.start, searched.dateRange.end));
  const windowStart = addDays(searched.dateRange.start, -7);
  const today = todayInBerlin();
  const calendar = useQuery(
    priceCalendarQuery(
      {
        city: searched.location,
        startDate: windowStart < today ? today : windowStart,
        endDate: addDays(searched.dateRange.start, 21),
        adults: searched.rooms[0]?.adults ?? 1,
      },
      useAuthAccess(),
    ),
  );
  const proposals = calendar.data ? nearbyAvailableArrivals(calendar.data.days, searched.dateRange.start, stay) : [];
  return (
    <div className="notice" data-testid="no-availability">
      <p>{t`No hotel has rooms for these dates and guests.`}</p>
      {proposals.length > 0 ? (
        <>
          <p>{t`These dates nearby have availability:`}</p>
          <ul>
            {proposals.map((start) => {
              const alternative = searchLinkSearch({ ...searched, dateRange: { start, end: addDays(start, stay) } });
              return (
                <li key={start}>
                  <Link to="/$locale/find-a-hotel" params={{ locale }} search={alternative}>
                    <bdi>{formatCalendarDate(start, locale)}</bdi> – <bdi>{formatCalendarDate(addDays(start, stay), locale)}</bdi>
                  </Link>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/** What became of the promo code the guest searched with. */
function PromoNotice({ outcome }: { outcome: NonNullable<PromoOutcome> }) {
  const { t } = useLingui();
  const code = outcome.code;
  const text = {
    applied: t`Promo code ${code} applied: the prices shown include its discount.`,
    unknown: t`We do not know the promo code ${code}. Check it, or search without it.`,
    expired: t`The promo code ${code} has expired. The prices shown are without it.`,
    notApplicable: t`The promo code ${code} does not apply to these dates or hotels. The prices shown are without it.`,
  }[outcome.status];
  return (
    <p className="notice" role="status">
      {text}
    </p>
  );
}
