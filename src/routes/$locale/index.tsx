import { createFileRoute } from '@tanstack/react-router';
import { brandsQuery, destinationsQuery } from '../../services/content/queries';
import { HomePage } from '../../views/home/HomePage';
import { SearchBar } from '../../views/search/SearchBar';
import { SearchProvider } from '../../views/search/SearchProvider';
import { prefetchForPage } from '../-prefetch';

export const Route = createFileRoute('/$locale/')({
  loader: async ({ context }) => {
    await Promise.all([
      prefetchForPage(context.queryClient, brandsQuery(context.locale)),
      prefetchForPage(context.queryClient, destinationsQuery(context.locale)),
    ]);
  },
  component: function HomeRoute() {
    const { locale } = Route.useRouteContext();
    return (
      <HomePage
        locale={locale}
        searchForm={
          <SearchProvider locale={locale}>
            <SearchBar locale={locale} />
          </SearchProvider>
        }
      />
    );
  },
});
