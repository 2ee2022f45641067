import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { AcceptedResponseSchema, AUTH_PATHS, LoginResponseSchema, LoginValidationErrorSchema, MEMBER_PATHS } from '../../src/contract/auth';
import { ErrorBodySchema } from '../../src/contract/errors';
import { useTestDatabase } from '../../test/bff/database';
import { members, oneTimeCodes } from '../db/schema';
import { DEMO_MEMBERS, DEMO_PASSWORD } from '../db/seed/members';
import { type AuthTestApp, createAuthTestApp, refreshCookieOf } from './testing';

/*
 * Sign-in with a one-time code by mail, through the app on a seeded database. The clock is the test's:
 * expiry is tested by moving it, never by waiting. Each test uses its own emails and client address,
 * since the rate limits count per email and per address across the file.
 */

const database = useTestDatabase();
let t: AuthTestApp;

beforeAll(() => {
  t = createAuthTestApp(database.db);
});

const requestCode = (email: string, from: string, locale = 'en') => t.post(AUTH_PATHS.otpCode, { email, locale }, { from });
const login = (email: string, code: string, from: string) => t.post(AUTH_PATHS.otpLogin, { email, code }, { from });
const wrong = (code: string) => (code === '000000' ? '000001' : '000000');

function loginResult(answer: { status: number; body: unknown }) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return v.parse(LoginResponseSchema, answer.body).data;
}

function expectUnauthorized(answer: { status: number; body: unknown }) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(401);
  expect(v.parse(ErrorBodySchema, answer.body).error.code).toBe('unauthorized');
}

describe('POST otp/code', () => {
  it('answers 202 accepted with the same body for a member and for an unknown email, and mails a code to both', async () => {
    const known = await requestCode(DEMO_MEMBERS.codeOnly, '198.51.100.1', 'ar');
    const unknown = await requestCode('nobody.here@example.com', '198.51.100.1', 'ar');
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual(unknown.body);
    expect(v.parse(AcceptedResponseSchema, known.body)).toEqual({ data: { accepted: true } });
    expect([...known.headers.keys()].sort()).toEqual([...unknown.headers.keys()].sort());

    for (const email of [DEMO_MEMBERS.codeOnly, 'nobody.here@example.com']) {
      const mail = await t.lastMail(email);
      expect(mail.kind).toBe('otp');
      expect(mail.subject).toBe('رمز H Rewards الخاص بك');
      expect(mail.text).toMatch(/\b\d{6}\b/);
    }
  });

  it('writes the mail in the requested locale, English for a locale without texts', async () => {
    await requestCode('locale.de@example.com', '198.51.100.2', 'de');
    expect((await t.lastMail('locale.de@example.com')).subject).toBe('Ihr H Rewards Code');
    await requestCode('locale.pl@example.com', '198.51.100.2', 'pl');
    expect((await t.lastMail('locale.pl@example.com')).subject).toBe('Your H Rewards code');
  });

  it('keeps only an HMAC of the code, never the code', async () => {
    await requestCode('hashed.code@example.com', '198.51.100.3');
    const code = await t.lastCode('hashed.code@example.com');
    const [row] = await database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.email, 'hashed.code@example.com'));
    expect(row?.codeHash).toMatch(/^[\w-]{43}$/);
    expect(row?.codeHash).not.toContain(code);
    // Never in the log either.
    expect(JSON.stringify(t.logger.lines)).not.toContain(code);
  });

  it('limits codes to 5 per email per 15 minutes (429 with Retry-After), whatever the address', async () => {
    const email = 'many.codes@example.com';
    for (let index = 0; index < 5; index += 1) {
      expect((await requestCode(email, `198.51.100.${10 + index}`)).status).toBe(202);
    }
    const refused = await requestCode(email, '198.51.100.20');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    // The unknown-email answer is limited the same way as a member's: nothing tells them apart.
    expect(v.parse(ErrorBodySchema, refused.body).error.message).toMatch(/Too many/);
    t.advance(15 * 60 * 1000);
    expect((await requestCode(email, '198.51.100.21')).status).toBe(202);
  });

  it('limits codes to 20 per client address per 15 minutes', async () => {
    const from = '203.0.113.77';
    for (let index = 0; index < 20; index += 1) {
      expect((await requestCode(`address.${index}@example.com`, from)).status).toBe(202);
    }
    expect((await requestCode('address.20@example.com', from)).status).toBe(429);
    // Another address is not affected.
    expect((await requestCode('address.20@example.com', '203.0.113.78')).status).toBe(202);
  });
});

