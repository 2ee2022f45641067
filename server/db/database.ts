import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { is } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema';

export type Schema = typeof schema;

/**
 * What routes and services query: the part both drivers (PGlite and postgres-js) share. Code written
 * against it runs unchanged on either; driver-specific result shapes of `execute` are not relied on.
 */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://...: use that PostgreSQL server. Takes precedence over the other options. */
  databaseUrl?: string;
  /** PGlite keeping its files in `${dataDir}/pglite`. */
  dataDir?: string;
  /** PGlite in memory, gone when closed (tests). */
  inMemory?: boolean;
}

/** The migrations folder, found relative to this file so it works from any working directory. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens PostgreSQL when given a URL, else PGlite in `${dataDir}/pglite` (created if missing), or in memory.
 * PGlite is a single session inside this process: open one handle per data folder, and never let two
 * processes share a folder.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // `onnotice` silenced so "already exists, skipping" notices from migrations do not clutter the log.
    const client = postgres(options.databaseUrl, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres({ client, schema });
    return { db, kind: 'postgres', close: () => client.end({ timeout: 5 }) };
  }
  let client: PGlite;
  if (options.dataDir) {
    const folder = join(options.dataDir, 'pglite');
    await mkdir(folder, { recursive: true });
    client = new PGlite(folder);
  } else if (options.inMemory) {
    client = new PGlite();
  } else {
    throw new Error('openDatabase needs a databaseUrl, a dataDir or inMemory: true');
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  return { db, kind: 'pglite', close: () => client.close() };
}

/** Applies pending migrations from server/db/migrations; the same files serve both drivers. */
export async function migrate(db: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (is(db, PgliteDatabase)) {
    await migratePglite(db, config);
  } else {
    // Every Database that is not PGlite was opened by openDatabase with postgres-js.
    await migratePostgres(db as Parameters<typeof migratePostgres>[0], config);
  }
}
