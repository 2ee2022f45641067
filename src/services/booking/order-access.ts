import { ORDER_ACCESS_HEADER } from '../../contract/ecommerce';

/**
 * Order access keys (decision record 0024): the second secret that opens a guest's booking with its id.
 * Kept per order in sessionStorage, so only this tab has them and they are gone when it closes (a later
 * visit opens the booking again through the mail's link or the lookup), and sent only in a request
 * header, never in an address. A key from a payment that sent the guest to the provider is kept under
 * the cart's id until the cart's order is known (`adoptCartAccess`).
 */
const PREFIX = 'orderAccess:';
const ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;
const KEY_PATTERN = /^[\w.-]{1,300}$/;

function sessionStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Keeps the key of the order (or of the order a cart is becoming) with this id. */
export function rememberOrderAccess(id: string, key: string, storage: Storage | null = sessionStore()): void {
  if (!ID_PATTERN.test(id) || !KEY_PATTERN.test(key)) return;
  try {
    storage?.setItem(`${PREFIX}${id}`, key);
  } catch {
    // Storage full or blocked: the booking opens through the mail's link instead.
  }
}

export function orderAccessKey(id: string, storage: Storage | null = sessionStore()): string | null {
  try {
    const key = storage?.getItem(`${PREFIX}${id}`) ?? null;
    return key !== null && KEY_PATTERN.test(key) ? key : null;
  } catch {
    return null;
  }
}

/** The cart became this order: its key now opens the order. */
export function adoptCartAccess(cartId: string, orderId: string, storage: Storage | null = sessionStore()): void {
  const key = orderAccessKey(cartId, storage);
  if (key === null) return;
  rememberOrderAccess(orderId, key, storage);
  try {
    storage?.removeItem(`${PREFIX}${cartId}`);
  } catch {
    // Nothing to tidy in blocked storage.
  }
}

/** The header that carries the order's key, when this tab has one. */
export function orderAccessHeaders(orderId: string, storage: Storage | null = sessionStore()): Record<string, string> {
  const key = orderAccessKey(orderId, storage);
  return key === null ? {} : { [ORDER_ACCESS_HEADER]: key };
}
