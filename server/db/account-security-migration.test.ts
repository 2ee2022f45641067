import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore, type MigrationTestDatabase } from '../../test/bff/migration-database';
import { type DatabaseHandle, migrate } from './database';
import * as t from './schema';

/*
 * Migration 0021 on a database with sessions: each was last used, as far as is known, when it began, and
 * has no User-Agent; step-up codes are a purpose one-time codes may have.
 */

let database: MigrationTestDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  database = await databaseBefore('0021');
  handle = database.handle;
  // Plain SQL: the columns members and sessions had at 0020, whatever later migrations add.
  await handle.db.execute(sql`
    INSERT INTO members (guid, email, first_name, last_name, locale, status, activated_at, created_at)
    VALUES ('00000000-0000-4000-8000-00000000f001', 'signed.in@example.org', 'Signed', 'In', 'en', 'active', '2026-01-10T10:00:00Z', '2026-01-01T10:00:00Z')
  `);
  await handle.db.execute(sql`
    INSERT INTO sessions (id, member_id, created_at, expires_at)
    SELECT '00000000-0000-4000-8000-00000000f101', id, '2026-02-01T08:30:00Z', '2026-03-03T08:30:00Z' FROM members WHERE email = 'signed.in@example.org'
  `);
  await migrate(handle.db);
});

afterAll(async () => {
  await database?.close();
});

describe('migration 0021', () => {
  it('gives every session its start as its last use, and no device', async () => {
    const rows = await handle.db.select({ lastUsedAt: t.sessions.lastUsedAt, userAgent: t.sessions.userAgent }).from(t.sessions);
    expect(rows).toEqual([{ lastUsedAt: new Date('2026-02-01T08:30:00Z'), userAgent: null }]);
  });

  it('takes step-up codes', async () => {
    const at = new Date('2026-03-02T09:00:00Z');
    await handle.db
      .insert(t.oneTimeCodes)
      .values({ email: 'signed.in@example.org', purpose: 'step-up', codeHash: 'mac', expiresAt: at, createdAt: at });
    expect(await handle.db.select({ purpose: t.oneTimeCodes.purpose }).from(t.oneTimeCodes)).toEqual([{ purpose: 'step-up' }]);
  });
});
