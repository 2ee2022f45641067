import { createFileRoute, useLocation } from '@tanstack/react-router';
import { selectReplacedUrlValues } from '../../machines/search/search.selectors';
import { hotelSearchQuery } from '../../services/search/queries';
import { hotelSearchRequest } from '../../services/search/search-requests';
import { SearchPageSchema } from '../../services/search/search-url';
import { prefetchForPage } from '../-prefetch';
import { closePageSearch, keepSearchedOutOfUrl, openPageSearch } from '../-search-url';
import { ResultsPage } from '../../views/search/ResultsPage';

export const Route = createFileRoute('/$locale/find-a-hotel')({
  // The search codec reads the query field by field and falls back to defaults; nothing is rejected here.
  validateSearch: SearchPageSchema,
  search: { middlewares: [keepSearchedOutOfUrl()] },
  loaderDeps: ({ search }) => ({ searched: search.searched }),
  loader: async ({ context, deps }) => {
    if (deps.searched.location.trim() === '') return;
    await prefetchForPage(context.queryClient, hotelSearchQuery(hotelSearchRequest(deps.searched, { locale: context.locale })));
  },
  onEnter: ({ context, search }) => openPageSearch(context.app, search.searched),
  onLeave: ({ context }) => closePageSearch(context.app),
  component: function FindAHotelRoute() {
    const { locale } = Route.useRouteContext();
    const { searched } = Route.useSearch();
    // The address as the router read it, before the search codec replaced what it could not use.
    const given = useLocation({ select: (location) => location.search as Record<string, unknown> });
    return <ResultsPage locale={locale} searched={searched} replaced={selectReplacedUrlValues(given, searched)} />;
  },
});
