import * as v from 'valibot';
import { LoginValidationErrorSchema } from '../../contract/auth';
import { ErrorBodySchema } from '../../contract/errors';
import { HttpError } from '../bff/client';
import { authenticated, bffRequest, readBody } from '../bff/request';
import type { AuthAccess, RequestOptions } from '../bff/request';
import { InvalidInputError, LoginValidationError, OtpRequiredError, RateLimitedError, StepUpRequiredError } from './errors';

export type { AuthAccess, RequestOptions } from '../bff/request';
export { send } from '../bff/request';

/** Any answer, or none (204): for routes whose answer the web app does not read. */
export const AnyAnswerSchema = v.unknown();

/**
 * The error of a failed answer: a 422 with the field list of LoginValidationErrorSchema becomes a
 * LoginValidationError, a 400 with the BFF's issues an InvalidInputError, a 403 `step_up_required` a
 * StepUpRequiredError, a 429 `otp_required` an OtpRequiredError and any other 429 a RateLimitedError (with
 * its Retry-After), anything else an HttpError
 * ('Request failed with status code {status}', spec section 8).
 */
export async function failureOf(response: Response): Promise<HttpError> {
  const body = await readBody(response);
  if (response.status === 422) {
    const validation = v.safeParse(LoginValidationErrorSchema, body);
    if (validation.success) return new LoginValidationError(validation.output.message);
  }
  if (response.status === 400) {
    const error = v.safeParse(ErrorBodySchema, body);
    if (error.success) return new InvalidInputError((error.output.error.issues ?? []).map((issue) => issue.path));
  }
  if (response.status === 403) {
    const error = v.safeParse(ErrorBodySchema, body);
    // STEP_UP_REQUIRED of contract/account-security, named by its value: that module stays out of every page's first load.
    if (error.success && error.output.error.code === 'step_up_required') return new StepUpRequiredError();
  }
  if (response.status === 429) {
    const error = v.safeParse(ErrorBodySchema, body);
    if (error.success && error.output.error.code === 'otp_required') return new OtpRequiredError();
    return new RateLimitedError(retryAfterSeconds(response.headers.get('retry-after')));
  }
  return new HttpError(response.status);
}

/** Retry-After in seconds (the BFF sends seconds; a date or nothing gives null). */
function retryAfterSeconds(header: string | null): number | null {
  const seconds = header === null || header.trim() === '' ? Number.NaN : Number(header);
  return Number.isInteger(seconds) && seconds >= 0 ? seconds : null;
}

/** A call to a BFF route, its answer checked against the contract schema; `options.token` is sent as it is. */
export function callBff<TSchema extends v.GenericSchema>(path: string, schema: TSchema, options: RequestOptions = {}): Promise<v.InferOutput<TSchema>> {
  return bffRequest(path, schema, null, { ...options, readFailure: failureOf });
}

/**
 * A call that carries the member's token (spec section 6, "(bearer)"), refreshed once on a 401 by the
 * one client (bff/request.ts, where the refresh design is described).
 */
export function callAuthorized<TSchema extends v.GenericSchema>(
  path: string,
  schema: TSchema,
  access: AuthAccess,
  options: Omit<RequestOptions, 'token'> = {},
): Promise<v.InferOutput<TSchema>> {
  return authenticated(path, schema, access, { ...options, readFailure: failureOf });
}
