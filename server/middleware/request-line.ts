import type { MiddlewareHandler } from 'hono';
import { isStorableText } from '../../src/contract/primitives';
import { errorBody } from './errors';

/** Percent-decoded, or null when the escapes are not UTF-8 (`%E0%A4%A`, or `%ED%A0%80`: half a surrogate pair). */
function decoded(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/**
 * Refuses, with 400, a path or query string that does not decode to storable text (a NUL, a broken
 * escape, half of a surrogate pair). The routes' schemas refuse such parameters one by one; this
 * holds for every route at once, including parameters a route reads without a schema.
 */
export function refuseUnstorableRequestLine(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const parts = [url.pathname, ...url.search.slice(1).split(/[&=]/).map((part) => part.replaceAll('+', ' '))];
    for (const part of parts) {
      const text = decoded(part);
      if (text === null || !isStorableText(text)) {
        return c.json(errorBody('bad_request', 'Malformed request address', [{ path: '', message: 'The address holds characters that are not text' }]), 400);
      }
    }
    await next();
  };
}
