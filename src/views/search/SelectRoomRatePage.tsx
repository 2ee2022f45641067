import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { searchLinkSearch } from '../../machines/search/search.selectors';
import type { Locale } from '../../contract/locales';
import { GUARANTEE_TYPES } from '../../contract/search';
import type { Rate, RoomOffer, RoomsResponse } from '../../contract/search';
import { formatCalendarDate } from '../ui/format/dates';
import { formatMoney, formatPoints } from '../ui/format/money';
import { useRoomChoiceTracking } from '../../services/booking/queries';
import { roomOffersQuery } from '../../services/search/queries';
import type { SearchQueryState } from '../../services/search/search-state';
import { PageTitle } from '../shell/PageTitle';
import { CardSkeletons, LoadFailed } from '../shell/QueryState';
import { useAuthAccess } from '../shell/session-context';
import { SearchActorContext } from './search-context';
import './search.css';

/** For each room of the search, the room types that fit and their rates; one rate is chosen per room. */
export function SelectRoomRatePage({ locale, searched, cartId }: { locale: Locale; searched: SearchQueryState; cartId: string | null }) {
  const { t } = useLingui();
  const offers = useQuery(roomOffersQuery(searched, locale));
  return (
    <div className="page rooms-page" data-page="select-room-rate">
      <PageTitle title={offers.data ? t`Rooms at ${offers.data.hotelName}` : t`Choose your room`} />
      <h1>{offers.data ? <bdi>{offers.data.hotelName}</bdi> : t`Choose your room`}</h1>
      <p className="card__meta">
        <bdi>{formatCalendarDate(searched.dateRange.start, locale)}</bdi> – <bdi>{formatCalendarDate(searched.dateRange.end, locale)}</bdi>
      </p>
      {offers.isPending ? (
        <CardSkeletons count={3} label={t`Loading rooms and rates…`} />
      ) : offers.isError ? (
        <LoadFailed message={t`Rooms and rates could not be loaded.`} onRetry={() => void offers.refetch()} />
      ) : (
        <RoomChoices data={offers.data} searched={searched} locale={locale} cartId={cartId} />
      )}
    </div>
  );
}

/** Tracks a rate chosen, and the room when it is another room type than before (spec section 7). */
function useTrackChoice(cartId: string | null) {
  const { token } = useAuthAccess();
  return useRoomChoiceTracking(cartId, token);
}

