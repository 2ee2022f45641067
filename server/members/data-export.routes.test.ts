import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SECURITY_PATHS, DATA_EXPORTS_PER_HOUR, MemberDataExportSchema } from '../../src/contract/account-security';
import { AUTH_PATHS, LoginResponseSchema } from '../../src/contract/auth';
import { ErrorBodySchema } from '../../src/contract/errors';
import { TEST_TODAY, useTestDatabase } from '../../test/bff/database';
import { DEVICE_COOKIE } from '../auth/devices';
import { stepUpToken } from '../auth/step-up.test-helper';
import { type Answer, type AuthTestApp, createAuthTestApp } from '../auth/testing';
import {
  brands,
  exchangeCodes,
  formSubmissions,
  hotels,
  memberBillingAddresses,
  memberBrandPreferences,
  memberDevices,
  memberPasskeys,
  memberPromoCodes,
  memberReservations,
  members,
  newsletterConfirmations,
  oneTimeCodes,
  orders,
  promotions,
  refreshTokens,
  savedCards,
  serverSecrets,
  sessions,
  socialIdentities,
  stepUpTokens,
  stayVouchers,
  vouchers,
} from '../db/schema';
import { DEMO_LOYALTY } from '../db/seed/loyalty';
import { DEMO_MEMBERS, DEMO_PASSWORD, DEMO_PASSWORD_HASH } from '../db/seed/members';

/*
 * "Download my data" on the seeded demo members: Anna's file holds every part of her account and nothing
 * of Omar's, and no key or value of the file is a secret the site keeps (hashes, tokens, card tokens);
 * on PGlite, and on PostgreSQL with DATABASE_URL.
 */

const database = useTestDatabase();
let t: AuthTestApp;

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const CARD_TOKEN = 'tok_card_secret_4242';
const CVV_TOKEN = 'cvv_token_secret_123';
const PASSKEY = { credentialId: 'credential-id-secret', publicKey: 'public-key-of-the-passkey' };

/** Keys that would carry a secret; none may appear anywhere in the file. */
const FORBIDDEN_KEYS = ['password', 'passwordHash', 'pendingPasswordHash', 'codeHash', 'tokenHash', 'token', 'refreshToken', 'cvvToken', 'credentialId', 'publicKey', 'providerPaymentId', 'idempotencyKey'];
const SECRET_KEY_PATTERN = /hash|token|secret|cvv|credential|private/i;

let anna: { token: string; refreshToken: string; deviceCookie: string };
let omarToken: string;

async function signIn(email: string, password?: string) {
  const from = `198.51.100.${email.length}`;
  let answer: Answer;
  if (password) {
    answer = await t.post(AUTH_PATHS.passwordLogin, { email, password }, { from, headers: { 'user-agent': CHROME } });
  } else {
    await t.post(AUTH_PATHS.otpCode, { email, locale: 'en' }, { from });
    answer = await t.post(AUTH_PATHS.otpLogin, { email, code: await t.lastCode(email) }, { from });
  }
  const login = v.parse(LoginResponseSchema, answer.body).data;
  if (login.result !== 'Authenticated' || !login.refresh_token) throw new Error(login.result);
  const deviceCookie = answer.headers.getSetCookie().find((line) => line.startsWith(`${DEVICE_COOKIE}=`))?.split(';')[0] ?? '';
  return { token: login.token, refreshToken: login.refresh_token, deviceCookie };
}

const memberIdOf = async (email: string) => (await database.db.select({ id: members.id }).from(members).where(eq(members.email, email)))[0]?.id ?? 0;

