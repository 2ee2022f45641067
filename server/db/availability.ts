/**
 * Tells a database that cannot answer now (down, unreachable, too slow) from a fault in our code or data.
 * The first is a 503 the client may retry; the second stays a 500 for someone to fix.
 */

/** Codes of the socket layer and of postgres-js for a connection that failed, timed out or broke. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
]);

/**
 * SQLSTATEs of a server that cannot serve the statement now: shutting down or starting (57P01-57P03),
 * statement or lock timeout (57014, 55P03), out of connections or other resources (class 53).
 */
function unavailableSqlState(code: string): boolean {
  return code.startsWith('08') || code.startsWith('53') || ['57P01', '57P02', '57P03', '57014', '55P03'].includes(code);
}

/** True when the error, or one it wraps (drizzle wraps the driver's error as `cause`), says the database is unavailable. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  const code = (error as Error & { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && unavailableSqlState(code)))) return true;
  if (error instanceof AggregateError && error.errors.some((inner: unknown) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}
