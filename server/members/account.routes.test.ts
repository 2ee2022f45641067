import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS, LoginResponseSchema, MEMBER_PATHS, RegisterResponseSchema } from '../../src/contract/auth';
import { ErrorBodySchema } from '../../src/contract/errors';
import {
  CancelMembershipResponseSchema,
  FavouritesResponseSchema,
  FormReceivedResponseSchema,
  MEMBER_ACCOUNT_LIMITS,
  MEMBER_ACCOUNT_PATHS as P,
  MemberPromoCodeResponseSchema,
  MembershipCancelledResponseSchema,
} from '../../src/contract/member-account';
import { TEST_TODAY, useTestDatabase } from '../../test/bff/database';
import { type Answer, type AuthTestApp, createAuthTestApp } from '../auth/testing';
import {
  formSubmissions,
  hotels,
  memberBillingAddresses,
  memberCancellations,
  memberFavouriteHotels,
  memberPreferences,
  memberPromoCodes,
  members,
  oneTimeCodes,
  orders,
  pointsLedger,
  reservations,
  sessions,
  socialIdentities,
  stayVouchers,
  vouchers,
} from '../db/schema';
import { DEMO_FAVOURITE_HOTELS } from '../db/seed/favourites';
import { DEMO_MEMBERS, DEMO_PASSWORD } from '../db/seed/members';
import { businessDate } from '../lib/calendar';
import { ledgerTotals } from '../loyalty/ledger';
import { ACCOUNT_RATE_LIMITS, PROMO_CODE_MESSAGES } from './account-routes';
import { bookingsOf } from './bookings';

/*
 * The member account through app.request() on the seed (PGlite, or PostgreSQL with DATABASE_URL):
 * favourites, the member's promo code, contact and content forms with their mails in the outbox, and
 * leaving the programme. Members who leave are new ones (registered in the test) except Anna, who leaves
 * last, with her seeded points, vouchers and bookings.
 */

const database = useTestDatabase();
let t: AuthTestApp;
const onPostgres = Boolean(process.env.DATABASE_URL);
const SERVICE = 'service@www.example.com';
const today = businessDate(TEST_TODAY);

beforeAll(() => {
  t = createAuthTestApp(database.db, { settings: { publicUrl: 'https://www.example.com' } });
});

const errorOf = (answer: Answer) => v.parse(ErrorBodySchema, answer.body).error;
const call = (method: string, path: string, options: { token?: string; body?: unknown; from?: string } = {}) => t.call(method, path, options);
let addressCounter = 0;
/** A client address of its own, so the per-address limits of one test never reach into another. */
const freshAddress = () => `203.0.113.${++addressCounter}`;

async function passwordSignIn(email: string, password: string) {
  return t.post(AUTH_PATHS.passwordLogin, { email, password }, { from: freshAddress() });
}

async function tokenOfAnna(): Promise<string> {
  const answer = await passwordSignIn(DEMO_MEMBERS.withPassword, DEMO_PASSWORD);
  const data = v.parse(LoginResponseSchema, answer.body).data;
  if (data.result !== 'Authenticated') throw new Error('Anna did not sign in');
  return data.token;
}

/** Signs in with a mailed code: the token of a member, or the registration token of an unknown email. */
async function codeSignIn(email: string) {
  const from = freshAddress();
  expect((await t.post(AUTH_PATHS.otpCode, { email, locale: 'en' }, { from })).status).toBe(202);
  const answer = await t.post(AUTH_PATHS.otpLogin, { email, code: await t.lastCode(email) }, { from });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return v.parse(LoginResponseSchema, answer.body).data;
}

/** A new active member with a password, registered through the real routes; their session token. */
async function newMember(email: string, password = 'a-long-password-1'): Promise<string> {
  const login = await codeSignIn(email);
  if (login.result !== 'RegistrationRequired') throw new Error(`${email} is already a member`);
  const answer = await t.post(
    MEMBER_PATHS.register,
    { email, firstName: 'Lea', lastName: 'Leaving', locale: 'en', acceptTerms: true, password, registration_token: login.registration_token },
    { from: freshAddress() },
  );
  const data = v.parse(RegisterResponseSchema, answer.body).data;
  if (!data.token) throw new Error('No token at registration');
  return data.token;
}

