import { useLingui } from '@lingui/react/macro';
import type { HotelSummary } from '../../contract/content';
import type { Locale } from '../../contract/locales';
import { formatCalendarDate, isFutureDate, todayIn } from '../../services/format/dates';
import { localizedPath, ROUTES } from '../../services/navigation/paths';
import { SiteLink } from '../shell/SiteLink';

const BUSINESS_TIME_ZONE = 'Europe/Berlin';

export function HotelCard({ hotel, locale }: { hotel: HotelSummary; locale: Locale }) {
  const { t } = useLingui();
  const openingDate =
    hotel.openingDate !== null && isFutureDate(hotel.openingDate, todayIn(BUSINESS_TIME_ZONE))
      ? formatCalendarDate(hotel.openingDate, locale)
      : null;
  return (
    <SiteLink className="card" href={localizedPath(locale, ROUTES.hotel(hotel.hotelCode))} data-hotel={hotel.hotelCode}>
      <img src={hotel.image.url} alt={hotel.image.alt} width="360" height="240" loading="lazy" decoding="async" />
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
    </SiteLink>
  );
}
