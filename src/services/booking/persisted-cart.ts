import { browserStorage, PERSISTED_KEYS, readValue, removeValue, writeValue } from '../account/persisted-values';

/**
 * The id of a member's open cart (spec section 3, persisted client values), so a return to the check-out
 * page finds the same cart instead of making another. Only members' carts are kept here: a page that starts
 * without a token clears cart-related state with the rest of the session (spec section 4,
 * persisted-values.ts), so a guest's cart id lives in the check-out page's URL (decision 0016). Logout and
 * an order clear it too.
 */
const CART_ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;

export function readStoredCartId(storage: Storage | null = browserStorage()): string | null {
  const value = readValue(PERSISTED_KEYS.cartId, storage);
  return value !== null && CART_ID_PATTERN.test(value) ? value : null;
}

export function storeCartId(cartId: string, storage: Storage | null = browserStorage()): void {
  writeValue(PERSISTED_KEYS.cartId, cartId, storage);
}

export function forgetCartId(storage: Storage | null = browserStorage()): void {
  removeValue(PERSISTED_KEYS.cartId, storage);
}
