import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { Locale } from '../../contract/locales';
import type { ReplacedUrlValue } from '../../machines/search/search.selectors';
import { formatCalendarDate } from '../ui/format/dates';
import { isUnknownPlace, roomOffersQuery } from '../../services/search/queries';
import type { SearchQueryState } from '../../services/search/search-state';
import { PageTitle } from '../shell/PageTitle';
import { useAuthAccess } from '../shell/session-context';
import { ReplacedValuesNotice } from './ReplacedValuesNotice';
import { RoomOffers } from './RoomOffers';
import { UnknownChoicesNotice, UnknownHotel } from './RoomsPageProblems';
import './search.css';
import './select-room-rate.css';

/** For each room of the search, the room types that fit and their rates; one rate is chosen per room. */
export function SelectRoomRatePage(props: { locale: Locale; searched: SearchQueryState; cartId: string | null; replaced?: ReplacedUrlValue[] }) {
  const { locale, searched, cartId, replaced = [] } = props;
  const { t } = useLingui();
  // A member's rooms carry their company's rate, if they have one (the same query as the rooms below).
  const offers = useQuery(roomOffersQuery(searched, locale, useAuthAccess()));
  // No such hotel (404), or an address that names none: said as such, not as a failed load.
  const unknownHotel = offers.isError && (isUnknownPlace(offers.error) || searched.location.trim() === '');
  return (
    <div className="page rooms-page" data-page="select-room-rate">
      <PageTitle title={offers.data ? t`Rooms at ${offers.data.hotelName}` : t`Choose your room`} />
      {/* The dates lead, over the heading: the hotel's name replaces "Choose your room" once the rooms are there and may take more lines, which moves nothing that was shown before. */}
      <p className="card__meta rooms-page__dates">
        <bdi>{formatCalendarDate(searched.dateRange.start, locale)}</bdi> – <bdi>{formatCalendarDate(searched.dateRange.end, locale)}</bdi>
      </p>
      <h1>{offers.data ? <bdi>{offers.data.hotelName}</bdi> : t`Choose your room`}</h1>
      <ReplacedValuesNotice replaced={replaced} locale={locale} />
      {offers.data ? <UnknownChoicesNotice data={offers.data} searched={searched} locale={locale} /> : null}
      {unknownHotel ? <UnknownHotel searched={searched} locale={locale} /> : null}
      {/*
        While the rooms load, their place is at least a screen high: the footer is not pulled into view and
        pushed out again. The rooms then take the placeholders' place as a new block (`key`), below a heading
        that may have grown: the placeholders go, nothing shown moves. Keyed by the data, not by the query's
        status: a query without data goes back to pending when it is asked again, so a key that followed the
        status would remount the rooms on a failure, which asks again, and so on without end.
      */}
      <div key={offers.data ? 'loaded' : 'loading'} className={offers.isPending ? 'rooms-page__offers rooms-page__offers--loading' : 'rooms-page__offers'}>
        {unknownHotel ? null : <RoomOffers searched={searched} locale={locale} cartId={cartId} />}
      </div>
    </div>
  );
}

