import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { withDeadline } from '../lib/deadline';

/** A health check must answer even when the database hangs, so the query gets a deadline. */
const DATABASE_CHECK_TIMEOUT_MS = 2_000;

export type DatabaseStatus = 'ok' | 'unavailable';

export async function checkDatabase(db: Database, timeoutMs = DATABASE_CHECK_TIMEOUT_MS): Promise<{ status: DatabaseStatus; error?: unknown }> {
  try {
    await withDeadline(db.execute(sql`select 1`), timeoutMs, () => new Error(`Database did not answer within ${timeoutMs} ms`));
    return { status: 'ok' };
  } catch (error) {
    return { status: 'unavailable', error };
  }
}
