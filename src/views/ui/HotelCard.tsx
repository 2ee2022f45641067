import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { HotelSummary } from '../../contract/content';
import type { Locale } from '../../contract/locales';
import { formatCalendarDate, isFutureDate } from './format/dates';
import { todayInBerlin } from '../../contract/calendar-dates';

export function HotelCard({ hotel, locale }: { hotel: HotelSummary; locale: Locale }) {
  const { t } = useLingui();
  const openingDate =
    hotel.openingDate !== null && isFutureDate(hotel.openingDate, todayInBerlin())
      ? formatCalendarDate(hotel.openingDate, locale)
      : null;
  return (
    <Link to="/$locale/hotels/$hotelCode" params={{ locale, hotelCode: hotel.hotelCode }} className="card" data-hotel={hotel.hotelCode}>
      {/* The drawing of the hotel's front illustrates the name below it: decorative, so the link reads as the name. */}
      <img src={hotel.image.url} alt="" width="360" height="240" loading="lazy" decoding="async" />
      <div className="card__body">
        <p className="card__title">
          <bdi>{hotel.hotelName}</bdi>
        </p>
        <p className="card__meta">
          <bdi>{hotel.city}</bdi>
        </p>
        {openingDate ? <span className="badge">{t`Opens ${openingDate}`}</span> : null}
        {hotel.useExternalBooking ? <span className="badge">{t`Booked with our partner`}</span> : null}
      </div>
    </Link>
  );
}
