import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActivateResponseSchema, AUTH_PATHS, LoginResponseSchema, MEMBER_PATHS, RegisterResponseSchema } from '../../src/contract/auth';
import { useTestDatabase } from '../../test/bff/database';
import { signInAtLocalProvider } from '../dev/local-idp-client';
import { startLocalIdentityProviders } from '../dev/testing';
import { LOCAL_CLIENT_IDS } from '../auth/settings';
import { type AuthTestApp, createAuthTestApp } from '../auth/testing';
import { members, oneTimeCodes } from '../db/schema';

/*
 * Account pre-registration: someone registers with another person's email and a password of their
 * choice. Whatever way the owner later proves the email (their own activation link, a password reset,
 * a one-time code, Google, Apple, a registration token), the password chosen before that proof must not
 * work afterwards; the owner ends up with only the credentials they set.
 */

const database = useTestDatabase();
let idp: Awaited<ReturnType<typeof startLocalIdentityProviders>>;
let t: AuthTestApp;

const ATTACKER_PASSWORD = 'attackers-password-1';
const OWNER_PASSWORD = 'owners-own-password-2';
const ATTACKER = '203.0.113.66';
const OWNER = '198.51.100.77';

beforeAll(async () => {
  idp = await startLocalIdentityProviders();
  t = createAuthTestApp(database.db, { localIssuer: (name) => idp.issuer(name), settings: { devIdp: true, publicUrl: 'https://www.example.com' } });
  // The real clock: the local provider stamps its ID tokens with it.
  t.setNow(new Date());
});

afterAll(async () => {
  await idp?.close();
});

const registration = (email: string, password: string | undefined, extra: Record<string, unknown> = {}) => ({
  email,
  firstName: 'Eve',
  lastName: 'Example',
  ...(password ? { password } : {}),
  locale: 'en',
  acceptTerms: true,
  ...extra,
});

/** Registers and answers the registration proof the registrant's browser keeps. */
async function registers(email: string, password: string, from: string) {
  const answer = v.parse(RegisterResponseSchema, (await t.post(MEMBER_PATHS.register, registration(email, password), { from })).body).data;
  expect(answer.status).toBe('activation_sent');
  if (!answer.registration_proof) throw new Error('No registration proof');
  return answer.registration_proof;
}

const attackerRegisters = (email: string) => registers(email, ATTACKER_PASSWORD, ATTACKER);

const activate = async (body: Record<string, unknown>, from: string) => {
  const answer = await t.post(MEMBER_PATHS.activate, body, { from });
  return { status: answer.status, body: answer.body, outcome: v.safeParse(ActivateResponseSchema, answer.body).success ? v.parse(ActivateResponseSchema, answer.body).data.outcome : undefined };
};

async function activationToken(email: string) {
  const mail = (await t.outbox(email)).find((candidate) => candidate.kind === 'activation');
  const token = mail && new URL(/https:\/\/\S+/.exec(mail.text)?.[0] ?? 'https://x').searchParams.get('token');
  if (!token) throw new Error(`No activation link mailed to ${email}`);
  return token;
}

const passwordLogin = (email: string, password: string, from: string) => t.post(AUTH_PATHS.passwordLogin, { email, password }, { from });

async function loginResult(answer: { status: number; body: unknown }) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return v.parse(LoginResponseSchema, answer.body).data;
}

async function memberRow(email: string) {
  const [row] = await database.db.select().from(members).where(eq(members.email, email));
  return row;
}

/** The attacker's password never signs in, and the account is active. */
async function expectAttackerLockedOut(email: string) {
  expect((await passwordLogin(email, ATTACKER_PASSWORD, ATTACKER)).status).toBe(401);
  expect((await memberRow(email))?.status).toBe('active');
}

async function idToken(provider: 'google' | 'apple', email: string) {
  return (await signInAtLocalProvider({ issuer: idp.issuer(provider), clientId: LOCAL_CLIENT_IDS[provider], email })).idToken;
}

