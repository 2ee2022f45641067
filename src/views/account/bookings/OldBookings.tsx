import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { Locale } from '../../../contract/locales';
import type { OldBooking } from '../../../contract/member-reservations';
import { oldBookingsQuery, useHideOldBooking } from '../../../services/loyalty/queries';
import { useAuthAccess } from '../../shell/session-context';
import { formatCalendarDate } from '../../ui/format/dates';
import { formatMoney } from '../../ui/format/money';

/**
 * Bookings made on the old website (spec section 7, old booking: GET and DELETE): listed for reference
 * behind a disclosure, each one the member can remove from the list. Shown only when there are some.
 */
export function OldBookings({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  const access = useAuthAccess();
  const bookings = useQuery(oldBookingsQuery(access));
  const hide = useHideOldBooking(access);
  // Nothing to show, or not readable now (the reservation system is away): the section stays out of the way.
  if (!bookings.data || bookings.data.length === 0) return null;
  return (
    <details className="member-bookings__more">
      <summary>{t`Bookings on our previous website (${bookings.data.length})`}</summary>
      {hide.isError ? (
        <p role="alert" className="notice member-bookings__failure">
          {t`The booking could not be removed. Please try again.`}
        </p>
      ) : null}
      <ul className="member-bookings__list">
        {bookings.data.map((booking) => (
          <li key={booking.reservationNumber}>
            <OldBookingCard booking={booking} locale={locale} busy={hide.isPending && hide.variables === booking.reservationNumber} onHide={() => hide.mutate(booking.reservationNumber)} />
          </li>
        ))}
      </ul>
    </details>
  );
}

function OldBookingCard({ booking, locale, busy, onHide }: { booking: OldBooking; locale: Locale; busy: boolean; onHide: () => void }) {
  const { t } = useLingui();
  const id = `old-${booking.reservationNumber}`;
  return (
    <article className="card member-bookings__card" aria-labelledby={id}>
      <h3 id={id}>
        <bdi>{booking.hotel.name}</bdi>
      </h3>
      <p>
        <bdi>{formatCalendarDate(booking.arrivalDate, locale)}</bdi> – <bdi>{formatCalendarDate(booking.departureDate, locale)}</bdi> ·{' '}
        <Plural value={booking.nights} one="# night" other="# nights" />
      </p>
      <p className="card__meta">
        <Trans>
          Reservation <bdi>{booking.reservationNumber}</bdi>
        </Trans>{' '}
        · {booking.roomTypeName} · <bdi>{formatMoney(booking.amount, booking.currency, locale)}</bdi>
        {booking.status === 'cancelled' ? <> · {t`Cancelled`}</> : null}
      </p>
      <p>
        <button type="button" className="button" onClick={onHide} disabled={busy} aria-busy={busy} aria-describedby={id}>
          {busy ? t`Removing…` : t`Remove from my list`}
        </button>
      </p>
    </article>
  );
}
