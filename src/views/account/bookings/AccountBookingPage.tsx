import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { todayInBerlin } from '../../../contract/calendar-dates';
import type { Order } from '../../../contract/ecommerce';
import type { Locale } from '../../../contract/locales';
import type { MemberBooking } from '../../../contract/loyalty';
import { classifyOrderFailure, orderQuery } from '../../../services/booking/queries';
import { memberBookingsQuery, useRemoveAddedBooking } from '../../../services/loyalty/queries';
import { useFlag } from '../../shell/flags-context';
import { PageTitle } from '../../shell/PageTitle';
import { CardSkeletons, LoadFailed } from '../../shell/QueryState';
import { useAuthAccess } from '../../shell/session-context';
import { OrderDetails } from '../../ui/order/OrderDetails';
import { calendarHref, stayCalendar } from '../../ui/format/calendar';
import { formatCalendarDate } from '../../ui/format/dates';
import { formatMoney } from '../../ui/format/money';
import { MemberOnly } from '../member-area/MemberOnly';
import './bookings.css';

// "Check in online" loads after the booking, in a chunk of its own (the check-in's contract stays out of the first load).
const CheckinOffer = lazy(() => import('../../ui/CheckinOffer'));

interface AccountBookingPageProps {
  locale: Locale;
  orderId: string | undefined;
  /** The number of a booking made by phone or at the hotel and added to the account. */
  reservation: string | undefined;
}

/**
 * One of the member's bookings (spec section 2, /account/booking): a booking made here with its rooms,
 * prices and policies, to change, cancel or add to the calendar; one added from the reservation system
 * with what the reservation system knows of it.
 */
export function AccountBookingPage(props: AccountBookingPageProps) {
  const { t } = useLingui();
  return (
    <MemberOnly title={t`Your booking`} locale={props.locale}>
      <div className="page member-page booking-page" data-page="account-booking">
        <PageTitle title={t`Your booking`} />
        <p>
          <Link to="/$locale/account/bookings" params={{ locale: props.locale }}>
            {t`All my bookings`}
          </Link>
        </p>
        {props.orderId ? <OnlineBooking locale={props.locale} orderId={props.orderId} /> : <AddedBooking locale={props.locale} reservation={props.reservation} />}
      </div>
    </MemberOnly>
  );
}

