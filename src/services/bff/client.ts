import * as v from 'valibot';
import { BFF_PREFIX } from '../../contract/content';

/** An HTTP failure from the BFF, worded as the spec's error catalogue says. */
export class HttpError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`Request failed with status code ${status}`);
    this.name = 'HttpError';
    this.status = status;
  }
}

/**
 * How requests reach the BFF: the browser's fetch on relative URLs; the server, when it renders a page
 * before sending it, answers them in-process instead (see entry-server.tsx).
 */
let transport: typeof fetch = (input, init) => fetch(input, init);

export function setBffTransport(fetchFunction: typeof fetch): void {
  transport = fetchFunction;
}

/**
 * A request to a BFF route (the path without BFF_PREFIX) through the same transport, for services that
 * need more than getJson/postJson: their own headers, or the body of an error answer (services/account).
 */
export function bffFetch(path: string, init: RequestInit = {}): Promise<Response> {
  return transport(`${BFF_PREFIX}${path}`, init);
}

/** Fills `:name` placeholders of a contract path. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** GETs a BFF route and checks the answer against its contract schema. */
export async function getJson<TSchema extends v.GenericSchema>(
  path: string,
  schema: TSchema,
  query: Record<string, string> = {},
  init: { signal?: AbortSignal; fetch?: typeof fetch } = {},
): Promise<v.InferOutput<TSchema>> {
  const search = new URLSearchParams(query).toString();
  const url = `${BFF_PREFIX}${path}${search ? `?${search}` : ''}`;
  const response = await (init.fetch ?? transport)(url, { signal: init.signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new HttpError(response.status);
  return v.parse(schema, await response.json());
}

/** POSTs a JSON body to a BFF route and checks the answer against its contract schema. */
export async function postJson<TSchema extends v.GenericSchema>(
  path: string,
  body: unknown,
  schema: TSchema,
  init: { signal?: AbortSignal; fetch?: typeof fetch } = {},
): Promise<v.InferOutput<TSchema>> {
  const response = await (init.fetch ?? transport)(`${BFF_PREFIX}${path}`, {
    method: 'POST',
    signal: init.signal,
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new HttpError(response.status);
  return v.parse(schema, await response.json());
}