const favouritesOf = async (token: string) => {
  const answer = await call('GET', P.favourites, { token });
  expect(answer.status).toBe(200);
  return v.parse(FavouritesResponseSchema, answer.body).data;
};
const favourite = (hotelCode: string) => P.favourite.replace(':hotelCode', hotelCode);

describe('without a token', () => {
  it('answers 401 before looking at the request, on every member route', async () => {
    const cases: [string, string, unknown][] = [
      ['GET', P.favourites, undefined],
      ['PUT', favourite('not a code'), undefined],
      ['DELETE', favourite('SBTG'), undefined],
      ['POST', P.redeemPromoCode, { code: 42 }],
      ['GET', P.promoCode, undefined],
      ['PUT', P.promoCode, { nonsense: true }],
      ['POST', P.cancelMembership, undefined],
      ['POST', P.confirmMembershipCancellation, { code: 'x' }],
    ];
    for (const [method, path, body] of cases) {
      const answer = await call(method, path, { body });
      expect(answer.status, `${method} ${path}`).toBe(401);
      expect(errorOf(answer).code).toBe('unauthorized');
    }
  });

  it('answers 401 for a contact form with an invalid token (not taken for a visitor), before validation', async () => {
    const answer = await t.call('POST', P.contact, { body: {}, headers: { authorization: 'Bearer not-a-token' } });
    expect(answer.status).toBe(401);
  });
});

describe('favourites', () => {
  it('lists Anna’s seeded favourites, newest first', async () => {
    expect(await favouritesOf(await tokenOfAnna())).toEqual([...DEMO_FAVOURITE_HOTELS]);
  });

  it('adds idempotently (newest first), removes, and leaves another member’s list alone', async () => {
    const token = await newMember('fav.one@example.com');
    const other = await newMember('fav.other@example.com');
    expect((await call('PUT', favourite('IBHB'), { token: other })).status).toBe(200);

    const first = await call('PUT', favourite('MXBM'), { token });
    expect(v.parse(FavouritesResponseSchema, first.body).data).toEqual(['MXBM']);
    t.advance(1000);
    expect(v.parse(FavouritesResponseSchema, (await call('PUT', favourite('ZLBF'), { token })).body).data).toEqual(['ZLBF', 'MXBM']);
    t.advance(1000);
    // Adding it again changes nothing, not even the order.
    expect(v.parse(FavouritesResponseSchema, (await call('PUT', favourite('MXBM'), { token })).body).data).toEqual(['ZLBF', 'MXBM']);
    expect(v.parse(FavouritesResponseSchema, (await call('DELETE', favourite('ZLBF'), { token })).body).data).toEqual(['MXBM']);
    // Removing what is not there is fine too.
    expect((await call('DELETE', favourite('ZLBF'), { token })).status).toBe(200);
    expect(await favouritesOf(other)).toEqual(['IBHB']);
  });

  it('answers 404 for an unknown hotel and 400 for a malformed code', async () => {
    const token = await tokenOfAnna();
    const unknown = await call('PUT', favourite('XXXX'), { token });
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown).code).toBe('not_found');
    expect((await call('DELETE', favourite('XXXX'), { token })).status).toBe(404);
    const bad = await call('PUT', favourite('sbtg!'), { token });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).issues?.[0]?.path).toBe('hotelCode');
  });

  it(`keeps at most ${MEMBER_ACCOUNT_LIMITS.favourites} per member: the next one answers 409`, async () => {
    const token = await newMember('fav.full@example.com');
    const [member] = await database.db.select().from(members).where(eq(members.email, 'fav.full@example.com'));
    const all = await database.db.select({ id: hotels.id, code: hotels.hotelCode }).from(hotels).orderBy(asc(hotels.id));
    const spare = all.at(-1);
    if (!member || !spare) throw new Error('seed');
    // The seed has fewer hotels than the limit: the test fills the list with rows of the hotels it has,
    // then lowers the limit's reach by counting. Every hotel but one is a favourite, plus fillers.
    const base = all.slice(0, -1);
    await database.db.insert(memberFavouriteHotels).values(base.map((hotel) => ({ memberId: member.id, hotelId: hotel.id, addedAt: TEST_TODAY })));
    const missing = MEMBER_ACCOUNT_LIMITS.favourites - base.length;
    if (missing > 0) {
      // Favourites of hotels made for the test, so the member holds exactly the limit.
      const [template] = await database.db.select().from(hotels).where(eq(hotels.id, spare.id));
      if (!template) throw new Error('seed');
      const { id: _id, ...rest } = template;
      const made = await database.db
        .insert(hotels)
        .values(Array.from({ length: missing }, (_, index) => ({ ...rest, hotelCode: `FV${String(index).padStart(4, '0')}`, externalBookingUrl: null })))
        .returning({ id: hotels.id });
      await database.db.insert(memberFavouriteHotels).values(made.map((hotel) => ({ memberId: member.id, hotelId: hotel.id, addedAt: TEST_TODAY })));
    }
    expect(await favouritesOf(token)).toHaveLength(MEMBER_ACCOUNT_LIMITS.favourites);
    const refused = await call('PUT', favourite(spare.code), { token });
    expect(refused.status).toBe(409);
    expect(errorOf(refused).message).toContain(String(MEMBER_ACCOUNT_LIMITS.favourites));
    // One already there is still fine (idempotent), and after removing one there is room again.
    expect((await call('PUT', favourite(base[0]?.code ?? ''), { token })).status).toBe(200);
    expect((await call('DELETE', favourite(base[0]?.code ?? ''), { token })).status).toBe(200);
    expect((await call('PUT', favourite(spare.code), { token })).status).toBe(200);
  });
});

