import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { type DatabaseHandle, MIGRATIONS_FOLDER, openDatabase } from '../../server/db/database';
import type * as schema from '../../server/db/schema';
import { createScratchPostgresDatabase } from './database';

/** A database for a migration's test, and the way to be rid of it (and of the migrations' copy). */
export interface MigrationTestDatabase {
  handle: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * A database that has only the migrations before `firstTag` (`0018` leaves 0017 the last): a scratch
 * PostgreSQL database when DATABASE_URL is set, else PGlite in memory. The test writes the rows of that
 * time, then runs the rest with the project's `migrate`.
 */
export async function databaseBefore(firstTag: string): Promise<MigrationTestDatabase> {
  let drop: (() => Promise<void>) | undefined;
  let handle: DatabaseHandle;
  if (process.env.DATABASE_URL) {
    const scratch = await createScratchPostgresDatabase(process.env.DATABASE_URL);
    drop = scratch.drop;
    handle = await openDatabase({ databaseUrl: scratch.url });
  } else {
    handle = await openDatabase({ inMemory: true });
  }
  // A copy of the migrations whose journal ends before `firstTag`: drizzle's migrator reads the journal.
  const folder = await mkdtemp(join(tmpdir(), `migrations-before-${firstTag}-`));
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((entry) => entry.tag < firstTag);
  await writeFile(journalPath, JSON.stringify(journal));
  if (handle.kind === 'pglite') await migratePglite(handle.db as unknown as PgliteDatabase<typeof schema>, { migrationsFolder: folder });
  else await migratePostgres(handle.db as Parameters<typeof migratePostgres>[0], { migrationsFolder: folder });
  return {
    handle,
    close: async () => {
      await handle.close();
      await drop?.();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
