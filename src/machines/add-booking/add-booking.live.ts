import { fromPromise } from 'xstate';
import type { AuthAccess } from '../../services/account/requests';
import { addExternalReservation } from '../../services/loyalty/api';
import { addBookingMachine } from './add-booking.machine';

/** What adding a booking needs from the page it runs on. */
export interface AddBookingEdge {
  access(): AuthAccess;
  /** Reads the member's bookings, stays without points and points again. */
  refreshBookings(): void;
}

export function createLiveAddBookingLogic({ access, refreshBookings }: AddBookingEdge) {
  return addBookingMachine.provide({
    actors: { addBooking: fromPromise(({ input, signal }) => addExternalReservation(access(), input, { signal })) },
    actions: { refreshBookings: () => refreshBookings() },
  });
}
