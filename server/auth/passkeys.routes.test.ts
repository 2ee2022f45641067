import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { STEP_UP_HEADER, STEP_UP_REQUIRED } from '../../src/contract/account-security';
import { AUTH_PATHS, LoginResponseSchema, MEMBER_PATHS, RegisterResponseSchema } from '../../src/contract/auth';
import { BFF_PREFIX } from '../../src/contract/content';
import { ErrorBodySchema } from '../../src/contract/errors';
import { MEMBER_ACCOUNT_PATHS } from '../../src/contract/member-account';
import {
  LoginOptionsResponseSchema,
  PASSKEY_LIMITS,
  PASSKEY_PATHS as P,
  PasskeyResponseSchema,
  PasskeysResponseSchema,
  passkeyPath,
  RegistrationOptionsResponseSchema,
} from '../../src/contract/passkeys';
import { useTestDatabase } from '../../test/bff/database';
import { createSoftwareAuthenticator, type Forgery, type SoftwareAuthenticator } from '../../test/auth/webauthn-authenticator';
import { memberPasskeys, members } from '../db/schema';
import { PASSKEY_RATE_LIMITS } from './passkey-routes';
import { stepUpToken } from './step-up.test-helper';
import { type Answer, type AuthTestApp, createAuthTestApp, refreshCookieOf } from './testing';
import { CHALLENGE_LIFETIME_MS } from './webauthn-challenges';

/*
 * Passkeys through app.request() with a software authenticator (test/auth/webauthn-authenticator.ts):
 * registration after a step-up, the member's list, sign-in with a discoverable credential, and what is
 * refused. On PGlite, and on PostgreSQL with DATABASE_URL.
 */

const database = useTestDatabase();
const SITE = 'https://www.example.com';
let t: AuthTestApp;
beforeAll(() => {
  t = createAuthTestApp(database.db, { settings: { publicUrl: SITE } });
});

let addresses = 0;
/** A client address of its own, so the per-address limits of one test never reach into another. */
const freshAddress = () => `198.51.100.${++addresses}`;

const errorOf = (answer: Answer) => v.parse(ErrorBodySchema, answer.body).error;
const passkeysOf = (answer: Answer) => v.parse(PasskeysResponseSchema, answer.body).data;

/** A new active member, registered through the routes with a mailed code: their session token. */
async function newMember(email: string, app: AuthTestApp = t): Promise<string> {
  const from = freshAddress();
  await app.post(AUTH_PATHS.otpCode, { email, locale: 'en' }, { from });
  const login = v.parse(LoginResponseSchema, (await app.post(AUTH_PATHS.otpLogin, { email, code: await app.lastCode(email) }, { from })).body).data;
  if (login.result !== 'RegistrationRequired') throw new Error(`${email} is already a member`);
  const answer = await app.post(
    MEMBER_PATHS.register,
    { email, firstName: 'Ada', lastName: 'Lovelace', locale: 'en', acceptTerms: true, registration_token: login.registration_token },
    { from },
  );
  const token = v.parse(RegisterResponseSchema, answer.body).data.token;
  if (!token) throw new Error('Not signed in');
  return token;
}

const claimsOf = (token: string) =>
  v.parse(v.object({ sub: v.string(), sso: v.string() }), JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as unknown);
/** The session a token belongs to (its `sso` claim). */
const sessionOf = (token: string) => claimsOf(token).sso;
/** The member a token belongs to (its `sub` claim, the member's guid). */
const subjectOf = (token: string) => claimsOf(token).sub;

/** A step-up token for the token's session, through the step-up routes (decision record 0047). */
async function stepUpFor(token: string, app: AuthTestApp = t): Promise<string> {
  const [member] = await database.db.select({ email: members.email }).from(members).where(eq(members.guid, subjectOf(token)));
  if (!member) throw new Error('No member for this token');
  return stepUpToken(app.app, database.db, { token, email: member.email });
}

