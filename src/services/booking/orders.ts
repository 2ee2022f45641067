import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import {
  ECOMMERCE_PATHS,
  ModificationResponseSchema,
  OrderAccessResponseSchema,
  OrderResponseSchema,
  RecentOrdersCountResponseSchema,
} from '../../contract/ecommerce';
import type { EcommerceErrorCode, EditModificationRequest, Modification, Order, OrderLookupRequest } from '../../contract/ecommerce';
import { AnyAnswerSchema, callBff } from '../account/requests';
import type { AuthAccess } from '../account/requests';
import { HttpError } from '../bff/client';
import { commerceCall, commerceCodeOf } from './commerce-call';
import { orderAccessHeaders, rememberOrderAccess } from './order-access';

/**
 * Orders after payment: reading one, cancelling a reservation, and modifying a reservation (spec sections
 * 4 and 7). A member's calls carry their token, which ties the order to the member; a guest's carry the
 * order's access key this tab keeps (order-access.ts), so `access` is optional.
 */
export type OrderAccess = AuthAccess | null;

/** The answer as an order when it is one (the contract does not fix what cancel and complete answer). */
function orderIn(answer: unknown): Order | null {
  const parsed = v.safeParse(OrderResponseSchema, answer);
  return parsed.success ? parsed.output.data : null;
}

export async function fetchOrder(orderId: string, access: OrderAccess, signal?: AbortSignal): Promise<Order> {
  return (await commerceCall(ECOMMERCE_PATHS.order(orderId), OrderResponseSchema, access, { headers: orderAccessHeaders(orderId), ...(signal ? { signal } : {}) })).data;
}

/**
 * Trades the token of a confirmation mail's link (in the body, never in an address) for the order's
 * access key, which this tab keeps; answers the order's id.
 */
export async function exchangeLinkToken(token: string): Promise<string> {
  const { data } = await callBff(ECOMMERCE_PATHS.orderAccess, OrderAccessResponseSchema, { method: 'POST', body: { token } });
  rememberOrderAccess(data.order_id, data.access_key);
  return data.order_id;
}

/** "Manage my booking": a reservation number and the guest's last name or email; keeps the key, answers the order's id. */
export async function lookupOrder(request: OrderLookupRequest): Promise<string> {
  const { data } = await callBff(ECOMMERCE_PATHS.orderLookup, OrderAccessResponseSchema, { method: 'POST', body: request });
  rememberOrderAccess(data.order_id, data.access_key);
  return data.order_id;
}

/** Cancels one reservation of an order; answers the updated order when the BFF sends it back, else null. */
export async function cancelReservation(orderId: string, reservationNumber: string, access: OrderAccess): Promise<Order | null> {
  const options = { method: 'POST' as const, body: {}, headers: orderAccessHeaders(orderId) };
  return orderIn(await commerceCall(ECOMMERCE_PATHS.cancelReservation(orderId, reservationNumber), AnyAnswerSchema, access, options));
}

export async function fetchRecentOrdersCount(hotelCode: string, signal?: AbortSignal): Promise<number> {
  return (await callBff(ECOMMERCE_PATHS.recentOrdersCount(hotelCode), RecentOrdersCountResponseSchema, signal ? { signal } : {})).data.count;
}

export async function startModification(request: { orderId: string; reservationNumber: string }, access: OrderAccess, signal?: AbortSignal): Promise<Modification> {
  const body = { order_id: request.orderId, reservation_number: request.reservationNumber };
  const options = { method: 'POST' as const, body, headers: orderAccessHeaders(request.orderId), ...(signal ? { signal } : {}) };
  return (await commerceCall(ECOMMERCE_PATHS.modifications, ModificationResponseSchema, access, options)).data;
}

