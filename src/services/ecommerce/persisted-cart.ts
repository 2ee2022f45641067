import { browserStorage, PERSISTED_KEYS, readValue, removeValue, writeValue } from '../auth/persisted-values';

/**
 * The id of the guest's open cart (spec section 3, persisted client values), so a reload or a return to
 * the check-out page finds the same cart instead of holding the rooms twice. Logout clears it with the
 * rest of the session (persisted-values.ts); an order clears it too.
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
