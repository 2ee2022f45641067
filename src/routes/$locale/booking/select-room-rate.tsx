import { createFileRoute, useLocation } from '@tanstack/react-router';
import { selectReplacedUrlValues } from '../../../machines/search/search.selectors';
import { RoomsPageSchema } from '../../../services/search/search-url';
import { closePageSearch, keepSearchedOutOfUrl, openPageSearch } from '../../-search-url';
import { SelectRoomRatePage } from '../../../views/search/SelectRoomRatePage';

export const Route = createFileRoute('/$locale/booking/select-room-rate')({
  // The search codec reads the query field by field and falls back to defaults; nothing is rejected here.
  validateSearch: RoomsPageSchema,
  search: { middlewares: [keepSearchedOutOfUrl()] },
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