describe('promo code', () => {
  it('redeems a code that applies (any case), answers it with percent, window and brands, and GET shows it', async () => {
    const token = await newMember('promo.one@example.com');
    expect(v.parse(MemberPromoCodeResponseSchema, (await call('GET', P.promoCode, { token })).body).data).toBeNull();
    const redeemed = await call('POST', P.redeemPromoCode, { token, body: { code: ' zleep15 ' } });
    expect(redeemed.status).toBe(200);
    const expected = { code: 'ZLEEP15', percentOff: 15, stayFrom: today, brands: ['jaz', 'zleep'], applies: true };
    expect(v.parse(MemberPromoCodeResponseSchema, redeemed.body).data).toMatchObject(expected);
    expect(v.parse(MemberPromoCodeResponseSchema, (await call('GET', P.promoCode, { token })).body).data).toMatchObject(expected);
  });

  it('answers 404 for an unknown code and 409 for an expired one, keeping the member’s code', async () => {
    const token = await newMember('promo.two@example.com');
    await call('POST', P.redeemPromoCode, { token, body: { code: 'SUMMER10' } });
    const unknown = await call('POST', P.redeemPromoCode, { token, body: { code: 'NOSUCHCODE' } });
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown).message).toBe(PROMO_CODE_MESSAGES.unknown);
    const expired = await call('POST', P.redeemPromoCode, { token, body: { code: 'WINTER25' } });
    expect(expired.status).toBe(409);
    expect(errorOf(expired).message).toBe(PROMO_CODE_MESSAGES.expired);
    expect((await call('PUT', P.promoCode, { token, body: { code: 'WINTER25' } })).status).toBe(409);
    expect(v.parse(MemberPromoCodeResponseSchema, (await call('GET', P.promoCode, { token })).body).data?.code).toBe('SUMMER10');
  });

  it('sets and clears with PUT; another member’s code is untouched; bad input is 400', async () => {
    const token = await newMember('promo.three@example.com');
    const other = await newMember('promo.other@example.com');
    await call('POST', P.redeemPromoCode, { token: other, body: { code: 'SUMMER10' } });
    const set = await call('PUT', P.promoCode, { token, body: { code: 'ZLEEP15' } });
    expect(v.parse(MemberPromoCodeResponseSchema, set.body).data?.code).toBe('ZLEEP15');
    const cleared = await call('PUT', P.promoCode, { token, body: { code: null } });
    expect(v.parse(MemberPromoCodeResponseSchema, cleared.body).data).toBeNull();
    expect(v.parse(MemberPromoCodeResponseSchema, (await call('GET', P.promoCode, { token: other })).body).data?.code).toBe('SUMMER10');
    for (const body of [{}, { code: 12 }, { code: 'x' }, { code: 'WITH SPACE' }, { code: 'A'.repeat(33) }]) {
      const answer = await call('PUT', P.promoCode, { token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(answer).issues?.length).toBeGreaterThan(0);
    }
    expect((await call('POST', P.redeemPromoCode, { token, body: { code: '' } })).status).toBe(400);
  });
});