function RoomChoices({ data, searched, locale, cartId }: { data: RoomsResponse; searched: SearchQueryState; locale: Locale; cartId: string | null }) {
  const { t } = useLingui();
  // The rooms of the search in the URL, by position as the offers are: the rates are chosen for them.
  const chosen = SearchActorContext.useSelector((snapshot) => snapshot.context.applied.rooms);
  const allChosen = chosen.length > 0 && chosen.every((room) => room.rateCode && room.roomTypeCode);
  const nextSearch = searchLinkSearch({ ...searched, rooms: chosen });
  return (
    <>
      {data.rooms.map((room) => {
        const entry = chosen[room.roomIndex];
        if (!entry) return null;
        const guests = entry.adults + entry.children.length;
        const number = room.roomIndex + 1;
        return (
          <section key={room.roomIndex} className="room-choice" aria-labelledby={`room-choice-${number}`}>
            <h2 id={`room-choice-${number}`}>
              {t`Room ${number}`} · {plural(guests, { one: '# guest', other: '# guests' })}
            </h2>
            {room.offers.length === 0 ? <p className="notice">{t`No room type fits these guests on these dates.`}</p> : null}
            <ul className="room-offers">
              {room.offers.map((offer) => (
                <li key={offer.typeCode}>
                  <RoomOfferCard cartId={cartId} offer={offer} roomUuid={entry.uuid} chosenRate={entry.roomTypeCode === offer.typeCode ? (entry.rateCode ?? null) : null} locale={locale} nights={data.nights} payWithPoints={searched.payWithPoints} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      <div className="rooms-page__next">
        {allChosen ? (
          <Link to="/$locale/booking/check-out" params={{ locale }} search={nextSearch} className="button button--primary">
            {t`Continue to payment`}
          </Link>
        ) : (
          <p role="status">{t`Choose a rate for every room to continue.`}</p>
        )}
      </div>
    </>
  );
}

function RoomOfferCard({ cartId, offer, roomUuid, chosenRate, locale, nights, payWithPoints }: { cartId: string | null; offer: RoomOffer; roomUuid: string; chosenRate: string | null; locale: Locale; nights: number; payWithPoints: boolean }) {
  const { t } = useLingui();
  const byCode = new Map(offer.rates.map((rate) => [rate.rateCode, rate]));
  // Member rates are shown with their non-member counterpart beside them (the spec's pairing table).
  const memberRates = offer.rates.filter((rate) => rate.isMemberRate);
  const unpaired = offer.rates.filter((rate) => !rate.isMemberRate && !memberRates.some((member) => member.pair === rate.rateCode));
  return (
    <article className="room-offer" data-room-type={offer.typeCode} aria-labelledby={`offer-${roomUuid}-${offer.typeCode}`}>
      <img src={offer.image.url} alt={offer.image.alt} width="240" height="160" loading="lazy" decoding="async" />
      <div>
        <h3 id={`offer-${roomUuid}-${offer.typeCode}`}>{offer.typeSaleName}</h3>
        <p className="card__meta">{plural(offer.maxOccupancy, { one: 'For # guest', other: 'Up to # guests' })}</p>
        {!offer.available ? <p className="result-card__unavailable">{t`Sold out for these dates`}</p> : null}
        <ul className="rates">
          {memberRates.map((rate) => (
            <li key={rate.rateCode}>
              <RateOption cartId={cartId} roomChosen={chosenRate !== null} rate={rate} pair={rate.pair ? (byCode.get(rate.pair) ?? null) : null} offer={offer} roomUuid={roomUuid} chosen={chosenRate === rate.rateCode} locale={locale} nights={nights} payWithPoints={payWithPoints} />
            </li>
          ))}
          {unpaired.map((rate) => (
            <li key={rate.rateCode}>
              <RateOption cartId={cartId} roomChosen={chosenRate !== null} rate={rate} pair={null} offer={offer} roomUuid={roomUuid} chosen={chosenRate === rate.rateCode} locale={locale} nights={nights} payWithPoints={payWithPoints} />
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}

function RateOption(props: {
  cartId: string | null;
  /** This room type is the one chosen for the room (a rate of it is). */
  roomChosen: boolean;
  rate: Rate;
  pair: Rate | null;
  offer: RoomOffer;
  roomUuid: string;
  chosen: boolean;
  locale: Locale;
  nights: number;
  payWithPoints: boolean;
}) {
  const { rate, pair, offer, roomUuid, chosen, locale, payWithPoints } = props;
  const { t } = useLingui();
  const actor = SearchActorContext.useActorRef();
  const trackChoice = useTrackChoice(props.cartId);
  const prepaid = rate.guaranteePolicy.type === GUARANTEE_TYPES.deposit;
  return (
    <div className={`rate${chosen ? ' rate--chosen' : ''}`} data-rate={rate.rateCode}>
      <div className="rate__facts">
        <p className="rate__name">
          {rate.name} {rate.isMemberRate ? <span className="badge">{t`Member rate`}</span> : null}
        </p>
        <ul className="rate__terms">
          <li>{rate.isBreakfastIncluded ? t`Breakfast included` : t`Breakfast not included`}</li>
          <li>{rate.cancellationPolicy.description}</li>
          <li>{prepaid ? t`Prepaid: you pay when you book` : rate.guaranteePolicy.description}</li>
        </ul>
      </div>
      <div className="rate__prices">
        <p className="price price--member">
          <span className="price__amount">{formatMoney(rate.avg_amnt_with_tax, rate.currencyCode, locale)}</span>
          <span className="price__unit">{t`per night`}</span>
        </p>
        {pair ? (
          <p className="price price--standard">
            <span className="price__label">{t`Non-members`}</span> <span className="price__amount">{formatMoney(pair.avg_amnt_with_tax, pair.currencyCode, locale)}</span>
          </p>
        ) : null}
        <p className="price price--points">{t`or ${formatPoints(rate.pointsPrice, locale)} points`}</p>
        {payWithPoints ? null : <p className="price__note">{t`Earns ${formatPoints(rate.pointsEarned, locale)} points`}</p>}
        <button
          type="button"
          className={`button${chosen ? '' : ' button--primary'}`}
          aria-pressed={chosen}
          disabled={!offer.available}
          onClick={() => {
            actor.send({ type: 'rate.selected', uuid: roomUuid, rateCode: rate.rateCode, roomTypeCode: offer.typeCode });
            if (!chosen) trackChoice(!props.roomChosen);
          }}
        >
          {chosen ? t`Selected` : t`Select`}
        </button>
      </div>
    </div>
  );
}
