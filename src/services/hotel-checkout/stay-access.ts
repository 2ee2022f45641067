import { HOTEL_CHECKOUT_ACCESS_HEADER } from '../../contract/hotel-checkout';

/**
 * The stay's access key of a hotel checkout (decision records 0053 and 0058): the answer to the room's QR
 * link, the lookup or a member's request, kept per checkout in sessionStorage (only this tab has it, and it
 * is gone when the tab closes; the room card's link or the lookup opens the checkout again) and sent only in
 * the X-Stay-Access header, never in an address. It survives the trip to the payment provider and back.
 */
const PREFIX = 'hotelCheckoutAccess:';
const ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;
const KEY_PATTERN = /^[\w.-]{1,600}$/;

function sessionStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberStayAccess(checkoutId: string, key: string, storage: Storage | null = sessionStore()): void {
  if (!ID_PATTERN.test(checkoutId) || !KEY_PATTERN.test(key)) return;
  try {
    storage?.setItem(`${PREFIX}${checkoutId}`, key);
  } catch {
    // Storage full or blocked: the checkout opens through the room card's link or the lookup instead.
  }
}

export function stayAccessKey(checkoutId: string, storage: Storage | null = sessionStore()): string | null {
  try {
    const key = storage?.getItem(`${PREFIX}${checkoutId}`) ?? null;
    return key !== null && KEY_PATTERN.test(key) ? key : null;
  } catch {
    return null;
  }
}

/** The header that carries the stay's key, when this tab has one. */
export function stayAccessHeaders(checkoutId: string, storage: Storage | null = sessionStore()): Record<string, string> {
  const key = stayAccessKey(checkoutId, storage);
  return key === null ? {} : { [HOTEL_CHECKOUT_ACCESS_HEADER]: key };
}