/** Anna's account beyond the seed: one row in each part the seed leaves empty, secrets included. */
async function fillAnnasAccount() {
  const memberId = await memberIdOf(DEMO_MEMBERS.withPassword);
  const at = new Date(TEST_TODAY);
  const [brand] = await database.db.select({ id: brands.id }).from(brands).limit(1);
  const [promotion] = await database.db.select({ id: promotions.id }).from(promotions).where(eq(promotions.code, 'SUMMER10'));
  await database.db.insert(memberBrandPreferences).values({ memberId, brandId: brand?.id ?? 0, createdAt: at });
  await database.db.insert(memberPromoCodes).values({ memberId, promotionId: promotion?.id ?? 0, setAt: at });
  await database.db.insert(memberBillingAddresses).values({
    id: randomUUID(),
    memberId,
    companyName: 'Schmidt GmbH',
    vatId: 'DE123456789',
    street: 'Unter den Linden 1',
    postalCode: '10117',
    city: 'Berlin',
    countryCode: 'DE',
    createdAt: at,
    updatedAt: at,
  });
  await database.db.insert(savedCards).values({
    id: randomUUID(),
    memberId,
    token: CARD_TOKEN,
    cvvToken: CVV_TOKEN,
    brand: 'visa',
    last4: '4242',
    expiryMonth: 12,
    expiryYear: 2030,
    holderName: 'Anna Schmidt',
    createdAt: at,
  });
  const [hotel] = await database.db.select({ id: hotels.id }).from(hotels).limit(1);
  await database.db.insert(memberReservations).values({
    id: randomUUID(),
    memberId,
    reservationNumber: 'PHONE-ANNA-0001',
    how: 'number',
    addedAt: at,
    hotelId: hotel?.id ?? 0,
    arrivalDate: '2026-04-10',
    departureDate: '2026-04-12',
    roomTypeName: 'Superior Room',
    rateName: 'Flexible',
    currency: 'EUR',
    amountMinor: 30_000,
    netAmountMinor: 27_000,
    grossEurMinor: 30_000,
    status: 'confirmed',
    origin: 'phone',
    bookedAt: at,
    syncedAt: at,
  });
  await database.db.insert(socialIdentities).values({ provider: 'google', subject: 'google-subject-of-anna', memberId, email: 'anna@gmail.example', createdAt: at });
  await database.db.insert(memberPasskeys).values({
    id: randomUUID(),
    memberId,
    ...PASSKEY,
    counter: 0,
    deviceType: 'multiDevice',
    backedUp: true,
    name: 'Anna’s laptop',
    createdAt: at,
  });
  await database.db.insert(formSubmissions).values({
    id: randomUUID(),
    kind: 'contact',
    memberId,
    name: 'Anna Schmidt',
    email: DEMO_MEMBERS.withPassword,
    locale: 'de',
    subject: 'Late arrival',
    message: 'We will arrive after midnight.',
    createdAt: at,
  });
}

beforeAll(async () => {
  t = createAuthTestApp(database.db, { settings: { publicUrl: 'https://www.example.com' } });
  await fillAnnasAccount();
  anna = await signIn(DEMO_MEMBERS.withPassword, DEMO_PASSWORD);
  omarToken = (await signIn(DEMO_MEMBERS.codeOnly)).token;
  // A spent and a live step-up token, so their hashes exist to look for.
  await stepUpToken(t.app, database.db, { token: anna.token, email: DEMO_MEMBERS.withPassword });
  await t.post(AUTH_PATHS.otpCode, { email: DEMO_MEMBERS.withPassword, locale: 'en' }, { from: '198.51.100.200' });
});

async function exportOf(token: string) {
  const answer = await t.get(ACCOUNT_SECURITY_PATHS.dataExport, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { answer, text: JSON.stringify(answer.body), data: v.parse(MemberDataExportSchema, answer.body) };
}

function keysIn(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysIn(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      keysIn(inner, into);
    }
  }
  return into;
}

