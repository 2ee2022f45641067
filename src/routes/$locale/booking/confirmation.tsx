import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { OrderPageSearchSchema, ReservationParamSchema, reservationOf } from '../../../services/ecommerce/orders';
import { ConfirmationPage } from '../../../views/booking/confirmation/ConfirmationPage';

/** `?order_id=<uuid>`, and `modified=<reservation>` after a change was saved (shows a notice). */
const ConfirmationSearchSchema = v.object({ ...OrderPageSearchSchema.entries, modified: ReservationParamSchema });

export const Route = createFileRoute('/$locale/booking/confirmation')({
  validateSearch: (search: Record<string, unknown>) => v.parse(ConfirmationSearchSchema, search),
  component: function ConfirmationRoute() {
    const { locale } = Route.useRouteContext();
    const { order_id: orderId, modified } = Route.useSearch();
    return <ConfirmationPage key={orderId ?? 'none'} locale={locale} orderId={orderId} modified={reservationOf(modified)} />;
  },
});
