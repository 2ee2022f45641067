import { createActorContext } from '@xstate/react';
import { hotelCheckoutMachine } from '../../machines/hotel-checkout/hotel-checkout.machine';

/** The hotel-checkout actor starts with its page's provider, never at module scope. */
export const HotelCheckoutActorContext = createActorContext(hotelCheckoutMachine);
