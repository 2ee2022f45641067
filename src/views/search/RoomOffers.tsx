import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type Ref, useRef } from 'react';
import { searchLinkSearch } from '../../machines/search/search.selectors';
import type { Locale } from '../../contract/locales';
import { GUARANTEE_TYPES } from '../../contract/search';
import type { Rate, RoomOffer, RoomsResponse } from '../../contract/search';
import { formatMoney, formatPoints } from '../ui/format/money';
import { useRoomChoiceTracking } from '../../services/booking/queries';
import { roomOffersQuery } from '../../services/search/queries';
import type { RouterSearch } from '../../services/navigation/router-search';
import type { SearchQueryState } from '../../services/search/search-state';
import { CardSkeletons, LoadFailed } from '../shell/QueryState';
import { useFlag } from '../shell/flags-context';
import { useAuthAccess, useLoginControl } from '../shell/session-context';
import { CompanyRateBadge } from './CompanyRateBadge';
import { SearchActorContext } from './search-context';
import { type ChosenRoom, chosenRooms, nextRoomToChoose, rateGroups, runningTotal } from './room-rate-choices';

/**
 * The rooms and rates of a hotel for a search: for each room of the search, the room types that fit and
 * their rates, one rate chosen per room (through the page's `search` actor), the running total and the way
 * on to check-out once every room has a rate. Shown on the rooms-and-rates page and on each hotel's page.
 */
export function RoomOffers({ locale, searched, cartId }: { locale: Locale; searched: SearchQueryState; cartId: string | null }) {
  const { t } = useLingui();
  // A signed-in member's rooms carry their company's rate, if they are enrolled with one.
  const offers = useQuery(roomOffersQuery(searched, locale, useAuthAccess()));
  return offers.isPending ? (
    <CardSkeletons count={3} label={t`Loading rooms and rates…`} />
  ) : offers.isError ? (
    <LoadFailed message={t`Rooms and rates could not be loaded.`} onRetry={() => void offers.refetch()} />
  ) : (
    <RoomChoices data={offers.data} searched={searched} locale={locale} cartId={cartId} />
  );
}

/** Tracks a rate chosen, and the room when it is another room type than before (spec section 7). */
function useTrackChoice(cartId: string | null) {
  const { token } = useAuthAccess();
  return useRoomChoiceTracking(cartId, token);
}