describe('POST otp (sign in with the code)', () => {
  it('signs a member without a password in: Authenticated with a token and a refresh token in an httpOnly cookie', async () => {
    await requestCode(DEMO_MEMBERS.codeOnly, '198.51.100.30');
    const answer = await login(DEMO_MEMBERS.codeOnly, await t.lastCode(DEMO_MEMBERS.codeOnly), '198.51.100.30');
    const result = loginResult(answer);
    expect(result.result).toBe('Authenticated');
    if (result.result !== 'Authenticated') return;
    expect(result.token.split('.')).toHaveLength(3);
    expect(result.refresh_token).toBeTruthy();
    const cookie = refreshCookieOf(answer.headers);
    expect(cookie?.token).toBe(result.refresh_token);
    expect(cookie?.attributes).toMatch(/HttpOnly/);
    expect(cookie?.attributes).toMatch(/SameSite=Strict/);
    expect(cookie?.attributes).toMatch(/Path=\/bff\/auth/);
    // Plain http here: not Secure (it is over https).
    expect(cookie?.attributes).not.toMatch(/Secure/);
    const profile = await t.get(MEMBER_PATHS.profile, { token: result.token });
    expect(profile.status).toBe(200);
  });

  it('accepts a code once: the same code again is rejected', async () => {
    await requestCode('reuse.me@example.com', '198.51.100.31');
    const code = await t.lastCode('reuse.me@example.com');
    expect(loginResult(await login('reuse.me@example.com', code, '198.51.100.31')).result).toBe('RegistrationRequired');
    expectUnauthorized(await login('reuse.me@example.com', code, '198.51.100.31'));
  });

  it('rejects a code after 10 minutes', async () => {
    await requestCode('expired.code@example.com', '198.51.100.32');
    const code = await t.lastCode('expired.code@example.com');
    t.advance(10 * 60 * 1000 + 1);
    expectUnauthorized(await login('expired.code@example.com', code, '198.51.100.32'));
  });

  it('accepts a code just before its 10 minutes are up', async () => {
    await requestCode('almost.expired@example.com', '198.51.100.33');
    const code = await t.lastCode('almost.expired@example.com');
    t.advance(10 * 60 * 1000 - 1000);
    expect(loginResult(await login('almost.expired@example.com', code, '198.51.100.33')).result).toBe('RegistrationRequired');
  });

  it('kills the code after 5 wrong tries: the sixth try fails even with the right code', async () => {
    const email = 'five.tries@example.com';
    await requestCode(email, '198.51.100.34');
    const code = await t.lastCode(email);
    for (let attempt = 0; attempt < 5; attempt += 1) expectUnauthorized(await login(email, wrong(code), '198.51.100.34'));
    expectUnauthorized(await login(email, code, '198.51.100.34'));
  });

  it('still accepts the right code after 4 wrong tries', async () => {
    const email = 'four.tries@example.com';
    await requestCode(email, '198.51.100.35');
    const code = await t.lastCode(email);
    for (let attempt = 0; attempt < 4; attempt += 1) expectUnauthorized(await login(email, wrong(code), '198.51.100.35'));
    expect(loginResult(await login(email, code, '198.51.100.35')).result).toBe('RegistrationRequired');
  });

  it('replaces the previous code with a new one', async () => {
    const email = 'new.code@example.com';
    await requestCode(email, '198.51.100.36');
    const first = await t.lastCode(email);
    let second = first;
    // Two draws may (rarely) be equal; ask again until they differ.
    while (second === first) {
      await requestCode(email, '198.51.100.36');
      second = await t.lastCode(email);
    }
    expectUnauthorized(await login(email, first, '198.51.100.36'));
    expect(loginResult(await login(email, second, '198.51.100.36')).result).toBe('RegistrationRequired');
  });

  it('gives the same 401 for a wrong code, an unknown email and an email that never asked for a code', async () => {
    await requestCode(DEMO_MEMBERS.codeOnly, '198.51.100.37');
    const code = await t.lastCode(DEMO_MEMBERS.codeOnly);
    const answers = [
      await login(DEMO_MEMBERS.codeOnly, wrong(code), '198.51.100.37'),
      await login('never.asked@example.com', '123456', '198.51.100.37'),
    ];
    for (const answer of answers) expectUnauthorized(answer);
    expect(answers[0]?.body).toEqual(answers[1]?.body);
  });

  it('limits wrong codes per client address (30 per 15 minutes), then answers 429', async () => {
    const from = '203.0.113.90';
    for (let attempt = 0; attempt < 30; attempt += 1) expectUnauthorized(await login(`guess.${attempt}@example.com`, '123456', from));
    const refused = await login('guess.x@example.com', '123456', from);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
  });

  it('caps wrong codes per email across every address (20 a day), mails the member once, and answers an unknown email alike', async () => {
    // A member of their own (the cap lasts a day, longer than the other tests' windows).
    const email = 'many.guessers@example.com';
    await requestCode(email, '198.51.100.90');
    const signup = loginResult(await login(email, await t.lastCode(email), '198.51.100.90'));
    if (signup.result !== 'RegistrationRequired') throw new Error(signup.result);
    const registered = await t.post(
      MEMBER_PATHS.register,
      { email, firstName: 'Lina', lastName: 'Haddad', locale: 'de', acceptTerms: true, registration_token: signup.registration_token },
      { from: '198.51.100.90' },
    );
    expect(registered.status).toBe(201);

    const guessFromEverywhere = async (target: string) => {
      for (let attempt = 0; attempt < 20; attempt += 1) expectUnauthorized(await login(target, '123456', `203.0.113.${120 + attempt}`));
      return login(target, '123456', '203.0.113.199');
    };
    const refused = await guessFromEverywhere(email);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    // Even the right code is not checked now.
    await requestCode(email, '198.51.100.91');
    const code = await t.lastCode(email);
    expect((await login(email, code, '198.51.100.91')).status).toBe(429);
    // The member is told once, in their language, with the way in that still works.
    const notices = (await t.outbox(email)).filter((mail) => mail.kind === 'security-notice');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toBe('Anmeldecodes für Ihr H Rewards Konto sind pausiert');
    expect(notices[0]?.text).toContain('/de/account/login');

    // An unknown email gets the same answers, and nobody is mailed.
    const ghost = 'ghost.guesses@example.com';
    const ghostRefused = await guessFromEverywhere(ghost);
    expect(ghostRefused.status).toBe(429);
    expect(ghostRefused.body).toEqual(refused.body);
    expect((await t.outbox(ghost)).filter((mail) => mail.kind === 'security-notice')).toHaveLength(0);

    // The next day a code works again.
    t.advance(24 * 60 * 60 * 1000);
    await requestCode(email, '198.51.100.92');
    expect(loginResult(await login(email, await t.lastCode(email), '198.51.100.92')).result).toBe('Authenticated');
  });

  it('answers RegistrationRequired with a registration token for an email without a member', async () => {
    await requestCode('future.member@example.com', '198.51.100.38');
    const result = loginResult(await login('future.member@example.com', await t.lastCode('future.member@example.com'), '198.51.100.38'));
    expect(result.result).toBe('RegistrationRequired');
    if (result.result !== 'RegistrationRequired') return;
    const [, payload = ''] = result.registration_token.split('.');
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({
      email: 'future.member@example.com',
      aud: 'registration',
    });
  });

  it('activates a member who had not activated yet and signs her in', async () => {
    await requestCode(DEMO_MEMBERS.notActivated, '198.51.100.39');
    const result = loginResult(await login(DEMO_MEMBERS.notActivated, await t.lastCode(DEMO_MEMBERS.notActivated), '198.51.100.39'));
    expect(result.result).toBe('Authenticated');
    const [member] = await database.db.select().from(members).where(eq(members.email, DEMO_MEMBERS.notActivated));
    expect(member?.status).toBe('active');
    expect(member?.dailypointMasterId).toMatch(/^DP\d{10}$/);
    expect(member?.rewardLevelCode).toBe('DP');
  });
});

