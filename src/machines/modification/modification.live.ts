import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { Traveller } from '../../contract/ecommerce';
import { todayInBerlin } from '../../contract/calendar-dates';
import { completeModification, editModification, orderQueryKey, startModification } from '../../services/booking/orders';
import type { OrderAccess } from '../../services/booking/orders';
import { modificationMachine } from './modification.machine';
import type { ModificationInput } from './modification.types';

/** What the modify page gives its machine. */
export interface ModificationEdge {
  orderId: string;
  /** The query cache the confirmation page reads the order from. */
  queryClient: QueryClient;
  /** The access as it is when a call starts (a refreshed token must not restart the machine). */
  access(): OrderAccess;
  /** Opens the confirmation of the order with the notice of the changed reservation. */
  showConfirmation(orderId: string, reservationNumber: string): Promise<void>;
}

/** The machine's input for one reservation; "today" is Berlin business time. */
export function modificationInput(start: { orderId: string; reservationNumber: string; currentTraveller: Traveller | null }): ModificationInput {
  return { ...start, today: todayInBerlin() };
}

/**
 * The machine with the BFF calls of services/booking/orders.ts (a guest's carry the order's access key)
 * and the way back: the confirmation shows the changed order (the BFF's answer, or read again), with a notice.
 */
export function createLiveModificationLogic({ orderId, queryClient, access, showConfirmation }: ModificationEdge) {
  return modificationMachine.provide({
    actors: {
      startModification: fromPromise(({ input, signal }) => startModification(input, access(), signal)),
      editModification: fromPromise(({ input, signal }) => editModification({ ...input, orderId }, access(), signal)),
      completeModification: fromPromise(({ input, signal }) => completeModification({ modificationId: input.modificationId, orderId }, access(), signal)),
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