describe('contact and content forms', () => {
  it('takes a visitor’s message with name and email, stores it and mails it to the service address', async () => {
    const answer = await call('POST', P.contact, {
      from: freshAddress(),
      body: { subject: 'Parking\r\nBcc: x@example.com', message: 'Is there parking at the hotel?', reservationNumber: 'sbtg-12345', name: 'Vera Visitor', email: 'Vera@Example.com' },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    const { reference } = v.parse(FormReceivedResponseSchema, answer.body).data;
    const [row] = await database.db.select().from(formSubmissions).where(eq(formSubmissions.id, reference));
    expect(row).toMatchObject({ kind: 'contact', memberId: null, name: 'Vera Visitor', email: 'vera@example.com', reservationNumber: 'SBTG-12345' });
    const mail = await t.lastMail(SERVICE);
    expect(mail.kind).toBe('contact');
    // The subject line never carries a line break typed into the form.
    expect(mail.subject).toBe('Contact: Parking Bcc: x@example.com');
    expect(mail.text).toContain(reference);
    expect(mail.text).toContain('Vera Visitor <vera@example.com>');
    expect(mail.text).toContain('Is there parking at the hotel?');
    expect(mail.text).toContain('SBTG-12345');
  });

  it('asks a visitor for name and email (400 with issues), and refuses bad input', async () => {
    const from = freshAddress();
    const anonymous = await call('POST', P.contact, { from, body: { subject: 'Hello', message: 'Hi' } });
    expect(anonymous.status).toBe(400);
    expect(errorOf(anonymous).issues?.map((issue) => issue.path).sort()).toEqual(['email', 'name']);
    for (const body of [{}, { subject: '', message: 'x', name: 'a', email: 'a@example.com' }, { subject: 's', message: 'x'.repeat(5001), name: 'a', email: 'a@example.com' }, { subject: 's\0', message: 'x', name: 'a', email: 'a@example.com' }]) {
      expect((await call('POST', P.contact, { from, body })).status).toBe(400);
    }
  });

  it('takes a member’s name and email from the profile, whatever the body says', async () => {
    const token = await newMember('contact.member@example.com');
    const answer = await call('POST', P.contact, { token, body: { subject: 'Invoice', message: 'Please send my invoice.', name: 'Someone Else', email: 'else@example.com' } });
    expect(answer.status).toBe(202);
    const { reference } = v.parse(FormReceivedResponseSchema, answer.body).data;
    const [row] = await database.db.select().from(formSubmissions).where(eq(formSubmissions.id, reference));
    expect(row).toMatchObject({ name: 'Lea Leaving', email: 'contact.member@example.com' });
    expect(row?.memberId).not.toBeNull();
    const mail = await t.lastMail(SERVICE);
    expect(mail.text).toContain('Lea Leaving <contact.member@example.com>');
    expect(mail.text).not.toContain('else@example.com');
  });

  it('stores and mails a content page’s form, with bounded fields', async () => {
    const from = freshAddress();
    const answer = await call('POST', P.contentForm, {
      from,
      body: { formId: 'group-booking', fields: { name: 'Gustav Group', email: 'gustav@example.com', rooms: '12', arrival: '2026-09-01' } },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    const { reference } = v.parse(FormReceivedResponseSchema, answer.body).data;
    const [row] = await database.db.select().from(formSubmissions).where(eq(formSubmissions.id, reference));
    expect(row).toMatchObject({ kind: 'content-form', formId: 'group-booking', name: 'Gustav Group', email: 'gustav@example.com', fields: { rooms: '12' } });
    const mail = await t.lastMail(SERVICE);
    expect(mail).toMatchObject({ kind: 'content-form', subject: 'Form: group-booking' });
    expect(mail.text).toContain('rooms: 12');

    const tooMany = Object.fromEntries(Array.from({ length: MEMBER_ACCOUNT_LIMITS.formFieldsMax + 1 }, (_, index) => [`f${index}`, 'x']));
    for (const body of [
      { formId: 'Group Booking', fields: { a: 'b' } },
      { formId: 'group-booking', fields: {} },
      { formId: 'group-booking', fields: tooMany },
      { formId: 'group-booking', fields: { 'bad key': 'x' } },
      { formId: 'group-booking', fields: { a: 'x'.repeat(MEMBER_ACCOUNT_LIMITS.formFieldValueMax + 1) } },
      { formId: 'group-booking', fields: { a: 3 } },
    ]) {
      const refused = await call('POST', P.contentForm, { from, body });
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(errorOf(refused).issues?.length).toBeGreaterThan(0);
    }
  });

  it('limits forms per member and per address (429 with Retry-After)', async () => {
    const token = await newMember('contact.limit@example.com');
    const message = { subject: 'Again', message: 'And again' };
    for (let sent = 0; sent < ACCOUNT_RATE_LIMITS.formsPerMember.limit; sent += 1) {
      expect((await call('POST', sent % 2 ? P.contact : P.contentForm, { token, body: sent % 2 ? message : { formId: 'event', fields: { text: 'x' } } })).status).toBe(202);
    }
    const refused = await call('POST', P.contact, { token, body: message });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);

    const from = freshAddress();
    const visitor = { ...message, name: 'Vic', email: 'vic@example.com' };
    for (let sent = 0; sent < ACCOUNT_RATE_LIMITS.formsPerAddress.limit; sent += 1) expect((await call('POST', P.contact, { from, body: visitor })).status).toBe(202);
    expect((await call('POST', P.contact, { from, body: visitor })).status).toBe(429);
    // Another address is not affected.
    expect((await call('POST', P.contact, { from: freshAddress(), body: visitor })).status).toBe(202);
  });
});

/** The newest cancellation code mailed to this address. */
async function cancellationCode(email: string): Promise<string> {
  const mail = (await t.outbox(email)).find((candidate) => candidate.kind === 'membership-cancellation');
  const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No cancellation code mailed to ${email}`);
  return code;
}

describe('leaving the programme', () => {
  it('refuses a wrong code, a sign-in code and bad input, and changes nothing', async () => {
    const email = 'wrong.code@example.com';
    const token = await newMember(email);
    expect((await call('POST', P.cancelMembership, { token })).status).toBe(200);
    const code = await cancellationCode(email);
    const wrong = code === '000000' ? '000001' : '000000';
    const refused = await call('POST', P.confirmMembershipCancellation, { token, body: { code: wrong, locale: 'en' } });
    expect(refused.status).toBe(400);
    expect(errorOf(refused).issues?.[0]?.path).toBe('code');
    // A sign-in code mailed to the same address is no cancellation code.
    await t.post(AUTH_PATHS.otpCode, { email, locale: 'en' }, { from: freshAddress() });
    const signInCode = await t.lastCode(email);
    if (signInCode !== code) expect((await call('POST', P.confirmMembershipCancellation, { token, body: { code: signInCode, locale: 'en' } })).status).toBe(400);
    expect((await call('POST', P.confirmMembershipCancellation, { token, body: { code: '12', locale: 'en' } })).status).toBe(400);
    expect((await call('POST', P.confirmMembershipCancellation, { token, body: { code, locale: 'xx' } })).status).toBe(400);
    const [member] = await database.db.select().from(members).where(eq(members.email, email));
    expect(member?.status).toBe('active');
    // The right code still works (fewer than five wrong tries).
    expect((await call('POST', P.confirmMembershipCancellation, { token, body: { code, locale: 'en' } })).status).toBe(200);
  });

  it('Anna: the summary, then one confirmation erases her personal data and keeps orders, ledger and upcoming bookings', async () => {
    const db = database.db;
    const token = await tokenOfAnna();
    const [anna] = await db.select().from(members).where(eq(members.email, DEMO_MEMBERS.withPassword));
    if (!anna) throw new Error('seed');
    // Something of everything that names her, to see it go.
    await call('POST', P.redeemPromoCode, { token, body: { code: 'SUMMER10' } });
    await call('POST', P.contact, { token, body: { subject: 'Leaving', message: 'Goodbye' } });
    await db.insert(memberBillingAddresses).values({ id: crypto.randomUUID(), memberId: anna.id, street: 'Weg 1', postalCode: '10115', city: 'Berlin', countryCode: 'DE', createdAt: TEST_TODAY, updatedAt: TEST_TODAY });
    await db.update(members).set({ phone: '+4930123456', birthday: '1985-04-12', street: 'Weg 1', postalCode: '10115', city: 'Berlin', countryCode: 'DE' }).where(eq(members.id, anna.id));
    await db.insert(socialIdentities).values({ provider: 'google', subject: 'anna-google', memberId: anna.id, email: anna.email, createdAt: TEST_TODAY });
    await db.insert(memberPreferences).values({ memberId: anna.id, name: 'quiet-room', active: true }).onConflictDoNothing();

    const ordersBefore = await db.select().from(orders).where(eq(orders.memberId, anna.id));
    const ledgerBefore = await db.select().from(pointsLedger).where(eq(pointsLedger.memberId, anna.id));
    const upcoming = (await bookingsOf(db, anna.id, TEST_TODAY)).upcoming.length;
    const validGift = await db.select().from(vouchers).where(and(eq(vouchers.memberId, anna.id), isNull(vouchers.redeemedOrderId)));
    const validStay = await db.select().from(stayVouchers).where(and(eq(stayVouchers.memberId, anna.id), isNull(stayVouchers.usedAt)));
    const validCount = [...validGift, ...validStay].filter((row) => row.validUntil >= today).length;
    expect(anna.points).toBeGreaterThan(0);
    expect(ordersBefore.length).toBeGreaterThan(0);
    expect(validCount).toBeGreaterThan(0);

    const asked = await call('POST', P.cancelMembership, { token });
    expect(asked.status).toBe(200);
    expect(v.parse(CancelMembershipResponseSchema, asked.body).data.summary).toEqual({
      points: anna.points,
      vouchers: validCount,
      upcomingBookings: upcoming,
      pointsLost: true,
      bookingsKept: true,
    });
    const code = await cancellationCode(anna.email);
    const confirmed = await call('POST', P.confirmMembershipCancellation, { token, body: { code, locale: 'de' } });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(v.parse(MembershipCancelledResponseSchema, confirmed.body).data).toEqual({ status: 'cancelled', upcomingBookingsKept: upcoming });

    // The confirmation went to the address she had.
    const mail = await t.lastMail(DEMO_MEMBERS.withPassword);
    expect(mail).toMatchObject({ kind: 'membership-cancellation', subject: 'Ihre H Rewards Mitgliedschaft ist beendet' });

    const [after] = await db.select().from(members).where(eq(members.id, anna.id));
    expect(after).toMatchObject({
      status: 'cancelled',
      email: `cancelled:${anna.guid}`,
      firstName: '',
      lastName: '',
      phone: null,
      birthday: null,
      street: null,
      postalCode: null,
      city: null,
      countryCode: null,
      passwordHash: null,
      salutation: null,
      points: 0,
    });
    for (const table of [memberFavouriteHotels, memberPromoCodes, memberPreferences, memberBillingAddresses, socialIdentities, sessions, formSubmissions] as const) {
      expect(await db.select().from(table).where(eq(table.memberId, anna.id))).toEqual([]);
    }
    expect(await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.email, DEMO_MEMBERS.withPassword))).toEqual([]);

    // The points are forfeited by one adjusted entry; the ledger before it is kept as it was.
    const ledgerAfter = await db.select().from(pointsLedger).where(eq(pointsLedger.memberId, anna.id)).orderBy(desc(pointsLedger.id));
    expect(ledgerAfter).toHaveLength(ledgerBefore.length + 1);
    expect(ledgerAfter[0]).toMatchObject({ kind: 'adjusted', points: -anna.points, balanceAfter: 0, idempotencyKey: `cancellation:${anna.id}` });
    expect(await ledgerTotals(db, anna.id)).toEqual({ balance: 0, pending: 0 });

    // Orders and their reservations stay (accounting), still the member row's, which names nobody now.
    const ordersAfter = await db.select().from(orders).where(eq(orders.memberId, anna.id));
    expect(ordersAfter.map((order) => order.id).sort()).toEqual(ordersBefore.map((order) => order.id).sort());
    expect((await bookingsOf(db, anna.id, TEST_TODAY)).upcoming.length).toBe(upcoming);
    const stillConfirmed = await db.select().from(reservations).where(eq(reservations.status, 'confirmed'));
    expect(stillConfirmed.length).toBeGreaterThan(0);

    // Her vouchers expired.
    const giftAfter = await db.select().from(vouchers).where(and(eq(vouchers.memberId, anna.id), isNull(vouchers.redeemedOrderId)));
    expect(giftAfter.every((row) => row.validUntil < today)).toBe(true);
    const [record] = await db.select().from(memberCancellations).where(eq(memberCancellations.memberId, anna.id));
    expect(record).toMatchObject({ pointsForfeited: anna.points, vouchersExpired: validCount, upcomingBookingsKept: upcoming });

    // The token is dead; signing in with the old email and password fails like an unknown account.
    expect((await call('GET', P.favourites, { token })).status).toBe(401);
    const withOld = await passwordSignIn(DEMO_MEMBERS.withPassword, DEMO_PASSWORD);
    const withUnknown = await passwordSignIn('never.registered@example.com', DEMO_PASSWORD);
    expect(withOld.status).toBe(withUnknown.status);
    expect(withOld.body).toEqual(withUnknown.body);
    // The email is free: a code sign-in asks to register, and the registration is a new member.
    const fresh = await newMember(DEMO_MEMBERS.withPassword, 'another-long-password');
    const [again] = await db.select().from(members).where(eq(members.email, DEMO_MEMBERS.withPassword));
    expect(again?.id).not.toBe(anna.id);
    expect(again?.points).toBe(0);
    expect(await favouritesOf(fresh)).toEqual([]);
    expect((await call('GET', P.promoCode, { token: fresh })).body).toEqual({ data: null });
  });

  it.runIf(onPostgres)('ends the membership once when two confirmations arrive at once (PostgreSQL)', async () => {
    const email = 'twice.at.once@example.com';
    const token = await newMember(email);
    const [member] = await database.db.select().from(members).where(eq(members.email, email));
    if (!member) throw new Error('registered');
    // Points to forfeit, entered the ledger's way.
    const { postEntry } = await import('../loyalty/ledger');
    await postEntry(database.db, { memberId: member.id, kind: 'adjusted', points: 700, note: 'test', idempotencyKey: `test:${member.id}` }, { now: TEST_TODAY });
    await call('POST', P.cancelMembership, { token });
    const code = await cancellationCode(email);
    const answers = await Promise.all([0, 1].map(() => call('POST', P.confirmMembershipCancellation, { token, body: { code, locale: 'en' } })));
    // The other finds the code used (400), or its session already gone (401), or the membership ended (409).
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(200);
    expect([400, 401, 409]).toContain(statuses[1]);
    expect(await database.db.select().from(memberCancellations).where(eq(memberCancellations.memberId, member.id))).toHaveLength(1);
    const entries = await database.db.select().from(pointsLedger).where(and(eq(pointsLedger.memberId, member.id), eq(pointsLedger.kind, 'adjusted')));
    expect(entries.map((entry) => entry.points).sort((a, b) => a - b)).toEqual([-700, 700]);
    expect(await ledgerTotals(database.db, member.id)).toEqual({ balance: 0, pending: 0 });
  });
});