describe('a member with a password: the code, then the password (confirm-password)', () => {
  const email = DEMO_MEMBERS.withPassword;

  it('answers PasswordRequired for the right code, then Authenticated for code and password', async () => {
    await requestCode(email, '198.51.100.50');
    const code = await t.lastCode(email);
    expect(loginResult(await login(email, code, '198.51.100.50'))).toEqual({ result: 'PasswordRequired' });
    const confirmed = await t.post(AUTH_PATHS.confirmPassword, { email, code, password: DEMO_PASSWORD }, { from: '198.51.100.50' });
    expect(loginResult(confirmed).result).toBe('Authenticated');
    // The code is used up now.
    expectUnauthorized(await t.post(AUTH_PATHS.confirmPassword, { email, code, password: DEMO_PASSWORD }, { from: '198.51.100.50' }));
  });

  it('rejects a wrong password, and a wrong password spends one of the code’s five tries', async () => {
    await requestCode(email, '198.51.100.51');
    const code = await t.lastCode(email);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expectUnauthorized(
        await t.post(AUTH_PATHS.confirmPassword, { email, code, password: 'not-the-password' }, { from: '198.51.100.51' }),
      );
    }
    expectUnauthorized(await t.post(AUTH_PATHS.confirmPassword, { email, code, password: DEMO_PASSWORD }, { from: '198.51.100.51' }));
  });

  it('rejects the password with a wrong code', async () => {
    await requestCode(email, '198.51.100.52');
    const code = await t.lastCode(email);
    expectUnauthorized(
      await t.post(AUTH_PATHS.confirmPassword, { email, code: wrong(code), password: DEMO_PASSWORD }, { from: '198.51.100.52' }),
    );
  });
});

