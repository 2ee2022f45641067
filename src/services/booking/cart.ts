import {
  AvailableAddonsResponseSchema,
  CartResponseSchema,
  ECOMMERCE_PATHS,
  InsuranceQuoteResponseSchema,
  MerchantResponseSchema,
  PayResponseSchema,
} from '../../contract/ecommerce';
import type { Cart, CreateCartRequest, PayRequest, PayResult, PaymentMethod, UpdateRoomStayRequest } from '../../contract/ecommerce';
import { SavedCardsResponseSchema } from '../../contract/ecommerce';
import type { SavedCard } from '../../contract/ecommerce';
import type { Currency } from '../../contract/search';
import type { Locale } from '../../contract/locales';
import { AnyAnswerSchema } from '../account/requests';
import type { AuthAccess } from '../account/requests';
import { commerceCall } from './commerce-call';
import { rememberOrderAccess } from './order-access';

export { CommerceError, commerceCodeOf } from './commerce-call';

/**
 * The cart routes of the booking journey (spec section 7, Commerce). A guest's calls go without a token
 * (the cart id is the secret); a member's carry the bearer token, which ties the cart to the member.
 */

const cartOf = async (promise: Promise<{ data: Cart }>): Promise<Cart> => (await promise).data;

export function createCart(access: AuthAccess | null, request: CreateCartRequest): Promise<Cart> {
  return cartOf(commerceCall(ECOMMERCE_PATHS.carts, CartResponseSchema, access, { method: 'POST', body: request }));
}

export function getCart(access: AuthAccess | null, cartId: string): Promise<Cart> {
  return cartOf(commerceCall(ECOMMERCE_PATHS.cart(cartId), CartResponseSchema, access));
}

export function updateCart(
  access: AuthAccess | null,
  cartId: string,
  body: { promo_code?: string | null; currency?: Currency; business?: boolean; locale?: Locale },
): Promise<Cart> {
  return cartOf(commerceCall(ECOMMERCE_PATHS.cart(cartId), CartResponseSchema, access, { method: 'PUT', body }));
}

export function updateRoomStay(
  access: AuthAccess | null,
  ids: { cartId: string; stayId: string; roomStayId: string },
  body: UpdateRoomStayRequest,
): Promise<Cart> {
  return cartOf(commerceCall(ECOMMERCE_PATHS.roomStay(ids.cartId, ids.stayId, ids.roomStayId), CartResponseSchema, access, { method: 'PUT', body }));
}

export async function getAvailableAddons(access: AuthAccess | null, ids: { cartId: string; stayId: string; roomStayId: string }) {
  return (await commerceCall(ECOMMERCE_PATHS.availableAddons(ids.cartId, ids.stayId, ids.roomStayId), AvailableAddonsResponseSchema, access)).data;
}

export function applyVoucher(access: AuthAccess | null, cartId: string, code: string): Promise<Cart> {
  return cartOf(commerceCall(ECOMMERCE_PATHS.vouchers(cartId), CartResponseSchema, access, { method: 'POST', body: { code } }));
}

export function removeVoucher(access: AuthAccess | null, cartId: string, voucherId: string): Promise<Cart> {
  return cartOf(commerceCall(ECOMMERCE_PATHS.voucher(cartId, voucherId), CartResponseSchema, access, { method: 'DELETE' }));
}

export async function quoteInsurance(access: AuthAccess | null, cartId: string, product: 'cancellation') {
  return (await commerceCall(ECOMMERCE_PATHS.insuranceCalculate(cartId, product), InsuranceQuoteResponseSchema, access, { method: 'POST', body: {} })).data;
}

export function addInsurance(access: AuthAccess | null, cartId: string, product: 'cancellation'): Promise<Cart> {
  return cartOf(commerceCall(ECOMMERCE_PATHS.insurance(cartId, product), CartResponseSchema, access, { method: 'POST', body: {} }));
}

export function removeInsurance(access: AuthAccess | null, cartId: string, product: 'cancellation'): Promise<Cart> {
  return cartOf(commerceCall(ECOMMERCE_PATHS.insurance(cartId, product), CartResponseSchema, access, { method: 'DELETE' }));
}

export function setPaymentMethod(access: AuthAccess | null, cartId: string, method: PaymentMethod): Promise<Cart> {
  return cartOf(commerceCall(ECOMMERCE_PATHS.paymentMethod(cartId), CartResponseSchema, access, { method: 'PUT', body: { payment_method: method } }));
}

/** A saved card's id, or the token the provider's hosted form gave for a card just entered. */
export function setCreditCard(access: AuthAccess | null, cartId: string, body: { credit_card_id: string; save?: boolean }): Promise<Cart> {
  return cartOf(commerceCall(ECOMMERCE_PATHS.creditCard(cartId), CartResponseSchema, access, { method: 'PUT', body }));
}

/**
 * Pays the cart. `idempotencyKey` is one UUID per attempt: the same key after a network failure makes the
 * BFF answer as it did the first time instead of charging again.
 */
export async function payCart(access: AuthAccess | null, cartId: string, body: PayRequest, idempotencyKey: string): Promise<PayResult> {
  const answer = await commerceCall(ECOMMERCE_PATHS.pay(cartId), PayResponseSchema, access, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  // A guest's booking opens with its access key: kept for this tab (under the cart until its order is known), not in the machine.
  const { data } = answer;
  if (data.status === 'declined' || data.access_key === undefined) return data;
  const { access_key: accessKey, ...result } = data;
  rememberOrderAccess(result.status === 'succeeded' ? result.order_id : cartId, accessKey);
  return result;
}

/** The provider's hosted card form (members and guests alike enter card data there, never on our page). */
export async function getMerchant(access: AuthAccess | null) {
  return (await commerceCall(ECOMMERCE_PATHS.merchant, MerchantResponseSchema, access)).data;
}

export async function getSavedCards(access: AuthAccess): Promise<SavedCard[]> {
  return (await commerceCall(ECOMMERCE_PATHS.creditCards, SavedCardsResponseSchema, access)).data;
}

/** The one-time CVV token of a saved card, for the payment about to be made. */
export async function setSavedCardCvv(access: AuthAccess, cardId: string, cvvToken: string): Promise<void> {
  await commerceCall(ECOMMERCE_PATHS.creditCardCvv(cardId), AnyAnswerSchema, access, { method: 'PUT', body: { cvv_token: cvvToken } });
}