async function registrationOptions(token: string, app: AuthTestApp = t) {
  const answer = await app.post(P.registrationOptions, undefined, { token, headers: { [STEP_UP_HEADER]: await stepUpFor(token, app) } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return v.parse(RegistrationOptionsResponseSchema, answer.body).data;
}

/** Registration options, then the authenticator's answer to them posted back. */
async function addPasskey(token: string, authenticator: SoftwareAuthenticator, { name, forged = {}, app = t }: { name?: string; forged?: Parameters<SoftwareAuthenticator['register']>[1]; app?: AuthTestApp } = {}) {
  const options = await registrationOptions(token, app);
  return app.post(P.passkeys, { response: authenticator.register(options, forged), ...(name === undefined ? {} : { name }) }, { token });
}

async function loginOptions(from: string, app: AuthTestApp = t) {
  const answer = await app.post(P.loginOptions, undefined, { from });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return v.parse(LoginOptionsResponseSchema, answer.body).data;
}

async function passkeySignIn(authenticator: SoftwareAuthenticator, forged: Parameters<SoftwareAuthenticator['authenticate']>[1] = {}, from = freshAddress()) {
  const { challengeId, options } = await loginOptions(from);
  return t.post(P.login, { challengeId, response: authenticator.authenticate(options, forged) }, { from });
}

/** A member with one passkey of their own authenticator. */
async function memberWithPasskey(email: string, authenticatorOptions: { counterStep?: number } = {}) {
  const token = await newMember(email);
  const authenticator = createSoftwareAuthenticator({ origin: SITE, ...authenticatorOptions });
  const added = await addPasskey(token, authenticator);
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return { token, authenticator, passkey: v.parse(PasskeyResponseSchema, added.body).data };
}

/** Why the last refusal logged with this message was made (the answer never says). */
function lastReason(message: string): string {
  return String(t.logger.lines.findLast((line) => line.msg === message)?.reason);
}

function expectRefusedSignIn(answer: Answer) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(401);
  expect(errorOf(answer)).toEqual({ code: 'unauthorized', message: 'This passkey could not be used to sign in' });
}

describe('every member route', () => {
  const routes: [string, string, unknown][] = [
    ['POST', P.registrationOptions, undefined],
    ['POST', P.passkeys, { response: 7 }],
    ['GET', P.passkeys, undefined],
    ['PATCH', passkeyPath('not-an-id'), { name: '' }],
    ['DELETE', passkeyPath('not-an-id'), undefined],
  ];

  it('answers 401 without a token, before it looks at the input', async () => {
    for (const [method, path, body] of routes) {
      const answer = await t.call(method, path, { body });
      expect(answer.status, `${method} ${path}`).toBe(401);
      expect(errorOf(answer).code).toBe('unauthorized');
    }
  });

  it('answers 400 with issues for bad input once signed in', async () => {
    const token = await newMember('passkey.bad.input@example.com');
    const badRequests: [string, string, unknown][] = [
      ['POST', P.passkeys, { response: 7 }],
      ['POST', P.passkeys, {}],
      ['POST', P.passkeys, { response: { id: 'a b', rawId: 'x', type: 'public-key', response: {} } }],
      ['PATCH', passkeyPath('not-an-id'), { name: 'Laptop' }],
      ['PATCH', passkeyPath('00000000-0000-4000-8000-000000000000'), { name: '' }],
      ['PATCH', passkeyPath('00000000-0000-4000-8000-000000000000'), { name: 'x'.repeat(PASSKEY_LIMITS.nameMax + 1) }],
      ['PATCH', passkeyPath('00000000-0000-4000-8000-000000000000'), { name: 'Lap\u0000top' }],
      ['DELETE', passkeyPath('not-an-id'), undefined],
    ];
    for (const [method, path, body] of badRequests) {
      const answer = await t.call(method, path, { body, token });
      expect(answer.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(errorOf(answer).issues?.length, `${method} ${path}`).toBeGreaterThan(0);
    }
  });

  it('answers 400 for a bad sign-in body', async () => {
    for (const body of [{}, { challengeId: 'nope', response: {} }, { challengeId: '00000000-0000-4000-8000-000000000000', response: { id: 'x' } }]) {
      const answer = await t.post(P.login, body, { from: freshAddress() });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(answer).code).toBe('bad_request');
    }
  });
});

describe('registration', () => {
  it('asks for a step-up first: 403 step_up_required without a token, with a wrong one, and with one already spent', async () => {
    const token = await newMember('passkey.step.up@example.com');
    const without = await t.post(P.registrationOptions, undefined, { token });
    expect(without.status).toBe(403);
    expect(errorOf(without).code).toBe(STEP_UP_REQUIRED);
    expect((await t.post(P.registrationOptions, undefined, { token, headers: { [STEP_UP_HEADER]: 'made-up' } })).status).toBe(403);
    const stepUp = await stepUpFor(token);
    expect((await t.post(P.registrationOptions, undefined, { token, headers: { [STEP_UP_HEADER]: stepUp } })).status).toBe(200);
    expect((await t.post(P.registrationOptions, undefined, { token, headers: { [STEP_UP_HEADER]: stepUp } })).status).toBe(403);
  });

  it('gives options for a discoverable credential of this member and site', async () => {
    const token = await newMember('passkey.options@example.com');
    const [member] = await database.db.select().from(members).where(eq(members.email, 'passkey.options@example.com'));
    const options = await registrationOptions(token);
    expect(options.rp).toEqual({ id: 'www.example.com', name: 'H Rewards' });
    expect(options.user).toEqual({
      id: Buffer.from((member?.guid ?? '').replaceAll('-', ''), 'hex').toString('base64url'),
      name: 'passkey.options@example.com',
      displayName: 'Ada Lovelace',
    });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' });
    expect(options.attestation).toBe('none');
    expect(options.excludeCredentials).toEqual([]);
    expect(options.timeout).toBe(CHALLENGE_LIFETIME_MS);
  });

  it('stores the passkey (201) with a default name, lists it, and excludes it from the next options', async () => {
    const { token, authenticator, passkey } = await memberWithPasskey('passkey.add@example.com');
    expect(passkey).toEqual({ id: expect.any(String), name: 'Passkey 1', createdAt: t.now().toISOString(), lastUsedAt: null });
    t.advance(1_000);
    const second = await addPasskey(token, authenticator, { name: '  Work laptop  ' });
    expect(second.status).toBe(201);
    expect(v.parse(PasskeyResponseSchema, second.body).data.name).toBe('Work laptop');
    t.advance(1_000);
    const third = await addPasskey(token, authenticator);
    expect(v.parse(PasskeyResponseSchema, third.body).data.name).toBe('Passkey 3');
    expect(passkeysOf(await t.get(P.passkeys, { token })).map((listed) => listed.name)).toEqual(['Passkey 1', 'Work laptop', 'Passkey 3']);
    const options = await registrationOptions(token);
    expect(options.excludeCredentials?.map((excluded) => excluded.id)).toEqual(authenticator.credentialIds);
    expect(options.excludeCredentials?.[0]?.transports).toEqual(['internal', 'hybrid']);
  });

  it('refuses a challenge answered twice, of another session, or expired', async () => {
    const token = await newMember('passkey.challenge@example.com');
    const authenticator = createSoftwareAuthenticator({ origin: SITE });
    const options = await registrationOptions(token);
    const response = authenticator.register(options);
    expect((await t.post(P.passkeys, { response }, { token })).status).toBe(201);
    const again = await t.post(P.passkeys, { response }, { token });
    expect(again.status).toBe(400);
    expect(errorOf(again).message).toMatch(/expired or was already answered/);

    // The same member signed in elsewhere cannot answer options this session asked for.
    const otherSession = await signInWithCode('passkey.challenge@example.com');
    const fromOtherSession = await t.post(P.passkeys, { response: authenticator.register(await registrationOptions(token)) }, { token: otherSession });
    expect(fromOtherSession.status).toBe(400);

    const late = authenticator.register(await registrationOptions(token));
    t.advance(CHALLENGE_LIFETIME_MS);
    expect((await t.post(P.passkeys, { response: late }, { token })).status).toBe(400);
    expect(passkeysOf(await t.get(P.passkeys, { token }))).toHaveLength(1);
  });

  it('refuses a response made for another origin or RP ID, a made-up challenge, or without user verification', async () => {
    const authenticator = createSoftwareAuthenticator({ origin: SITE });
    const forgeries: [Forgery, RegExp][] = [
      [{ origin: 'https://www.example.com.evil.test' }, /origin/],
      [{ origin: 'http://www.example.com' }, /origin/],
      [{ rpId: 'evil.test' }, /RP ID/],
      [{ type: 'webauthn.get' }, /type/],
      [{ userVerified: false }, /verif/],
    ];
    // A member of its own for each, so the step-up codes' limit per member never gets in the way.
    for (const [index, [forged, reason]] of forgeries.entries()) {
      const token = await newMember(`passkey.forged.${index}@example.com`);
      const answer = await addPasskey(token, authenticator, { forged });
      expect(answer.status, JSON.stringify(forged)).toBe(400);
      expect(errorOf(answer)).toEqual({ code: 'bad_request', message: 'The passkey could not be verified. Please try again.' });
      expect(lastReason('passkey registration refused')).toMatch(reason);
      expect(passkeysOf(await t.get(P.passkeys, { token }))).toEqual([]);
    }
    const token = await newMember('passkey.forged.challenge@example.com');
    const madeUp = await addPasskey(token, authenticator, { forged: { challenge: 'bWFkZS11cC1jaGFsbGVuZ2UtbWFkZS11cC1jaGFsbGVuZ2U' } });
    expect(madeUp.status).toBe(400);
    expect(errorOf(madeUp).message).toMatch(/expired or was already answered/);
  });

  it('answers 409 for a credential already registered, by this member or another', async () => {
    const { token, authenticator } = await memberWithPasskey('passkey.twice@example.com');
    const [credentialId = ''] = authenticator.credentialIds;
    const twice = await addPasskey(token, authenticator, { forged: { sameCredentialAs: credentialId } });
    expect(twice.status).toBe(409);
    expect(errorOf(twice).code).toBe('conflict');
    const other = await newMember('passkey.twice.other@example.com');
    expect((await addPasskey(other, authenticator, { forged: { sameCredentialAs: credentialId } })).status).toBe(409);
    expect(passkeysOf(await t.get(P.passkeys, { token: other }))).toEqual([]);
  });

  it(`keeps at most ${PASSKEY_LIMITS.perMember} passkeys per member (409)`, async () => {
    const email = 'passkey.full@example.com';
    const { token, authenticator } = await memberWithPasskey(email);
    const pending = authenticator.register(await registrationOptions(token));
    // The others are put in directly: adding each through the routes would take more step-up codes than a member may ask for.
    const [member] = await database.db.select({ id: members.id }).from(members).where(eq(members.email, email));
    const others = Array.from({ length: PASSKEY_LIMITS.perMember - 1 }, (_, index) => ({
      id: randomUUID(),
      memberId: member?.id ?? 0,
      credentialId: `made-up-credential-${index}`,
      publicKey: 'AA',
      counter: 0,
      deviceType: 'multiDevice' as const,
      backedUp: true,
      name: `Old ${index}`,
      createdAt: t.now(),
    }));
    await database.db.insert(memberPasskeys).values(others);
    const added = await t.post(P.passkeys, { response: pending }, { token });
    expect(added.status).toBe(409);
    expect(errorOf(added).message).toMatch(/At most 20 passkeys/);
    const options = await t.post(P.registrationOptions, undefined, { token, headers: { [STEP_UP_HEADER]: await stepUpFor(token) } });
    expect(options.status).toBe(409);
    expect(errorOf(options).code).toBe('conflict');
  });
});

describe('the list', () => {
  it('renames and deletes the member’s own passkeys; another member’s id is 404 and stays as it was', async () => {
    const owner = await memberWithPasskey('passkey.owner@example.com');
    const intruder = await newMember('passkey.intruder@example.com');
    const path = passkeyPath(owner.passkey.id);

    for (const answer of [await t.call('PATCH', path, { token: intruder, body: { name: 'Mine now' } }), await t.call('DELETE', path, { token: intruder })]) {
      expect(answer.status).toBe(404);
      expect(errorOf(answer).code).toBe('not_found');
    }
    expect(passkeysOf(await t.get(P.passkeys, { token: owner.token })).map((listed) => listed.name)).toEqual(['Passkey 1']);

    const renamed = await t.call('PATCH', path, { token: owner.token, body: { name: 'Phone' } });
    expect(renamed.status).toBe(200);
    expect(v.parse(PasskeyResponseSchema, renamed.body).data).toMatchObject({ id: owner.passkey.id, name: 'Phone' });

    const deleted = await t.call('DELETE', path, { token: owner.token });
    expect(deleted.status).toBe(200);
    expect(passkeysOf(deleted)).toEqual([]);
    expect((await t.call('DELETE', path, { token: owner.token })).status).toBe(404);
    expect((await t.call('PATCH', passkeyPath('00000000-0000-4000-8000-000000000000'), { token: owner.token, body: { name: 'x' } })).status).toBe(404);
  });
});

describe('sign-in with a passkey', () => {
  it('gives options for discoverable credentials with a challenge id', async () => {
    const { challengeId, options } = await loginOptions(freshAddress());
    expect(challengeId).toMatch(/^[0-9a-f-]{36}$/);
    expect(options).toMatchObject({ rpId: 'www.example.com', userVerification: 'preferred', allowCredentials: [], timeout: CHALLENGE_LIFETIME_MS });
  });

  it('signs the member in like the other sign-ins: tokens, the refresh cookie, and the passkey’s last use', async () => {
    const { token, authenticator, passkey } = await memberWithPasskey('passkey.signin@example.com');
    t.advance(60_000);
    const answer = await passkeySignIn(authenticator);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const login = v.parse(LoginResponseSchema, answer.body).data;
    if (login.result !== 'Authenticated') throw new Error(login.result);
    expect(refreshCookieOf(answer.headers)?.token).toBe(login.refresh_token);
    expect(answer.headers.get('cache-control')).toContain('no-store');
    // The new session works, and is another session than the one the passkey was added in.
    expect(sessionOf(login.token)).not.toBe(sessionOf(token));
    const listed = passkeysOf(await t.get(P.passkeys, { token: login.token }));
    expect(listed).toEqual([{ ...passkey, lastUsedAt: t.now().toISOString() }]);
    // Signing in again moves the counter on.
    expect((await passkeySignIn(authenticator)).status).toBe(200);
  });

  it('refuses a challenge answered twice, an expired one, and one never given', async () => {
    const { authenticator } = await memberWithPasskey('passkey.login.challenge@example.com');
    const from = freshAddress();
    const { challengeId, options } = await loginOptions(from);
    expect((await t.post(P.login, { challengeId, response: authenticator.authenticate(options) }, { from })).status).toBe(200);
    expectRefusedSignIn(await t.post(P.login, { challengeId, response: authenticator.authenticate(options) }, { from }));

    const late = await loginOptions(from);
    t.advance(CHALLENGE_LIFETIME_MS);
    expectRefusedSignIn(await t.post(P.login, { challengeId: late.challengeId, response: authenticator.authenticate(late.options) }, { from }));

    const unknown = authenticator.authenticate(options);
    expectRefusedSignIn(await t.post(P.login, { challengeId: '00000000-0000-4000-8000-000000000000', response: unknown }, { from }));
  });

  it('refuses another origin or RP ID, another challenge, a missing user verification or another member’s user handle', async () => {
    const { authenticator } = await memberWithPasskey('passkey.login.forged@example.com');
    const forgeries: [Parameters<SoftwareAuthenticator['authenticate']>[1], RegExp][] = [
      [{ origin: 'https://evil.test' }, /origin/],
      [{ rpId: 'evil.test' }, /RP ID/],
      [{ type: 'webauthn.create' }, /type/],
      [{ challenge: 'bWFkZS11cC1jaGFsbGVuZ2UtbWFkZS11cC1jaGFsbGVuZ2U' }, /challenge/],
      [{ userVerified: false }, /verif/],
      [{ userHandle: Buffer.alloc(16, 7).toString('base64url') }, /user handle/],
    ];
    for (const [forged, reason] of forgeries) {
      expectRefusedSignIn(await passkeySignIn(authenticator, forged));
      expect(lastReason('passkey sign-in refused')).toMatch(reason);
    }
    expect((await passkeySignIn(authenticator)).status).toBe(200);
  });

  it('refuses an unknown passkey with the same answer', async () => {
    const stranger = createSoftwareAuthenticator({ origin: SITE });
    stranger.register(await registrationOptions(await newMember('passkey.never.sent@example.com')));
    expectRefusedSignIn(await passkeySignIn(stranger));
    expect(lastReason('passkey sign-in refused')).toBe('unknown credential');
  });

  it('refuses a counter that went back; passkeys that keep no counter (always 0) sign in every time', async () => {
    const counting = await memberWithPasskey('passkey.counter@example.com');
    expect((await passkeySignIn(counting.authenticator, { counter: 5 })).status).toBe(200);
    expectRefusedSignIn(await passkeySignIn(counting.authenticator, { counter: 5 }));
    expect(lastReason('passkey sign-in refused')).toMatch(/counter/);
    expectRefusedSignIn(await passkeySignIn(counting.authenticator, { counter: 3 }));
    expectRefusedSignIn(await passkeySignIn(counting.authenticator, { counter: 0 }));
    expect((await passkeySignIn(counting.authenticator, { counter: 6 })).status).toBe(200);

    const synced = await memberWithPasskey('passkey.synced@example.com', { counterStep: 0 });
    for (let time = 0; time < 3; time += 1) expect((await passkeySignIn(synced.authenticator)).status).toBe(200);
  });

  it('refuses a deleted passkey', async () => {
    const { token, authenticator, passkey } = await memberWithPasskey('passkey.deleted@example.com');
    expect((await t.call('DELETE', passkeyPath(passkey.id), { token })).status).toBe(200);
    expectRefusedSignIn(await passkeySignIn(authenticator));
  });

  it('refuses the passkey of a member who left, whose passkeys are deleted with the rest', async () => {
    const email = 'passkey.leaving@example.com';
    const { token, authenticator } = await memberWithPasskey(email);
    const [member] = await database.db.select().from(members).where(eq(members.email, email));
    expect((await t.post(MEMBER_ACCOUNT_PATHS.cancelMembership, undefined, { token })).status).toBe(200);
    const mail = (await t.outbox(email)).find((candidate) => candidate.kind === 'membership-cancellation');
    const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect((await t.post(MEMBER_ACCOUNT_PATHS.confirmMembershipCancellation, { code, locale: 'en' }, { token })).status).toBe(200);
    expect(await database.db.select().from(memberPasskeys).where(eq(memberPasskeys.memberId, member?.id ?? 0))).toEqual([]);
    expectRefusedSignIn(await passkeySignIn(authenticator));
  });

  it('refuses the passkey of a member who is not active', async () => {
    const email = 'passkey.inactive@example.com';
    const { authenticator } = await memberWithPasskey(email);
    await database.db.update(members).set({ status: 'cancelled' }).where(eq(members.email, email));
    expectRefusedSignIn(await passkeySignIn(authenticator));
  });

  it('limits sign-in options per client address (429 with Retry-After); other addresses go on', async () => {
    const from = freshAddress();
    for (let count = 0; count < PASSKEY_RATE_LIMITS.loginOptionsPerAddress.limit; count += 1) await loginOptions(from);
    const refused = await t.post(P.loginOptions, undefined, { from });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await loginOptions(freshAddress());
  });

  it('limits refused sign-ins per client address', async () => {
    const { authenticator } = await memberWithPasskey('passkey.guesses@example.com');
    const from = freshAddress();
    const { options } = await loginOptions(from);
    const response = authenticator.authenticate(options);
    for (let count = 0; count < PASSKEY_RATE_LIMITS.loginFailuresPerAddress.limit; count += 1) {
      expectRefusedSignIn(await t.post(P.login, { challengeId: '00000000-0000-4000-8000-000000000000', response }, { from }));
    }
    // Over the limit even a good answer waits.
    const good = await loginOptions(from);
    const refused = await t.post(P.login, { challengeId: good.challengeId, response: authenticator.authenticate(good.options) }, { from });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).not.toBeNull();
  });
});