describe('422 with the field names for invalid sign-in input', () => {
  const cases: [string, unknown, string[]][] = [
    [AUTH_PATHS.otpCode, { email: 'not-an-email', locale: 'en' }, ['email']],
    [AUTH_PATHS.otpCode, { email: 'a@example.com', locale: 'xx' }, ['locale']],
    [AUTH_PATHS.otpCode, {}, ['email', 'locale']],
    [AUTH_PATHS.otpLogin, { email: 'a@example.com', code: '12345' }, ['code']],
    [AUTH_PATHS.otpLogin, { code: '123456' }, ['email']],
    [AUTH_PATHS.confirmPassword, { email: 'a@example.com', code: '123456', password: '' }, ['password']],
    [AUTH_PATHS.confirmPassword, { email: 'x', code: 'abc', password: 'long enough' }, ['email', 'code']],
    [AUTH_PATHS.passwordLogin, { email: 'a@example.com', password: '' }, ['password']],
    [AUTH_PATHS.passwordLogin, { password: 'secret-secret' }, ['email']],
    [AUTH_PATHS.google, {}, ['token']],
    [AUTH_PATHS.apple, { authorization: {} }, ['authorization.id_token']],
    [AUTH_PATHS.apple, {}, ['authorization']],
    [AUTH_PATHS.facebook, { accessToken: 'x' }, ['userID']],
  ];

  it.each(cases)('%s %j -> %j', async (path, body, fields) => {
    const answer = await t.post(path, body, { from: '198.51.100.60' });
    expect(answer.status).toBe(422);
    expect(v.parse(LoginValidationErrorSchema, answer.body)).toEqual({ message: fields });
  });

  it('lists every field for malformed JSON or a body that is not an object', async () => {
    const malformed = await t.post(AUTH_PATHS.passwordLogin, '{"email":', { from: '198.51.100.61' });
    expect(malformed.status).toBe(422);
    expect(malformed.body).toEqual({ message: ['email', 'password'] });
    const list = await t.post(AUTH_PATHS.otpLogin, [1, 2], { from: '198.51.100.61' });
    expect(list.status).toBe(422);
    expect(list.body).toEqual({ message: ['email', 'code'] });
  });

  it('keeps the usual 400 body on routes outside /auth/login', async () => {
    const answer = await t.post(MEMBER_PATHS.passwordReset, { email: 'nope', language: 'en' }, { from: '198.51.100.62' });
    expect(answer.status).toBe(400);
    expect(v.parse(ErrorBodySchema, answer.body).error.issues?.map((issue) => issue.path)).toEqual(['email']);
  });
});
