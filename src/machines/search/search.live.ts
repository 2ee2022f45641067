import { fromCallback } from 'xstate';
import { routerSearch } from '../../services/navigation/router-search';
import type { RouterSearch } from '../../services/navigation/router-search';
import { toQuery } from '../../services/search/search-url';
import type { SearchQueryState } from '../../services/search/search-state';
import { searchMachine } from './search.machine';
import type { SearchEvent, SearchInput } from './search.types';

/** What the search needs from the page it runs on: its router, given by the page's provider. */
export interface SearchEdge {
  /** Opens the results page for a submitted search (its URL query, spec section 2, as the router writes it). */
  openResults(search: RouterSearch): void;
  /** Replaces the current page's address with a refined search. */
  showRefinement(search: RouterSearch): void;
  /** Calls `listener` with the search the page's URL describes each time the router settles on a page; returns the unsubscribe. */
  followSearched(listener: (searched: SearchQueryState) => void): () => void;
}

/** The machine's input for a page: its search as read by the route (none on a page without one). */
export function searchInput({ search, payWithPointsEnabled, openingDate }: { search: SearchQueryState | undefined; payWithPointsEnabled: boolean; openingDate: string | null }): SearchInput {
  return { now: () => new Date(), query: search ? toQuery(search) : {}, payWithPointsEnabled, openingDate };
}

/**
 * The search machine with the page's URL bound: a submit opens the results page, a refinement replaces
 * the address, and the address changing under the page (back and forward, a pasted link) reaches the
 * machine as `url.changed`; it ignores a search it already applied (its own updates come back too).
 */
export function createLiveSearchLogic(edge: SearchEdge) {
  return searchMachine.provide({
    actors: {
      followAddress: fromCallback<SearchEvent>(({ sendBack }) => edge.followSearched((searched) => sendBack({ type: 'url.changed', query: toQuery(searched) }))),
    },
    actions: {
      updateAddress: (_, { query, reason }) => (reason === 'submit' ? edge.openResults(routerSearch(query)) : edge.showRefinement(routerSearch(query))),
    },
  });
}
