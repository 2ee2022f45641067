import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, inject } from 'vitest';
import { type Database, type DatabaseHandle, migrate, openDatabase } from '../../server/db/database';
import { seedIfEmpty } from '../../server/db/seed';

/**
 * Databases for BFF tests. Without DATABASE_URL: PGlite in memory, one per test file. With
 * DATABASE_URL=postgres://...: a new database on that server for each test file, created with
 * CREATE DATABASE and dropped afterwards, so parallel files and runs never see each other's rows.
 */

/** The day every test database is seeded for: expectations never depend on when the tests run. */
export const TEST_TODAY = new Date('2026-03-02T09:00:00Z');

/** The seeded database the run's global setup made, if it made one (the server project's tests). */
function seededTemplate() {
  try {
    return inject('seededDatabaseTemplate') ?? null;
  } catch {
    // Outside a test run with that setup (a script using these helpers): no template.
    return null;
  }
}

export interface TestDatabase extends DatabaseHandle {
  /** Set on PostgreSQL: the URL of this test's own database. */
  url?: string;
}

export interface TestDatabaseOptions {
  /** Seed it (default true). Without seeding it is migrated but empty. */
  seed?: boolean;
  today?: Date;
}

export async function createTestDatabase({ seed = true, today = TEST_TODAY }: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  // The run's seeded database (test/bff/database-template.ts), when this one would be seeded the same way.
  const template = seed && today.getTime() === TEST_TODAY.getTime() ? seededTemplate() : null;
  if (template?.kind === 'pglite') return openDatabase({ inMemory: true, fromDump: new Blob([await readFile(template.file)]) });
  let database: TestDatabase;
  if (serverUrl) {
    const scratch = await createScratchPostgresDatabase(serverUrl, template?.kind === 'postgres' ? template.name : undefined);
    if (template) {
      const handle = await openDatabase({ databaseUrl: scratch.url });
      return {
        ...handle,
        url: scratch.url,
        async close() {
          await handle.close();
          await scratch.drop();
        },
      };
    }
    const handle = await openDatabase({ databaseUrl: scratch.url });
    database = {
      ...handle,
      url: scratch.url,
      async close() {
        await handle.close();
        await scratch.drop();
      },
    };
  } else {
    database = await openDatabase({ inMemory: true });
  }
  try {
    await migrate(database.db);
    if (seed) await seedIfEmpty(database.db, today);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/**
 * One database for the whole test file: created in beforeAll, closed (and on PostgreSQL dropped) in
 * afterAll. Read `db` inside tests, not at module level.
 */
export function useTestDatabase(options: TestDatabaseOptions = {}): { readonly db: Database; readonly handle: TestDatabase } {
  let handle: TestDatabase | undefined;
  beforeAll(async () => {
    handle = await createTestDatabase(options);
  });
  afterAll(async () => {
    await handle?.close();
  });
  const current = () => {
    if (!handle) throw new Error('The test database is not ready: use it inside tests or hooks');
    return handle;
  };
  return {
    get db() {
      return current().db;
    },
    get handle() {
      return current();
    },
  };
}

/** An empty database of its own on the PostgreSQL server at `serverUrl` (or a copy of `template`), and how to drop it. */
export async function createScratchPostgresDatabase(serverUrl: string, template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  // Lower case, digits and underscores only: safe to put into the statement unquoted-style.
  const name = `bff_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      try {
        await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    },
  };
}

/**
 * For tests that start the whole server: a temporary working folder (for PGlite's data and the like) and,
 * when DATABASE_URL is set, a scratch PostgreSQL database of its own; both removed after the file.
 */
export function useServerWorkspace(prefix: string): { readonly workDir: string; readonly databaseUrl: string | undefined } {
  let workDir = '';
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), prefix));
    if (process.env.DATABASE_URL) {
      const scratch = await createScratchPostgresDatabase(process.env.DATABASE_URL);
      databaseUrl = scratch.url;
      dropDatabase = scratch.drop;
    }
  });
  afterAll(async () => {
    await dropDatabase?.();
    await rm(workDir, { recursive: true, force: true });
  });
  return {
    get workDir() {
      return workDir;
    },
    get databaseUrl() {
      return databaseUrl;
    },
  };
}
