import { createFileRoute } from '@tanstack/react-router';
import { RoomsPageSchema } from '../../../services/search/search-url';
import { keepSearchedOutOfUrl } from '../../-search-url';
import { SelectRoomRatePage } from '../../../views/search/SelectRoomRatePage';
import { SearchProvider } from '../../../views/search/SearchProvider';

export const Route = createFileRoute('/$locale/booking/select-room-rate')({
  // The search codec reads the query field by field and falls back to defaults; nothing is rejected here.
  validateSearch: RoomsPageSchema,
  search: { middlewares: [keepSearchedOutOfUrl()] },
  component: function SelectRoomRateRoute() {
    const { locale } = Route.useRouteContext();
    const { searched, cart_id: cartId } = Route.useSearch();
    return (
      <SearchProvider locale={locale} search={searched}>
        <SelectRoomRatePage locale={locale} searched={searched} cartId={cartId ?? null} />
      </SearchProvider>
    );
  },
});
