import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Locale } from '../../contract/locales';
import type { RoomsResponse } from '../../contract/search';
import { searchLinkSearch } from '../../machines/search/search.selectors';
import type { SearchQueryState } from '../../services/search/search-state';

/*
 * What the rooms-and-rates page says when its address names something that does not exist: a hotel code
 * we do not know, or a room type or rate the hotel does not offer. The reason is said as it is (not a
 * failed connection), with a way back to the search.
 */

/** The search without its rooms' chosen room types and rates: what the results page searches with. */
const withoutChoices = (searched: SearchQueryState): SearchQueryState => ({
  ...searched,
  rooms: searched.rooms.map(({ rateCode: _rate, roomTypeCode: _type, ...room }) => room),
});

/** The hotel code of the address is no hotel of ours: the search form takes a destination instead. */
export function UnknownHotel({ searched, locale }: { searched: SearchQueryState; locale: Locale }) {
  const { t } = useLingui();
  const code = searched.location.trim();
  return (
    <div className="notice" role="alert" data-testid="unknown-hotel">
      <p>{code === '' ? t`The link names no hotel.` : t`We have no hotel with the code “${code}”. The link may be old or mistyped.`}</p>
      <p>
        <Link to="/$locale/find-a-hotel" params={{ locale }} search={searchLinkSearch({ ...withoutChoices(searched), location: '' })}>
          {t`Search hotels for these dates`}
        </Link>
      </p>
    </div>
  );
}

/** A room of the search whose room type or rate, as the address names it, the hotel does not offer. */
export interface UnknownChoice {
  room: number;
  kind: 'roomType' | 'rate';
  code: string;
}

/** The room types and rates of the address that none of the hotel's offers for that room has. */
export function unknownChoices(data: RoomsResponse, searched: SearchQueryState): UnknownChoice[] {
  const problems: UnknownChoice[] = [];
  searched.rooms.forEach((room, index) => {
    const offers = data.rooms.find((entry) => entry.roomIndex === index)?.offers ?? [];
    const typed = room.roomTypeCode ? offers.filter((offer) => offer.typeCode === room.roomTypeCode) : offers;
    if (room.roomTypeCode && typed.length === 0) {
      problems.push({ room: index + 1, kind: 'roomType', code: room.roomTypeCode });
      return;
    }
    if (room.rateCode && !typed.some((offer) => offer.rates.some((rate) => rate.rateCode === room.rateCode))) {
      problems.push({ room: index + 1, kind: 'rate', code: room.rateCode });
    }
  });
  return problems;
}

/** Says which room type or rate of the link the hotel does not offer; the rooms below are there to choose from. */
export function UnknownChoicesNotice({ data, searched, locale }: { data: RoomsResponse; searched: SearchQueryState; locale: Locale }) {
  const { t } = useLingui();
  const problems = unknownChoices(data, searched);
  if (problems.length === 0) return null;
  const several = searched.rooms.length > 1;
  const hotel = data.hotelName;
  return (
    <div className="notice" role="status" data-testid="unknown-choices">
      <ul>
        {problems.map(({ room, kind, code }) => (
          <li key={`${room}-${kind}`}>
            {kind === 'rate'
              ? several
                ? t`Room ${room}: ${hotel} has no rate “${code}” for these dates.`
                : t`${hotel} has no rate “${code}” for these dates.`
              : several
                ? t`Room ${room}: ${hotel} has no room type “${code}” for these guests.`
                : t`${hotel} has no room type “${code}” for these guests.`}
          </li>
        ))}
      </ul>
      <p>
        <Trans>
          Choose from the rooms and rates below, or{' '}
          <Link to="/$locale/find-a-hotel" params={{ locale }} search={searchLinkSearch(withoutChoices(searched))}>
            go back to the results
          </Link>
          .
        </Trans>
      </p>
    </div>
  );
}
