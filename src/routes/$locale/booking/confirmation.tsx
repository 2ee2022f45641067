import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { LinkTokenParamSchema, OrderPageSearchSchema, ReservationParamSchema, reservationOf } from '../../../services/ecommerce/orders';
import { ConfirmationPage } from '../../../views/booking/confirmation/ConfirmationPage';

/**
 * `?order_id=<uuid>`, `modified=<reservation>` after a change was saved (shows a notice), and `token` in
 * the confirmation mail's link (the page exchanges it and takes it out of the address).
 */
const ConfirmationSearchSchema = v.object({ ...OrderPageSearchSchema.entries, modified: ReservationParamSchema, token: LinkTokenParamSchema });

export const Route = createFileRoute('/$locale/booking/confirmation')({
  validateSearch: (search: Record<string, unknown>) => v.parse(ConfirmationSearchSchema, search),
  component: function ConfirmationRoute() {
    const { locale } = Route.useRouteContext();
    const { order_id: orderId, modified, token } = Route.useSearch();
    return <ConfirmationPage key={orderId ?? 'none'} locale={locale} orderId={orderId} modified={reservationOf(modified)} linkToken={token} />;
  },
});
