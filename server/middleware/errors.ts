import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody, ErrorCode, ErrorIssue } from '../../src/contract/errors';
import type { AppEnv } from '../env';
import type { ErrorReporter } from '../error-reporting';
import { isDatabaseUnavailable } from '../db/availability';
import { type Logger, redactPath } from '../logger';
import { RequestDeadlineExceeded } from './deadline';

/** The one error body of the BFF (src/contract/errors.ts). */
export function errorBody(code: ErrorCode, message: string, issues?: ErrorIssue[]): ErrorBody {
  return { error: issues ? { code, message, issues } : { code, message } };
}

export function notFound(c: Context, message: string) {
  return c.json(errorBody('not_found', message), 404);
}

/** Unknown routes under the BFF answer in JSON like every other error, never with an HTML page. */
export const notFoundHandler: NotFoundHandler = (c) =>
  notFound(c, `No route for ${c.req.method} ${c.req.path}`);

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again later.';
const UNAVAILABLE_MESSAGE = 'The service is unavailable for a moment. Please try again shortly.';
/** Seconds a client is asked to wait before trying again when the database cannot answer. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = '5';

/** Status codes Hono or its middleware may throw (malformed JSON, body too large, ...) and our code for them. */
function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'unauthorized';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 413) return 'payload_too_large';
  if (status >= 500) return 'internal';
  return 'bad_request';
}

/**
 * Turns anything thrown into the error body. Expected HTTP errors keep their status; everything else
 * is a 500 whose body says nothing about the cause (no message, no stack): the details go to the log,
 * with the request id the client also gets in `X-Request-Id`, and to error reporting when configured.
 */
export function errorHandler(logger: Logger, reporter?: ErrorReporter): ErrorHandler<AppEnv> {
  return (error, c) => {
    if (error instanceof HTTPException && error.status < 500) {
      const code = codeForStatus(error.status);
      const issues = code === 'bad_request' ? [{ path: '', message: error.message }] : undefined;
      return c.json(errorBody(code, error.message || 'Bad request', issues), error.status as ContentfulStatusCode);
    }
    const context = { requestId: c.get('requestId'), method: c.req.method, path: redactPath(c.req.path) };
    // Down, unreachable or timed out: nothing to fix in the code, so no error report; the client may retry.
    if (isDatabaseUnavailable(error) || error instanceof RequestDeadlineExceeded) {
      logger.log('error', error instanceof RequestDeadlineExceeded ? 'request deadline exceeded' : 'database unavailable', { ...context, error });
      c.header('Retry-After', UNAVAILABLE_RETRY_AFTER_SECONDS);
      return c.json(errorBody('service_unavailable', UNAVAILABLE_MESSAGE), 503);
    }
    logger.log('error', 'unhandled error', { ...context, error });
    reporter?.report(error, context);
    return c.json(errorBody('internal', INTERNAL_MESSAGE), 500);
  };
}