/** Proposes new dates, guests or traveller for the modification's room stay; the answer carries the new price. */
export async function editModification(
  request: { modificationId: string; roomStayId: string; orderId: string; changes: EditModificationRequest },
  access: OrderAccess,
  signal?: AbortSignal,
): Promise<Modification> {
  const path = ECOMMERCE_PATHS.modificationRoomStay(request.modificationId, request.roomStayId);
  const options = { method: 'PUT' as const, body: request.changes, headers: orderAccessHeaders(request.orderId), ...(signal ? { signal } : {}) };
  return (await commerceCall(path, ModificationResponseSchema, access, options)).data;
}

/** Books the proposed stay of the order's modification; answers the updated order when the BFF sends it back, else null. */
export async function completeModification(request: { modificationId: string; orderId: string }, access: OrderAccess, signal?: AbortSignal): Promise<Order | null> {
  const options = { method: 'POST' as const, body: {}, headers: orderAccessHeaders(request.orderId), ...(signal ? { signal } : {}) };
  return orderIn(await commerceCall(ECOMMERCE_PATHS.modificationComplete(request.modificationId), AnyAnswerSchema, access, options));
}

/**
 * What a failed order call means to the guest. Another member's order is a 404 (the BFF never reveals
 * that it exists), so 401, 403 and 404 all read as "not found"; 410 is a modification that expired.
 * The commerce routes answer 409 for the conflicts of these calls (not_cancellable on cancel,
 * modification_unavailable, room_unavailable or modification_payment_failed on a modification; see
 * `modificationRefusalOf` for which). A 400 is a request the BFF refuses as it stands (a stay longer than
 * it takes, say): asking again will not help.
 */
export type OrderFailure = 'notFound' | 'conflict' | 'invalid' | 'failed';

export function classifyOrderFailure(error: unknown): OrderFailure {
  if (!(error instanceof HttpError)) return 'failed';
  if (error.status === 404 || error.status === 403 || error.status === 401 || error.status === 410) return 'notFound';
  if (error.status === 409) return 'conflict';
  if (error.status === 400) return 'invalid';
  return 'failed';
}

/** Codes that say the price difference of a prepaid rate could not be charged to the booking's card. */
const PAYMENT_REFUSALS: readonly EcommerceErrorCode[] = ['modification_payment_failed', 'invalid_card'];

/**
 * Why the BFF refused a modification: the price difference could not be charged (409
 * modification_payment_failed, or 422 invalid_card when the booking's card is no longer usable), or the
 * stay cannot be booked (any other 409); null for a failure that is no refusal (not found, network...).
 */
export function modificationRefusalOf(error: unknown): 'roomsGone' | 'paymentFailed' | null {
  const code = commerceCodeOf(error);
  if (code && PAYMENT_REFUSALS.includes(code)) return 'paymentFailed';
  return classifyOrderFailure(error) === 'conflict' ? 'roomsGone' : null;
}

export const orderQueryKey = (orderId: string) => ['ecommerce', 'order', orderId] as const;

/**
 * An order, read fresh on each visit: a cancellation or modification made elsewhere (another tab, the
 * hotel) shows at once. The key does not hold the token, so a token refresh does not reload the page.
 */
export const orderQuery = (orderId: string, access: OrderAccess) =>
  queryOptions({
    queryKey: orderQueryKey(orderId),
    queryFn: ({ signal }) => fetchOrder(orderId, access, signal),
    staleTime: 0,
  });

/** Bookings made at a hotel in the last 24 hours: a hint, so a few minutes old is fine. */
export const recentOrdersCountQuery = (hotelCode: string) =>
  queryOptions({
    queryKey: ['ecommerce', 'recent-orders-count', hotelCode] as const,
    queryFn: ({ signal }) => fetchRecentOrdersCount(hotelCode, signal),
    staleTime: 5 * 60 * 1000,
  });

// ---------- the query of the pages after payment ----------

/** The pages' query schemas live in the contract, where the routes read them. */
export { LinkTokenParamSchema, OrderPageSearchSchema, ReservationParamSchema } from '../../contract/ecommerce';