function RoomChoices({ data, searched, locale, cartId }: { data: RoomsResponse; searched: SearchQueryState; locale: Locale; cartId: string | null }) {
  const { t } = useLingui();
  const actor = SearchActorContext.useActorRef();
  // The rooms of the search in the URL, by position as the offers are: the rates are chosen for them.
  const chosen = SearchActorContext.useSelector((snapshot) => snapshot.context.applied.rooms);
  const hideNonMemberRates = useFlag('hide-non-member-rates');
  const signedIn = useAuthAccess().token !== null;
  const roomSections = useRef(new Map<number, HTMLElement>());
  const summary = useRef<HTMLElement>(null);
  const choices = chosenRooms(data, chosen);
  const nextSearch = searchLinkSearch({ ...searched, rooms: chosen });
  // With several rooms the guest goes on to the next room still to choose, or to the total once all have a rate.
  const moveOn = (roomIndex: number) => {
    const rooms = actor.getSnapshot().context.applied.rooms;
    if (rooms.length < 2) return;
    const next = nextRoomToChoose(rooms, roomIndex);
    (next === null ? summary.current : roomSections.current.get(next))?.focus();
  };
  return (
    <>
      {data.rooms.map((room) => {
        const entry = chosen[room.roomIndex];
        if (!entry) return null;
        const guests = entry.adults + entry.children.length;
        const number = room.roomIndex + 1;
        return (
          <section
            key={room.roomIndex}
            ref={(element) => {
              if (element) roomSections.current.set(room.roomIndex, element);
              else roomSections.current.delete(room.roomIndex);
            }}
            tabIndex={-1}
            className="room-choice"
            data-room={number}
            aria-labelledby={`room-choice-${number}`}
          >
            <h2 id={`room-choice-${number}`}>
              {t`Room ${number}`} · {plural(guests, { one: '# guest', other: '# guests' })}
            </h2>
            {room.offers.length === 0 ? <p className="notice">{t`No room type fits these guests on these dates.`}</p> : null}
            <ul className="room-offers">
              {room.offers.map((offer) => (
                <li key={offer.typeCode}>
                  <RoomOfferCard
                    cartId={cartId}
                    offer={offer}
                    roomUuid={entry.uuid}
                    chosenRate={entry.roomTypeCode === offer.typeCode ? (entry.rateCode ?? null) : null}
                    locale={locale}
                    roomCount={chosen.length}
                    payWithPoints={searched.payWithPoints}
                    hideNonMemberRates={hideNonMemberRates}
                    signedIn={signedIn}
                    onChosen={() => moveOn(room.roomIndex)}
                  />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      <RoomsSummary ref={summary} choices={choices} locale={locale} nights={data.nights} currency={data.currency} nextSearch={nextSearch} />
    </>
  );
}

/** The rooms chosen so far and their total, kept in sight at the foot of the page, with the way on once every room has a rate. */
function RoomsSummary({
  ref,
  choices,
  locale,
  nights,
  currency,
  nextSearch,
}: {
  ref: Ref<HTMLElement>;
  choices: readonly (ChosenRoom | null)[];
  locale: Locale;
  nights: number;
  currency: RoomsResponse['currency'];
  nextSearch: RouterSearch;
}) {
  const { t } = useLingui();
  const total = runningTotal(choices);
  const roomCount = choices.length;
  const allChosen = roomCount > 0 && total.rooms === roomCount;
  const chosenCount = total.rooms;
  return (
    <aside ref={ref} tabIndex={-1} className="rooms-page__next rooms-summary" aria-labelledby="rooms-summary-title" data-rooms-summary="">
      <div className="rooms-summary__facts" role="status" aria-live="polite">
        <p id="rooms-summary-title" className="rooms-summary__count">
          {plural(roomCount, { one: `${chosenCount} of # room chosen`, other: `${chosenCount} of # rooms chosen` })}
        </p>
        {chosenCount > 0 ? (
          <p className="rooms-summary__total">
            <span className="price__label">{allChosen ? t`Total` : t`Total so far`}</span>{' '}
            <span className="price__amount" data-total="">
              {formatMoney(total.totalWithTax, currency, locale)}
            </span>{' '}
            <span className="price__unit">{plural(nights, { one: 'for # night', other: 'for # nights' })}</span>
          </p>
        ) : null}
        {total.cityTax > 0 ? <p className="price__note">{t`plus ${formatMoney(total.cityTax, currency, locale)} city tax`}</p> : null}
      </div>
      {allChosen ? (
        <Link to="/$locale/booking/check-out" params={{ locale }} search={nextSearch} className="button button--primary">
          {t`Continue to payment`}
        </Link>
      ) : (
        <p className="rooms-summary__hint">{t`Choose a rate for every room to continue.`}</p>
      )}
    </aside>
  );
}

function RoomOfferCard(props: {
  cartId: string | null;
  offer: RoomOffer;
  roomUuid: string;
  chosenRate: string | null;
  locale: Locale;
  roomCount: number;
  payWithPoints: boolean;
  hideNonMemberRates: boolean;
  signedIn: boolean;
  onChosen: () => void;
}) {
  const { offer, roomUuid, chosenRate, hideNonMemberRates } = props;
  const { t } = useLingui();
  const option = (rate: Rate, comparedWith: Rate | null) => (
    <RateOption
      cartId={props.cartId}
      roomChosen={chosenRate !== null}
      rate={rate}
      comparedWith={comparedWith}
      offer={offer}
      roomUuid={roomUuid}
      chosen={chosenRate === rate.rateCode}
      locale={props.locale}
      roomCount={props.roomCount}
      payWithPoints={props.payWithPoints}
      signedIn={props.signedIn}
      onChosen={props.onChosen}
    />
  );
  return (
    <article className="room-offer" data-room-type={offer.typeCode} aria-labelledby={`offer-${roomUuid}-${offer.typeCode}`}>
      <img src={offer.image.url} alt={offer.image.alt} width="240" height="160" loading="lazy" decoding="async" />
      <div>
        <h3 id={`offer-${roomUuid}-${offer.typeCode}`}>{offer.typeSaleName}</h3>
        <p className="card__meta">{plural(offer.maxOccupancy, { one: 'For # guest', other: 'Up to # guests' })}</p>
        {!offer.available ? <p className="result-card__unavailable">{t`Sold out for these dates`}</p> : null}
        <ul className="rates">
          {rateGroups(offer.rates, hideNonMemberRates).map((group) =>
            group.kind === 'pair' ? (
              // The member rate leads, its standard rate right under it: two choices side by side.
              <li key={group.member.rateCode} className="rate-pair">
                {option(group.member, null)}
                {option(group.standard, null)}
              </li>
            ) : (
              <li key={group.rate.rateCode}>{option(group.rate, group.comparedWith)}</li>
            ),
          )}
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
  /** The standard rate a member rate is shown against when that rate is not offered itself. */
  comparedWith: Rate | null;
  offer: RoomOffer;
  roomUuid: string;
  chosen: boolean;
  locale: Locale;
  roomCount: number;
  payWithPoints: boolean;
  signedIn: boolean;
  onChosen: () => void;
}) {
  const { rate, comparedWith, offer, roomUuid, chosen, locale, payWithPoints } = props;
  const { t } = useLingui();
  const actor = SearchActorContext.useActorRef();
  const login = useLoginControl();
  const trackChoice = useTrackChoice(props.cartId);
  const prepaid = rate.guaranteePolicy.type === GUARANTEE_TYPES.deposit;
  const nameId = `rate-${roomUuid}-${offer.typeCode}-${rate.rateCode}`;
  return (
    <div className={`rate${chosen ? ' rate--chosen' : ''}${rate.isMemberRate ? ' rate--member' : ''}${rate.company ? ' rate--company' : ''}`} data-rate={rate.rateCode}>
      <div className="rate__facts">
        <p className="rate__name" id={nameId}>
          {rate.name}{' '}
          {rate.company ? (
            <CompanyRateBadge company={rate.company} />
          ) : rate.isMemberRate ? (
            <span className="badge">{t`Member rate`}</span>
          ) : null}
        </p>
        <ul className="rate__terms">
          <li>{rate.isBreakfastIncluded ? t`Breakfast included` : t`Breakfast not included`}</li>
          <li>{rate.cancellationPolicy.description}</li>
          <li>{prepaid ? t`Prepaid: you pay when you book` : rate.guaranteePolicy.description}</li>
        </ul>
        {rate.isMemberRate && !props.signedIn ? (
          <div className="rate__member-note">
            <p>{t`Sign in or join H Rewards for free to book this member rate; you may choose it now and sign in at check-out.`}</p>
            <p className="rate__member-actions">
              <button type="button" className="button" onClick={() => login.open()}>
                {t`Sign in`}
              </button>{' '}
              <Link to="/$locale/account/registration" params={{ locale }} className="button">
                {t`Join H Rewards`}
              </Link>
            </p>
          </div>
        ) : null}
      </div>
      <div className="rate__prices">
        <p className={`price ${rate.isMemberRate ? 'price--member' : 'price--rate'}`}>
          <span className="price__amount">{formatMoney(rate.avg_amnt_with_tax, rate.currencyCode, locale)}</span>
          <span className="price__unit">{props.roomCount > 1 ? t`per room per night` : t`per night`}</span>
        </p>
        {comparedWith ? (
          <p className="price price--standard">
            <span className="price__label">{t`Non-members`}</span>{' '}
            <span className="price__amount">{formatMoney(comparedWith.avg_amnt_with_tax, comparedWith.currencyCode, locale)}</span>
          </p>
        ) : null}
        {rate.pointsPrice > 0 ? (
          // Each room type and rate has its own points price, for the whole stay (the money above is per night).
          <p className="price price--points">
            {props.roomCount > 1
              ? t`or ${formatPoints(rate.pointsPrice, locale)} points per room for the stay`
              : t`or ${formatPoints(rate.pointsPrice, locale)} points for the stay`}
          </p>
        ) : null}
        {payWithPoints || rate.pointsEarned === 0 ? null : <p className="price__note">{t`Earns ${formatPoints(rate.pointsEarned, locale)} points`}</p>}
        <button
          type="button"
          className={`button${chosen ? '' : ' button--primary'}`}
          aria-pressed={chosen}
          aria-describedby={nameId}
          disabled={!offer.available}
          onClick={() => {
            actor.send({ type: 'rate.selected', uuid: roomUuid, rateCode: rate.rateCode, roomTypeCode: offer.typeCode });
            if (!chosen) trackChoice(!props.roomChosen);
            props.onChosen();
          }}
        >
          {chosen ? t`Selected` : t`Select`}
        </button>
      </div>
    </div>
  );
}
