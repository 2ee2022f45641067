import * as v from 'valibot';
import {
  AvailableAddonsResponseSchema,
  CartResponseSchema,
  ECOMMERCE_ERROR_CODES,
  ECOMMERCE_PATHS,
  InsuranceQuoteResponseSchema,
  MerchantResponseSchema,
  PayResponseSchema,
} from '../../contract/ecommerce';
import type { Cart, CreateCartRequest, EcommerceErrorCode, PayRequest, PayResult, PaymentMethod, UpdateRoomStayRequest } from '../../contract/ecommerce';
import { SavedCardsResponseSchema } from '../../contract/ecommerce';
import type { SavedCard } from '../../contract/ecommerce';
import type { Currency } from '../../contract/search';
import type { Locale } from '../../contract/locales';
import { bffFetch, HttpError } from '../bff/client';
import { AnyAnswerSchema, failureOf } from '../auth/requests';
import type { AuthAccess, RequestOptions } from '../auth/requests';

/**
 * The cart routes of the booking journey (spec section 7, Commerce). A guest's calls go without a token
 * (the cart id is the secret); a member's carry the bearer token, which ties the cart to the member.
 */

/**
 * A failed commerce call whose answer named one of the commerce error codes (409 room_unavailable, 410
 * cart_expired, ...). Still an HttpError, so code that looks only at the status keeps working.
 */
export class CommerceError extends HttpError {
  readonly code: EcommerceErrorCode;
  constructor(status: number, code: EcommerceErrorCode) {
    super(status);
    this.name = 'CommerceError';
    this.code = code;
  }
}

const CommerceErrorBodySchema = v.object({ error: v.object({ code: v.picklist(ECOMMERCE_ERROR_CODES) }) });

/** The error of a failed answer: its commerce code when it has one, else what every BFF call gives (requests.ts). */
async function commerceFailure(response: Response): Promise<HttpError> {
  try {
    const body = v.safeParse(CommerceErrorBodySchema, await response.clone().json());
    if (body.success) return new CommerceError(response.status, body.output.error.code);
  } catch {
    // Not JSON: an ordinary failure.
  }
  return failureOf(response);
}

/** The commerce code of a failure, or null. */
export const commerceCodeOf = (error: unknown): EcommerceErrorCode | null => (error instanceof CommerceError ? error.code : null);

type CallOptions = Omit<RequestOptions, 'token'>;

function send(path: string, options: CallOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  return bffFetch(path, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

/**
 * One commerce call. It works as callBff (guests) and callAuthorized (members) in requests.ts do, token
 * refresh on a 401 included, but keeps the commerce error code of a failed answer: the booking flow tells
 * a room that is gone (409 room_unavailable) from a cart already paid (409 cart_not_open).
 */
async function commerceCall<TSchema extends v.GenericSchema>(
  path: string,
  schema: TSchema,
  access: AuthAccess | null,
  options: CallOptions = {},
): Promise<v.InferOutput<TSchema>> {
  const token = access?.token ?? null;
  let response = await send(path, options, token);
  if (response.status === 401 && token && access) {
    const fresh = await access.channel.refresh().catch(() => null);
    if (fresh) {
      access.channel.emit({ type: 'token.refreshed', token: fresh });
      response = await send(path, options, fresh);
    }
    if (response.status === 401) {
      access.channel.emit({ type: 'unauthorized' });
      throw new HttpError(401);
    }
  }
  if (!response.ok) throw await commerceFailure(response);
  const text = await response.text();
  return v.parse(schema, text.trim() === '' ? null : (JSON.parse(text) as unknown));
}

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
  return answer.data;
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

/** Tracking (spec section 7): failures are silently ignored. */
export async function trackInitiateCheckout(access: AuthAccess | null, cartId: string): Promise<void> {
  await commerceCall(`${ECOMMERCE_PATHS.tracking.initiateCheckout}?${new URLSearchParams({ cartId }).toString()}`, AnyAnswerSchema, access, {
    method: 'POST',
    body: { cart_id: cartId },
  }).catch(() => undefined);
}
