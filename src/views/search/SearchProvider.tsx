import { useRouter } from '@tanstack/react-router';
import type { RegisteredRouter } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { Locale } from '../../contract/locales';
import { createLiveSearchLogic, searchInput } from '../../machines/search/search.live';
import type { SearchEdge } from '../../machines/search/search.live';
import type { SearchQueryState } from '../../services/search/search-state';
import { useFlag } from '../shell/flags-context';
import { SearchActorContext } from './search-context';

interface SearchProviderProps {
  locale: Locale;
  /** The search of the page's URL, read by its route; none on a page without one (the default search). */
  search?: SearchQueryState;
  openingDate?: string | null;
  children: ReactNode;
}

/**
 * Runs the search machine for a page with the router bound (see machines/search/search.live.ts): a
 * submitted search opens the results page, a refinement replaces the current page's address, and the
 * address changing under the page reaches the machine.
 */
export function SearchProvider({ locale, search, openingDate = null, children }: SearchProviderProps) {
  const payWithPointsEnabled = useFlag('pay-with-points-enabled');
  const router = useRouter();
  // The machine reads the search once at start (it gives rooms its own ids and applies the hotel's
  // opening date); later URL changes reach it through the router.
  const [input] = useState(() => searchInput({ search, payWithPointsEnabled, openingDate }));
  const logic = useMemo(() => createLiveSearchLogic(searchEdge(router, locale)), [router, locale]);
  return (
    <SearchActorContext.Provider logic={logic} options={{ input }}>
      {children}
    </SearchActorContext.Provider>
  );
}

function searchEdge(router: RegisteredRouter, locale: Locale): SearchEdge {
  return {
    openResults: (search) => void router.navigate({ to: '/$locale/find-a-hotel', params: { locale }, search }),
    showRefinement: (search) => void router.navigate({ to: '.', search, replace: true }),
    followSearched: (listener) =>
      router.subscribe('onResolved', () => {
        const searched = searchedOf(router.state.matches);
        if (searched) listener(searched);
      }),
  };
}

/** The search the deepest matched route read from the URL, if any. */
function searchedOf(matches: RegisteredRouter['state']['matches']): SearchQueryState | null {
  for (const match of [...matches].reverse()) {
    // Only the search pages' routes put `searched` into their validated search (see routes/-search-url.ts).
    if ('searched' in match.search) return match.search.searched;
  }
  return null;
}
