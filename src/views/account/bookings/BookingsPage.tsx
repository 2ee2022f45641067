import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Locale } from '../../../contract/locales';
import type { MemberBooking } from '../../../contract/loyalty';
import { memberBookingsQuery } from '../../../services/loyalty/queries';
import { useMemberAreaTracking } from '../../../services/analytics/queries';
import { PageTitle } from '../../shell/PageTitle';
import { LoadFailed } from '../../shell/QueryState';
import { useAuthAccess } from '../../shell/session-context';
import { formatCalendarDate } from '../../ui/format/dates';
import { formatMoney, formatPoints } from '../../ui/format/money';
import { MemberOnly } from '../member-area/MemberOnly';
import { AddBooking, AddBookingProvider } from './AddBooking';
import { bookingSearchOf } from './booking-search';
import { OldBookings } from './OldBookings';
import './bookings.css';

/** The member's bookings (spec section 2, bookings): upcoming first, then past and cancelled ones. */
export function BookingsPage({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  return (
    <MemberOnly title={t`My bookings`} locale={locale}>
      <AddBookingProvider>
        <Bookings locale={locale} />
      </AddBookingProvider>
    </MemberOnly>
  );
}

function Bookings({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const access = useAuthAccess();
  const bookings = useQuery(memberBookingsQuery(access));
  const pastTracking = useMemberAreaTracking('bookings', 'past bookings');
  return (
    <div className="page member-page member-bookings" data-page="account-bookings">
      <PageTitle title={t`My bookings`} />
      <h1>{t`My bookings`}</h1>
      {bookings.isPending ? (
        <p className="skeleton skeleton--block" role="status">
          <span className="visually-hidden">{t`Loading your bookings…`}</span>
        </p>
      ) : bookings.isError ? (
        <LoadFailed message={t`Your bookings could not be loaded.`} onRetry={() => void bookings.refetch()} />
      ) : (
        <>
          <section aria-labelledby="bookings-upcoming">
            <h2 id="bookings-upcoming">{t`Upcoming stays`}</h2>
            {bookings.data.upcoming.length === 0 ? (
              <p>
                <Trans>
                  No upcoming stay. <Link to="/$locale/find-a-hotel" params={{ locale }}>Find a hotel</Link> and collect points with it.
                </Trans>
              </p>
            ) : (
              <BookingList bookings={bookings.data.upcoming} locale={locale} labelledBy="bookings-upcoming" />
            )}
          </section>
          <AddBooking locale={locale} />
          <details className="member-bookings__more">
            <summary {...pastTracking}>{t`Past stays (${bookings.data.past.length})`}</summary>
            {bookings.data.past.length === 0 ? <p>{t`No past stays yet.`}</p> : <BookingList bookings={bookings.data.past} locale={locale} again />}
          </details>
          <details className="member-bookings__more">
            <summary>{t`Cancelled bookings (${bookings.data.cancelled.length})`}</summary>
            {bookings.data.cancelled.length === 0 ? <p>{t`No cancelled bookings.`}</p> : <BookingList bookings={bookings.data.cancelled} locale={locale} again />}
          </details>
          <OldBookings locale={locale} />
        </>
      )}
    </div>
  );
}

function BookingList({ bookings, locale, labelledBy, again = false }: { bookings: readonly MemberBooking[]; locale: Locale; labelledBy?: string; again?: boolean }) {
  return (
    <ul className="member-bookings__list" aria-labelledby={labelledBy}>
      {bookings.map((booking) => (
        <li key={booking.orderId}>
          <BookingCard booking={booking} locale={locale} again={again} />
        </li>
      ))}
    </ul>
  );
}

function BookingCard({ booking, locale, again }: { booking: MemberBooking; locale: Locale; again: boolean }) {
  const { t } = useLingui();
  const againTracking = useMemberAreaTracking('bookings', 'book again');
  const reservations = booking.rooms.map((room) => room.reservationNumber).join(', ');
  const earned = formatPoints(booking.pointsEarned, locale);
  return (
    <article className="card member-bookings__card" aria-labelledby={`booking-${booking.orderId}`}>
      <h3 id={`booking-${booking.orderId}`}>
        <bdi>{booking.hotel.name}</bdi>
      </h3>
      <p>
        <bdi>{formatCalendarDate(booking.arrivalDate, locale)}</bdi> – <bdi>{formatCalendarDate(booking.departureDate, locale)}</bdi>
      </p>
      {reservations ? (
        <p className="card__meta">
          <Trans>
            Reservation <bdi>{reservations}</bdi>
          </Trans>
        </p>
      ) : null}
      <p className="card__meta">
        {booking.pointsPaid > 0 ? (
          <>{t`Paid with ${formatPoints(booking.pointsPaid, locale)} points`}</>
        ) : (
          <bdi>{formatMoney(booking.totalAmount, booking.currency, locale)}</bdi>
        )}
        {booking.pointsEarned > 0 ? <> · {booking.pointsPending ? t`${earned} points after the stay` : t`${earned} points earned`}</> : null}
      </p>
      <p className="member-bookings__actions">
        <Link className="button" to="/$locale/account/booking" params={{ locale }} search={bookingSearchOf(booking)}>
          {t`View booking`}
        </Link>
        {again ? (
          // A new search at the same hotel: the hotel's page completes it with the next dates it offers.
          <Link to="/$locale/hotels/$hotelCode" params={{ locale, hotelCode: booking.hotel.code }} search={{ location: booking.hotel.code }} {...againTracking}>
            {t`Book again`}
          </Link>
        ) : null}
      </p>
    </article>
  );
}
