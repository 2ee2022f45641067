import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Currency, HotelResult, Price, UnavailableReason } from '../../contract/search';
import type { Locale } from '../../contract/locales';
import { formatDistanceKm, formatMoney, formatPoints } from '../ui/format/money';
import { FavouriteHeart } from '../ui/FavouriteHeart';
import { useAppSelector } from '../shell/session-context';
import { CompanyRateBadge } from './CompanyRateBadge';
import type { RouterSearch } from '../../services/navigation/router-search';

function useUnavailableText(reason: UnavailableReason | null, minimumStay: number | null): string {
  const { t } = useLingui();
  switch (reason) {
    case 'sold_out':
      return t`Sold out for these dates`;
    case 'minimum_stay':
      return minimumStay ? t`Stays of at least ${minimumStay} nights only` : t`Longer stays only`;
    case 'not_open_yet':
      return t`Not open yet on these dates`;
    case 'occupancy':
      return t`No room fits this many guests`;
    case 'outside_arrival_window':
      return t`Not bookable for this arrival date`;
    case 'external_booking':
      return t`Booked on our partner’s website`;
    default:
      return t`Not available`;
  }
}

/**
 * Which amount of a result's price the card shows. The search prices every room of the search together:
 * for one room the average per night is that room's nightly price; for several rooms a per-night figure
 * would read as one room's, so the card shows the stay's total and says what it covers.
 */
function shownAmount(price: Price, roomCount: number): number {
  return roomCount > 1 ? price.totalWithTax : price.avgPerNightWithTax;
}

/**
 * One hotel of the results: its drawing, brand, distance, features and its best prices side by side; for
 * a member whose company rate is the lowest here, the member price is that rate's and says so.
 * One room: prices per night. Several rooms: the total of the stay, labelled with its nights and rooms.
 */
export function HotelResultCard(props: { hotel: HotelResult; locale: Locale; roomsSearch: RouterSearch; payWithPoints: boolean; roomCount: number; nights: number }) {
  const { hotel, locale, roomsSearch, payWithPoints, roomCount, nights } = props;
  const { t } = useLingui();
  const unavailable = useUnavailableText(hotel.unavailableReason, hotel.minimumStay);
  const favourites = useAppSelector((snapshot) => snapshot.context.favourites);
  const member = hotel.memberPrice;
  const nonMember = hotel.nonMemberPrice;
  const perNight = roomCount <= 1;
  const saving = member && nonMember ? Math.max(0, shownAmount(nonMember, roomCount) - shownAmount(member, roomCount)) : 0;
  const unit = perNight
    ? t`per night`
    : t`total for ${plural(nights, { one: '# night', other: '# nights' })}, ${plural(roomCount, { one: '# room', other: '# rooms' })}`;
  const savingText = (amount: number, currency: Currency) =>
    perNight ? t`Members save ${formatMoney(amount, currency, locale)} per night` : t`Members save ${formatMoney(amount, currency, locale)} in total`;
  return (
    <article className="result-card" data-hotel={hotel.hotelCode} aria-labelledby={`result-${hotel.hotelCode}`}>
      {/* The drawing only illustrates the name beside it: decorative for assistive technology. */}
      <img src={hotel.image.url} alt="" width="360" height="240" loading="lazy" decoding="async" />
      <div className="result-card__body">
        <FavouriteHeart favourites={favourites} hotel={hotel} />
        <p className="result-card__brand">
          <bdi>{hotel.brandName}</bdi>
        </p>
        <h2 id={`result-${hotel.hotelCode}`} className="result-card__title">
          <Link to="/$locale/hotels/$hotelCode" params={{ locale, hotelCode: hotel.hotelCode }} search={roomsSearch}>
            <bdi>{hotel.hotelName}</bdi>
          </Link>
        </h2>
        <p className="card__meta">{t`${formatDistanceKm(hotel.distanceKm, locale)} from the centre of ${hotel.city}`}</p>
        {hotel.features.length > 0 ? (
          <ul className="feature-list feature-list--compact" aria-label={t`Amenities`}>
            {hotel.features.slice(0, 4).map((feature) => (
              <li key={feature.code}>{feature.name}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="result-card__prices">
        {hotel.available && member ? (
          <>
            <p className="price price--member">
              {/* The member's company rate is lower here than the member rates: the price is the company's. */}
              {hotel.company ? <CompanyRateBadge company={hotel.company} /> : <span className="price__label">{t`Member price`}</span>}
              <span className="price__amount">{formatMoney(shownAmount(member, roomCount), member.currency, locale)}</span>
              <span className="price__unit">{unit}</span>
            </p>
            {nonMember ? (
              <p className="price price--standard">
                <span className="price__label">{t`Standard price`}</span>
                <span className="price__amount">{formatMoney(shownAmount(nonMember, roomCount), nonMember.currency, locale)}</span>
              </p>
            ) : null}
            {saving > 0 ? <p className="badge badge--saving">{savingText(saving, member.currency)}</p> : null}
            {payWithPoints && hotel.pointsPrice != null ? <p className="price price--points">{t`or ${formatPoints(hotel.pointsPrice, locale)} points`}</p> : null}
            {member.cityTax > 0 ? <p className="price__note">{t`plus ${formatMoney(member.cityTax, member.currency, locale)} city tax`}</p> : null}
            <Link to="/$locale/booking/select-room-rate" params={{ locale }} search={roomsSearch} className="button button--primary" aria-describedby={`result-${hotel.hotelCode}`}>
              {t`Choose a room`}
            </Link>
          </>
        ) : (
          <p className="result-card__unavailable">{unavailable}</p>
        )}
      </div>
    </article>
  );
}