describe('answers racing each other', () => {
  it('lets one of two answers to one challenge sign in', async () => {
    const { authenticator } = await memberWithPasskey('passkey.race.challenge@example.com');
    const from = freshAddress();
    const { challengeId, options } = await loginOptions(from);
    const response = authenticator.authenticate(options);
    const answers = await Promise.all([0, 1].map(() => t.post(P.login, { challengeId, response }, { from })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
  });

  it('lets one of two sign-ins reporting the same counter through (a copied authenticator)', async () => {
    const { authenticator } = await memberWithPasskey('passkey.race.counter@example.com');
    const from = freshAddress();
    const attempts = await Promise.all([loginOptions(from), loginOptions(from)]);
    const bodies = attempts.map(({ challengeId, options }) => ({ challengeId, response: authenticator.authenticate(options, { counter: 1 }) }));
    const answers = await Promise.all(bodies.map((body) => t.post(P.login, body, { from })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
  });
});

describe('the site address passkeys are bound to', () => {
  it('in the demo without PUBLIC_URL: the loopback name the request was addressed to, end to end', async () => {
    const demo = createAuthTestApp(database.db);
    const token = await newMember('passkey.demo@example.com', demo);
    const authenticator = createSoftwareAuthenticator({ origin: 'http://localhost' });
    const options = await registrationOptions(token, demo);
    expect(options.rp.id).toBe('localhost');
    expect((await demo.post(P.passkeys, { response: authenticator.register(options) }, { token })).status).toBe(201);
    const from = freshAddress();
    const signIn = await loginOptions(from, demo);
    expect(signIn.options.rpId).toBe('localhost');
    expect((await demo.post(P.login, { challengeId: signIn.challengeId, response: authenticator.authenticate(signIn.options) }, { from })).status).toBe(200);
  });

  it('in the demo reached by another name, and in production without PUBLIC_URL: 503, no passkeys', async () => {
    const demo = createAuthTestApp(database.db);
    const elsewhere = await demo.app.request(`http://hotel.example${BFF_PREFIX}${P.loginOptions}`, { method: 'POST', headers: { 'x-forwarded-for': freshAddress() } });
    expect(elsewhere.status).toBe(503);
    expect(v.parse(ErrorBodySchema, await elsewhere.json()).error.code).toBe('service_unavailable');

    const production = createAuthTestApp(database.db, { settings: { production: true } });
    expect((await production.post(P.loginOptions, undefined, { from: freshAddress() })).status).toBe(503);
    const token = await newMember('passkey.production@example.com', production);
    const options = await production.post(P.registrationOptions, undefined, { token, headers: { [STEP_UP_HEADER]: await stepUpFor(token, production) } });
    expect(options.status).toBe(503);
  });

  it('with PUBLIC_URL: its origin only, whatever the request was addressed to', async () => {
    const { authenticator } = await memberWithPasskey('passkey.public.url@example.com');
    const from = freshAddress();
    const { challengeId, options } = await loginOptions(from);
    const viaLoopback = await t.app.request(`http://localhost${BFF_PREFIX}${P.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
      body: JSON.stringify({ challengeId, response: authenticator.authenticate(options, { origin: 'http://localhost' }) }),
    });
    expect(viaLoopback.status).toBe(401);
  });
});

/** Another session of an existing member (a code-only member: the code signs in at once). */
async function signInWithCode(email: string): Promise<string> {
  const from = freshAddress();
  await t.post(AUTH_PATHS.otpCode, { email, locale: 'en' }, { from });
  const login = v.parse(LoginResponseSchema, (await t.post(AUTH_PATHS.otpLogin, { email, code: await t.lastCode(email) }, { from })).body).data;
  if (login.result !== 'Authenticated') throw new Error(login.result);
  return login.token;
}
