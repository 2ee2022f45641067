import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_LIMITS, AUTH_PATHS, LoginResponseSchema, MEMBER_PATHS, RegisterResponseSchema } from '../../src/contract/auth';
import { ErrorBodySchema } from '../../src/contract/errors';
import {
  billingAddressPath,
  BillingAddressesResponseSchema,
  BillingAddressResponseSchema,
  CountriesResponseSchema,
  EmailChangedResponseSchema,
  MEMBER_PROFILE_LIMITS,
  MEMBER_PROFILE_PATHS as P,
  PartnersResponseSchema,
  ProfileResponseSchema,
  StatesResponseSchema,
} from '../../src/contract/member-profile';
import { useTestDatabase } from '../../test/bff/database';
import { stepUpHeader, stepUpToken } from '../auth/step-up.test-helper';
import { type Answer, type AuthTestApp, createAuthTestApp, refreshCookieOf } from '../auth/testing';
import { DEMO_MEMBERS } from '../db/seed/members';

/*
 * Profile changes with codes read from the outbox, the address and what changes without a code, billing
 * addresses, and the reference lists; on PGlite, and on PostgreSQL with DATABASE_URL.
 */

const database = useTestDatabase();
let t: AuthTestApp;
beforeAll(() => {
  t = createAuthTestApp(database.db, { settings: { publicUrl: 'https://www.example.com' } });
});

let addresses = 0;
/** Each sign-in from its own client address, so the sign-in limits never get in the way. */
const freshAddress = () => `203.0.113.${++addresses}`;

/** A new active member through a code sign-in and registration: their session token and refresh token. */
async function newMember(email: string) {
  const from = freshAddress();
  await t.post(AUTH_PATHS.otpCode, { email, locale: 'en' }, { from });
  const login = v.parse(LoginResponseSchema, (await t.post(AUTH_PATHS.otpLogin, { email, code: await t.lastCode(email) }, { from })).body).data;
  if (login.result !== 'RegistrationRequired') throw new Error(login.result);
  const answer = await t.post(
    MEMBER_PATHS.register,
    { email, firstName: 'Ada', lastName: 'Lovelace', locale: 'en', acceptTerms: true, registration_token: login.registration_token },
    { from },
  );
  const token = v.parse(RegisterResponseSchema, answer.body).data.token;
  const refresh = refreshCookieOf(answer.headers);
  if (!token || !refresh) throw new Error('Not signed in');
  return { token, refreshToken: refresh.token };
}

/** Another session of an existing member (a code-only member: the code signs in at once). */
async function signIn(email: string) {
  const from = freshAddress();
  await t.post(AUTH_PATHS.otpCode, { email, locale: 'en' }, { from });
  const login = v.parse(LoginResponseSchema, (await t.post(AUTH_PATHS.otpLogin, { email, code: await t.lastCode(email) }, { from })).body).data;
  if (login.result !== 'Authenticated' || !login.refresh_token) throw new Error(login.result);
  return { token: login.token, refreshToken: login.refresh_token };
}

/** The header with a fresh step-up token of the session (asking for an email change takes one). */
const stepUp = async (token: string, email: string) => stepUpHeader(await stepUpToken(t.app, database.db, { token, email }));

const errorOf = (answer: Answer) => v.parse(ErrorBodySchema, answer.body).error;
const profileOf = (answer: Answer) => v.parse(ProfileResponseSchema, answer.body).data;
const codeIssue = (answer: Answer) => errorOf(answer).issues?.map((issue) => issue.path);