describe('GET /members/export', () => {
  it('answers 401 without a token', async () => {
    const answer = await t.get(ACCOUNT_SECURITY_PATHS.dataExport);
    expect(answer.status).toBe(401);
    expect(v.parse(ErrorBodySchema, answer.body).error.code).toBe('unauthorized');
  });

  it('is a JSON file to download, never cached', async () => {
    const { answer } = await exportOf(anna.token);
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="h-rewards-data-2026-03-02.json"');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('holds every part of the member’s account', async () => {
    const { data } = await exportOf(anna.token);
    expect(data.generatedAt).toBe(t.now().toISOString());
    expect(data.profile).toMatchObject({ email: DEMO_MEMBERS.withPassword, firstName: 'Anna', hasPassword: true, customerType: 'b2c', level: 'Gold' });
    expect(data.billingAddresses).toEqual([expect.objectContaining({ companyName: 'Schmidt GmbH', vatId: 'DE123456789', country: 'DE' })]);
    expect(data.preferences).toContainEqual({ name: 'spa', active: true });
    expect(data.brandPreferences).toHaveLength(1);
    expect(data.newsletters.length).toBeGreaterThan(0);
    expect(data.favouriteHotels.length).toBeGreaterThan(0);
    expect(data.promoCode).toMatchObject({ code: 'SUMMER10' });
    expect(data.orders.length).toBeGreaterThan(0);
    expect(data.orders[0]?.reservations.length).toBeGreaterThan(0);
    expect(data.addedReservations).toEqual([expect.objectContaining({ reservationNumber: 'PHONE-ANNA-0001', total: { amount: 300, currency: 'EUR' }, removedAt: null })]);
    expect(data.savedCards).toEqual([{ brand: 'visa', last4: '4242', expiryMonth: 12, expiryYear: 2030, holderName: 'Anna Schmidt', savedAt: TEST_TODAY.toISOString() }]);
    expect(data.pointsHistory.length).toBeGreaterThan(0);
    expect(data.pointsHistory.at(-1)?.balanceAfter).toBe(data.profile.points);
    expect(data.vouchers.length).toBeGreaterThan(0);
    expect(data.stayVouchers.length).toBeGreaterThan(0);
    expect(data.sessions).toContainEqual(expect.objectContaining({ device: 'Chrome on Windows', endedAt: null }));
    expect(data.devices).toContainEqual(expect.objectContaining({ device: 'Chrome on Windows' }));
    expect(data.socialAccounts).toEqual([{ provider: 'google', email: 'anna@gmail.example', linkedAt: TEST_TODAY.toISOString() }]);
    expect(data.passkeys).toEqual([{ name: 'Anna’s laptop', createdAt: TEST_TODAY.toISOString(), lastUsedAt: null }]);
    expect(data.formSubmissions).toEqual([expect.objectContaining({ kind: 'contact', subject: 'Late arrival', message: 'We will arrive after midnight.' })]);
  });

  it('holds nothing of another member', async () => {
    const { text, data } = await exportOf(anna.token);
    const [omar] = await database.db.select().from(members).where(eq(members.email, DEMO_MEMBERS.codeOnly));
    const omarVoucherCodes = (await database.db.select({ code: vouchers.code }).from(vouchers).where(eq(vouchers.memberId, omar?.id ?? 0))).map((row) => row.code);
    expect(omarVoucherCodes.length).toBeGreaterThan(0);
    for (const value of [DEMO_MEMBERS.codeOnly, omar?.guid ?? 'guid', omar?.lastName ?? 'name', DEMO_LOYALTY.omarClaimId, ...omarVoucherCodes]) {
      expect(text).not.toContain(value);
    }
    expect(data.pointsClaims.every((claim) => !claim.reservationNumber.includes('OMAR'))).toBe(true);

    // And the other way round: Omar's file has none of Anna's bookings, cards or stay vouchers.
    const omars = await exportOf(omarToken);
    expect(omars.data.profile.email).toBe(DEMO_MEMBERS.codeOnly);
    expect(omars.data.orders).toEqual([]);
    expect(omars.data.savedCards).toEqual([]);
    for (const value of [DEMO_MEMBERS.withPassword, 'Schmidt GmbH', ...data.orders.flatMap((order) => order.reservations.map((room) => room.reservationNumber))]) {
      expect(omars.text).not.toContain(value);
    }
    const annasStayVoucherCodes = (await database.db.select({ code: stayVouchers.code }).from(stayVouchers).where(eq(stayVouchers.memberId, await memberIdOf(DEMO_MEMBERS.withPassword)))).map((row) => row.code);
    for (const code of annasStayVoucherCodes) expect(omars.text).not.toContain(code);
  });

  it('has no key that names a secret and no value the site keeps secret', async () => {
    const { text, data } = await exportOf(anna.token);
    const keys = [...keysIn(data)];
    for (const key of FORBIDDEN_KEYS) expect(keys).not.toContain(key);
    expect(keys.filter((key) => SECRET_KEY_PATTERN.test(key))).toEqual([]);

    const memberId = await memberIdOf(DEMO_MEMBERS.withPassword);
    const sessionIds = (await database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.memberId, memberId))).map((row) => row.id);
    const secrets = [
      DEMO_PASSWORD_HASH,
      DEMO_PASSWORD,
      anna.token,
      anna.refreshToken,
      anna.deviceCookie.slice(DEVICE_COOKIE.length + 1),
      CARD_TOKEN,
      CVV_TOKEN,
      PASSKEY.credentialId,
      PASSKEY.publicKey,
      ...(await database.db.select({ value: refreshTokens.tokenHash }).from(refreshTokens).where(inArray(refreshTokens.sessionId, sessionIds))).map((row) => row.value),
      ...(await database.db.select({ value: stepUpTokens.tokenHash }).from(stepUpTokens).where(inArray(stepUpTokens.sessionId, sessionIds))).map((row) => row.value),
      ...(await database.db.select({ value: exchangeCodes.codeHash }).from(exchangeCodes).where(inArray(exchangeCodes.sessionId, sessionIds))).map((row) => row.value),
      ...(await database.db.select({ value: memberDevices.tokenHash }).from(memberDevices).where(eq(memberDevices.memberId, memberId))).map((row) => row.value),
      ...(await database.db.select({ value: oneTimeCodes.codeHash }).from(oneTimeCodes).where(eq(oneTimeCodes.email, DEMO_MEMBERS.withPassword))).map((row) => row.value),
      ...(await database.db.select({ value: newsletterConfirmations.tokenHash }).from(newsletterConfirmations)).map((row) => row.value),
      ...(await database.db.select({ value: serverSecrets.value }).from(serverSecrets)).map((row) => row.value),
      // Session ids are the `sso` of access tokens, order ids open guest orders: not for a file that may be passed around.
      ...sessionIds,
      ...(await database.db.select({ value: orders.id }).from(orders).where(eq(orders.memberId, memberId))).map((row) => row.value),
    ];
    expect(secrets.filter((secret) => secret.length < 8)).toEqual([]);
    // Each kind of hash looked for is there to be found.
    expect(secrets.length).toBeGreaterThan(12);
    for (const secret of secrets) expect(text).not.toContain(secret);
  });

  it(`answers at most ${DATA_EXPORTS_PER_HOUR} an hour per member (429 with Retry-After)`, async () => {
    // An hour on: the earlier tests' exports are in the window before.
    t.advance(60 * 60 * 1000);
    const { token } = await signIn(DEMO_MEMBERS.codeOnly);
    for (let i = 0; i < DATA_EXPORTS_PER_HOUR; i++) expect((await t.get(ACCOUNT_SECURITY_PATHS.dataExport, { token })).status).toBe(200);
    const refused = await t.get(ACCOUNT_SECURITY_PATHS.dataExport, { token });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another member is not held back.
    const annaAgain = await signIn(DEMO_MEMBERS.withPassword, DEMO_PASSWORD);
    expect((await t.get(ACCOUNT_SECURITY_PATHS.dataExport, { token: annaAgain.token })).status).toBe(200);
    t.advance(60 * 60 * 1000);
    const fresh = await signIn(DEMO_MEMBERS.codeOnly);
    expect((await t.get(ACCOUNT_SECURITY_PATHS.dataExport, { token: fresh.token })).status).toBe(200);
  });
});
