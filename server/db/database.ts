import { mkdir, readdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { is } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { DataFolderError, type DataFolderLock, lockDataFolder } from './data-folder-lock';
import * as schema from './schema';

export { DataFolderError } from './data-folder-lock';

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

/** How long PostgreSQL may take; past that the request fails with a connection or timeout error (a 503). */
export interface DatabaseTimeouts {
  /** Connecting, login included. */
  connectMs: number;
  /** One statement, waiting for row locks included (PostgreSQL's statement_timeout). */
  statementMs: number;
}

/** Short enough that no request waits long on a database that is down or hangs. */
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { connectMs: 5_000, statementMs: 15_000 };

/** Pool connections unused this long are closed, so connections broken by a failover do not linger. */
const IDLE_CONNECTION_SECONDS = 60;

export interface OpenDatabaseOptions {
  /** postgres://...: use that PostgreSQL server. Takes precedence over the other options. */
  databaseUrl?: string;
  /** PostgreSQL only. PGlite runs in this process, one statement at a time, and cannot interrupt one. */
  timeouts?: DatabaseTimeouts;
  /** PGlite keeping its files in `${dataDir}/pglite`. */
  dataDir?: string;
  /** PGlite in memory, gone when closed (tests). */
  inMemory?: boolean;
  /** With inMemory: start from this dump of a PGlite data folder (`dumpDataDir`), not from an empty one. */
  fromDump?: Blob;
}

/** The migrations folder, found relative to this file so it works from any working directory. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens PostgreSQL when given a URL, else PGlite in `${dataDir}/pglite` (created if missing), or in memory.
 * PGlite is a single session inside this process: the data folder is locked for this process (a second
 * process on it is refused with a DataFolderError) until the handle is closed.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const timeouts = options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
    const client = postgres(options.databaseUrl, {
      max: 10,
      connect_timeout: timeouts.connectMs / 1000,
      idle_timeout: IDLE_CONNECTION_SECONDS,
      // Sent when each connection starts: the server ends a statement (or lock wait) that runs too long,
      // and a transaction left idle, which would hold its row locks.
      connection: {
        statement_timeout: timeouts.statementMs,
        idle_in_transaction_session_timeout: Math.max(timeouts.statementMs * 2, 30_000),
      },
      // `onnotice` silenced so "already exists, skipping" notices from migrations do not clutter the log.
      onnotice: () => {},
    });
    const db = drizzlePostgres({ client, schema });
    return { db, kind: 'postgres', close: () => client.end({ timeout: 5 }) };
  }
  if (options.dataDir) return openPgliteFolder(resolve(options.dataDir, 'pglite'));
  if (options.inMemory) {
    const client = new PGlite(options.fromDump ? { loadDataDir: options.fromDump } : undefined);
    await client.waitReady;
    return { db: drizzlePglite({ client, schema }), kind: 'pglite', close: () => client.close() };
  }
  throw new Error('openDatabase needs a databaseUrl, a dataDir or inMemory: true');
}

async function openPgliteFolder(folder: string): Promise<DatabaseHandle> {
  await mkdir(folder, { recursive: true });
  const lock = await lockDataFolder(folder);
  let client: PGlite | undefined;
  try {
    await refuseIncompleteFolder(folder);
    client = new PGlite(folder);
    await client.waitReady;
    // Opening succeeds on some damage that the first read then finds.
    await client.query('select count(*) from pg_class');
  } catch (error) {
    await client?.close().catch(() => undefined);
    await lock.release();
    throw error instanceof DataFolderError ? error : cannotOpen(folder, error);
  }
  const opened = client;
  const db = drizzlePglite({ client: opened, schema });
  return { db, kind: 'pglite', close: () => closePglite(opened, lock) };
}

async function closePglite(client: PGlite, lock: DataFolderLock): Promise<void> {
  try {
    await client.close();
  } finally {
    await lock.release();
  }
}

/**
 * A folder that holds database files but not PG_VERSION lost files: PGlite would create a new, empty
 * database over the remains, and the bookings would be gone without a word.
 */
async function refuseIncompleteFolder(folder: string): Promise<void> {
  const entries = await readdir(folder);
  if (entries.length > 0 && !entries.includes('PG_VERSION')) {
    throw cannotOpen(folder, new Error('its files are incomplete (PG_VERSION is missing)'));
  }
}

function cannotOpen(folder: string, cause: unknown): DataFolderError {
  const reason = (cause instanceof Error ? (cause.message.split('\n', 1)[0] ?? '') : String(cause)).replace(/\.+$/, '');
  const error = new DataFolderError(
    `The embedded database in ${folder} cannot be opened: ${reason}. ` +
      'Stop other processes using it, or move the folder away to start with fresh demo data.',
  );
  error.cause = cause;
  return error;
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
