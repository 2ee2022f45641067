import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AcceptInviteResponseSchema,
  acceptInvitePath,
  CORPORATE_LIMITS,
  CORPORATE_PATHS,
  CorporateOtpResponseSchema,
  InvitesConfigResponseSchema,
  SCIM_CONTENT_TYPE,
  SCIM_SCHEMAS,
  ScimEnrolResponseSchema,
  ScimErrorSchema,
  ScimUserSchema,
  SendInvitesResponseSchema,
} from '../../src/contract/corporate';
import { ErrorBodySchema } from '../../src/contract/errors';
import { useTestDatabase } from '../../test/bff/database';
import { companyInvites, members, oneTimeCodes } from '../db/schema';
import { DEMO_MEMBERS } from '../db/seed/members';
import { type Answer, type CorporateTestApp, createCorporateTestApp, scimUser } from './testing';

/*
 * Corporate self-enrolment through the app on a seeded database (the demo companies: Northwind Traders on
 * northwind.example with Anna Schmidt as its admin, Contoso on contoso.example). The clock is the test's;
 * each test uses its own emails and client address, since the limits count across the file.
 */

const database = useTestDatabase();
let t: CorporateTestApp;

beforeAll(() => {
  t = createCorporateTestApp(database.db);
});

function scimErrorOf(answer: Answer, status: number) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.headers.get('content-type')).toContain(SCIM_CONTENT_TYPE);
  const error = v.parse(ScimErrorSchema, answer.body);
  expect(error.status).toBe(String(status));
  return error;
}

function errorCodeOf(answer: Answer, status: number) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return v.parse(ErrorBodySchema, answer.body).error;
}

describe('POST corporate/otp', () => {
  it('answers 202 with the same body for a company domain and an unknown one, and mails a code of its own kind to both', async () => {
    const known = await t.requestCode('first.one@northwind.example', '198.51.100.31', 'de');
    const unknown = await t.requestCode('first.one@nowhere.example', '198.51.100.31', 'de');
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual(unknown.body);
    expect(v.parse(CorporateOtpResponseSchema, known.body).data.accepted).toBe(true);
    for (const email of ['first.one@northwind.example', 'first.one@nowhere.example']) {
      const [mail] = await t.outbox(email);
      expect(mail?.kind).toBe('corporate-otp');
      expect(mail?.subject).toBe('Ihr Code für die Anmeldung über Ihr Unternehmen');
      expect(mail?.text).toMatch(/\b\d{6}\b/);
    }
    // Only an HMAC is kept, under its own purpose.
    const code = await t.lastCode('first.one@northwind.example');
    const [row] = await database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.email, 'first.one@northwind.example'));
    expect(row?.purpose).toBe('corporate-enrol');
    expect(row?.codeHash).not.toContain(code);
    expect(JSON.stringify(t.logger.lines)).not.toContain(code);
  });

  it('writes Arabic, and English for a locale without texts', async () => {
    await t.requestCode('arabic.text@contoso.example', '198.51.100.32', 'ar');
    expect((await t.outbox('arabic.text@contoso.example'))[0]?.subject).toBe('رمزك للتسجيل عبر شركتك');
    await t.requestCode('polish.text@contoso.example', '198.51.100.32', 'pl');
    expect((await t.outbox('polish.text@contoso.example'))[0]?.subject).toBe('Your code to enrol with your company');
  });

  it('limits codes to 5 per email per 15 minutes (429 with Retry-After), whatever the address', async () => {
    const email = 'many.codes@northwind.example';
    for (let index = 0; index < 5; index += 1) expect((await t.requestCode(email, `198.51.100.${40 + index}`)).status).toBe(202);
    const refused = await t.requestCode(email, '198.51.100.49');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits codes to 20 per address per 15 minutes', async () => {
    for (let index = 0; index < 20; index += 1) expect((await t.requestCode(`address.${index}@northwind.example`, '198.51.100.60')).status).toBe(202);
    expect((await t.requestCode('address.20@northwind.example', '198.51.100.60')).status).toBe(429);
  });

  it('answers 400 with the usual error body for bad input', async () => {
    expect(errorCodeOf(await t.call('POST', CORPORATE_PATHS.otp, { body: { email: 'not-an-email', locale: 'en' } }), 400).code).toBe('bad_request');
    expect(errorCodeOf(await t.call('POST', CORPORATE_PATHS.otp, { body: { email: 'a@northwind.example', locale: 'xx' } }), 400).code).toBe('bad_request');
    expect(errorCodeOf(await t.call('POST', CORPORATE_PATHS.otp, { body: '{"email":' }), 400).code).toBe('bad_request');
  });
});

