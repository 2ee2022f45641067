import * as v from 'valibot';
import { ECOMMERCE_ERROR_CODES } from '../../contract/ecommerce';
import type { EcommerceErrorCode } from '../../contract/ecommerce';
import { failureOf } from '../account/requests';
import { HttpError } from '../bff/client';
import { bffRequest } from '../bff/request';
import type { AuthAccess, RequestOptions } from '../bff/request';

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

/**
 * One commerce call, as a guest (access null) or a member (token refreshed once on a 401 by the one client,
 * bff/request.ts), keeping the commerce error code of a failed answer: the booking flow tells a room that
 * is gone (409 room_unavailable) from a cart already paid (409 cart_not_open).
 */
export function commerceCall<TSchema extends v.GenericSchema>(
  path: string,
  schema: TSchema,
  access: AuthAccess | null,
  options: CallOptions = {},
): Promise<v.InferOutput<TSchema>> {
  return bffRequest(path, schema, access, { ...options, readFailure: commerceFailure });
}
