import { eq } from 'drizzle-orm';
import * as jose from 'jose';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ActivateResponseSchema,
  AUTH_PATHS,
  LoginResponseSchema,
  MAX_REGISTRATION_PROOFS,
  MEMBER_PATHS,
  MemberProfileResponseSchema,
  MemberStatusResponseSchema,
  RegisterResponseSchema,
  RegistrationSourceResponseSchema,
  TokenResponseSchema,
  ValidateEmailResponseSchema,
} from '../../src/contract/auth';
import { ErrorBodySchema } from '../../src/contract/errors';
import { useTestDatabase } from '../../test/bff/database';
import { type AuthTestApp, createAuthTestApp, refreshCookieOf } from '../auth/testing';
import { members, oneTimeCodes, pointsLedger } from '../db/schema';
import { DEMO_MEMBERS, DEMO_PASSWORD } from '../db/seed/members';
import { createLocalLoyalty } from '../adapters/local-loyalty';
import type { LoyaltyPort } from '../ports/loyalty';

/*
 * Registration, activation (every outcome), password reset through the mail in the outbox, and the
 * member's profile and status. The loyalty system is a test double that can be told to fail.
 */

const database = useTestDatabase();
let t: AuthTestApp;
let loyaltyDown = false;
/** Points the loyalty system already holds for the next member enrolled. */
let heldPoints = 0;

const loyalty: LoyaltyPort = {
  async enrol(member) {
    if (loyaltyDown) throw new Error('connect ECONNREFUSED loyalty.internal:443');
    return { ...(await createLocalLoyalty().enrol(member)), points: heldPoints };
  },
};

beforeAll(() => {
  t = createAuthTestApp(database.db, { loyalty, settings: { publicUrl: 'https://www.example.com' } });
});

const newMember = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  firstName: 'Mia',
  lastName: 'Muster',
  salutation: 'ms',
  password: 'a-long-password-1',
  locale: 'de',
  acceptTerms: true,
  newsletter: true,
  source: 'website',
  ...extra,
});

/** The registration proofs this test's browser was given, newest last (sent with every activation link). */
const proofs: string[] = [];

async function register(body: Record<string, unknown>, from = '198.51.100.1') {
  const answer = await t.post(MEMBER_PATHS.register, body, { from });
  const parsed = v.safeParse(RegisterResponseSchema, answer.body);
  if (parsed.success && parsed.output.data.registration_proof) proofs.push(parsed.output.data.registration_proof);
  return answer;
}

