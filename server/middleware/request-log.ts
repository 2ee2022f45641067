import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { type Logger, type LogLevel, redactPath } from '../logger';

/**
 * One structured line per request, written when the response is ready (also for errors, which the
 * error handler has turned into a response by then). The path is logged without its query string
 * (queries can carry tokens from login links) and with ids replaced (a guest's cart or order id is the
 * key to that booking).
 */
export function requestLog(logger: Logger, now: () => number = () => performance.now()): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = now();
    await next();
    const status = c.res.status;
    const level: LogLevel = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
    logger.log(level, 'request', {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: redactPath(c.req.path),
      status,
      durationMs: Math.round((now() - started) * 10) / 10,
    });
  };
}
