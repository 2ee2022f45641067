import { createFileRoute } from '@tanstack/react-router';
import { ManageBookingPage } from '../../../views/booking/manage/ManageBookingPage';

/** "Manage my booking": find a booking by reservation number and last name or email. */
export const Route = createFileRoute('/$locale/booking/manage')({
  component: function ManageBookingRoute() {
    const { locale } = Route.useRouteContext();
    return <ManageBookingPage locale={locale} />;
  },
});
