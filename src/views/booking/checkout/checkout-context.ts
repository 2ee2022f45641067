import { createActorContext } from '@xstate/react';
import { cartMachine } from '../../../machines/cart/cart.machine';

/** The cart actor starts with the check-out page (CheckoutProvider), never at module scope. */
export const CartActorContext = createActorContext(cartMachine);
