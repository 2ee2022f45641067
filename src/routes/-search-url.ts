import type { SearchMiddleware } from '@tanstack/react-router';
import type { AppActor } from '../app-actor';
import { toQuery } from '../services/search/search-url';
import type { SearchQueryState } from '../services/search/search-state';

/**
 * Search pages read their URL into the typed search once, at the route (`validateSearch`), and keep it
 * under `searched`. The router writes what a route's `validateSearch` returns into the address; this
 * middleware takes `searched` out again, so the address keeps the spec's plain format.
 */
export function keepSearchedOutOfUrl<TSearch extends { searched: unknown }>(): SearchMiddleware<TSearch> {
  return ({ search, next }) => {
    const { searched: _typed, ...url } = next(search);
    // The address never holds `searched`; the router reads it back in by validating the address again.
    return url as TSearch;
  };
}

/**
 * The route of a page that shows a search starts the page's `search` actor when it opens (on the server
 * too, so the form is rendered there), from the search its address holds, and stops it when the visitor
 * leaves. A hotel's page gives its opening date: the form's stay starts on it at the earliest. Moving within the page (a refined search, back and forward) keeps it: it follows the address.
 */
export function openPageSearch(app: AppActor, searched?: SearchQueryState, hotel?: { openingDate: string | null }): void {
  app.send({ type: 'search.opened', query: searched ? toQuery(searched) : {}, openingDate: hotel?.openingDate ?? null });
}

export function closePageSearch(app: AppActor): void {
  app.send({ type: 'search.closed' });
}