/** The activation token in the newest activation mail to this address. */
async function activationToken(email: string) {
  const mail = (await t.outbox(email)).find((candidate) => candidate.kind === 'activation');
  const link = mail && /https:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No activation link mailed to ${email}`);
  const url = new URL(link);
  return { url, token: url.searchParams.get('token') ?? '' };
}

/** The link used in the browser that registered (see pre-registration.routes.test.ts for other browsers). */
const activate = (token: string, from = '198.51.100.2') =>
  t.post(MEMBER_PATHS.activate, { token, registration_proofs: proofs.slice(-MAX_REGISTRATION_PROOFS) }, { from });

describe('POST register and POST activate', () => {
  it('creates an inactive member with an argon2id hash (no plain text), mails the activation link, answers 201 activation_sent', async () => {
    const email = 'mia.muster@example.com';
    const answer = await register(newMember(email));
    expect(answer.status).toBe(201);
    expect(v.parse(RegisterResponseSchema, answer.body)).toEqual({ data: { status: 'activation_sent', registration_proof: expect.any(String) } });

    const [row] = await database.db.select().from(members).where(eq(members.email, email));
    expect(row).toMatchObject({
      status: 'pending',
      activatedAt: null,
      firstName: 'Mia',
      salutation: 'ms',
      locale: 'de',
      newsletter: true,
      registrationSource: 'website',
    });
    // The password waits on the activation link until the email is proven.
    expect(row?.passwordHash).toBeNull();
    const [link] = await database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.email, email));
    expect(link?.pendingPasswordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[\w+/]{22}\$[\w+/]{43}$/);
    expect(link?.pendingPasswordHash).not.toContain('a-long-password-1');

    const { url } = await activationToken(email);
    expect(url.origin).toBe('https://www.example.com');
    expect(url.pathname).toBe('/de/account/activate');
    // Neither the password nor the token goes to the log.
    const log = JSON.stringify(t.logger.lines);
    expect(log).not.toContain('a-long-password-1');
    expect(log).not.toContain(url.searchParams.get('token'));
  });

  it('activates with the link token: 200 activated with a session token; the member can sign in with the password', async () => {
    const email = 'activate.me@example.com';
    await register(newMember(email));
    const { token } = await activationToken(email);
    const answer = await activate(token);
    expect(answer.status).toBe(200);
    const { data } = v.parse(ActivateResponseSchema, answer.body);
    expect(data.outcome).toBe('activated');
    expect(refreshCookieOf(answer.headers)).toBeDefined();
    const profile = v.parse(MemberProfileResponseSchema, (await t.get(MEMBER_PATHS.profile, { token: data.token })).body).data;
    expect(profile).toMatchObject({ email, firstName: 'Mia', profileComplete: false });
    expect(profile.dailypointMasterId).toMatch(/^DP\d{10}$/);
    const login = await t.post(AUTH_PATHS.passwordLogin, { email, password: 'a-long-password-1' }, { from: '198.51.100.3' });
    expect(v.parse(LoginResponseSchema, login.body).data.result).toBe('Authenticated');
  });

  it('answers 409 already_activated for the used link, and for any link of an active member', async () => {
    const email = 'twice@example.com';
    await register(newMember(email));
    const { token } = await activationToken(email);
    expect((await activate(token)).status).toBe(200);
    const again = await activate(token);
    expect(again.status).toBe(409);
    expect(v.parse(ActivateResponseSchema, again.body)).toEqual({ data: { outcome: 'already_activated' } });
  });

  it('answers 404 code_not_found for an unknown token, an expired one (7 days) and a replaced one', async () => {
    const unknown = await activate('no-such-token');
    expect(unknown.status).toBe(404);
    expect(v.parse(ActivateResponseSchema, unknown.body)).toEqual({ data: { outcome: 'code_not_found' } });

    const email = 'slow.clicker@example.com';
    await register(newMember(email));
    const { token } = await activationToken(email);
    t.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    expect(v.parse(ActivateResponseSchema, (await activate(token)).body).data.outcome).toBe('code_not_found');

    // Registering again sends a new link; the old one stops working.
    await register(newMember(email), '198.51.100.4');
    const renewed = await activationToken(email);
    expect(renewed.token).not.toBe(token);
    expect((await activate(token)).status).toBe(404);
    expect((await activate(renewed.token)).status).toBe(200);
  });

  it('answers 502 profile_fetch_error when the loyalty system fails, and the same link works once it is back', async () => {
    const email = 'loyalty.down@example.com';
    await register(newMember(email));
    const { token } = await activationToken(email);
    loyaltyDown = true;
    try {
      const failed = await activate(token);
      expect(failed.status).toBe(502);
      expect(v.parse(ActivateResponseSchema, failed.body)).toEqual({ data: { outcome: 'profile_fetch_error' } });
      expect(JSON.stringify(failed.body)).not.toContain('ECONNREFUSED');
    } finally {
      loyaltyDown = false;
    }
    const [row] = await database.db.select().from(members).where(eq(members.email, email));
    expect(row?.status).toBe('pending');
    expect(v.parse(ActivateResponseSchema, (await activate(token)).body).data.outcome).toBe('activated');
  });

  it('brings points the loyalty system already holds into the points ledger at activation', async () => {
    const email = 'points.holder@example.com';
    await register(newMember(email));
    const { token } = await activationToken(email);
    heldPoints = 1_200;
    let answer;
    try {
      answer = v.parse(ActivateResponseSchema, (await activate(token)).body).data;
    } finally {
      heldPoints = 0;
    }
    expect(answer.outcome).toBe('activated');
    const [row] = await database.db.select().from(members).where(eq(members.email, email));
    expect(row?.points).toBe(1_200);
    const entries = await database.db.select().from(pointsLedger).where(eq(pointsLedger.memberId, row?.id ?? 0));
    expect(entries).toMatchObject([{ kind: 'adjusted', points: 1_200, balanceAfter: 1_200 }]);
    const status = v.parse(MemberStatusResponseSchema, (await t.get(MEMBER_PATHS.status, { token: answer.token })).body).data;
    expect(status.dailypointStatus).toEqual({ reward_level: 'Star', rewards_points: 1_200 });
  });

  it('answers an already registered email exactly like a new one, and mails "you already have an account" instead', async () => {
    const fresh = await register(newMember('brand.new@example.com'), '198.51.100.5');
    const taken = await register(newMember(DEMO_MEMBERS.withPassword), '198.51.100.5');
    expect(taken.status).toBe(fresh.status);
    // Both carry a registration proof (for the taken email, of a link never mailed): alike but for its value.
    expect(taken.body).toEqual({ data: { ...v.parse(RegisterResponseSchema, fresh.body).data, registration_proof: expect.stringMatching(/^[\w-]{43}$/) } });
    const mail = await t.lastMail(DEMO_MEMBERS.withPassword);
    expect(mail.subject).toBe('Sie haben bereits ein H Rewards Konto');
    expect(mail.text).toContain('https://www.example.com/de/account/login');
    // The existing member is untouched.
    const [row] = await database.db.select().from(members).where(eq(members.email, DEMO_MEMBERS.withPassword));
    expect(row?.firstName).toBe('Anna');
  });

  it('registers with a registration token from a one-time code: active at once, signed in', async () => {
    const email = 'otp.signup@example.com';
    await t.post(AUTH_PATHS.otpCode, { email, locale: 'en' }, { from: '198.51.100.6' });
    const login = v.parse(
      LoginResponseSchema,
      (await t.post(AUTH_PATHS.otpLogin, { email, code: await t.lastCode(email) }, { from: '198.51.100.6' })).body,
    ).data;
    if (login.result !== 'RegistrationRequired') throw new Error(login.result);
    const { password: _password, ...withoutPassword } = newMember(email);
    const answer = await register({ ...withoutPassword, registration_token: login.registration_token }, '198.51.100.6');
    expect(answer.status).toBe(201);
    const { data } = v.parse(RegisterResponseSchema, answer.body);
    expect(data.status).toBe('registered');
    expect((await t.get(MEMBER_PATHS.profile, { token: data.token })).status).toBe(200);
    const [row] = await database.db.select().from(members).where(eq(members.email, email));
    expect(row).toMatchObject({ status: 'active', passwordHash: null });
  });

  it('refuses a registration token for another email, a forged or expired one (400), and one for an active member (409)', async () => {
    const email = 'token.owner@example.com';
    await t.post(AUTH_PATHS.otpCode, { email, locale: 'en' }, { from: '198.51.100.7' });
    const login = v.parse(
      LoginResponseSchema,
      (await t.post(AUTH_PATHS.otpLogin, { email, code: await t.lastCode(email) }, { from: '198.51.100.7' })).body,
    ).data;
    if (login.result !== 'RegistrationRequired') throw new Error(login.result);
    const other = await register(newMember('someone.else@example.com', { registration_token: login.registration_token }), '198.51.100.7');
    expect(other.status).toBe(400);
    expect(v.parse(ErrorBodySchema, other.body).error.issues?.[0]?.path).toBe('email');

    const forged = await new jose.SignJWT({ email })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience('registration')
      .setExpirationTime('10m')
      .sign(new Uint8Array(32));
    expect((await register(newMember(email, { registration_token: forged }), '198.51.100.7')).status).toBe(400);

    // The email became an active member's meanwhile (registered and activated the usual way).
    await register(newMember(email), '198.51.100.8');
    expect((await activate((await activationToken(email)).token)).status).toBe(200);
    expect((await register(newMember(email, { registration_token: login.registration_token }), '198.51.100.8')).status).toBe(409);

    t.advance(31 * 60 * 1000);
    const expired = await register(newMember(email, { registration_token: login.registration_token }), '198.51.100.9');
    expect(v.parse(ErrorBodySchema, expired.body).error.issues?.[0]?.path).toBe('registration_token');
  });

  it('validates the body: 400 with issues (not the 422 of the login routes)', async () => {
    const answer = await register({ ...newMember('bad.input@example.com'), acceptTerms: false, password: 'short' });
    expect(answer.status).toBe(400);
    expect(
      v
        .parse(ErrorBodySchema, answer.body)
        .error.issues?.map((issue) => issue.path)
        .sort(),
    ).toEqual(['acceptTerms', 'password']);
  });

  it('limits registrations per client address (20 per 15 minutes)', async () => {
    const from = '203.0.113.40';
    for (let index = 0; index < 20; index += 1) {
      const { password: _password, ...body } = newMember(`many.${index}@example.com`);
      expect((await register(body, from)).status).toBe(201);
    }
    expect((await register(newMember('many.20@example.com'), from)).status).toBe(429);
  });
});

describe('password reset, end to end through the outbox', () => {
  it('mails a link to the login page; password-update sets the password, revokes every session, and signs in by exchange code', async () => {
    const email = 'forgetful@example.com';
    await register(newMember(email, { locale: 'en' }), '198.51.100.20');
    await activate((await activationToken(email)).token, '198.51.100.20');
    const before = v.parse(
      LoginResponseSchema,
      (await t.post(AUTH_PATHS.passwordLogin, { email, password: 'a-long-password-1' }, { from: '198.51.100.20' })).body,
    ).data;
    if (before.result !== 'Authenticated') throw new Error(before.result);

    const requested = await t.post(MEMBER_PATHS.passwordReset, { email, language: 'de' }, { from: '198.51.100.20' });
    expect(requested.status).toBe(202);
    expect(requested.body).toEqual({ data: { accepted: true } });
    const mail = await t.lastMail(email);
    expect(mail.kind).toBe('password-reset');
    expect(mail.subject).toBe('Neues H Rewards Passwort festlegen');
    const link = new URL(/https:\/\/\S+/.exec(mail.text)?.[0] ?? '');
    expect(link.pathname).toBe('/de/account/login');
    expect(link.searchParams.get('email')).toBe(email);
    const resetToken = link.searchParams.get('reset_token') ?? '';
    expect(resetToken).toMatch(/^[\w-]{43}$/);

    const mismatch = await t.post(MEMBER_PATHS.passwordUpdate, {
      email,
      token: resetToken,
      password: 'the-new-password',
      password_confirmation: 'another-one',
    });
    expect(mismatch.status).toBe(400);
    expect(v.parse(ErrorBodySchema, mismatch.body).error.issues?.map((issue) => issue.path)).toEqual(['password_confirmation']);

    const wrongToken = await t.post(MEMBER_PATHS.passwordUpdate, {
      email,
      token: 'x'.repeat(43),
      password: 'the-new-password',
      password_confirmation: 'the-new-password',
    });
    expect(wrongToken.status).toBe(400);
    expect(v.parse(ErrorBodySchema, wrongToken.body).error.issues?.map((issue) => issue.path)).toEqual(['token']);

    const updated = await t.post(MEMBER_PATHS.passwordUpdate, {
      email,
      token: resetToken,
      password: 'the-new-password',
      password_confirmation: 'the-new-password',
    });
    expect(updated.status).toBe(200);
    const { code } = (updated.body as { data: { status: string; code: string } }).data;
    expect(updated.body).toMatchObject({ data: { status: 'password_updated' } });

    // The old session is gone; the old password fails, the new one works; the link works once.
    expect((await t.get(MEMBER_PATHS.profile, { token: before.token })).status).toBe(401);
    expect((await t.post(AUTH_PATHS.refresh, { refresh_token: before.refresh_token })).status).toBe(401);
    expect((await t.post(AUTH_PATHS.passwordLogin, { email, password: 'a-long-password-1' }, { from: '198.51.100.21' })).status).toBe(401);
    expect((await t.post(AUTH_PATHS.passwordLogin, { email, password: 'the-new-password' }, { from: '198.51.100.21' })).status).toBe(200);
    expect(
      (
        await t.post(MEMBER_PATHS.passwordUpdate, {
          email,
          token: resetToken,
          password: 'third-password',
          password_confirmation: 'third-password',
        })
      ).status,
    ).toBe(400);

    // The exchange code signs in once.
    const exchanged = await t.post(AUTH_PATHS.exchangeCode, { code });
    expect(exchanged.status).toBe(200);
    const { token } = v.parse(TokenResponseSchema, exchanged.body).data;
    expect((await t.get(MEMBER_PATHS.profile, { token })).status).toBe(200);
    expect(refreshCookieOf(exchanged.headers)).toBeDefined();
    expect((await t.post(AUTH_PATHS.exchangeCode, { code })).status).toBe(401);
  });

  it('lets an exchange code expire after 2 minutes, and a reset link after an hour', async () => {
    const email = DEMO_MEMBERS.codeOnly;
    await t.post(MEMBER_PATHS.passwordReset, { email, language: 'en' }, { from: '198.51.100.22' });
    const resetToken = new URL(/https:\/\/\S+/.exec((await t.lastMail(email)).text)?.[0] ?? '').searchParams.get('reset_token') ?? '';
    t.advance(60 * 60 * 1000 + 1000);
    expect(
      (
        await t.post(MEMBER_PATHS.passwordUpdate, {
          email,
          token: resetToken,
          password: 'omars-password',
          password_confirmation: 'omars-password',
        })
      ).status,
    ).toBe(400);

    await t.post(MEMBER_PATHS.passwordReset, { email, language: 'en' }, { from: '198.51.100.22' });
    const fresh = new URL(/https:\/\/\S+/.exec((await t.lastMail(email)).text)?.[0] ?? '').searchParams.get('reset_token') ?? '';
    const updated = await t.post(MEMBER_PATHS.passwordUpdate, {
      email,
      token: fresh,
      password: 'omars-password',
      password_confirmation: 'omars-password',
    });
    const { code } = (updated.body as { data: { code: string } }).data;
    t.advance(2 * 60 * 1000 + 1000);
    expect((await t.post(AUTH_PATHS.exchangeCode, { code })).status).toBe(401);
  });

  it('answers the same 202 for an unknown email and mails that there is no account', async () => {
    const known = await t.post(MEMBER_PATHS.passwordReset, { email: DEMO_MEMBERS.withPassword, language: 'en' }, { from: '198.51.100.23' });
    const unknown = await t.post(MEMBER_PATHS.passwordReset, { email: 'ghost@example.com', language: 'en' }, { from: '198.51.100.23' });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    const mail = await t.lastMail('ghost@example.com');
    expect(mail.text).toContain('there is no account');
    expect(mail.text).toContain('https://www.example.com/en/account/registration');
  });

  it('sends a member who has not activated yet the activation link instead', async () => {
    await t.post(MEMBER_PATHS.passwordReset, { email: DEMO_MEMBERS.notActivated, language: 'en' }, { from: '198.51.100.24' });
    expect((await t.lastMail(DEMO_MEMBERS.notActivated)).kind).toBe('activation');
  });

  it('limits reset requests to 3 per email per 15 minutes', async () => {
    const email = 'reset.spam@example.com';
    for (let index = 0; index < 3; index += 1)
      expect((await t.post(MEMBER_PATHS.passwordReset, { email, language: 'en' }, { from: `198.51.100.${30 + index}` })).status).toBe(202);
    expect((await t.post(MEMBER_PATHS.passwordReset, { email, language: 'en' }, { from: '198.51.100.40' })).status).toBe(429);
  });
});

describe('validate-email and registration sources', () => {
  it('says whether an email is valid; whether it is a member’s only to that member, signed in', async () => {
    const check = async (body: unknown, token?: string) =>
      v.parse(ValidateEmailResponseSchema, (await t.post(MEMBER_PATHS.validateEmail, body, { from: '198.51.100.50', ...(token ? { token } : {}) })).body)
        .data;
    expect(await check({ email: DEMO_MEMBERS.withPassword })).toEqual({ valid: true, isMember: null });
    // Anonymous callers get the same answer for a member's email and for anyone else's.
    expect(await check({ email: 'Anna.Schmidt@Example.com', validateMembership: true })).toEqual({ valid: true, isMember: null });
    expect(await check({ email: 'nobody@example.com', validateMembership: true })).toEqual({ valid: true, isMember: null });
    expect(await check({ email: 'not an email', validateMembership: true })).toEqual({ valid: false, isMember: null });
    // A signed-in member learns about their own email only.
    const login = v.parse(
      LoginResponseSchema,
      (await t.post(AUTH_PATHS.passwordLogin, { email: DEMO_MEMBERS.withPassword, password: DEMO_PASSWORD }, { from: '198.51.100.50' })).body,
    ).data;
    if (login.result !== 'Authenticated') throw new Error(login.result);
    expect(await check({ email: 'Anna.Schmidt@Example.com', validateMembership: true }, login.token)).toEqual({ valid: true, isMember: true });
    expect(await check({ email: DEMO_MEMBERS.codeOnly, validateMembership: true }, login.token)).toEqual({ valid: true, isMember: null });
    expect(await check({ email: 'Anna.Schmidt@Example.com', validateMembership: true }, 'not-a-token')).toEqual({ valid: true, isMember: null });
  });

  it('describes a known registration source in the locale, 404 for an unknown one', async () => {
    const known = await t.get(`${MEMBER_PATHS.registrationSource.replace(':source', 'website')}?locale=de`);
    expect(v.parse(RegistrationSourceResponseSchema, known.body)).toEqual({ data: { source: 'website', name: 'Webseite', allowed: true } });
    expect((await t.get(MEMBER_PATHS.registrationSource.replace(':source', 'nowhere'))).status).toBe(404);
    expect((await t.get(`${MEMBER_PATHS.registrationSource.replace(':source', 'website')}?locale=xx`)).status).toBe(400);
  });
});

describe('profile, status and complete-profile (bearer)', () => {
  let token: string;

  beforeAll(async () => {
    const login = v.parse(
      LoginResponseSchema,
      (await t.post(AUTH_PATHS.passwordLogin, { email: DEMO_MEMBERS.withPassword, password: DEMO_PASSWORD }, { from: '198.51.100.60' }))
        .body,
    ).data;
    if (login.result !== 'Authenticated') throw new Error(login.result);
    token = login.token;
  });

  it('needs a token', async () => {
    for (const path of [MEMBER_PATHS.profile, MEMBER_PATHS.status]) expect((await t.get(path)).status).toBe(401);
    expect((await t.post(MEMBER_PATHS.completeProfile, { firstName: 'A', lastName: 'B' })).status).toBe(401);
  });

  it('answers the profile of the seeded member', async () => {
    const profile = v.parse(MemberProfileResponseSchema, (await t.get(MEMBER_PATHS.profile, { token })).body).data;
    expect(profile).toMatchObject({
      Guid: '6f1c2b7e-3d44-4b8a-9a51-1a2b3c4d5e01',
      email: DEMO_MEMBERS.withPassword,
      firstName: 'Anna',
      salutation: 'ms',
      birthday: '1986-04-12',
      locale: 'de',
      dailypointMasterId: 'DP1000000001',
      profileComplete: true,
      address: {
        street: 'Kurfürstendamm 21',
        postalCode: '10719',
        city: 'Berlin',
        countryCode: 'DE',
        text: 'Kurfürstendamm 21, 10719 Berlin, DE',
      },
    });
  });

  it('answers the status: the reward level by name, the points and the CRS id', async () => {
    const status = await t.get(`${MEMBER_PATHS.status}?locale=de`, { token });
    expect(v.parse(MemberStatusResponseSchema, status.body)).toEqual({
      data: { dailypointStatus: { reward_level: 'Gold', rewards_points: 12_500 }, strapiStatus: { crs_id: 'CRS-700001' } },
    });
  });

  it('completes the profile', async () => {
    const answer = await t.post(
      MEMBER_PATHS.completeProfile,
      {
        firstName: 'Anna',
        lastName: 'Schmidt-Berg',
        birthday: '1986-04-12',
        address: { street: 'Unter den Linden 77', postalCode: '10117', city: 'Berlin', countryCode: 'de' },
      },
      { token },
    );
    expect(answer.status).toBe(200);
    expect(v.parse(MemberProfileResponseSchema, answer.body).data).toMatchObject({
      lastName: 'Schmidt-Berg',
      address: { street: 'Unter den Linden 77', countryCode: 'DE' },
    });
    expect((await t.post(MEMBER_PATHS.completeProfile, { firstName: '', lastName: 'B' }, { token })).status).toBe(400);
  });
});
