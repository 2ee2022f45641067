import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';

/** A health check must answer even when the database hangs, so the query gets a deadline. */
const DATABASE_CHECK_TIMEOUT_MS = 2_000;

export type DatabaseStatus = 'ok' | 'unavailable';

export async function checkDatabase(db: Database, timeoutMs = DATABASE_CHECK_TIMEOUT_MS): Promise<{ status: DatabaseStatus; error?: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Database did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([db.execute(sql`select 1`), deadline]);
    return { status: 'ok' };
  } catch (error) {
    return { status: 'unavailable', error };
  } finally {
    clearTimeout(timer);
  }
}
