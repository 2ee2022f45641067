import { createFileRoute } from '@tanstack/react-router';
import type { AppActor } from '../../../app-actor';
import { ModifySearchSchema, reservationOf } from '../../../contract/booking-pages';
import type { ModifySearch } from '../../../contract/booking-pages';
import { ModifyPage } from '../../../views/booking/modify/ModifyPage';

/** The address names a reservation: its change starts; an address without one has nothing to change. */
function openModification(app: AppActor, search: ModifySearch): void {
  const reservationNumber = reservationOf(search.reservation);
  if (search.order_id && reservationNumber) app.send({ type: 'modification.opened', start: { orderId: search.order_id, reservationNumber } });
  else app.send({ type: 'modification.closed' });
}

export const Route = createFileRoute('/$locale/booking/modify')({
  validateSearch: ModifySearchSchema,
  // The page's flow is the app's `modification` actor: it starts when the page opens on a reservation
  // (once the session is known) and stops when the guest leaves; another reservation starts it afresh.
  onEnter: ({ context, search }) => openModification(context.app, search),
  onStay: ({ context, search }) => openModification(context.app, search),
  onLeave: ({ context }) => context.app.send({ type: 'modification.closed' }),
  component: function ModifyRoute() {
    const { locale } = Route.useRouteContext();
    const { order_id: orderId, reservation } = Route.useSearch();
    // A new reservation starts a new modification: the page (and its machine) start afresh.
    return <ModifyPage key={`${orderId ?? ''}/${reservation ?? ''}`} locale={locale} orderId={orderId} reservationNumber={reservationOf(reservation)} />;
  },
});
