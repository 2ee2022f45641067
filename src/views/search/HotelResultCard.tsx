import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Currency, HotelResult, UnavailableReason } from '../../contract/search';
import type { Locale } from '../../contract/locales';
import { formatDistanceKm, formatMoney, formatPoints } from '../ui/format/money';
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
 * One hotel of the results: photo, brand, distance, features and its best prices side by side. The prices
 * are for all the rooms of the search together, per night: with several rooms the card says so.
 */
export function HotelResultCard(props: { hotel: HotelResult; locale: Locale; roomsSearch: RouterSearch; payWithPoints: boolean; roomCount: number }) {
  const { hotel, locale, roomsSearch, payWithPoints, roomCount } = props;
  const { t } = useLingui();
  const unavailable = useUnavailableText(hotel.unavailableReason, hotel.minimumStay);
  const member = hotel.memberPrice;
  const nonMember = hotel.nonMemberPrice;
  const saving = member && nonMember ? Math.max(0, nonMember.avgPerNightWithTax - member.avgPerNightWithTax) : 0;
  const savingText = (amount: number, currency: Currency) =>
    roomCount > 1 ? t`Members save ${formatMoney(amount, currency, locale)} per night for ${roomCount} rooms` : t`Members save ${formatMoney(amount, currency, locale)} per night`;
  return (
    <article className="result-card" data-hotel={hotel.hotelCode} aria-labelledby={`result-${hotel.hotelCode}`}>
      <img src={hotel.image.url} alt={hotel.image.alt} width="320" height="214" loading="lazy" decoding="async" />
      <div className="result-card__body">
        <p className="result-card__brand">
          <bdi>{hotel.brandName}</bdi>
        </p>
        <h3 id={`result-${hotel.hotelCode}`} className="result-card__title">
          <Link to="/$locale/hotels/$hotelCode" params={{ locale, hotelCode: hotel.hotelCode }} search={roomsSearch}>
            <bdi>{hotel.hotelName}</bdi>
          </Link>
        </h3>
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
              <span className="price__label">{t`Member price`}</span>
              <span className="price__amount">{formatMoney(member.avgPerNightWithTax, member.currency, locale)}</span>
              <span className="price__unit">{plural(roomCount, { one: 'per night', other: 'per night for # rooms' })}</span>
            </p>
            {nonMember ? (
              <p className="price price--standard">
                <span className="price__label">{t`Standard price`}</span>
                <span className="price__amount">{formatMoney(nonMember.avgPerNightWithTax, nonMember.currency, locale)}</span>
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
