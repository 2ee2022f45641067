import { createFileRoute } from '@tanstack/react-router';
import { AccountBookingSearchSchema, reservationOf } from '../../../contract/booking-pages';
import { AccountBookingPage } from '../../../views/account/bookings/AccountBookingPage';

export const Route = createFileRoute('/$locale/account/booking')({
  validateSearch: AccountBookingSearchSchema,
  component: function AccountBookingRoute() {
    const { locale } = Route.useRouteContext();
    const { order_id: orderId, reservation } = Route.useSearch();
    const number = reservationOf(reservation);
    return <AccountBookingPage key={orderId ?? number ?? 'none'} locale={locale} orderId={orderId} reservation={number} />;
  },
});
