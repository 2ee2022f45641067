import { useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Locale } from '../../contract/locales';
import { hotelQuery } from '../../services/content/queries';
import { formatCalendarDate, isFutureDate } from '../ui/format/dates';
import { todayInBerlin } from '../../contract/calendar-dates';
import { PageTitle } from '../shell/PageTitle';

/** A hotel: where it is, what it offers, and (from `searchForm`) its availability for the guest's dates, rooms and guests. */
export function HotelPage({ locale, hotelCode, searchForm }: { locale: Locale; hotelCode: string; searchForm?: ReactNode }) {
  const { t } = useLingui();
  const { data: hotel } = useSuspenseQuery(hotelQuery(locale, hotelCode));
  const openingDate = hotel.openingDate !== null && isFutureDate(hotel.openingDate, todayInBerlin()) ? formatCalendarDate(hotel.openingDate, locale) : null;
  return (
    <article className="page" data-page="hotel" data-hotel={hotel.hotelCode}>
      <PageTitle title={hotel.hotelName} />
      <p>
        <Link to="/$locale/brands/$brandCode" params={{ locale, brandCode: hotel.brand.code }}>
          <bdi>{hotel.brand.brandName}</bdi>
        </Link>
      </p>
      <h1>
        <bdi>{hotel.hotelName}</bdi>
      </h1>
      <address>
        <bdi>{hotel.address.street}</bdi>, <bdi>{hotel.address.postalCode}</bdi> <bdi>{hotel.address.city}</bdi>, <bdi>{hotel.address.country}</bdi>
      </address>
      {openingDate ? <p className="notice">{t`This hotel opens on ${openingDate}. You can already book stays from that day.`}</p> : null}
      {hotel.useExternalBooking && hotel.externalBookingUrl ? (
        <p className="notice">
          {t`This hotel is booked on our partner’s website.`}{' '}
          <a href={hotel.externalBookingUrl} rel="noopener" target="_blank">
            {t`Book with our partner`}
          </a>
        </p>
      ) : searchForm ? (
        <section className="section hotel-availability" aria-labelledby="hotel-availability-title">
          <h2 id="hotel-availability-title">{t`Rooms and rates`}</h2>
          <p>{t`Choose your dates, rooms and guests to see this hotel’s rooms, rates and prices.`}</p>
          {searchForm}
        </section>
      ) : null}
      <ul className="hotel-gallery">
        {hotel.images.map((image, index) => (
          <li key={image.url}>
            <img src={image.url} alt={image.alt} width="360" height="240" loading={index === 0 ? 'eager' : 'lazy'} decoding="async" />
          </li>
        ))}
      </ul>
      <p>{hotel.description}</p>
      <section className="section" aria-labelledby="hotel-features-title">
        <h2 id="hotel-features-title">{t`Amenities`}</h2>
        <ul className="feature-list">
          {hotel.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      </section>
    </article>
  );
}
