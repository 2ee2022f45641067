import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { CartRef } from '../../../machines/app/app.types';

/** The check-out page's cart: the app's `cart` actor, handed down once it runs (see CheckoutPage). */
const CartRefContext = createContext<CartRef | null>(null);

function useCartRef(): CartRef {
  const cart = useContext(CartRefContext);
  if (!cart) throw new Error('The cart is read outside the check-out page');
  return cart;
}

/** Narrow selectors on the cart and its actor, as the check-out views use them. */
export const CartActorContext = {
  Provider: CartRefContext.Provider,
  useActorRef: useCartRef,
  useSelector<T>(selector: (snapshot: SnapshotFrom<CartRef>) => T, compare?: (a: T, b: T) => boolean): T {
    return useSelector(useCartRef(), selector, compare);
  },
};
