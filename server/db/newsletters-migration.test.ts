import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_NEWSLETTER_ID } from '../../src/contract/auth';
import { createScratchPostgresDatabase } from '../../test/bff/database';
import { type DatabaseHandle, MIGRATIONS_FOLDER, migrate, openDatabase } from './database';
import * as t from './schema';

/*
 * Migration 0018 on a database whose members already chose the main newsletter (members.newsletter): an
 * active member keeps receiving it, as an active subscription; a pending member's consent still waits on
 * the activation link; a member without it gets nothing.
 */

let handle: DatabaseHandle;
let dropDatabase: (() => Promise<void>) | undefined;
let folder = '';

/** The migrations up to 0017 only: the database as it was before newsletter subscriptions. */
async function migrateBeforeNewsletters(): Promise<void> {
  folder = await mkdtemp(join(tmpdir(), 'migrations-0017-'));
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((entry) => entry.tag < '0018');
  await writeFile(journalPath, JSON.stringify(journal));
  if (handle.kind === 'pglite') await migratePglite(handle.db as unknown as PgliteDatabase<typeof t>, { migrationsFolder: folder });
  else await migratePostgres(handle.db as Parameters<typeof migratePostgres>[0], { migrationsFolder: folder });
}

beforeAll(async () => {
  if (process.env.DATABASE_URL) {
    const scratch = await createScratchPostgresDatabase(process.env.DATABASE_URL);
    dropDatabase = scratch.drop;
    handle = await openDatabase({ databaseUrl: scratch.url });
  } else {
    handle = await openDatabase({ inMemory: true });
  }
  await migrateBeforeNewsletters();
  // Plain SQL: the columns members had at 0017, whatever later migrations add.
  await handle.db.execute(sql`
    INSERT INTO members (guid, email, first_name, last_name, locale, status, activated_at, newsletter, created_at) VALUES
      ('00000000-0000-4000-8000-00000000b001', 'subscribed@example.org', 'Sub', 'Scribed', 'de', 'active', '2026-01-10T10:00:00Z', true, '2026-01-01T10:00:00Z'),
      ('00000000-0000-4000-8000-00000000b002', 'pending@example.org', 'Pen', 'Ding', 'en', 'pending', null, true, '2026-01-02T10:00:00Z'),
      ('00000000-0000-4000-8000-00000000b003', 'none@example.org', 'No', 'Ne', 'en', 'active', '2026-01-03T10:00:00Z', false, '2026-01-03T10:00:00Z')
  `);
  await migrate(handle.db);
});

afterAll(async () => {
  await handle?.close();
  await dropDatabase?.();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('migration 0018', () => {
  it('keeps the main newsletter of active members who had it, as an active subscription confirmed at activation', async () => {
    const rows = await handle.db
      .select({
        email: t.members.email,
        newsletter: t.newsletterSubscriptions.newsletter,
        status: t.newsletterSubscriptions.status,
        locale: t.newsletterSubscriptions.locale,
        confirmedAt: t.newsletterSubscriptions.confirmedAt,
      })
      .from(t.newsletterSubscriptions)
      .innerJoin(t.members, sql`${t.members.id} = ${t.newsletterSubscriptions.memberId}`)
      .orderBy(asc(t.members.email));
    expect(rows).toEqual([
      { email: 'subscribed@example.org', newsletter: MAIN_NEWSLETTER_ID, status: 'active', locale: 'de', confirmedAt: new Date('2026-01-10T10:00:00Z') },
    ]);
  });
});
