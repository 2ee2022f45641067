import * as v from 'valibot';
import { CHECKIN_ERROR_CODES } from './checkin-errors';
import { CORPORATE_ERROR_CODES } from './corporate-errors';
import { ECOMMERCE_ERROR_CODES } from './ecommerce-errors';
import { HOTEL_CHECKOUT_ERROR_CODES } from './hotel-checkout-errors';

/**
 * The one error body every BFF route answers with, whatever went wrong: the general codes, and the booking journey's own (src/contract/ecommerce-errors.ts).
 * `payload_too_large` (413): the request body is larger than the BFF takes.
 * `service_unavailable` (503): a service the BFF depends on, such as the database, cannot answer now; asking again later may work.
 * `otp_required` (429): password sign-in is paused for this email or address after too many guesses; sign in with a one-time code.
 * `forbidden` (403): a request a browser sent from another site to a route only the site itself may call.
 * `unknown_location` (404): the hotel search's destination is neither a city nor a hotel code we know (a
 * known place with nothing free answers 200 with no hotel available).
 * `insufficient_points` (409): the member's points balance does not cover what they asked to buy with
 * points (a reward of the catalogue); the message names the price and the balance, nothing was spent.
 * `step_up_required` (403): the change needs a fresh one-time code first (src/contract/account-security.ts).
 */
export const ErrorCodes = ['bad_request', 'unauthorized', 'not_found', 'conflict', 'payload_too_large', 'internal', 'service_unavailable', 'otp_required', 'forbidden', 'unknown_location', 'insufficient_points', 'step_up_required', ...ECOMMERCE_ERROR_CODES, ...HOTEL_CHECKOUT_ERROR_CODES, ...CHECKIN_ERROR_CODES, ...CORPORATE_ERROR_CODES] as const;
export type ErrorCode = (typeof ErrorCodes)[number];

export const ErrorIssueSchema = v.object({ path: v.string(), message: v.string() });
export type ErrorIssue = v.InferOutput<typeof ErrorIssueSchema>;

export const ErrorBodySchema = v.object({
  error: v.object({
    code: v.picklist(ErrorCodes),
    message: v.string(),
    issues: v.optional(v.array(ErrorIssueSchema)),
  }),
});
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;
