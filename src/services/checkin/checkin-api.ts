import * as v from 'valibot';
import {
  CHECKIN_PATHS,
  CheckinAvailabilityResponseSchema,
  CheckinPayResponseSchema,
  CheckinResponseSchema,
  StartCheckinResponseSchema,
} from '../../contract/checkin';
import type { Checkin, CheckinAvailability, CheckinPaymentMethod, CheckinPayRequest, CheckinPayResult, PersonalDetailsInput, StartCheckinRequest } from '../../contract/checkin';
import { ErrorBodySchema } from '../../contract/errors';
import type { ErrorCode, ErrorIssue } from '../../contract/errors';
import { HttpError } from '../bff/client';
import { bffRequest, readBody } from '../bff/request';
import type { AuthAccess, RequestOptions } from '../bff/request';
import { orderAccessHeaders } from '../booking/order-access';
import { checkinAccessHeaders, rememberCheckinAccess } from './checkin-access';

/**
 * The online check-in's calls (spec section 7, Commerce: checkin). A guest's calls carry the stay access
 * key this tab keeps for the check-in (checkin-access.ts); a member's carry their token too, which opens
 * the stays they booked, so `access` is optional.
 */

/** A failed check-in call: its status, its error code and the issues the BFF listed (a 400's fields, a 409's day it opens). */
export class CheckinError extends HttpError {
  readonly code: ErrorCode | null;
  readonly issues: readonly ErrorIssue[];
  constructor(status: number, code: ErrorCode | null, issues: readonly ErrorIssue[]) {
    super(status);
    this.name = 'CheckinError';
    this.code = code;
    this.issues = issues;
  }
}

async function checkinFailure(response: Response): Promise<Error> {
  const body = v.safeParse(ErrorBodySchema, await readBody(response));
  return body.success ? new CheckinError(response.status, body.output.error.code, body.output.error.issues ?? []) : new CheckinError(response.status, null, []);
}

type CallOptions = Omit<RequestOptions, 'token'>;

function checkinCall<TSchema extends v.GenericSchema>(path: string, schema: TSchema, access: AuthAccess | null, options: CallOptions = {}): Promise<v.InferOutput<TSchema>> {
  return bffRequest(path, schema, access, { ...options, readFailure: checkinFailure });
}

/**
 * Starts (or resumes) the check-in of a stay: from the mail's token, the lookup, or the member's booking.
 * The stay access key of the answer stays in this tab (in a header from now on, never in an address);
 * the caller gets the check-in.
 */
export async function startCheckin(access: AuthAccess | null, request: StartCheckinRequest): Promise<Checkin> {
  const { data } = await checkinCall(CHECKIN_PATHS.start, StartCheckinResponseSchema, access, { method: 'POST', body: request });
  rememberCheckinAccess(data.checkin.id, data.access_key);
  return data.checkin;
}

export async function getCheckin(access: AuthAccess | null, checkinId: string): Promise<Checkin> {
  return (await checkinCall(CHECKIN_PATHS.checkin(checkinId), CheckinResponseSchema, access, { headers: checkinAccessHeaders(checkinId) })).data;
}

export async function savePersonalDetails(access: AuthAccess | null, checkinId: string, details: PersonalDetailsInput): Promise<Checkin> {
  const options = { method: 'PUT' as const, body: details, headers: checkinAccessHeaders(checkinId) };
  return (await checkinCall(CHECKIN_PATHS.personalDetails(checkinId), CheckinResponseSchema, access, options)).data;
}

export async function setCheckinPaymentMethod(access: AuthAccess | null, checkinId: string, method: CheckinPaymentMethod = 'card'): Promise<Checkin> {
  const options = { method: 'PUT' as const, body: { payment_method: method }, headers: checkinAccessHeaders(checkinId) };
  return (await checkinCall(CHECKIN_PATHS.paymentMethod(checkinId), CheckinResponseSchema, access, options)).data;
}

/**
 * Pre-authorises the stay. `idempotencyKey` is one UUID per attempt: the same key after a network failure
 * makes the BFF answer as it did the first time instead of holding the amount twice.
 */
export async function payCheckin(access: AuthAccess | null, checkinId: string, body: CheckinPayRequest, idempotencyKey: string): Promise<CheckinPayResult> {
  const options = { method: 'POST' as const, body, headers: { ...checkinAccessHeaders(checkinId), 'Idempotency-Key': idempotencyKey } };
  return (await checkinCall(CHECKIN_PATHS.pay(checkinId), CheckinPayResponseSchema, access, options)).data;
}

/**
 * Whether a booking can be checked in online now: for the member's booking page (their token) or a
 * booking this tab opened (the order's access key).
 */
export async function getCheckinAvailability(access: AuthAccess | null, reservationNumber: string, orderId: string | null, signal?: AbortSignal): Promise<CheckinAvailability> {
  const path = `${CHECKIN_PATHS.availability}?${new URLSearchParams({ reservation_number: reservationNumber }).toString()}`;
  const options = { headers: orderId ? orderAccessHeaders(orderId) : {}, ...(signal ? { signal } : {}) };
  return (await checkinCall(path, CheckinAvailabilityResponseSchema, access, options)).data;
}
