import * as v from 'valibot';
import type { AuthChannel } from '../account/auth-channel';
import { bffFetch, HttpError } from './client';

/**
 * The one HTTP client for BFF calls that may carry the member's token. Every authenticated call (the
 * member's routes in services/account, the commerce routes in services/booking) goes through bffRequest, so
 * the 401 refresh-and-retry exists once.
 */

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Sent as `Authorization: Bearer <token>`, never refreshed: for calls outside the session (logout, tracking). */
  token?: string | null;
  signal?: AbortSignal;
  /** Extra request headers, e.g. `Idempotency-Key` on a payment. */
  headers?: Record<string, string>;
}

/** What an authenticated call needs: the session token and the channel to the session. */
export interface AuthAccess {
  token: string | null;
  channel: AuthChannel;
}

/** Turns a failed answer into the error the caller throws (its domain's error classes). */
export type FailureReader = (response: Response) => Promise<Error>;

export interface BffRequestOptions extends RequestOptions {
  /** How a failed answer is read; without it, an HttpError with the status. */
  readFailure?: FailureReader;
}

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

/** The JSON body of an answer; null for an empty answer (204) or one that is not JSON. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const statusFailure: FailureReader = async (response) => new HttpError(response.status);

/**
 * Sends once with the session token and, on a 401, once more with a refreshed one.
 *
 * Refresh design. Access tokens are short-lived (minutes) and the refresh token is an HttpOnly cookie the
 * BFF rotates on each use, so the web app never sees or stores it. Two things keep the access token fresh:
 * 1. The session machine refreshes it ahead of its expiry (a delayed transition), so requests normally
 *    never see an expired token.
 * 2. A request answered 401 asks the channel for a new token once (the channel shares one refresh between
 *    concurrent callers: refresh tokens are single use), tells the session about it (`token.refreshed`)
 *    and repeats itself once with the new token. When the refresh fails or the repeat is answered 401
 *    too, the channel hears `unauthorized` and the session logs out (spec section 4: a 401 to a request
 *    that carried an authorization header triggers logout); the request fails with the 401.
 * Requests without a token never refresh and never log out.
 */
async function sendWithRefresh(path: string, options: BffRequestOptions, access: AuthAccess | null): Promise<Response> {
  const token = access ? access.token : options.token;
  const first = await send(path, options, token);
  if (first.status !== 401 || !access?.token) return first;
  const fresh = await access.channel.refresh().catch(() => null);
  let repeat: Response | null = null;
  if (fresh) {
    access.channel.emit({ type: 'token.refreshed', token: fresh });
    // A caller that gave up while the token was refreshed gets its abort, not a second request.
    options.signal?.throwIfAborted();
    repeat = await send(path, options, fresh);
  }
  if (!repeat || repeat.status === 401) {
    access.channel.emit({ type: 'unauthorized' });
    throw new HttpError(401);
  }
  return repeat;
}

/**
 * A call to a BFF route as the guest (access null, or no token) or the member the access names, its
 * answer checked against the contract schema. A failed answer is thrown as `readFailure` reads it. With
 * access null, `options.token` (if any) is sent as it is and never refreshed.
 */
export async function bffRequest<TSchema extends v.GenericSchema>(
  path: string,
  schema: TSchema,
  access: AuthAccess | null,
  options: BffRequestOptions = {},
): Promise<v.InferOutput<TSchema>> {
  const response = await sendWithRefresh(path, options, access);
  if (!response.ok) throw await (options.readFailure ?? statusFailure)(response);
  return v.parse(schema, await readBody(response));
}

/**
 * A call only a signed-in member makes (spec section 6, "(bearer)"): without a token it fails with a 401
 * at once, without a request and without telling the session.
 */
export function authenticated<TSchema extends v.GenericSchema>(
  path: string,
  schema: TSchema,
  access: AuthAccess,
  options: Omit<BffRequestOptions, 'token'> = {},
): Promise<v.InferOutput<TSchema>> {
  if (!access.token) return Promise.reject(new HttpError(401));
  return bffRequest(path, schema, access, options);
}
