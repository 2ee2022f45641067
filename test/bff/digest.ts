import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../server/db/database';
import { resultRows } from '../../server/db/rows';
import * as schema from '../../server/db/schema';

export const ALL_TABLES: PgTable[] = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
  is(value, PgTable),
);

/**
 * An md5 per table over all its rows in primary-key order, each row as its jsonb text. Two databases
 * with equal digests hold the same data, ids included.
 */
export async function tableDigests(db: Database): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for (const table of ALL_TABLES) {
    const config = getTableConfig(table);
    const keyColumns = config.primaryKeys[0]?.columns ?? config.columns.filter((column) => column.primary);
    const orderBy = sql.join(
      keyColumns.map((column) => sql.identifier(column.name)),
      sql`, `,
    );
    const rows = resultRows<{ digest: string }>(
      await db.execute(
        sql`SELECT md5(coalesce(string_agg(to_jsonb(t)::text, E'\n' ORDER BY ${orderBy}), '')) AS digest FROM ${table} t`,
      ),
    );
    digests[config.name] = rows[0]?.digest ?? '';
  }
  return digests;
}

/** Empties every table and restarts the id sequences, as if freshly migrated. */
export async function truncateAll(db: Database): Promise<void> {
  const names = sql.join(
    ALL_TABLES.map((table) => sql.identifier(getTableConfig(table).name)),
    sql`, `,
  );
  await db.execute(sql`TRUNCATE ${names} RESTART IDENTITY CASCADE`);
}
