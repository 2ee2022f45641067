import { createFileRoute, useLocation } from '@tanstack/react-router';
import { selectReplacedUrlValues } from '../../../machines/search/search.selectors';
import { roomOffersQuery } from '../../../services/search/queries';
import { RoomsPageSchema } from '../../../services/search/search-url';
import { prefetchForPage } from '../../-prefetch';
import { closePageSearch, keepSearchedOutOfUrl, openPageSearch } from '../../-search-url';
import { SelectRoomRatePage } from '../../../views/search/SelectRoomRatePage';

export const Route = createFileRoute('/$locale/booking/select-room-rate')({
  // The search codec reads the query field by field and falls back to defaults; nothing is rejected here.
  validateSearch: RoomsPageSchema,
  search: { middlewares: [keepSearchedOutOfUrl()] },
  // The rooms are the page: the server's page comes with them (the largest paint is not left waiting for
  // the app to start and ask), the browser's shows placeholders while they load.
  loaderDeps: ({ search }) => ({ searched: search.searched }),
  loader: async ({ context, deps }) => {
    if (deps.searched.location.trim() === '') return;
    await prefetchForPage(context.queryClient, roomOffersQuery(deps.searched, context.locale));
  },
  onEnter: ({ context, search }) => openPageSearch(context.app, search.searched),
  onLeave: ({ context }) => closePageSearch(context.app),
  component: function SelectRoomRateRoute() {
    const { locale } = Route.useRouteContext();
    const { searched, cart_id: cartId } = Route.useSearch();
    // The address as the router read it, before the search codec replaced what it could not use.
    const given = useLocation({ select: (location) => location.search as Record<string, unknown> });
    return <SelectRoomRatePage locale={locale} searched={searched} cartId={cartId ?? null} replaced={selectReplacedUrlValues(given, searched)} />;
  },
});
