import * as v from 'valibot';
import { ErrorBodySchema } from '../../contract/errors';
import {
  CreateHotelCheckoutResponseSchema,
  HOTEL_CHECKOUT_PATHS,
  HotelCheckoutConflictSchema,
  HotelCheckoutResponseSchema,
  HotelCheckoutSessionResponseSchema,
  HotelPayResponseSchema,
} from '../../contract/hotel-checkout';
import type {
  BusinessAddress,
  CreateHotelCheckoutRequest,
  HotelCheckout,
  HotelCheckoutSession,
  HotelFolioKind,
  HotelPayRequest,
  HotelPayResult,
  HotelPaymentMethod,
  InvoiceAddress,
} from '../../contract/hotel-checkout';
import { HttpError } from '../bff/client';
import { bffRequest, readBody, send } from '../bff/request';
import type { AuthAccess } from '../bff/request';
import { rememberStayAccess, stayAccessHeaders } from './stay-access';

/**
 * The hotel checkout's routes (spec section 7, Commerce: hotel checkout). Calls on a checkout carry the
 * stay's access key of this tab (stay-access.ts); the member's bearer goes along when there is one (a
 * member reaches their own stay with it alone).
 */

/**
 * A failed hotel-checkout call: its status, the error code the BFF named (folio_changed, stay_not_in_house,
 * hotel_system_unavailable, ...), the fields a 400 named, and the checkout as it is now when a 409 about
 * the folio carried it. Still an HttpError, so code that looks only at the status keeps working.
 */
export class HotelCheckoutError extends HttpError {
  constructor(
    status: number,
    readonly code: string | null,
    readonly fields: readonly string[] = [],
    readonly checkout: HotelCheckout | null = null,
  ) {
    super(status);
    this.name = 'HotelCheckoutError';
  }
}

async function hotelCheckoutFailure(response: Response): Promise<HttpError> {
  const body = await readBody(response);
  const conflict = v.safeParse(HotelCheckoutConflictSchema, body);
  if (conflict.success) return new HotelCheckoutError(response.status, conflict.output.error.code, [], conflict.output.checkout);
  const error = v.safeParse(ErrorBodySchema, body);
  if (error.success) return new HotelCheckoutError(response.status, error.output.error.code, (error.output.error.issues ?? []).map((issue) => issue.path));
  return new HotelCheckoutError(response.status, null);
}

function call<TSchema extends v.GenericSchema>(
  path: string,
  schema: TSchema,
  access: AuthAccess | null,
  options: { method?: 'GET' | 'POST' | 'PUT'; body?: unknown; headers?: Record<string, string> } = {},
): Promise<v.InferOutput<TSchema>> {
  return bffRequest(path, schema, access?.token ? access : null, { ...options, readFailure: hotelCheckoutFailure });
}

/** Creates (or resumes) the checkout of a stay and keeps the stay's access key for this tab. */
export async function createHotelCheckout(access: AuthAccess | null, request: CreateHotelCheckoutRequest): Promise<HotelCheckout> {
  const { data } = await call(HOTEL_CHECKOUT_PATHS.checkouts, CreateHotelCheckoutResponseSchema, access, { method: 'POST', body: request });
  rememberStayAccess(data.checkout.id, data.access_key);
  return data.checkout;
}

export async function getHotelCheckout(access: AuthAccess | null, checkoutId: string): Promise<HotelCheckout> {
  return (await call(HOTEL_CHECKOUT_PATHS.checkout(checkoutId), HotelCheckoutResponseSchema, access, { headers: stayAccessHeaders(checkoutId) })).data;
}

export async function moveCharge(access: AuthAccess | null, checkoutId: string, body: { charge_id: string; to: HotelFolioKind; folio_version: number }): Promise<HotelCheckout> {
  return (await call(HOTEL_CHECKOUT_PATHS.moveTransaction(checkoutId), HotelCheckoutResponseSchema, access, { method: 'POST', body, headers: stayAccessHeaders(checkoutId) })).data;
}

export async function saveInvoiceAddress(access: AuthAccess | null, checkoutId: string, address: InvoiceAddress): Promise<HotelCheckout> {
  return (await call(HOTEL_CHECKOUT_PATHS.address(checkoutId), HotelCheckoutResponseSchema, access, { method: 'PUT', body: address, headers: stayAccessHeaders(checkoutId) })).data;
}

export async function saveBusinessAddress(access: AuthAccess | null, checkoutId: string, address: BusinessAddress): Promise<HotelCheckout> {
  return (await call(HOTEL_CHECKOUT_PATHS.businessAddress(checkoutId), HotelCheckoutResponseSchema, access, { method: 'PUT', body: address, headers: stayAccessHeaders(checkoutId) })).data;
}

/** Starts the payment session of the open balances (POST), or brings it up to the folio as it is now (PUT). */
export async function openPaymentSession(access: AuthAccess | null, checkoutId: string, refresh: boolean): Promise<HotelCheckoutSession> {
  const options = { method: refresh ? ('PUT' as const) : ('POST' as const), headers: stayAccessHeaders(checkoutId) };
  return (await call(HOTEL_CHECKOUT_PATHS.session(checkoutId), HotelCheckoutSessionResponseSchema, access, options)).data;
}

export async function setSessionPaymentMethod(access: AuthAccess | null, checkoutId: string, sessionId: string, method: HotelPaymentMethod): Promise<HotelCheckoutSession> {
  return (
    await call(HOTEL_CHECKOUT_PATHS.sessionPaymentMethod(sessionId), HotelCheckoutSessionResponseSchema, access, {
      method: 'PUT',
      body: { payment_method: method },
      headers: stayAccessHeaders(checkoutId),
    })
  ).data;
}

/** Pays the session; the Idempotency-Key makes a repeated request get the first answer, never a second charge. */
export async function payPaymentSession(access: AuthAccess | null, checkoutId: string, sessionId: string, body: HotelPayRequest, idempotencyKey: string): Promise<HotelPayResult> {
  return (
    await call(HOTEL_CHECKOUT_PATHS.sessionPay(sessionId), HotelPayResponseSchema, access, {
      method: 'POST',
      body,
      headers: { ...stayAccessHeaders(checkoutId), 'Idempotency-Key': idempotencyKey },
    })
  ).data;
}

export async function performHotelCheckout(access: AuthAccess | null, checkoutId: string): Promise<HotelCheckout> {
  return (await call(HOTEL_CHECKOUT_PATHS.performCheckout(checkoutId), HotelCheckoutResponseSchema, access, { method: 'POST', headers: stayAccessHeaders(checkoutId) })).data;
}

/** One folio's invoice as a PDF (it needs the stay's header, so it is fetched, never linked). */
export async function downloadHotelInvoice(access: AuthAccess | null, checkoutId: string, folio: HotelFolioKind): Promise<Blob> {
  const response = await send(HOTEL_CHECKOUT_PATHS.invoice(checkoutId, folio), { headers: { ...stayAccessHeaders(checkoutId), accept: 'application/pdf' } }, access?.token ?? null);
  if (!response.ok) throw await hotelCheckoutFailure(response);
  return response.blob();
}
