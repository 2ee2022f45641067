import { queryOptions } from '@tanstack/react-query';
import { MEMBER_QUERY_ROOT } from '../../../services/auth/queries';
import type { AuthAccess } from '../../../services/auth/requests';
import { getAvailableAddons, getMerchant, getSavedCards, quoteInsurance } from '../../../services/ecommerce/cart';

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
