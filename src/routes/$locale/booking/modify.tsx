import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { OrderPageSearchSchema, ReservationParamSchema, reservationOf } from '../../../services/ecommerce/orders';
import { ModifyPage } from '../../../views/booking/modify/ModifyPage';

/** `?order_id=<uuid>&reservation=<number>`: the reservation of the order to change. */
const ModifySearchSchema = v.object({ ...OrderPageSearchSchema.entries, reservation: ReservationParamSchema });

export const Route = createFileRoute('/$locale/booking/modify')({
  validateSearch: (search: Record<string, unknown>) => v.parse(ModifySearchSchema, search),
  component: function ModifyRoute() {
    const { locale } = Route.useRouteContext();
    const { order_id: orderId, reservation } = Route.useSearch();
    // A new reservation starts a new modification: the page (and its machine) start afresh.
    return <ModifyPage key={`${orderId ?? ''}/${reservation ?? ''}`} locale={locale} orderId={orderId} reservationNumber={reservationOf(reservation)} />;
  },
});
