import * as v from 'valibot';
import { LoginValidationErrorSchema } from '../../contract/auth';
import { ErrorBodySchema } from '../../contract/errors';
import { bffFetch, HttpError } from '../bff/client';
import type { AuthChannel } from './auth-channel';
import { InvalidInputError, LoginValidationError, OtpRequiredError } from './errors';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string | null;
  signal?: AbortSignal;
  /** Extra request headers, e.g. `Idempotency-Key` on a payment. */
  headers?: Record<string, string>;
}

/** Any answer, or none (204): for routes whose answer the web app does not read. */
export const AnyAnswerSchema = v.unknown();

/**
 * One request to the BFF as every call makes it: JSON in and out, the bearer token when there is one, the
 * extra headers (an Idempotency-Key) as given. The answer is the caller's to read.
 */
export function send(path: string, options: RequestOptions, token: string | null | undefined): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  // Same origin: the browser sends the BFF's refresh cookie by default (credentials 'same-origin').
  return bffFetch(path, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * The error of a failed answer: a 422 with the field list of LoginValidationErrorSchema becomes a
 * LoginValidationError, a 400 with the BFF's issues an InvalidInputError, a 429 `otp_required` an
 * OtpRequiredError, anything else an HttpError
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
  if (response.status === 429) {
    const error = v.safeParse(ErrorBodySchema, body);
    if (error.success && error.output.error.code === 'otp_required') return new OtpRequiredError();
  }
  return new HttpError(response.status);
}

async function answerOf<TSchema extends v.GenericSchema>(response: Response, schema: TSchema): Promise<v.InferOutput<TSchema>> {
  if (!response.ok) throw await failureOf(response);
  return v.parse(schema, await readBody(response));
}

/** A call to a BFF route, its answer checked against the contract schema. */
export async function callBff<TSchema extends v.GenericSchema>(path: string, schema: TSchema, options: RequestOptions = {}): Promise<v.InferOutput<TSchema>> {
  return answerOf(await send(path, options, options.token), schema);
}

/** What an authenticated call needs: the session token and the channel to the session. */
export interface AuthAccess {
  token: string | null;
  channel: AuthChannel;
}

/**
 * A call that carries the member's token (spec section 6, "(bearer)").
 *
 * Refresh design. Access tokens are short-lived (minutes) and the refresh token is an HttpOnly cookie the
 * BFF rotates on each use, so the web app never sees or stores it. Two things keep the access token fresh:
 * 1. The session machine refreshes it REFRESH_AHEAD_MS before it expires (a delayed transition), so
 *    requests normally never see an expired token.
 * 2. A request answered 401 asks for a new token once (through the channel, which shares one refresh
 *    between concurrent callers), tells the session about it (`token.refreshed`) and repeats itself once
 *    with the new token. When the refresh fails or the repeat is answered 401 too, the channel says
 *    `unauthorized` and the session logs out (spec section 4: a 401 to a request that carried an
 *    authorization header triggers logout); the request fails with the 401.
 * Requests without a token never refresh and never log out.
 */
export async function callAuthorized<TSchema extends v.GenericSchema>(
  path: string,
  schema: TSchema,
  access: AuthAccess,
  options: Omit<RequestOptions, 'token'> = {},
): Promise<v.InferOutput<TSchema>> {
  const { token, channel } = access;
  if (!token) throw new HttpError(401);
  let response = await send(path, options, token);
  if (response.status === 401) {
    const fresh = await channel.refresh().catch(() => null);
    if (fresh) {
      channel.emit({ type: 'token.refreshed', token: fresh });
      response = await send(path, options, fresh);
    }
    if (response.status === 401) {
      channel.emit({ type: 'unauthorized' });
      throw new HttpError(401);
    }
  }
  return answerOf(response, schema);
}
