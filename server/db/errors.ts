/** PostgreSQL's unique violation, on the driver's error or one drizzle wraps as `cause`. */
export function isUniqueViolation(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  if ((error as Error & { code?: unknown }).code === '23505') return true;
  return isUniqueViolation(error.cause, depth + 1);
}
