import { createFileRoute } from '@tanstack/react-router';
import { ROUTES } from '../../../services/navigation/paths';
import { SelectRoomRatePage } from '../../../views/search/SelectRoomRatePage';
import { SearchProvider } from '../../../views/search/SearchProvider';

export const Route = createFileRoute('/$locale/booking/select-room-rate')({
  validateSearch: (search: Record<string, unknown>) => search,
  component: function SelectRoomRateRoute() {
    const { locale } = Route.useRouteContext();
    const query = Route.useSearch();
    return (
      <SearchProvider locale={locale} query={query} submitPath={ROUTES.findAHotel}>
        <SelectRoomRatePage locale={locale} query={query} />
      </SearchProvider>
    );
  },
});
