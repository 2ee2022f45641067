import { createActorContext } from '@xstate/react';
import { addBookingMachine } from '../../../machines/add-booking/add-booking.machine';

/** The add-booking actor starts with the bookings page's provider, never at module scope. */
export const AddBookingActorContext = createActorContext(addBookingMachine);
