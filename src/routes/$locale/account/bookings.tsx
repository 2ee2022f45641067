import { createFileRoute } from '@tanstack/react-router';
import { BookingsPage } from '../../../views/account/bookings/BookingsPage';

export const Route = createFileRoute('/$locale/account/bookings')({
  component: function BookingsRoute() {
    const { locale } = Route.useRouteContext();
    return <BookingsPage locale={locale} />;
  },
});
