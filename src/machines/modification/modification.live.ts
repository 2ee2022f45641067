import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { todayInBerlin } from '../../contract/calendar-dates';
import { completeModification, editModification, orderQuery, orderQueryKey, startModification } from '../../services/booking/orders';
import type { OrderAccess } from '../../services/booking/orders';
import { modificationMachine } from './modification.machine';
import type { BookedReservation, ModificationInput, ModificationStart } from './modification.types';

/** What the modification needs from the app's edge. */
export interface ModificationEdge {
  /** The query cache the modify and confirmation pages read the order from. */
  queryClient: QueryClient;
  /** The access as it is when a call starts (a refreshed token must not restart the machine). */
  access(): OrderAccess;
  /** Opens the confirmation of the order with the notice of the changed reservation. */
  showConfirmation(orderId: string, reservationNumber: string): Promise<void>;
}

/** The machine's input for one reservation; "today" is Berlin business time. */
export function modificationInput(start: ModificationStart): ModificationInput {
  return { ...start, today: todayInBerlin() };
}

/**
 * The machine with the BFF calls of services/booking/orders.ts (a guest's carry the order's access key)
 * and the way back: the confirmation shows the changed order (the BFF's answer, or read again), with a notice.
 * The reservation is read through the order's query, so the page showing it and the flow share one request.
 */
export function createLiveModificationLogic({ queryClient, access, showConfirmation }: ModificationEdge) {
  return modificationMachine.provide({
    actors: {
      loadBooking: fromPromise<BookedReservation, ModificationStart>(async ({ input }) => {
        const order = await queryClient.fetchQuery(orderQuery(input.orderId, access()));
        const room = order.stays.flatMap((stay) => stay.room_stays).find((entry) => entry.reservation_number === input.reservationNumber);
        return { changeable: room !== undefined && room.status !== 'cancelled' && room.modifiable, traveller: room?.traveller ?? null };
      }),
      startModification: fromPromise(({ input, signal }) => startModification(input, access(), signal)),
      editModification: fromPromise(({ input, signal }) => editModification(input, access(), signal)),
      completeModification: fromPromise(({ input, signal }) => completeModification(input, access(), signal)),
    },
    actions: {
      backToConfirmation: (_, completion) => {
        void (async () => {
          if (completion.order) queryClient.setQueryData(orderQueryKey(completion.orderId), completion.order);
          else await queryClient.invalidateQueries({ queryKey: orderQueryKey(completion.orderId) });
          await showConfirmation(completion.orderId, completion.reservationNumber);
        })();
      },
    },
  });
}