describe('POST corporate/scim/user', () => {
  it('enrols a new person: a member for the work email, signed in by the answer, the User in SCIM form', async () => {
    const email = 'new.person@northwind.example';
    const answer = await t.enrolWithCode(email, undefined, '198.51.100.70');
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.headers.get('content-type')).toContain(SCIM_CONTENT_TYPE);
    const user = v.parse(ScimEnrolResponseSchema, answer.body);
    expect(user.schemas).toEqual([SCIM_SCHEMAS.user, SCIM_SCHEMAS.enterpriseUser]);
    expect(user.userName).toBe(email);
    expect(user.name).toEqual({ givenName: 'Casey', familyName: 'Corporate', formatted: 'Casey Corporate' });
    expect(user.emails).toEqual([{ value: email, type: 'work', primary: true }]);
    expect(user.active).toBe(true);
    expect(user[SCIM_SCHEMAS.enterpriseUser]).toEqual({ organization: 'Northwind Traders' });
    expect(user.meta.resourceType).toBe('User');
    expect(user.meta.created).toBe(t.now().toISOString());
    expect(answer.headers.get('location')).toBe(user.meta.location);
    expect(user.meta.location).toMatch(/\/bff\/corporate\/scim\/user$/);
    // Signed in: the token reads the enrolment back, and the member is active with the SCIM name.
    expect(user.session?.result).toBe('Authenticated');
    const token = user.session?.token ?? '';
    const read = await t.call('GET', CORPORATE_PATHS.scimUser, { token });
    expect(read.status).toBe(200);
    expect(v.parse(ScimUserSchema, read.body).id).toBe(user.id);
    const [member] = await database.db.select().from(members).where(eq(members.email, email));
    expect(member).toMatchObject({ status: 'active', firstName: 'Casey', lastName: 'Corporate', registrationSource: 'corporate' });
  });

  it('enrols the signed-in member under the work email, without a new session', async () => {
    const token = await t.tokenOf('signed.in.member@example.com');
    const answer = await t.enrolWithCode('signed.in@contoso.example', token, '198.51.100.71');
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const user = v.parse(ScimEnrolResponseSchema, answer.body);
    expect(user.session).toBeUndefined();
    expect(user[SCIM_SCHEMAS.enterpriseUser].organization).toBe('Contoso');
    const [created] = await database.db.select().from(members).where(eq(members.email, 'signed.in@contoso.example'));
    expect(created).toBeUndefined();
    // Already enrolled: 409 uniqueness, for the member and for the work email.
    const again = await t.enrolWithCode('signed.in.again@contoso.example', token, '198.51.100.71');
    expect(scimErrorOf(again, 409)).toMatchObject({ scimType: 'uniqueness', code: 'already_enrolled' });
    const other = await t.tokenOf('someone.else@example.com');
    const sameEmail = await t.enrolWithCode('signed.in@contoso.example', other, '198.51.100.71');
    expect(scimErrorOf(sameEmail, 409)).toMatchObject({ scimType: 'uniqueness', code: 'already_enrolled' });
  });

  it('answers 422 company_unknown for a domain no active company owns, after the code is proven', async () => {
    const answer = await t.enrolWithCode('someone@nowhere.example', undefined, '198.51.100.72');
    expect(scimErrorOf(answer, 422)).toMatchObject({ code: 'company_unknown', scimType: 'invalidValue' });
    const [member] = await database.db.select().from(members).where(eq(members.email, 'someone@nowhere.example'));
    expect(member).toBeUndefined();
  });

  it('refuses a wrong code, an expired code, a used code, and a code after 5 wrong tries (401 enrolment_code_rejected)', async () => {
    const email = 'code.checks@northwind.example';
    await t.requestCode(email, '198.51.100.73');
    const code = await t.lastCode(email);
    const wrong = code === '000000' ? '000001' : '000000';
    expect(scimErrorOf(await t.enrol(scimUser(email), wrong, undefined, '198.51.100.73'), 401).code).toBe('enrolment_code_rejected');
    // The right code still works after one wrong try; then it is used up.
    const token = await t.tokenOf('code.checks.member@example.com');
    expect((await t.enrol(scimUser(email), code, token, '198.51.100.73')).status).toBe(201);
    await t.call('DELETE', CORPORATE_PATHS.scimUser, { token });
    expect(scimErrorOf(await t.enrol(scimUser(email), code, token, '198.51.100.73'), 401).code).toBe('enrolment_code_rejected');

    const expiring = 'code.expires@northwind.example';
    await t.requestCode(expiring, '198.51.100.74');
    const expiringCode = await t.lastCode(expiring);
    t.advance(11 * 60 * 1000);
    expect(scimErrorOf(await t.enrol(scimUser(expiring), expiringCode, undefined, '198.51.100.74'), 401).code).toBe('enrolment_code_rejected');

    const guessed = 'code.guessed@northwind.example';
    await t.requestCode(guessed, '198.51.100.75');
    const guessedCode = await t.lastCode(guessed);
    const wrongGuesses = ['999990', '999991', '999992', '999993', '999994', '999995'].filter((guess) => guess !== guessedCode).slice(0, 5);
    for (const guess of wrongGuesses) await t.enrol(scimUser(guessed), guess, undefined, '198.51.100.75');
    expect(scimErrorOf(await t.enrol(scimUser(guessed), guessedCode, undefined, '198.51.100.75'), 401).code).toBe('enrolment_code_rejected');
  });

  it('asks a member with a password to sign in first, keeping the code for that', async () => {
    const token = await t.tokenOf('password.holder@example.com');
    await database.db.update(members).set({ passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo' }).where(eq(members.email, 'password.holder@example.com'));
    await database.db.update(members).set({ email: 'password.holder@northwind.example' }).where(eq(members.email, 'password.holder@example.com'));
    await t.requestCode('password.holder@northwind.example', '198.51.100.76');
    const code = await t.lastCode('password.holder@northwind.example');
    const refused = await t.enrol(scimUser('password.holder@northwind.example'), code, undefined, '198.51.100.76');
    expect(scimErrorOf(refused, 401)).toMatchObject({ code: 'sign_in_first', detail: expect.stringMatching(/sign in first/) });
    expect((await t.enrol(scimUser('password.holder@northwind.example'), code, token, '198.51.100.76')).status).toBe(201);
  });

  it('answers SCIM errors (400) for bad input: no core schema, userName not among the emails, inactive, no code, not JSON', async () => {
    const email = 'bad.input@northwind.example';
    const from = '198.51.100.77';
    const noSchema = scimErrorOf(await t.enrol(scimUser(email, { schemas: [SCIM_SCHEMAS.enterpriseUser] }), '123456', undefined, from), 400);
    expect(noSchema).toMatchObject({ scimType: 'invalidValue', code: 'bad_request' });
    expect(noSchema.issues?.map((issue) => issue.path)).toEqual(['schemas']);
    const otherEmail = scimErrorOf(await t.enrol(scimUser(email, { emails: [{ value: 'private@example.com', type: 'home' }] }), '123456', undefined, from), 400);
    expect(otherEmail.issues?.map((issue) => issue.path)).toEqual(['emails']);
    expect(scimErrorOf(await t.enrol(scimUser(email, { active: false }), '123456', undefined, from), 400).issues?.map((issue) => issue.path)).toEqual(['active']);
    expect(scimErrorOf(await t.enrol(scimUser(email, { name: { givenName: '' } }), '123456', undefined, from), 400).scimType).toBe('invalidValue');
    const noCode = scimErrorOf(await t.enrol(scimUser(email), undefined, undefined, from), 400);
    expect(noCode.issues?.map((issue) => issue.path)).toEqual(['X-Enrolment-Code']);
    expect(scimErrorOf(await t.enrol(scimUser(email), '12ab', undefined, from), 400).code).toBe('bad_request');
    expect(scimErrorOf(await t.enrol('{"schemas":', '123456', undefined, from), 400).scimType).toBe('invalidSyntax');
    expect(scimErrorOf(await t.enrol(scimUser('nul\u0000@northwind.example'), '123456', undefined, from), 400).code).toBe('bad_request');
  });

  it('answers 401 for a bearer token that does not work, instead of enrolling a new account', async () => {
    const answer = await t.enrolWithCode('stale.token@northwind.example', 'not-a-valid-token', '198.51.100.78');
    expect(scimErrorOf(answer, 401).code).toBe('sign_in_first');
  });
});

describe('GET and DELETE corporate/scim/user', () => {
  it('shows the enrolment, leaves the company (204), then 404 not_enrolled', async () => {
    const token = await t.tokenOf('leaving.member@example.com');
    expect((await t.enrolWithCode('leaving@contoso.example', token, '198.51.100.80')).status).toBe(201);
    const shown = await t.call('GET', CORPORATE_PATHS.scimUser, { token });
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toContain(SCIM_CONTENT_TYPE);
    expect(shown.headers.get('cache-control')).toBe('no-store');
    expect(v.parse(ScimUserSchema, shown.body).userName).toBe('leaving@contoso.example');
    const left = await t.call('DELETE', CORPORATE_PATHS.scimUser, { token });
    expect(left.status).toBe(204);
    expect(scimErrorOf(await t.call('GET', CORPORATE_PATHS.scimUser, { token }), 404).code).toBe('not_enrolled');
    expect(scimErrorOf(await t.call('DELETE', CORPORATE_PATHS.scimUser, { token }), 404).code).toBe('not_enrolled');
    // After leaving, the member may enrol again.
    expect((await t.enrolWithCode('leaving@contoso.example', token, '198.51.100.80')).status).toBe(201);
  });

  it('answers 401 in SCIM form without a token', async () => {
    expect(scimErrorOf(await t.call('GET', CORPORATE_PATHS.scimUser), 401).code).toBe('unauthorized');
    expect(scimErrorOf(await t.call('DELETE', CORPORATE_PATHS.scimUser), 401).code).toBe('unauthorized');
  });
});

describe('invites', () => {
  it('tells the admin they may invite, their company and its domains; tells others they may not', async () => {
    const admin = await t.tokenOf(DEMO_MEMBERS.withPassword);
    const config = await t.call('GET', CORPORATE_PATHS.invitesConfig, { token: admin });
    expect(config.status).toBe(200);
    const data = v.parse(InvitesConfigResponseSchema, config.body).data;
    expect(data).toMatchObject({
      company: { name: 'Northwind Traders', domains: ['northwind-traders.example', 'northwind.example'] },
      isAdmin: true,
      canInvite: true,
      locked: false,
      maxPerRequest: CORPORATE_LIMITS.maxInvitesPerRequest,
    });
    const other = v.parse(InvitesConfigResponseSchema, (await t.call('GET', CORPORATE_PATHS.invitesConfig, { token: await t.tokenOf(DEMO_MEMBERS.codeOnly) })).body).data;
    expect(other).toMatchObject({ company: null, isAdmin: false, canInvite: false, invites: [] });
    expect(errorCodeOf(await t.call('GET', CORPORATE_PATHS.invitesConfig), 401).code).toBe('unauthorized');
  });

  it('sends invites of their own kind with an enrol link to the company’s domains only; admins only', async () => {
    const admin = await t.tokenOf(DEMO_MEMBERS.withPassword);
    const outside = await t.call('POST', CORPORATE_PATHS.invites, { token: admin, body: { emails: ['colleague.one@northwind.example', 'friend@contoso.example'], locale: 'en' } });
    const refused = errorCodeOf(outside, 422);
    expect(refused.code).toBe('invite_domain_not_allowed');
    expect(refused.issues?.map((issue) => issue.path)).toEqual(['emails.1']);
    expect(await t.outbox('colleague.one@northwind.example')).toEqual([]);

    const sent = await t.call('POST', CORPORATE_PATHS.invites, {
      token: admin,
      body: { emails: ['colleague.one@northwind.example', 'colleague.two@northwind-traders.example', 'colleague.one@northwind.example'], locale: 'de' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    const invites = v.parse(SendInvitesResponseSchema, sent.body).data.invites;
    expect(invites.map((invite) => invite.email).sort()).toEqual(['colleague.one@northwind.example', 'colleague.two@northwind-traders.example']);
    expect(invites.every((invite) => invite.status === 'pending')).toBe(true);
    const [mail] = await t.outbox('colleague.one@northwind.example');
    expect(mail?.kind).toBe('corporate-invite');
    expect(mail?.subject).toBe('Northwind Traders lädt Sie zu seinen Firmenraten in H Rewards Hotels ein');
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/de\/enroll\?invite=[\w-]{43}/);
    // Only the token's digest is kept.
    const token = await t.lastInviteToken('colleague.one@northwind.example');
    const rows = await database.db.select().from(companyInvites).where(eq(companyInvites.email, 'colleague.one@northwind.example'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toBe(token);
    const listed = v.parse(InvitesConfigResponseSchema, (await t.call('GET', CORPORATE_PATHS.invitesConfig, { token: admin })).body).data.invites;
    expect(listed.map((invite) => invite.email)).toContain('colleague.two@northwind-traders.example');

    const notAdmin = await t.call('POST', CORPORATE_PATHS.invites, { token: await t.tokenOf(DEMO_MEMBERS.codeOnly), body: { emails: ['x@northwind.example'], locale: 'en' } });
    expect(errorCodeOf(notAdmin, 403).code).toBe('forbidden');
  });

  it('answers 400 for bad input: no emails, too many, not emails', async () => {
    const admin = await t.tokenOf(DEMO_MEMBERS.withPassword);
    const post = (body: unknown) => t.call('POST', CORPORATE_PATHS.invites, { token: admin, body });
    expect(errorCodeOf(await post({ emails: [], locale: 'en' }), 400).code).toBe('bad_request');
    const many = Array.from({ length: CORPORATE_LIMITS.maxInvitesPerRequest + 1 }, (_, index) => `c${index}@northwind.example`);
    expect(errorCodeOf(await post({ emails: many, locale: 'en' }), 400).code).toBe('bad_request');
    expect(errorCodeOf(await post({ emails: ['nope'], locale: 'en' }), 400).issues?.[0]?.path).toBe('emails.0');
  });

  it('enrols the member who accepts an invite, once; asks to sign in without a token', async () => {
    const admin = await t.tokenOf(DEMO_MEMBERS.withPassword);
    await t.call('POST', CORPORATE_PATHS.invites, { token: admin, body: { emails: ['invited.person@northwind.example'], locale: 'en' } });
    const token = await t.lastInviteToken('invited.person@northwind.example');

    const anonymous = await t.call('POST', acceptInvitePath(token));
    expect(anonymous.status).toBe(200);
    expect(v.parse(AcceptInviteResponseSchema, anonymous.body).data).toEqual({
      outcome: 'sign_in_required',
      company: { name: 'Northwind Traders' },
      email: 'invited.person@northwind.example',
    });

    const member = await t.tokenOf('invited.person.private@example.com');
    const accepted = await t.call('POST', acceptInvitePath(token), { token: member });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    const data = v.parse(AcceptInviteResponseSchema, accepted.body).data;
    expect(data.outcome).toBe('enrolled');
    if (data.outcome === 'enrolled') expect(data.user.userName).toBe('invited.person@northwind.example');
    expect(v.parse(ScimUserSchema, (await t.call('GET', CORPORATE_PATHS.scimUser, { token: member })).body)[SCIM_SCHEMAS.enterpriseUser].organization).toBe('Northwind Traders');

    const again = await t.call('POST', acceptInvitePath(token), { token: await t.tokenOf('someone.with.link@example.com') });
    expect(errorCodeOf(again, 409).code).toBe('invite_used');
    const listed = v.parse(InvitesConfigResponseSchema, (await t.call('GET', CORPORATE_PATHS.invitesConfig, { token: admin })).body).data.invites;
    expect(listed.find((invite) => invite.email === 'invited.person@northwind.example')?.status).toBe('accepted');
  });

  it('refuses an expired invite (410), an unknown one (404), a replaced one, and a member already enrolled (409)', async () => {
    const admin = await t.tokenOf(DEMO_MEMBERS.withPassword);
    await t.call('POST', CORPORATE_PATHS.invites, { token: admin, body: { emails: ['late.person@northwind.example'], locale: 'en' } });
    const first = await t.lastInviteToken('late.person@northwind.example');
    await t.call('POST', CORPORATE_PATHS.invites, { token: admin, body: { emails: ['late.person@northwind.example'], locale: 'en' } });
    const second = await t.lastInviteToken('late.person@northwind.example');
    const member = await t.tokenOf('late.person.private@example.com');
    expect(errorCodeOf(await t.call('POST', acceptInvitePath(first), { token: member }), 404).code).toBe('invite_invalid');
    expect(errorCodeOf(await t.call('POST', acceptInvitePath('x'.repeat(43)), { token: member }), 404).code).toBe('invite_invalid');
    expect(errorCodeOf(await t.call('POST', acceptInvitePath('short')), 400).code).toBe('bad_request');

    const enrolled = await t.tokenOf('already.enrolled.member@example.com');
    expect((await t.enrolWithCode('already.enrolled@contoso.example', enrolled, '198.51.100.81')).status).toBe(201);
    expect(errorCodeOf(await t.call('POST', acceptInvitePath(second), { token: enrolled }), 409).code).toBe('already_enrolled');

    t.advance((CORPORATE_LIMITS.inviteValidDays * 24 + 1) * 60 * 60 * 1000);
    expect(errorCodeOf(await t.call('POST', acceptInvitePath(second), { token: member }), 410).code).toBe('invite_expired');
  });

  it('with lock-invites on, shows the lock and neither sends nor accepts invites', async () => {
    const admin = await t.tokenOf(DEMO_MEMBERS.withPassword);
    await t.call('POST', CORPORATE_PATHS.invites, { token: admin, body: { emails: ['locked.out@northwind.example'], locale: 'en' } });
    const token = await t.lastInviteToken('locked.out@northwind.example');
    t.setFlag('lock-invites', true);
    try {
      const config = v.parse(InvitesConfigResponseSchema, (await t.call('GET', CORPORATE_PATHS.invitesConfig, { token: admin })).body).data;
      expect(config).toMatchObject({ isAdmin: true, canInvite: false, locked: true });
      const send = await t.call('POST', CORPORATE_PATHS.invites, { token: admin, body: { emails: ['another@northwind.example'], locale: 'en' } });
      expect(errorCodeOf(send, 409).code).toBe('invites_locked');
      const member = await t.tokenOf('locked.out.private@example.com');
      expect(errorCodeOf(await t.call('POST', acceptInvitePath(token), { token: member }), 409).code).toBe('invites_locked');
    } finally {
      t.setFlag('lock-invites', false);
    }
    // Unlocked again, the same link works.
    expect((await t.call('POST', acceptInvitePath(token), { token: await t.tokenOf('locked.out.private@example.com') })).status).toBe(201);
  });
});