describe('a password chosen before the email is proven', () => {
  it('is not stored on the member: it waits on the activation link', async () => {
    const email = 'waiting.password@example.com';
    await attackerRegisters(email);
    expect(await memberRow(email)).toMatchObject({ status: 'pending', passwordHash: null });
    const [link] = await database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.email, email));
    expect(link?.pendingPasswordHash).toMatch(/^\$argon2id\$/);
    // Not activated: no sign-in with it.
    expect((await passwordLogin(email, ATTACKER_PASSWORD, ATTACKER)).status).toBe(401);
  });

  it('the owner registers too and uses their own link: only the owner’s password works', async () => {
    const email = 'owner.registers@example.com';
    await attackerRegisters(email);
    const attackersLink = await activationToken(email);
    const ownersProof = await registers(email, OWNER_PASSWORD, OWNER);
    const ownersLink = await activationToken(email);
    expect(ownersLink).not.toBe(attackersLink);
    expect((await t.post(MEMBER_PATHS.activate, { token: attackersLink }, { from: ATTACKER })).status).toBe(404);

    const activated = await t.post(MEMBER_PATHS.activate, { token: ownersLink, registration_proofs: [ownersProof] }, { from: OWNER });
    expect(v.parse(ActivateResponseSchema, activated.body).data.outcome).toBe('activated');
    await expectAttackerLockedOut(email);
    expect((await loginResult(await passwordLogin(email, OWNER_PASSWORD, OWNER))).result).toBe('Authenticated');
  });

  it('the owner asks for a password reset: the new activation link brings no password, then the owner sets one', async () => {
    const email = 'owner.resets@example.com';
    await attackerRegisters(email);
    await t.post(MEMBER_PATHS.passwordReset, { email, language: 'en' }, { from: OWNER });
    const activated = await t.post(MEMBER_PATHS.activate, { token: await activationToken(email) }, { from: OWNER });
    expect(v.parse(ActivateResponseSchema, activated.body).data.outcome).toBe('activated');
    await expectAttackerLockedOut(email);
    expect((await memberRow(email))?.passwordHash).toBeNull();

    // Now a member: the reset mails a link that sets the owner's password.
    await t.post(MEMBER_PATHS.passwordReset, { email, language: 'en' }, { from: OWNER });
    const resetToken = new URL(/https:\/\/\S+/.exec((await t.lastMail(email)).text)?.[0] ?? '').searchParams.get('reset_token') ?? '';
    const updated = await t.post(MEMBER_PATHS.passwordUpdate, { email, token: resetToken, password: OWNER_PASSWORD, password_confirmation: OWNER_PASSWORD });
    expect(updated.status).toBe(200);
    await expectAttackerLockedOut(email);
    expect((await passwordLogin(email, OWNER_PASSWORD, OWNER)).status).toBe(200);
  });

  it('the owner signs in with a one-time code: signed in at once (no password asked), the attacker’s link is dead', async () => {
    const email = 'owner.uses.code@example.com';
    await attackerRegisters(email);
    const attackersLink = await activationToken(email);
    await t.post(AUTH_PATHS.otpCode, { email, locale: 'en' }, { from: OWNER });
    const signedIn = await loginResult(await t.post(AUTH_PATHS.otpLogin, { email, code: await t.lastCode(email) }, { from: OWNER }));
    expect(signedIn.result).toBe('Authenticated');
    await expectAttackerLockedOut(email);
    // The link mailed for the attacker's registration no longer sets anything.
    const late = await t.post(MEMBER_PATHS.activate, { token: attackersLink }, { from: OWNER });
    expect(late.status).toBe(404);
    await expectAttackerLockedOut(email);
  });

  it.each(['google', 'apple'] as const)('the owner signs in with %s: the attacker’s password does not work', async (provider) => {
    const email = `owner.uses.${provider}@example.com`;
    await attackerRegisters(email);
    const token = await idToken(provider, email);
    const answer =
      provider === 'google'
        ? await t.post(AUTH_PATHS.google, { token }, { from: OWNER })
        : await t.post(AUTH_PATHS.apple, { authorization: { id_token: token } }, { from: OWNER });
    expect((await loginResult(answer)).result).toBe('Authenticated');
    await expectAttackerLockedOut(email);
  });

  it('the owner completes a registration token: only the password given with the token works', async () => {
    const email = 'owner.has.token@example.com';
    // The owner proves the email with a code while there is no account yet...
    await t.post(AUTH_PATHS.otpCode, { email, locale: 'en' }, { from: OWNER });
    const proven = await loginResult(await t.post(AUTH_PATHS.otpLogin, { email, code: await t.lastCode(email) }, { from: OWNER }));
    if (proven.result !== 'RegistrationRequired') throw new Error(proven.result);
    // ...the attacker registers meanwhile...
    await attackerRegisters(email);
    // ...and the owner finishes, once without a password, once (another email) with one.
    const finished = await t.post(MEMBER_PATHS.register, registration(email, undefined, { registration_token: proven.registration_token }), { from: OWNER });
    expect(v.parse(RegisterResponseSchema, finished.body).data.status).toBe('registered');
    await expectAttackerLockedOut(email);
    expect((await memberRow(email))?.passwordHash).toBeNull();

    const other = 'owner.token.password@example.com';
    await t.post(AUTH_PATHS.otpCode, { email: other, locale: 'en' }, { from: OWNER });
    const second = await loginResult(await t.post(AUTH_PATHS.otpLogin, { email: other, code: await t.lastCode(other) }, { from: OWNER }));
    if (second.result !== 'RegistrationRequired') throw new Error(second.result);
    await attackerRegisters(other);
    await t.post(MEMBER_PATHS.register, registration(other, OWNER_PASSWORD, { registration_token: second.registration_token }), { from: OWNER });
    await expectAttackerLockedOut(other);
    expect((await passwordLogin(other, OWNER_PASSWORD, OWNER)).status).toBe(200);
  });

  it('the owner uses the link mailed for the attacker’s registration: asked for that password, never given it', async () => {
    const email = 'owner.clicks.attackers.link@example.com';
    const attackersProof = await attackerRegisters(email);
    const token = await activationToken(email);

    // The link alone (or with a proof of another registration) does not activate with the attacker's password.
    for (const body of [{ token }, { token, registration_proofs: ['not-the-proof', await registers('someone.else@example.com', OWNER_PASSWORD, OWNER)] }]) {
      const asked = await activate(body, OWNER);
      expect(asked.status).toBe(428);
      expect(asked.outcome).toBe('password_confirmation_needed');
      expect((await memberRow(email))?.status).toBe('pending');
    }

    // "I did not register": activated and signed in, without any password.
    const activated = await activate({ token, without_password: true }, OWNER);
    expect(activated.outcome).toBe('activated');
    const session = v.parse(ActivateResponseSchema, activated.body).data.token ?? '';
    expect((await t.get(MEMBER_PATHS.profile, { token: session })).status).toBe(200);
    await expectAttackerLockedOut(email);
    expect((await memberRow(email))?.passwordHash).toBeNull();
    // The attacker's proof comes too late: the link is used.
    expect((await activate({ token, registration_proofs: [attackersProof] }, ATTACKER)).outcome).not.toBe('activated');
    await expectAttackerLockedOut(email);
  });

  it('the registrant uses the link in the browser that registered: their password works', async () => {
    const email = 'registrant.with.proof@example.com';
    const proof = await registers(email, OWNER_PASSWORD, OWNER);
    const activated = await activate({ token: await activationToken(email), registration_proofs: ['an-older-proof', proof] }, OWNER);
    expect(activated.outcome).toBe('activated');
    // The proof used is named, so the browser can forget it.
    expect(activated.body).toMatchObject({ data: { registration_proof: proof } });
    expect((await loginResult(await passwordLogin(email, OWNER_PASSWORD, OWNER))).result).toBe('Authenticated');
  });

  it('the registrant uses the link elsewhere and types the password: it works', async () => {
    const email = 'registrant.types.password@example.com';
    await registers(email, OWNER_PASSWORD, OWNER);
    const token = await activationToken(email);
    expect((await activate({ token }, OWNER)).outcome).toBe('password_confirmation_needed');
    expect((await activate({ token, password: OWNER_PASSWORD }, OWNER)).outcome).toBe('activated');
    expect((await loginResult(await passwordLogin(email, OWNER_PASSWORD, OWNER))).result).toBe('Authenticated');
  });

  it('a wrong password typed at the link is a field error, and guesses are limited', async () => {
    const email = 'guessed.at.the.link@example.com';
    await attackerRegisters(email);
    const token = await activationToken(email);
    const guess = (password: string) => activate({ token, password }, OWNER);

    const wrong = await guess('not-the-password-0');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: { issues: [{ path: 'password' }] } });
    for (let index = 1; index < 10; index++) expect((await guess(`not-the-password-${index}`)).status).toBe(400);
    // The limit is reached: not even the right password is checked now.
    expect((await guess(ATTACKER_PASSWORD)).status).toBe(429);
    expect((await memberRow(email))?.status).toBe('pending');
    // Activating without the password is always open to whoever holds the link.
    expect((await activate({ token, without_password: true }, OWNER)).outcome).toBe('activated');
    // (Password sign-in for this email now asks for a one-time code: the guesses count there too.)
    expect(await memberRow(email)).toMatchObject({ status: 'active', passwordHash: null });
  });

  it('the database refuses a pending member with a password', async () => {
    const email = 'no.pending.password@example.com';
    await attackerRegisters(email);
    const row = await memberRow(email);
    await expect(database.db.update(members).set({ passwordHash: 'x' }).where(eq(members.id, row?.id ?? 0))).rejects.toThrow();
  });
});
