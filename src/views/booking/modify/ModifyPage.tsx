import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Locale } from '../../../contract/locales';
import { isOrderNotFound, orderQuery } from '../../../services/booking/queries';
import { useFlag } from '../../shell/flags-context';
import { PageTitle } from '../../shell/PageTitle';
import { CardSkeletons, LoadFailed } from '../../shell/QueryState';
import { useAppSelector, useAppSystem, useAuthAccess } from '../../shell/session-context';
import { confirmationLink } from '../../ui/order/booking-format';
import { BookingNotFound } from '../confirmation/BookingNotFound';
import { ModifyForm } from './ModifyForm';
import '../../ui/order/order.css';

interface ModifyPageProps {
  locale: Locale;
  orderId: string | undefined;
  reservationNumber: string | undefined;
}

/** Changing one reservation of a paid booking (behind `modify-booking-enabled`). */
export function ModifyPage({ locale, orderId, reservationNumber }: ModifyPageProps) {
  const { t } = useLingui();
  const enabled = useFlag('modify-booking-enabled');
  const access = useAuthAccess();
  const ready = enabled && orderId !== undefined && reservationNumber !== undefined;
  const order = useQuery({ ...orderQuery(orderId ?? '', access), enabled: ready });
  // The change itself is the app's `modification` actor, started by the page's route once the session is known.
  const { app } = useAppSystem();
  const modificationRunning = useAppSelector((snapshot) => snapshot.context.modification !== null);
  const modificationLoadFailed = useAppSelector((snapshot) => snapshot.hasTag('modificationLoadFailed'));
  const back = orderId ? (
    <Link className="button" {...confirmationLink(locale, orderId)}>
      {t`Back to your booking`}
    </Link>
  ) : (
    <Link className="button" to="/$locale/account/bookings" params={{ locale }}>
      {t`Back to your booking`}
    </Link>
  );

  if (!enabled) {
    return (
      <div className="page booking-page" data-page="booking-modify">
        <PageTitle title={t`Change your booking`} />
        <h1>{t`Change your booking`}</h1>
        <p className="notice">{t`Changing a booking online is not available at the moment. Please contact the hotel to change your stay.`}</p>
        <p>{back}</p>
      </div>
    );
  }
  if (!orderId || !reservationNumber) return <BookingNotFound locale={locale} />;

  if (order.isError && isOrderNotFound(order.error)) return <BookingNotFound locale={locale} />;
  const stay = order.data?.stays.find((entry) => entry.room_stays.some((room) => room.reservation_number === reservationNumber));
  const room = stay?.room_stays.find((entry) => entry.reservation_number === reservationNumber);
  if (order.isSuccess && (!stay || !room)) return <BookingNotFound locale={locale} />;

  return (
    <div className="page booking-page" data-page="booking-modify">
      <PageTitle title={t`Change your booking`} />
      <h1>{t`Change your booking`}</h1>
      {order.isPending ? (
        <CardSkeletons count={1} label={t`Loading your booking…`} />
      ) : order.isError ? (
        <LoadFailed message={t`Your booking could not be loaded.`} onRetry={() => void order.refetch()} />
      ) : !stay || !room ? null : room.status === 'cancelled' || !room.modifiable ? (
        <>
          <p className="notice">
            {room.status === 'cancelled' ? t`This reservation is cancelled and cannot be changed.` : t`This reservation cannot be changed online. Please contact the hotel.`}
          </p>
          <p>{back}</p>
        </>
      ) : modificationLoadFailed ? (
        <LoadFailed message={t`Your booking could not be loaded. Check your connection and try again.`} onRetry={() => app.send({ type: 'modification.retry' })} />
      ) : !modificationRunning ? (
        <CardSkeletons count={1} label={t`Preparing your change…`} />
      ) : (
        <ModifyForm locale={locale} hotelName={stay.hotel_name} roomTypeName={room.room_type_name} rateName={room.reservation_info.rate_name} orderId={orderId} />
      )}
    </div>
  );
}
