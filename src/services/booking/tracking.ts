import { ECOMMERCE_PATHS } from '../../contract/ecommerce';
import { send } from '../account/requests';

/**
 * The booking journey's tracking calls (spec section 7, Commerce): a rate or a room chosen, the check-out
 * started, an order made. They never stand in the guest's way: whatever happens (no network, an error
 * answer, a bad argument), the call resolves and nothing is thrown or retried (spec section 8).
 *
 * The ids go in the query as the spec names them (cartId, orderId) and in the body as the contract's
 * TrackingRequestSchema reads them. A member's token goes along when there is one, but a 401 here neither
 * refreshes the token nor signs anyone out: tracking has no say in the session.
 */
export type TrackingEvent = keyof typeof ECOMMERCE_PATHS.tracking;

export interface TrackingIds {
  cartId?: string | null | undefined;
  orderId?: string | null | undefined;
}

/** The path and body of a tracking call: only the ids that are there. */
export function trackingRequest(event: TrackingEvent, ids: TrackingIds): { path: string; body: { cart_id?: string; order_id?: string } } {
  const query = new URLSearchParams();
  const body: { cart_id?: string; order_id?: string } = {};
  if (ids.cartId) {
    query.set('cartId', ids.cartId);
    body.cart_id = ids.cartId;
  }
  if (ids.orderId) {
    query.set('orderId', ids.orderId);
    body.order_id = ids.orderId;
  }
  const search = query.toString();
  return { path: search ? `${ECOMMERCE_PATHS.tracking[event]}?${search}` : ECOMMERCE_PATHS.tracking[event], body };
}

export async function track(event: TrackingEvent, ids: TrackingIds, token: string | null = null): Promise<void> {
  try {
    const { path, body } = trackingRequest(event, ids);
    await send(path, { method: 'POST', body }, token);
  } catch {
    // Tracking failures are silently ignored (spec sections 7 and 8).
  }
}
