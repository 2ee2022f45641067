import { createFileRoute } from '@tanstack/react-router';
import { ConfirmationSearchSchema, reservationOf } from '../../../contract/booking-pages';
import { ConfirmationPage } from '../../../views/booking/confirmation/ConfirmationPage';

export const Route = createFileRoute('/$locale/booking/confirmation')({
  validateSearch: ConfirmationSearchSchema,
  component: function ConfirmationRoute() {
    const { locale } = Route.useRouteContext();
    const { order_id: orderId, modified, token } = Route.useSearch();
    return <ConfirmationPage key={orderId ?? 'none'} locale={locale} orderId={orderId} modified={reservationOf(modified)} linkToken={token} />;
  },
});
