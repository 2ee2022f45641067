import { createFileRoute } from '@tanstack/react-router';
import { ROUTES } from '../../services/navigation/paths';
import { ResultsPage } from '../../views/search/ResultsPage';
import { SearchProvider } from '../../views/search/SearchProvider';

export const Route = createFileRoute('/$locale/find-a-hotel')({
  // The search codec reads the query field by field and falls back to defaults; nothing is rejected here.
  validateSearch: (search: Record<string, unknown>) => search,
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
