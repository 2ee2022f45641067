import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { acceptInvitePath, CORPORATE_PATHS } from '../../src/contract/corporate';
import { useTestDatabase } from '../../test/bff/database';
import { companyEnrolments } from '../db/schema';
import { DEMO_MEMBERS } from '../db/seed/members';
import { type CorporateTestApp, createCorporateTestApp, scimUser } from './testing';

/*
 * Enrolments under concurrency: one enrolment per member and per work email, an invite and a code used
 * once, also when requests race. Meaningful on PostgreSQL (DATABASE_URL), where they run on separate
 * connections; PGlite runs them one after another.
 */

const database = useTestDatabase();
let t: CorporateTestApp;

beforeAll(() => {
  t = createCorporateTestApp(database.db);
});

describe('racing enrolments', () => {
  it('lets one of ten members accept the same invite', async () => {
    const admin = await t.tokenOf(DEMO_MEMBERS.withPassword);
    await t.call('POST', CORPORATE_PATHS.invites, { token: admin, body: { emails: ['raced.invite@northwind.example'], locale: 'en' } });
    const invite = await t.lastInviteToken('raced.invite@northwind.example');
    const tokens = await Promise.all(Array.from({ length: 10 }, (_, index) => t.tokenOf(`racer.${index}@example.com`)));
    const answers = await Promise.all(tokens.map((token, index) => t.call('POST', acceptInvitePath(invite), { token, from: `198.51.100.${100 + index}` })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(9);
    const rows = await database.db.select().from(companyEnrolments).where(eq(companyEnrolments.workEmail, 'raced.invite@northwind.example'));
    expect(rows).toHaveLength(1);
  });

  it('enrols a member once when two work emails race for them', async () => {
    const token = await t.tokenOf('two.emails@example.com');
    const emails = ['two.emails.a@northwind.example', 'two.emails.b@contoso.example'];
    for (const email of emails) await t.requestCode(email, '198.51.100.120');
    const codes = await Promise.all(emails.map((email) => t.lastCode(email)));
    const answers = await Promise.all(emails.map((email, index) => t.enrol(scimUser(email), codes[index], token, `198.51.100.${121 + index}`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
  });

  it('uses a code once when five enrolments race with it', async () => {
    const email = 'raced.code@northwind.example';
    await t.requestCode(email, '198.51.100.130');
    const code = await t.lastCode(email);
    const tokens = await Promise.all(Array.from({ length: 5 }, (_, index) => t.tokenOf(`code.racer.${index}@example.com`)));
    const answers = await Promise.all(tokens.map((token, index) => t.enrol(scimUser(email), code, token, `198.51.100.${131 + index}`)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    const rows = await database.db.select().from(companyEnrolments).where(eq(companyEnrolments.workEmail, email));
    expect(rows).toHaveLength(1);
  });
});