function NotInAccount({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  return (
    <>
      <h1>{t`Your booking`}</h1>
      <p role="alert">{t`This booking is not in your account.`}</p>
      <p>
        <Trans>
          Find it in <Link to="/$locale/account/bookings" params={{ locale }}>My bookings</Link>, add a booking made by phone or at the hotel there, or use{' '}
          <Link to="/$locale/booking/manage" params={{ locale }}>Manage my booking</Link> with its reservation number.
        </Trans>
      </p>
    </>
  );
}

function OnlineBooking({ locale, orderId }: { locale: Locale; orderId: string }) {
  const { t } = useLingui();
  const access = useAuthAccess();
  const modifyEnabled = useFlag('modify-booking-enabled');
  const order = useQuery(orderQuery(orderId, access));
  if (order.isPending) {
    return (
      <>
        <h1>{t`Your booking`}</h1>
        <CardSkeletons count={2} label={t`Loading your booking…`} />
      </>
    );
  }
  if (order.isError) {
    if (classifyOrderFailure(order.error) === 'notFound') return <NotInAccount locale={locale} />;
    return (
      <>
        <h1>{t`Your booking`}</h1>
        <LoadFailed message={t`Your booking could not be loaded.`} onRetry={() => void order.refetch()} />
      </>
    );
  }
  const reservations = order.data.stays.flatMap((stay) => stay.room_stays.filter((room) => room.status !== 'cancelled').map((room) => room.reservation_number));
  return (
    <>
      {reservations[0] ? (
        <Suspense fallback={null}>
          <CheckinOffer locale={locale} reservationNumber={reservations[0]} access={access} />
        </Suspense>
      ) : null}
      <CheckoutOffer locale={locale} stays={order.data.stays} />
      <OrderDetails order={order.data} locale={locale} modified={undefined} actions={{ access, modifyEnabled }} inAccount />
    </>
  );
}

/** "Check out online" for a stay in house today: the room's bill, paid online, with the invoices by mail. */
function CheckoutOffer({ locale, stays }: { locale: Locale; stays: Order['stays'] }) {
  const { t } = useLingui();
  const today = todayInBerlin();
  const room = stays.filter((stay) => stay.check_in_date <= today && today <= stay.check_out_date).flatMap((stay) => stay.room_stays.filter((roomStay) => roomStay.status !== 'cancelled'))[0];
  if (!room) return null;
  return (
    <section className="notice booking-checkout" aria-labelledby="booking-checkout-title">
      <h2 id="booking-checkout-title">{t`Leaving soon?`}</h2>
      <p>{t`Review your bill, pay it and get your invoices online, without a stop at the front desk.`}</p>
      <p>
        <Link className="button button--primary" to="/$locale/checkout/redirect" params={{ locale }} search={{ reservation_number: room.reservation_number }}>
          {t`Check out online`}
        </Link>
      </p>
    </section>
  );
}

function AddedBooking({ locale, reservation }: { locale: Locale; reservation: string | undefined }) {
  const { t } = useLingui();
  const access = useAuthAccess();
  const bookings = useQuery(memberBookingsQuery(access));
  if (bookings.isPending) {
    return (
      <>
        <h1>{t`Your booking`}</h1>
        <CardSkeletons count={1} label={t`Loading your booking…`} />
      </>
    );
  }
  if (bookings.isError) {
    return (
      <>
        <h1>{t`Your booking`}</h1>
        <LoadFailed message={t`Your booking could not be loaded.`} onRetry={() => void bookings.refetch()} />
      </>
    );
  }
  const all = [...bookings.data.upcoming, ...bookings.data.past, ...bookings.data.cancelled];
  const booking = reservation ? all.find((entry) => entry.source === 'reservation-system' && entry.rooms.some((room) => room.reservationNumber === reservation)) : undefined;
  if (!booking) return <NotInAccount locale={locale} />;
  return <AddedBookingDetails booking={booking} locale={locale} />;
}

function AddedBookingDetails({ booking, locale }: { booking: MemberBooking; locale: Locale }) {
  const { t } = useLingui();
  const access = useAuthAccess();
  const navigate = useNavigate();
  const remove = useRemoveAddedBooking(access);
  const numbers = booking.rooms.map((room) => room.reservationNumber).join(', ');
  const cancelled = booking.status === 'cancelled';
  const calendar = stayCalendar({
    uid: `${booking.orderId}@booking`,
    checkInDate: booking.arrivalDate,
    checkOutDate: booking.departureDate,
    summary: t`Stay at ${booking.hotel.name}`,
    location: booking.hotel.name,
    description: t`Reservation numbers: ${numbers}`,
    createdAt: booking.bookedAt,
  });
  return (
    <>
      <h1 data-status={booking.status}>{cancelled ? t`Your booking is cancelled` : t`Your booking is confirmed`}</h1>
      <p>{t`Booked by phone or at the hotel. To change or cancel it, please contact the hotel.`}</p>
      <section className="booking-stay" aria-labelledby="added-booking-hotel">
        <h2 id="added-booking-hotel">
          <bdi>{booking.hotel.name}</bdi>
        </h2>
        <dl className="booking-facts">
          <div>
            <dt>{t`Check-in`}</dt>
            <dd>
              <bdi>{formatCalendarDate(booking.arrivalDate, locale)}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t`Check-out`}</dt>
            <dd>
              <bdi>{formatCalendarDate(booking.departureDate, locale)}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t`Length of stay`}</dt>
            <dd>
              <Plural value={booking.nights} one="# night" other="# nights" />
            </dd>
          </div>
          <div>
            <dt>{t`Total`}</dt>
            <dd>
              <bdi>{formatMoney(booking.totalAmount, booking.currency, locale)}</bdi>
            </dd>
          </div>
        </dl>
        {cancelled ? null : (
          <p>
            <a className="button" href={calendarHref(calendar)} download={`booking-${booking.rooms[0]?.reservationNumber ?? 'stay'}.ics`}>
              {t`Add to calendar`}
            </a>
          </p>
        )}
        <ul className="member-bookings__list">
          {booking.rooms.map((room) => (
            <li key={room.reservationNumber} className="card member-bookings__card">
              <p>
                <strong>{room.roomTypeName}</strong> · {room.rateName}
              </p>
              <p className="card__meta">
                <Trans>
                  Reservation <bdi>{room.reservationNumber}</bdi>
                </Trans>
                {room.status === 'cancelled' ? <> · {t`Cancelled`}</> : null}
              </p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="added-booking-remove">
        <h2 id="added-booking-remove">{t`Not your booking any more?`}</h2>
        {remove.isError ? (
          <p role="alert" className="notice member-bookings__failure">
            {t`The booking could not be removed. Please try again.`}
          </p>
        ) : null}
        <p>
          <button
            type="button"
            className="button"
            disabled={remove.isPending}
            aria-busy={remove.isPending}
            onClick={() =>
              remove.mutate(booking.rooms[0]?.reservationNumber ?? booking.orderId.replace(/^crs:/, ''), {
                onSuccess: () => void navigate({ to: '/$locale/account/bookings', params: { locale } }),
              })
            }
          >
            {remove.isPending ? t`Removing…` : t`Remove from my account`}
          </button>
        </p>
        <p className="card__meta">{t`The booking stays with the hotel; only your account no longer lists it. You can add it again with its number.`}</p>
      </section>
    </>
  );
}
