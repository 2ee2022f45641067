import type { Context, TypedResponse } from 'hono';
import type { AppEnv } from '../env';

/**
 * JSON already written (UTF-8), answered with 200 and typed for a client as c.json would type it. It says
 * `Vary: Accept-Encoding` itself, as the compress middleware would add: a header added to a finished
 * response makes Hono copy the whole response, body included, for every request. `headers` adds more
 * (a Cache-Control).
 */
export function jsonBytes<T>(c: Context<AppEnv>, json: Uint8Array, headers: Record<string, string> = {}) {
  return c.body(json as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'application/json', Vary: 'Accept-Encoding', ...headers }) as unknown as Response &
    TypedResponse<T, 200, 'json'>;
}
