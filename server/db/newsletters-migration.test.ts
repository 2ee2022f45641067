import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_NEWSLETTER_ID } from '../../src/contract/auth';
import { databaseBefore, type MigrationTestDatabase } from '../../test/bff/migration-database';
import { type DatabaseHandle, migrate } from './database';
import * as t from './schema';

/*
 * Migration 0018 on a database whose members already chose the main newsletter (members.newsletter): an
 * active member keeps receiving it, as an active subscription; a pending member's consent still waits on
 * the activation link; a member without it gets nothing.
 */

let database: MigrationTestDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  database = await databaseBefore('0018');
  handle = database.handle;
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
  await database?.close();
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
