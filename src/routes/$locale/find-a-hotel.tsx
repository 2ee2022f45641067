import { createFileRoute } from '@tanstack/react-router';
import { ROUTES } from '../../services/navigation/paths';
import { hotelSearchQuery, resultsRequest } from '../../services/search-api/queries';
import { fromQuery } from '../../services/search/search-url';
import { prefetchForPage } from '../-prefetch';
import { ResultsPage } from '../../views/search/ResultsPage';
import { SearchProvider } from '../../views/search/SearchProvider';

export const Route = createFileRoute('/$locale/find-a-hotel')({
  // The search codec reads the query field by field and falls back to defaults; nothing is rejected here.
  validateSearch: (search: Record<string, unknown>) => search,
  loaderDeps: ({ search }) => ({ search }),
  loader: async ({ context, deps }) => {
    const searched = fromQuery(deps.search, { now: new Date() });
    if (searched.location.trim() === '') return;
    await prefetchForPage(context.queryClient, hotelSearchQuery(resultsRequest(searched, context.locale)));
  },
  component: function FindAHotelRoute() {
    const { locale } = Route.useRouteContext();
    const query = Route.useSearch();
    return (
      <SearchProvider locale={locale} query={query} submitPath={ROUTES.findAHotel}>
        <ResultsPage locale={locale} query={query} />
      </SearchProvider>
    );
  },
});
