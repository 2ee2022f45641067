import { createFileRoute } from '@tanstack/react-router';
import { brandsQuery, destinationsQuery } from '../../services/content/queries';
import { HomePage } from '../../views/home/HomePage';
import { SearchBar } from '../../views/search/SearchBar';
import { prefetchForPage } from '../-prefetch';
import { closePageSearch, openPageSearch } from '../-search-url';

export const Route = createFileRoute('/$locale/')({
  loader: async ({ context }) => {
    await Promise.all([prefetchForPage(context.queryClient, brandsQuery(context.locale)), prefetchForPage(context.queryClient, destinationsQuery(context.locale))]);
  },
  // The search form's actor: the default search (nothing in the address).
  onEnter: ({ context }) => openPageSearch(context.app),
  onLeave: ({ context }) => closePageSearch(context.app),
  component: function HomeRoute() {
    const { locale } = Route.useRouteContext();
    return <HomePage locale={locale} searchForm={<SearchBar locale={locale} />} />;
  },
});