describe('every route', () => {
  const routes: [string, string, unknown][] = [
    ['POST', P.birthdayCode, undefined],
    ['POST', P.birthday, { birthday: 'nope' }],
    ['POST', P.nameCode, undefined],
    ['POST', P.name, { firstName: 7 }],
    ['POST', P.emailRequest, { email: 'not an email' }],
    ['POST', P.emailCode, undefined],
    ['POST', P.email, { code: 'x' }],
    ['POST', P.address, { street: '' }],
    ['POST', P.profile, { phone: 'abc' }],
    ['GET', P.billingAddresses, undefined],
    ['POST', P.billingAddresses, { vatId: '?' }],
    ['PUT', billingAddressPath('not-an-id'), { street: '' }],
    ['DELETE', billingAddressPath('not-an-id'), undefined],
    ['GET', `${P.countries}?locale=xx`, undefined],
    ['GET', `${P.states}?country=1`, undefined],
    ['GET', `${P.partners}?locale=xx`, undefined],
  ];

  it('answers 401 without a token, before it looks at the input', async () => {
    for (const [method, path, body] of routes) {
      const answer = await t.call(method, path, { body });
      expect(answer.status, `${method} ${path}`).toBe(401);
      expect(errorOf(answer).code).toBe('unauthorized');
    }
  });

  it('answers 400 with issues for bad input once signed in', async () => {
    const { token } = await newMember('bad.input@example.com');
    for (const [method, path, body] of routes) {
      if (body === undefined && method !== 'DELETE' && !path.includes('?')) continue;
      const answer = await t.call(method, path, { body, token });
      expect(answer.status, `${method} ${path}`).toBe(400);
      expect(errorOf(answer).issues?.length, `${method} ${path}`).toBeGreaterThan(0);
    }
  });
});

