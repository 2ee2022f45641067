import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Order } from '../../contract/ecommerce';
import { MEMBER_QUERY_ROOT } from '../account/queries';
import { HttpError } from '../bff/client';
import type { AuthAccess } from '../bff/request';
import { getAvailableAddons, getMerchant, getSavedCards, quoteInsurance } from './cart';
import { cancelReservation, classifyOrderFailure, lookupOrder, orderQueryKey } from './orders';
import type { OrderAccess } from './orders';
import { readStoredCartId } from './persisted-cart';
import { track } from './tracking';

/** An order, read fresh on each visit (see orders.ts). */
export { classifyOrderFailure, orderQuery } from './orders';

/** Whether reading an order failed because it is not there for this visitor (a wrong link, no access, another member's). */
export const isOrderNotFound = (error: unknown): boolean => classifyOrderFailure(error) === 'notFound';

/**
 * Cancelling one reservation of an order (one request). The order shown is then the one the BFF answered,
 * or read again when the answer was not an order.
 */
export function useCancelReservation(
  order: Order,
  reservationNumber: string,
  access: OrderAccess,
  callbacks: { onCancelled: (reservationNumber: string, refundedBefore: number) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelReservation(order.order_id, reservationNumber, access),
    onSuccess: async (updated) => {
      // What was refunded before, so the page can tell the refund of this cancellation.
      callbacks.onCancelled(reservationNumber, order.amount_refunded);
      if (updated) queryClient.setQueryData(orderQueryKey(order.order_id), updated);
      else await queryClient.invalidateQueries({ queryKey: orderQueryKey(order.order_id) });
    },
  });
}

/** Why a cancellation failed, as the page words it: no longer possible online (409), or any other failure. */
export const cancellationFailureOf = (error: unknown): 'conflict' | 'failed' => (classifyOrderFailure(error) === 'conflict' ? 'conflict' : 'failed');

/** Why finding a booking failed: no booking with these details, too many attempts, or anything else. */
export type OrderLookupFailure = 'notFound' | 'tooManyAttempts' | 'failed';

export function orderLookupFailureOf(error: unknown): OrderLookupFailure {
  const status = error instanceof HttpError ? error.status : null;
  if (status === 404 || status === 400) return 'notFound';
  if (status === 429) return 'tooManyAttempts';
  return 'failed';
}

/**
 * Finding a guest's booking by its reservation number and the guest's last name or the booking's email
 * (text with an `@`). The BFF answers with the order's access key, kept for this tab; the order id comes back.
 */
export function useOrderLookup(callbacks: { onFound: (orderId: string) => void; onFailed: () => void }) {
  return useMutation({
    mutationFn: ({ reservationNumber, guest }: { reservationNumber: string; guest: string }) => {
      const who = guest.trim();
      return lookupOrder(who.includes('@') ? { reservation_number: reservationNumber, email: who } : { reservation_number: reservationNumber, last_name: who });
    },
    onSuccess: callbacks.onFound,
    onError: callbacks.onFailed,
  });
}

/* What the check-out page reads besides the cart (which lives in the cart machine). */

const accessKey = (access: AuthAccess | null) => (access?.token ? 'member' : 'guest');

/** The add-ons and benefits a room stay can have; which are chosen is the cart's to say. */
export const availableAddonsQuery = (access: AuthAccess | null, ids: { cartId: string; stayId: string; roomStayId: string }) =>
  queryOptions({
    queryKey: ['ecommerce', 'available-addons', ids.cartId, ids.stayId, ids.roomStayId, accessKey(access)],
    queryFn: () => getAvailableAddons(access, ids),
    staleTime: 5 * 60_000,
  });

/** The insurance price for the cart as it stands (`version` changes with the cart's total, so the quote follows it). */
export const insuranceQuoteQuery = (access: AuthAccess | null, cartId: string, version: number) =>
  queryOptions({
    queryKey: ['ecommerce', 'insurance-quote', cartId, version, accessKey(access)],
    queryFn: () => quoteInsurance(access, cartId, 'cancellation'),
    staleTime: 5 * 60_000,
  });

export const merchantQuery = (access: AuthAccess | null) =>
  queryOptions({ queryKey: ['ecommerce', 'merchant', accessKey(access)], queryFn: () => getMerchant(access), staleTime: 30 * 60_000 });

export const savedCardsQuery = (access: AuthAccess) =>
  queryOptions({ queryKey: [...MEMBER_QUERY_ROOT, 'credit-cards'], queryFn: () => getSavedCards(access), staleTime: 60_000 });

/**
 * Tracks a rate chosen on the rooms page, and the room when it is another room type than before (spec
 * section 7); never in the way. Without a cart in the address, a member's stored one counts (a guest's
 * storage is cleared when a page starts).
 */
export function useRoomChoiceTracking(cartId: string | null, token: string | null): (roomChanged: boolean) => void {
  return useCallback(
    (roomChanged: boolean) => {
      const cart = cartId ?? (token ? readStoredCartId() : null);
      void track('rateSelected', { cartId: cart }, token);
      if (roomChanged) void track('roomSelected', { cartId: cart }, token);
    },
    [cartId, token],
  );
}
