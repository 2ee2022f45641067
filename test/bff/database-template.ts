import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { type Database, migrate, openDatabase } from '../../server/db/database';
import * as schema from '../../server/db/schema';
import { seedIfEmpty } from '../../server/db/seed';
import { TEST_TODAY } from './database';

/*
 * The BFF tests' seeded database, made once per run (the server project's global setup): migrating and
 * seeding takes seconds, and nearly every test file wants the same seeded database. Each file then starts
 * from a copy: on PGlite a copy of the data folder (dumped here to a file), on PostgreSQL a database
 * created from this one as its template. A file that wants another seeding date or no seed still builds
 * its own (test/bff/database.ts).
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the file with the seeded data folder; PostgreSQL: the seeded template database's name. */
    seededDatabaseTemplate: { kind: 'pglite'; file: string } | { kind: 'postgres'; name: string } | null;
  }
}

async function seeded(db: Database): Promise<void> {
  await migrate(db);
  await seedIfEmpty(db, TEST_TODAY);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    // Lower case, digits and underscores only, like the test databases.
    const name = `bff_template_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString() });
    try {
      await seeded(handle.db);
    } finally {
      // A template must have no one connected when it is copied.
      await handle.close();
    }
    project.provide('seededDatabaseTemplate', { kind: 'postgres', name });
    return async () => {
      try {
        await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    };
  }
  const client = new PGlite();
  const folder = await mkdtemp(join(tmpdir(), 'bff-template-'));
  try {
    await seeded(drizzle({ client, schema }));
    const file = join(folder, 'seeded.tar');
    await writeFile(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    project.provide('seededDatabaseTemplate', { kind: 'pglite', file });
  } finally {
    await client.close();
  }
  return () => rm(folder, { recursive: true, force: true });
}