describe('birthday and name with a code', () => {
  it('mails a code to the member and changes the birthday with it; the answer is the profile', async () => {
    const email = 'birthday@example.com';
    const { token } = await newMember(email);
    expect((await t.post(P.birthdayCode, undefined, { token })).status).toBe(202);
    const mail = await t.lastMail(email);
    expect(mail.kind).toBe('otp');
    expect(mail.text).toContain('date of birth');
    const answer = await t.post(P.birthday, { birthday: '1990-05-17', code: await t.lastCode(email) }, { token });
    expect(answer.status).toBe(200);
    expect(profileOf(answer)).toMatchObject({ email, birthday: '1990-05-17' });
  });

  it('refuses a member under 18 (on today in Berlin) without using the code up', async () => {
    const email = 'young@example.com';
    const { token } = await newMember(email);
    await t.post(P.birthdayCode, undefined, { token });
    const code = await t.lastCode(email);
    // The test clock is 2026-03-02: born 2008-03-03 is 17, born 2008-03-02 is 18 today.
    const young = await t.post(P.birthday, { birthday: '2008-03-03', code }, { token });
    expect(young.status).toBe(400);
    expect(codeIssue(young)).toEqual(['birthday']);
    expect((await t.post(P.birthday, { birthday: '2008-03-02', code }, { token })).status).toBe(200);
  });

  it('refuses a code of another purpose, a sign-in code, a used code and an expired code', async () => {
    const email = 'purposes@example.com';
    const { token } = await newMember(email);
    await t.post(P.birthdayCode, undefined, { token });
    const birthdayCode = await t.lastCode(email);
    const withBirthdayCode = await t.post(P.name, { firstName: 'Eve', lastName: 'Mallory', code: birthdayCode }, { token });
    expect(withBirthdayCode.status).toBe(400);
    expect(codeIssue(withBirthdayCode)).toEqual(['code']);

    // A sign-in code to the same address changes nothing.
    await t.post(AUTH_PATHS.otpCode, { email, locale: 'en' }, { from: freshAddress() });
    expect((await t.post(P.birthday, { birthday: '1980-01-01', code: await t.lastCode(email) }, { token })).status).toBe(400);

    // Used once, then never again.
    expect((await t.post(P.birthday, { birthday: '1980-01-01', code: birthdayCode }, { token })).status).toBe(200);
    expect((await t.post(P.birthday, { birthday: '1981-01-01', code: birthdayCode }, { token })).status).toBe(400);

    await t.post(P.nameCode, undefined, { token });
    const nameCode = await t.lastCode(email);
    t.advance(AUTH_LIMITS.otpValidMinutes * 60_000 + 1000);
    expect((await t.post(P.name, { firstName: 'Eve', lastName: 'Late', code: nameCode }, { token })).status).toBe(400);
  });

  it(`changes the name with its code; after ${AUTH_LIMITS.otpMaxAttempts} wrong tries the right code is dead too`, async () => {
    const email = 'name.change@example.com';
    const { token } = await newMember(email);
    await t.post(P.nameCode, undefined, { token });
    const code = await t.lastCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < AUTH_LIMITS.otpMaxAttempts; i++) {
      expect((await t.post(P.name, { firstName: 'Eve', lastName: 'Guess', code: wrong }, { token })).status).toBe(400);
    }
    expect((await t.post(P.name, { firstName: 'Eve', lastName: 'Guess', code }, { token })).status).toBe(400);

    await t.post(P.nameCode, undefined, { token });
    const answer = await t.post(P.name, { salutation: 'ms', firstName: ' Grace ', lastName: 'Hopper', code: await t.lastCode(email) }, { token });
    expect(answer.status).toBe(200);
    expect(profileOf(answer)).toMatchObject({ salutation: 'ms', firstName: 'Grace', lastName: 'Hopper' });
  });

  it('limits the codes mailed per member (429 with Retry-After)', async () => {
    const { token } = await newMember('many.codes@example.com');
    for (let i = 0; i < 5; i++) expect((await t.post(P.nameCode, undefined, { token })).status).toBe(202);
    const refused = await t.post(P.birthdayCode, undefined, { token });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('email change', () => {
  it('mails the code to the new address, switches with it, tells the old address, ends every other session', async () => {
    const email = 'old.address@example.com';
    const newEmail = 'new.address@example.com';
    const first = await newMember(email);
    const second = await signIn(email);

    const headers = await stepUp(first.token, email);
    expect((await t.post(P.emailRequest, { email: ' New.Address@Example.com ' }, { token: first.token, headers })).status).toBe(202);
    // Sent again to the pending address; only the latest code works.
    expect((await t.post(P.emailCode, undefined, { token: first.token })).status).toBe(202);
    const mails = (await t.outbox(newEmail)).filter((mail) => mail.kind === 'otp');
    expect(mails).toHaveLength(2);
    const code = await t.lastCode(newEmail);

    const answer = await t.post(P.email, { code }, { token: first.token });
    expect(answer.status).toBe(200);
    const { profile, token } = v.parse(EmailChangedResponseSchema, answer.body).data;
    expect(profile.email).toBe(newEmail);

    const notice = await t.lastMail(email);
    expect(notice.kind).toBe('security-notice');
    expect(notice.text).toContain('n***@example.com');

    // The caller goes on (old and new token), the other session has ended, its refresh token too.
    expect((await t.get(MEMBER_PATHS.profile, { token })).status).toBe(200);
    expect(profileOf(await t.get(MEMBER_PATHS.profile, { token: first.token })).email).toBe(newEmail);
    expect((await t.get(MEMBER_PATHS.profile, { token: second.token })).status).toBe(401);
    expect((await t.post(AUTH_PATHS.refresh, { refresh_token: second.refreshToken })).status).toBe(401);
    expect((await t.post(AUTH_PATHS.refresh, { refresh_token: first.refreshToken })).status).toBe(200);

    // The code worked once; the old address signs in to nothing any more.
    expect((await t.post(P.email, { code }, { token })).status).toBe(400);
  });

  it('answers a taken address like a free one, mails its owner a notice and no code: it can never be confirmed', async () => {
    const email = 'wants.taken@example.com';
    const { token } = await newMember(email);
    const taken = DEMO_MEMBERS.withPassword;
    const free = await t.post(P.emailRequest, { email: 'free.address@example.com' }, { token, headers: await stepUp(token, email) });
    const answer = await t.post(P.emailRequest, { email: taken }, { token, headers: await stepUp(token, email) });
    expect(answer.status).toBe(free.status);
    expect(answer.body).toEqual(free.body);

    const mails = await t.outbox(taken);
    expect(mails[0]?.kind).toBe('security-notice');
    expect(mails.some((mail) => mail.kind === 'otp')).toBe(false);
    // The code mailed to the free address before is bound to that address: it does not confirm the taken one.
    const freeCode = await t.lastCode('free.address@example.com');
    expect((await t.post(P.email, { code: freeCode }, { token })).status).toBe(400);
    expect(profileOf(await t.get(MEMBER_PATHS.profile, { token })).email).toBe(email);
  });

  it('refuses the own address (400), a resend without a request (409), and a code of another purpose', async () => {
    const email = 'own.address@example.com';
    const { token } = await newMember(email);
    expect((await t.post(P.emailRequest, { email }, { token })).status).toBe(400);
    expect((await t.post(P.emailCode, undefined, { token })).status).toBe(409);
    await t.post(P.emailRequest, { email: 'elsewhere@example.com' }, { token, headers: await stepUp(token, email) });
    await t.post(P.nameCode, undefined, { token });
    expect((await t.post(P.email, { code: await t.lastCode(email) }, { token })).status).toBe(400);
  });
});

describe('address and profile without a code', () => {
  it('sets the address with a state where the country has states, and refuses a missing or foreign state', async () => {
    const { token } = await newMember('address@example.com');
    const us = { street: '1 Main St', postalCode: '94105', city: 'San Francisco', country: 'us' };
    const missing = await t.post(P.address, us, { token });
    expect(missing.status).toBe(400);
    expect(codeIssue(missing)).toEqual(['state']);
    expect((await t.post(P.address, { ...us, state: 'BY' }, { token })).status).toBe(400);
    expect((await t.post(P.address, { ...us, country: 'QQ', state: 'CA' }, { token })).status).toBe(400);
    const answer = await t.post(P.address, { ...us, state: 'ca' }, { token });
    expect(answer.status).toBe(200);
    expect(profileOf(answer).address).toMatchObject({ countryCode: 'US', state: 'CA', text: '1 Main St, 94105 San Francisco, CA, US' });
    const noStates = await t.post(P.address, { street: 'Dam 1', postalCode: '1012 JS', city: 'Amsterdam', country: 'NL', state: 'NH' }, { token });
    expect(noStates.status).toBe(400);
  });

  it('changes the phone and the language; an empty change is 400', async () => {
    const { token } = await newMember('phone@example.com');
    const answer = await t.post(P.profile, { phone: '0049 (30) 123-4567', locale: 'de' }, { token });
    expect(answer.status).toBe(200);
    expect(profileOf(answer)).toMatchObject({ phone: '+49301234567', locale: 'de' });
    expect(profileOf(await t.post(P.profile, { phone: null }, { token })).phone).toBeNull();
    expect((await t.post(P.profile, {}, { token })).status).toBe(400);
  });
});

describe('billing addresses', () => {
  const address = { companyName: 'Example GmbH', vatId: 'de 123.456.789', street: 'Hauptstr. 1', postalCode: '10115', city: 'Berlin', country: 'DE', state: 'BE' };

  it('adds, lists, replaces and removes; another member’s id is 404', async () => {
    const { token } = await newMember('billing@example.com');
    const other = await newMember('billing.other@example.com');
    const added = await t.post(P.billingAddresses, address, { token });
    expect(added.status).toBe(201);
    const created = v.parse(BillingAddressResponseSchema, added.body).data;
    expect(created).toMatchObject({ vatId: 'DE123456789', country: 'DE', state: 'BE' });

    const list = v.parse(BillingAddressesResponseSchema, (await t.get(P.billingAddresses, { token })).body).data;
    expect(list.map((item) => item.id)).toEqual([created.id]);
    expect(v.parse(BillingAddressesResponseSchema, (await t.get(P.billingAddresses, { token: other.token })).body).data).toEqual([]);

    const replaced = await t.call('PUT', billingAddressPath(created.id), { body: { ...address, companyName: null, vatId: null }, token });
    expect(replaced.status).toBe(200);
    expect(v.parse(BillingAddressResponseSchema, replaced.body).data).toMatchObject({ companyName: null, vatId: null });

    expect((await t.call('PUT', billingAddressPath(created.id), { body: address, token: other.token })).status).toBe(404);
    expect((await t.call('DELETE', billingAddressPath(created.id), { token: other.token })).status).toBe(404);
    expect((await t.call('DELETE', billingAddressPath(created.id), { token })).status).toBe(204);
    expect((await t.call('DELETE', billingAddressPath(created.id), { token })).status).toBe(404);
  });

  it('checks the VAT number format and the state', async () => {
    const { token } = await newMember('billing.checks@example.com');
    const badVat = await t.post(P.billingAddresses, { ...address, vatId: 'DE12345' }, { token });
    expect(badVat.status).toBe(400);
    expect(codeIssue(badVat)).toEqual(['vatId']);
    expect((await t.post(P.billingAddresses, { ...address, state: undefined }, { token })).status).toBe(400);
    expect((await t.post(P.billingAddresses, { ...address, vatId: 'NL123456789B01', country: 'NL', state: null }, { token })).status).toBe(201);
  });

  it(`keeps at most ${MEMBER_PROFILE_LIMITS.maxBillingAddresses}, also when they are added at once`, async () => {
    const { token } = await newMember('billing.limit@example.com');
    const answers = await Promise.all(
      Array.from({ length: MEMBER_PROFILE_LIMITS.maxBillingAddresses + 3 }, (_, i) =>
        t.post(P.billingAddresses, { ...address, street: `Street ${i}` }, { token }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(MEMBER_PROFILE_LIMITS.maxBillingAddresses);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(3);
    expect(v.parse(BillingAddressesResponseSchema, (await t.get(P.billingAddresses, { token })).body).data).toHaveLength(
      MEMBER_PROFILE_LIMITS.maxBillingAddresses,
    );
  });
});

describe('countries, states, partners', () => {
  it('names the countries in the locale, and lists the states of the US', async () => {
    const { token } = await newMember('lists@example.com');
    const en = v.parse(CountriesResponseSchema, (await t.get(`${P.countries}?locale=en`, { token })).body).data;
    const de = v.parse(CountriesResponseSchema, (await t.get(`${P.countries}?locale=de`, { token })).body).data;
    expect(en.find((country) => country.code === 'DE')).toEqual({ code: 'DE', name: 'Germany', hasStates: true });
    expect(de.find((country) => country.code === 'DE')?.name).toBe('Deutschland');
    expect(de.find((country) => country.code === 'FR')?.hasStates).toBe(false);
    expect(en.map((country) => country.name)).not.toEqual(de.map((country) => country.name));

    const states = v.parse(StatesResponseSchema, (await t.get(`${P.states}?country=us`, { token })).body).data;
    expect(states).toHaveLength(51);
    expect(states).toContainEqual({ code: 'CA', name: 'California' });
    expect(v.parse(StatesResponseSchema, (await t.get(`${P.states}?country=FR`, { token })).body).data).toEqual([]);

    const partnersEn = v.parse(PartnersResponseSchema, (await t.get(`${P.partners}?locale=en`, { token })).body).data;
    const partnersDe = v.parse(PartnersResponseSchema, (await t.get(`${P.partners}?locale=de`, { token })).body).data;
    expect(partnersEn.length).toBeGreaterThan(0);
    expect(partnersDe[0]?.description).not.toBe(partnersEn[0]?.description);
  });
});
