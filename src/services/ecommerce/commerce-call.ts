import * as v from 'valibot';
import { ECOMMERCE_ERROR_CODES } from '../../contract/ecommerce';
import type { EcommerceErrorCode } from '../../contract/ecommerce';
import { failureOf, send } from '../auth/requests';
import type { AuthAccess, RequestOptions } from '../auth/requests';
import { HttpError } from '../bff/client';

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
 * One commerce call. It works as callBff (guests) and callAuthorized (members) in requests.ts do, token
 * refresh on a 401 included, but keeps the commerce error code of a failed answer: the booking flow tells
 * a room that is gone (409 room_unavailable) from a cart already paid (409 cart_not_open).
 */
export async function commerceCall<TSchema extends v.GenericSchema>(
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

