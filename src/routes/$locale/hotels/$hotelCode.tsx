import { createFileRoute, notFound, redirect, useLocation } from '@tanstack/react-router';
import { searchLinkSearch, selectReplacedUrlValues } from '../../../machines/search/search.selectors';
import * as v from 'valibot';
import { HotelCodeParamSchema } from '../../../contract/content';
import { hotelQuery } from '../../../services/content/queries';
import { SearchPageSchema } from '../../../services/search/search-url';
import { HotelPage } from '../../../views/hotel/HotelPage';
import { ReplacedValuesNotice } from '../../../views/search/ReplacedValuesNotice';
import { RoomOffers } from '../../../views/search/RoomOffers';
import { SearchBar } from '../../../views/search/SearchBar';
import { loadContentOrNotFound } from '../../-load-content';
import { closePageSearch, keepSearchedOutOfUrl, openPageSearch } from '../../-search-url';

export const Route = createFileRoute('/$locale/hotels/$hotelCode')({
  // The dates and guests a link brought (from the results), for the page's search; the defaults otherwise.
  validateSearch: SearchPageSchema,
  search: { middlewares: [keepSearchedOutOfUrl()] },
  beforeLoad: ({ params, search }) => {
    if (!v.is(HotelCodeParamSchema, { hotelCode: params.hotelCode })) throw notFound();
    // The address names the hotel as the search's destination, so the search that follows the address
    // (back and forward, a refinement) keeps searching this hotel.
    if (search.searched.location !== params.hotelCode)
      throw redirect({ to: '/$locale/hotels/$hotelCode', params, search: searchLinkSearch({ ...search.searched, location: params.hotelCode }), replace: true });
  },
  loader: ({ context, params }) => loadContentOrNotFound(() => context.queryClient.ensureQueryData(hotelQuery(context.locale, params.hotelCode))),
  // The page's search is for this hotel: its code is the destination and its opening date the earliest arrival.
  onEnter: ({ context, search, loaderData }) => openPageSearch(context.app, search.searched, { openingDate: loaderData?.openingDate ?? null }),
  onLeave: ({ context }) => closePageSearch(context.app),
  component: function HotelRoute() {
    const { locale } = Route.useRouteContext();
    const { hotelCode } = Route.useParams();
    const { searched } = Route.useSearch();
    // The address as the router read it: the values the search could not use are said above the form.
    const given = useLocation({ select: (location) => location.search as Record<string, unknown> });
    return (
      <HotelPage
        locale={locale}
        hotelCode={hotelCode}
        searched={searched}
        searchForm={
          <>
            <ReplacedValuesNotice replaced={selectReplacedUrlValues(given, searched)} locale={locale} />
            <SearchBar locale={locale} calendarFor={{ hotelCode }} hotelCode={hotelCode} />
          </>
        }
        roomsFor={(stay) => <RoomOffers locale={locale} searched={stay} cartId={null} />}
      />
    );
  },
});
