import type { MiddlewareHandler } from 'hono';
import { withDeadline } from '../lib/deadline';

/** Thrown when a request has not been answered by its deadline; the error handler answers 503. */
export class RequestDeadlineExceeded extends Error {
  override name = 'RequestDeadlineExceeded';
  constructor(readonly deadlineMs: number) {
    super(`The request was not answered within ${deadlineMs} ms`);
  }
}

/**
 * The longest any BFF request may take. The database's own timeouts end a slow connect or statement, but
 * a database that freezes on a connection already open (a paused server, a network that drops packets)
 * never answers at all: without a deadline the request, and the visitor's page, would wait for ever.
 * The work may go on behind the answer; what it finishes is kept, as after a dropped connection.
 */
export function requestDeadline(deadlineMs: number): MiddlewareHandler {
  return async (_c, next) => {
    await withDeadline(next(), deadlineMs, () => new RequestDeadlineExceeded(deadlineMs));
  };
}
