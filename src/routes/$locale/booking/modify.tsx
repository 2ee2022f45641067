import { createFileRoute } from '@tanstack/react-router';
import { ModifySearchSchema } from '../../../contract/booking-pages';
import { reservationOf } from '../../../services/booking/orders';
import { ModifyPage } from '../../../views/booking/modify/ModifyPage';

export const Route = createFileRoute('/$locale/booking/modify')({
  validateSearch: ModifySearchSchema,
  component: function ModifyRoute() {
    const { locale } = Route.useRouteContext();
    const { order_id: orderId, reservation } = Route.useSearch();
    // A new reservation starts a new modification: the page (and its machine) start afresh.
    return <ModifyPage key={`${orderId ?? ''}/${reservation ?? ''}`} locale={locale} orderId={orderId} reservationNumber={reservationOf(reservation)} />;
  },
});
