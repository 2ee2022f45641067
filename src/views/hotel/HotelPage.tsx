import { useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Locale } from '../../contract/locales';
import { hotelQuery } from '../../services/content/queries';
import { formatCalendarDate, isFutureDate } from '../ui/format/dates';
import { addDays, todayInBerlin } from '../../contract/calendar-dates';
import { PageTitle } from '../shell/PageTitle';
import { useAppSelector } from '../shell/session-context';
import { FavouriteHeart } from '../ui/FavouriteHeart';
import type { SearchQueryState } from '../../services/search/search-state';

/**
 * A hotel: where it is, what it offers, and its availability: the search form for this hotel
 * (`searchForm`) and, for the dates, rooms and guests of the page's search (`searched`), its rooms and
 * rates to choose from with the way on to check-out (`roomsFor`, given the stay to list).
 */
export function HotelPage({
  locale,
  hotelCode,
  searchForm,
  searched,
  roomsFor,
}: {
  locale: Locale;
  hotelCode: string;
  searchForm?: ReactNode;
  searched?: SearchQueryState;
  roomsFor?: (stay: SearchQueryState) => ReactNode;
}) {
  const { t } = useLingui();
  const { data: hotel } = useSuspenseQuery(hotelQuery(locale, hotelCode));
  const favourites = useAppSelector((snapshot) => snapshot.context.favourites);
  const stay = searched ? stayAt(searched, hotel.openingDate) : null;
  const openingDate = hotel.openingDate !== null && isFutureDate(hotel.openingDate, todayInBerlin()) ? formatCalendarDate(hotel.openingDate, locale) : null;
  return (
    <article className="page" data-page="hotel" data-hotel={hotel.hotelCode}>
      <PageTitle title={hotel.hotelName} />
      <FavouriteHeart favourites={favourites} hotel={hotel} />
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
          {stay && roomsFor ? (
            <div className="hotel-rooms" data-hotel-rooms="">
              <p className="card__meta">
                <bdi>{formatCalendarDate(stay.dateRange.start, locale)}</bdi> – <bdi>{formatCalendarDate(stay.dateRange.end, locale)}</bdi>
              </p>
              {roomsFor(stay)}
            </div>
          ) : null}
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

/** The stay whose rooms the page lists: a hotel that opens later is searched from its opening date, for one night (spec section 4), as its form does. */
function stayAt(searched: SearchQueryState, openingDate: string | null): SearchQueryState {
  if (openingDate === null || searched.dateRange.start >= openingDate) return searched;
  return { ...searched, dateRange: { start: openingDate, end: addDays(openingDate, 1) } };
}
