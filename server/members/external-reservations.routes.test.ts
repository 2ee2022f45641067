import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { BFF_PREFIX } from '../../src/contract/content';
import { ErrorBodySchema } from '../../src/contract/errors';
import { LOYALTY_PATHS, type MemberBooking, MemberBookingsResponseSchema, PointsClaimResponseSchema } from '../../src/contract/loyalty';
import {
  AddExternalReservationResponseSchema,
  externalReservationPath,
  MEMBER_RESERVATION_PATHS,
  MissingPointsResponseSchema,
  oldBookingPath,
  OldBookingsResponseSchema,
  RefreshExternalReservationsResponseSchema,
  RESERVATION_ALREADY_ADDED_MESSAGE,
  RESERVATION_NOT_FOUND_MESSAGE,
} from '../../src/contract/member-reservations';
import { TEST_TODAY } from '../../test/bff/database';
import { createMemoryLogger } from '../../test/bff/memory-logger';
import { createApp } from '../app';
import { defaultAuthSettings } from '../auth/settings';
import { type CrsOrigin, crsReservations, hotels, memberReservations, pointsClaims } from '../db/schema';
import { DEMO_LOYALTY } from '../db/seed/loyalty';
import { DEMO_MEMBERS } from '../db/seed/members';
import { DEMO_RESERVATIONS } from '../db/seed/reservations';
import { type Answer, useCommerceTests } from '../ecommerce/testing';
import { addDays, businessDate } from '../lib/calendar';
import { balanceOf, expectLedgerConsistent, memberIdOf } from '../loyalty/testing';
import type { ReservationSystemPort } from '../ports/reservation-system';

/*
 * Bookings made outside this site in the member area, through app.request() on the seeded demo members:
 * Anna (a stay booked by phone under another email, a stay booked at the hotel with her email, two old
 * bookings) and Omar (nothing in the reservation system). The tests run in order and build on each other's
 * changes, as a member's visits would.
 */

const suite = useCommerceTests();
const { t, tokens } = suite;
const today = businessDate(TEST_TODAY);
const P = MEMBER_RESERVATION_PATHS;
const { annaPhone, annaHotel, annaOldBookings, otherGuest } = DEMO_RESERVATIONS;

function dataOf<T>(schema: v.GenericSchema<unknown, { data: T }>, answer: Answer, status = 200): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return v.parse(schema, answer.body).data;
}
const errorOf = (answer: Answer) => v.parse(ErrorBodySchema, answer.body).error;
const add = (reservationNumber: string, lastName: string, token: string) => t.post(P.externalReservations, { reservationNumber, lastName }, token);
const bookingsOf = async (token: string) => dataOf(MemberBookingsResponseSchema, await t.get(LOYALTY_PATHS.bookings, token));
const allBookings = async (token: string): Promise<MemberBooking[]> => {
  const bookings = await bookingsOf(token);
  return [...bookings.upcoming, ...bookings.past, ...bookings.cancelled];
};
const numbersIn = (bookings: readonly MemberBooking[]) => bookings.flatMap((booking) => booking.rooms.map((room) => room.reservationNumber));
const missingPoints = async (token: string) => dataOf(MissingPointsResponseSchema, await t.get(P.missingPoints, token));
const expectNotFound = (answer: Answer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(404);
  expect(errorOf(answer)).toEqual({ code: 'not_found', message: RESERVATION_NOT_FOUND_MESSAGE });
};
const expectConflict = (answer: Answer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(409);
  expect(errorOf(answer)).toEqual({ code: 'conflict', message: RESERVATION_ALREADY_ADDED_MESSAGE });
};

/** A reservation of the reservation system for a test: two nights at SMSB ending `departureDaysAgo` ago, 2 x 107.00 EUR with 7 % VAT. */
async function crsReservation(fields: {
  reservationNumber: string;
  lastName?: string;
  email?: string;
  departureDaysAgo?: number;
  status?: 'confirmed' | 'cancelled';
  origin?: CrsOrigin;
  pointsPaid?: number;
  pointsEarned?: number;
}): Promise<void> {
  const [hotel] = await suite.db.select({ id: hotels.id }).from(hotels).where(eq(hotels.hotelCode, 'SMSB'));
  if (!hotel) throw new Error('No hotel SMSB');
  const departure = addDays(today, -(fields.departureDaysAgo ?? 10));
  await suite.db.insert(crsReservations).values({
    id: crypto.randomUUID(),
    reservationNumber: fields.reservationNumber,
    hotelId: hotel.id,
    guestFirstName: 'Test',
    guestLastName: fields.lastName ?? 'Haddad',
    guestEmail: fields.email ?? 'someone.else@example.org',
    arrivalDate: addDays(departure, -2),
    departureDate: departure,
    roomTypeName: 'Standardzimmer',
    rateName: 'Flexibler Tarif',
    currency: 'EUR',
    amountMinor: 21_400,
    netAmountMinor: 20_000,
    grossEurMinor: 21_400,
    status: fields.status ?? 'confirmed',
    origin: fields.origin ?? 'phone',
    pointsEarned: fields.pointsEarned ?? 0,
    pointsPaid: fields.pointsPaid ?? 0,
    bookedAt: new Date(`${addDays(departure, -30)}T09:00:00Z`),
  });
}

/** The same app on the same database, with a reservation system that never answers. */
function appWithoutReservationSystem() {
  const failing: ReservationSystemPort = {
    findReservation: () => Promise.reject(new Error('connect ECONNREFUSED')),
    reservationsForEmail: () => Promise.reject(new Error('connect ECONNREFUSED')),
    reservations: () => Promise.reject(new Error('connect ECONNREFUSED')),
  };
  const logger = createMemoryLogger();
  const app = createApp({
    db: suite.db,
    logger,
    version: 'test',
    now: () => new Date(TEST_TODAY),
    auth: { settings: defaultAuthSettings({ devOutbox: true }) },
    reservationSystem: failing,
  });
  async function call(method: string, path: string, token: string, body?: unknown): Promise<Answer & { retryAfter: string | null }> {
    const response = await app.request(`${BFF_PREFIX}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined, retryAfter: response.headers.get('retry-after') };
  }
  return { call, logger };
}

describe('who may call', () => {
  const routes: [string, string, unknown?][] = [
    ['POST', P.externalReservations, { reservationNumber: annaPhone.reservationNumber, lastName: 'Schmidt' }],
    ['DELETE', externalReservationPath(annaPhone.reservationNumber)],
    ['POST', P.refresh],
    ['GET', P.oldBookings],
    ['DELETE', oldBookingPath(annaOldBookings[0].reservationNumber)],
    ['GET', P.missingPoints],
  ];

  it.each(routes)('%s %s answers 401 without a token, and with a token that is not one', async (method, path, body) => {
    const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer not-a-token' }];
    for (const headers of attempts) {
      const answer = await t.call(method, path, body, headers);
      expect(answer.status).toBe(401);
      expect(errorOf(answer).code).toBe('unauthorized');
    }
    expect(await suite.db.select().from(memberReservations)).toEqual([]);
  });
});

describe('bad input', () => {
  const issuesOf = async (answer: Answer | Promise<Answer>) => {
    const resolved = await answer;
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(400);
    const error = errorOf(resolved);
    expect(error.code).toBe('bad_request');
    return (error.issues ?? []).map((issue) => issue.path).sort();
  };

  it('refuses a missing or malformed reservation number or last name, and reservation numbers in paths that are not ones', async () => {
    expect(await issuesOf(t.post(P.externalReservations, {}, tokens.anna))).toEqual(['lastName', 'reservationNumber']);
    expect(await issuesOf(add('a b', 'Schmidt', tokens.anna))).toEqual(['reservationNumber']);
    expect(await issuesOf(add('SMS', 'Schmidt', tokens.anna))).toEqual(['reservationNumber']);
    expect(await issuesOf(add(annaPhone.reservationNumber, '   ', tokens.anna))).toEqual(['lastName']);
    expect(await issuesOf(add(annaPhone.reservationNumber, 'x'.repeat(101), tokens.anna))).toEqual(['lastName']);
    expect(await issuesOf(add(annaPhone.reservationNumber, 'Schmidt\u0000', tokens.anna))).toEqual(['lastName']);
    expect(await issuesOf(t.post(P.externalReservations, { reservationNumber: 42, lastName: ['Schmidt'] }, tokens.anna))).toEqual(['lastName', 'reservationNumber']);
    expect(await issuesOf(t.del(externalReservationPath('no way!'), tokens.anna))).toEqual(['reservationNumber']);
    expect(await issuesOf(t.del(oldBookingPath('x'), tokens.anna))).toEqual(['reservationNumber']);
    expect(await suite.db.select().from(memberReservations)).toEqual([]);
  });
});

describe('adding a reservation by number and last name', () => {
  it('answers one 404 for an unknown number, a wrong last name, and a booking of the old website', async () => {
    expectNotFound(await add('SMSB-NOSUCH01', 'Schmidt', tokens.anna));
    expectNotFound(await add(annaPhone.reservationNumber, 'Schmitt', tokens.anna));
    expectNotFound(await add(annaOldBookings[0].reservationNumber, 'Schmidt', tokens.omar));
    // Anna's own old booking is in her account already, among her old bookings.
    expectConflict(await add(annaOldBookings[0].reservationNumber, 'Schmidt', tokens.anna));
  });

  it("adds Anna's phone booking whatever the case, spaces or accents of the last name, as bookings lists it", async () => {
    const booking = dataOf(AddExternalReservationResponseSchema, await add(annaPhone.reservationNumber.toLowerCase(), '  SCHMÍDT ', tokens.anna), 201);
    expect(booking).toMatchObject({
      orderId: `crs:${annaPhone.reservationNumber}`,
      source: 'reservation-system',
      status: 'confirmed',
      hotel: { code: annaPhone.hotelCode },
      arrivalDate: addDays(today, -annaPhone.arrivalDaysAgo),
      departureDate: addDays(today, -annaPhone.departureDaysAgo),
      nights: 2,
      currency: 'EUR',
      totalAmount: 256.8,
      paymentMethod: 'card',
      pointsPaid: 0,
      pointsEarned: 0,
      pointsPending: false,
      rooms: [{ reservationNumber: annaPhone.reservationNumber, roomTypeName: 'Superior Doppelzimmer', rateName: 'Flexibler Tarif', status: 'confirmed' }],
    });
    const bookings = await bookingsOf(tokens.anna);
    expect(bookings.past.find((entry) => entry.orderId === booking.orderId)).toEqual(booking);
    // Bookings of this site say so.
    expect(bookings.upcoming.find((entry) => entry.orderId === DEMO_LOYALTY.annaUpcomingOrderId)?.source).toBe('online');
  });

  it('answers 409 when it is in her account already or she booked it on this site, and 404 to anyone else', async () => {
    expectConflict(await add(annaPhone.reservationNumber, 'Schmidt', tokens.anna));
    expectConflict(await add(DEMO_LOYALTY.annaPastStay.reservationNumber, 'Schmidt', tokens.anna));
    // Omar learns nothing: not that it exists, not whose it is.
    expectNotFound(await add(annaPhone.reservationNumber, 'Schmidt', tokens.omar));
    expectNotFound(await add(DEMO_LOYALTY.annaPastStay.reservationNumber, 'Schmidt', tokens.omar));
    expect(numbersIn(await allBookings(tokens.omar))).toEqual([]);
  });

  it('compares last names without accents and case both ways, and adds a cancelled reservation as cancelled', async () => {
    await crsReservation({ reservationNumber: 'SMSB-ACCENT01', lastName: 'Müller-Lüdenscheidt', status: 'cancelled' });
    const booking = dataOf(AddExternalReservationResponseSchema, await add('SMSB-ACCENT01', 'muller-ludenscheidt', tokens.omar), 201);
    expect(booking).toMatchObject({ status: 'cancelled', totalAmount: 0, rooms: [{ status: 'cancelled' }] });
    expect((await bookingsOf(tokens.omar)).cancelled.map((entry) => entry.orderId)).toEqual(['crs:SMSB-ACCENT01']);
  });
});

describe('removing an added reservation', () => {
  it("answers 404 for another member's, a booking of this site and an unknown number; 204 for her own, which she can add again", async () => {
    expect((await t.del(externalReservationPath(annaPhone.reservationNumber), tokens.omar)).status).toBe(404);
    expect((await t.del(externalReservationPath(DEMO_LOYALTY.annaPastStay.reservationNumber), tokens.anna)).status).toBe(404);
    expect((await t.del(externalReservationPath('SMSB-NOSUCH01'), tokens.anna)).status).toBe(404);
    expect(numbersIn(await allBookings(tokens.anna))).toContain(annaPhone.reservationNumber);

    const removed = await t.del(externalReservationPath(annaPhone.reservationNumber.toLowerCase()), tokens.anna);
    expect(removed.status).toBe(204);
    expect(removed.body).toBeUndefined();
    expect(numbersIn(await allBookings(tokens.anna))).not.toContain(annaPhone.reservationNumber);
    expect((await t.del(externalReservationPath(annaPhone.reservationNumber), tokens.anna)).status).toBe(404);
    dataOf(AddExternalReservationResponseSchema, await add(annaPhone.reservationNumber, 'Schmidt', tokens.anna), 201);
  });
});

describe('refresh', () => {
  it('adds the reservations made by phone or at the hotel with her email, once; old bookings and other guests stay out', async () => {
    const first = dataOf(RefreshExternalReservationsResponseSchema, await t.post(P.refresh, undefined, tokens.anna));
    expect(first).toEqual({ added: 1 });
    const bookings = await bookingsOf(tokens.anna);
    expect(bookings.upcoming.find((entry) => entry.orderId === `crs:${annaHotel.reservationNumber}`)).toMatchObject({
      source: 'reservation-system',
      hotel: { code: annaHotel.hotelCode },
      arrivalDate: addDays(today, 60),
      nights: 3,
      totalAmount: 321,
    });
    const numbers = numbersIn([...bookings.upcoming, ...bookings.past, ...bookings.cancelled]);
    for (const old of annaOldBookings) expect(numbers).not.toContain(old.reservationNumber);
    expect(numbers).not.toContain(otherGuest.reservationNumber);

    expect(dataOf(RefreshExternalReservationsResponseSchema, await t.post(P.refresh, undefined, tokens.anna))).toEqual({ added: 0 });
    expect(dataOf(RefreshExternalReservationsResponseSchema, await t.post(P.refresh, undefined, tokens.omar))).toEqual({ added: 0 });
    expect((await allBookings(tokens.anna)).filter((entry) => entry.orderId === `crs:${annaHotel.reservationNumber}`)).toHaveLength(1);
  });

  it('keeps a refreshed reservation she removed out of her account on the next refresh', async () => {
    expect((await t.del(externalReservationPath(annaHotel.reservationNumber), tokens.anna)).status).toBe(204);
    expect(dataOf(RefreshExternalReservationsResponseSchema, await t.post(P.refresh, undefined, tokens.anna))).toEqual({ added: 0 });
    expect(numbersIn(await allBookings(tokens.anna))).not.toContain(annaHotel.reservationNumber);
    // By its number she can have it back.
    dataOf(AddExternalReservationResponseSchema, await add(annaHotel.reservationNumber, 'Schmidt', tokens.anna), 201);
    expect(numbersIn(await allBookings(tokens.anna))).toContain(annaHotel.reservationNumber);
  });

  it('answers 503 service_unavailable and changes nothing when the reservation system does not answer', async () => {
    const omar = DEMO_MEMBERS.codeOnly;
    await crsReservation({ reservationNumber: 'SMSB-OMARHOTEL', email: omar, origin: 'hotel' });
    const rows = async () => ({ added: await suite.db.select().from(memberReservations), claims: await suite.db.select().from(pointsClaims) });
    const before = await rows();
    const down = appWithoutReservationSystem();
    for (const [method, path, body] of [
      ['POST', P.refresh],
      ['POST', P.externalReservations, { reservationNumber: 'SMSB-OMARHOTEL', lastName: 'Haddad' }],
      ['GET', P.oldBookings],
      ['DELETE', oldBookingPath(annaOldBookings[0].reservationNumber)],
    ] as const) {
      const answer = await down.call(method, path, method === 'GET' || method === 'DELETE' ? tokens.anna : tokens.omar, body);
      expect(answer.status, `${method} ${path}`).toBe(503);
      expect(errorOf(answer).code).toBe('service_unavailable');
      expect(answer.retryAfter).toBe('30');
    }
    expect(await rows()).toEqual(before);
    expect(down.logger.lines.map((line) => line.msg)).toContain('reservation system unavailable');
    // What needs only this site's database still answers.
    expect((await down.call('GET', P.missingPoints, tokens.anna)).status).toBe(200);
    expect((await down.call('GET', LOYALTY_PATHS.bookings, tokens.anna)).status).toBe(200);
    // Once it answers again, the refresh adds what it could not.
    expect(dataOf(RefreshExternalReservationsResponseSchema, await t.post(P.refresh, undefined, tokens.omar))).toEqual({ added: 1 });
  });

  it("brings the copies in the account up to date: a reservation cancelled since moves to cancelled", async () => {
    await suite.db.update(crsReservations).set({ status: 'cancelled' }).where(eq(crsReservations.reservationNumber, 'SMSB-OMARHOTEL'));
    expect(dataOf(RefreshExternalReservationsResponseSchema, await t.post(P.refresh, undefined, tokens.omar))).toEqual({ added: 0 });
    const bookings = await bookingsOf(tokens.omar);
    expect(bookings.cancelled.map((entry) => entry.orderId)).toContain('crs:SMSB-OMARHOTEL');
    expect(bookings.past.map((entry) => entry.orderId)).not.toContain('crs:SMSB-OMARHOTEL');
  });
});

describe('old bookings', () => {
  it("lists Anna's bookings of the old website newest first, and none for Omar", async () => {
    const old = dataOf(OldBookingsResponseSchema, await t.get(P.oldBookings, tokens.anna));
    expect(old.map((booking) => [booking.reservationNumber, booking.hotel.code, booking.status])).toEqual([
      [annaOldBookings[0].reservationNumber, annaOldBookings[0].hotelCode, 'confirmed'],
      [annaOldBookings[1].reservationNumber, annaOldBookings[1].hotelCode, 'cancelled'],
    ]);
    expect(old[0]).toMatchObject({ nights: 3, amount: 353.1, currency: 'EUR', roomTypeName: 'Standardzimmer', rateName: 'Flexibler Tarif' });
    expect(old[0]?.hotel.name).toBeTruthy();
    expect(dataOf(OldBookingsResponseSchema, await t.get(P.oldBookings, tokens.omar))).toEqual([]);
  });

  it("hides one for her (204), not for anyone else's asking (404), and once only", async () => {
    const [newer, older] = annaOldBookings;
    expect((await t.del(oldBookingPath(newer.reservationNumber), tokens.omar)).status).toBe(404);
    expect((await t.del(oldBookingPath(annaPhone.reservationNumber), tokens.anna)).status).toBe(404);
    expect((await t.del(oldBookingPath('LW-0000-000000'), tokens.anna)).status).toBe(404);
    expect((await t.del(oldBookingPath(newer.reservationNumber), tokens.anna)).status).toBe(204);
    expect(dataOf(OldBookingsResponseSchema, await t.get(P.oldBookings, tokens.anna)).map((booking) => booking.reservationNumber)).toEqual([older.reservationNumber]);
    expect((await t.del(oldBookingPath(newer.reservationNumber), tokens.anna)).status).toBe(404);
    // Hidden is not added: it is in no list of bookings, and no refresh brings it.
    expect(dataOf(RefreshExternalReservationsResponseSchema, await t.post(P.refresh, undefined, tokens.anna))).toEqual({ added: 0 });
    expect(numbersIn(await allBookings(tokens.anna))).not.toContain(newer.reservationNumber);
  });
});

describe('missing points', () => {
  let anna = 0;
  beforeAll(async () => {
    anna = await memberIdOf(suite.db, DEMO_MEMBERS.withPassword);
  });

  it("lists Anna's own past stay that earned nothing and the phone booking she added, with the points a request grants", async () => {
    const stays = await missingPoints(tokens.anna);
    expect(stays).toEqual([
      {
        reservationNumber: DEMO_LOYALTY.annaPastStay.reservationNumber,
        hotel: { code: 'SMSB', name: expect.any(String) as string },
        arrivalDate: addDays(today, -DEMO_LOYALTY.annaPastStay.arrivalDaysAgo),
        departureDate: addDays(today, -DEMO_LOYALTY.annaPastStay.departureDaysAgo),
        source: 'online',
        points: DEMO_LOYALTY.annaPastStay.claimablePoints,
        claim: null,
      },
      {
        reservationNumber: annaPhone.reservationNumber,
        hotel: { code: annaPhone.hotelCode, name: expect.any(String) as string },
        arrivalDate: addDays(today, -annaPhone.arrivalDaysAgo),
        departureDate: addDays(today, -annaPhone.departureDaysAgo),
        source: 'reservation-system',
        points: annaPhone.claimablePoints,
        claim: null,
      },
    ]);
    // Omar's only stay is cancelled (added above); the upcoming one of Anna's is not over.
    expect(await missingPoints(tokens.omar)).toEqual([]);
  });

  it('leaves out stays cancelled, paid with points, that earned points, not over yet or too long ago', async () => {
    const omarEmail = DEMO_MEMBERS.codeOnly;
    await crsReservation({ reservationNumber: 'SMSB-PAIDPTS1', email: omarEmail, pointsPaid: 4_000 });
    await crsReservation({ reservationNumber: 'SMSB-EARNED01', email: omarEmail, pointsEarned: 300 });
    await crsReservation({ reservationNumber: 'SMSB-OLDSTAY1', email: omarEmail, departureDaysAgo: 366 });
    await crsReservation({ reservationNumber: 'SMSB-TODAY001', email: omarEmail, departureDaysAgo: 0 });
    await crsReservation({ reservationNumber: 'SMSB-LASTDAY1', email: omarEmail, departureDaysAgo: 365 });
    expect(dataOf(RefreshExternalReservationsResponseSchema, await t.post(P.refresh, undefined, tokens.omar))).toEqual({ added: 5 });
    // Only the stay that left exactly a year ago can still be asked for.
    expect((await missingPoints(tokens.omar)).map((stay) => stay.reservationNumber)).toEqual(['SMSB-LASTDAY1']);
  });

  it('credits an added reservation at once through request-points, and then no longer lists it', async () => {
    const balance = await balanceOf(suite.db, DEMO_MEMBERS.withPassword);
    const request = {
      hotelCode: annaPhone.hotelCode,
      arrivalDate: addDays(today, -annaPhone.arrivalDaysAgo),
      departureDate: addDays(today, -annaPhone.departureDaysAgo),
      reservationNumber: annaPhone.reservationNumber,
    };
    const claim = dataOf(PointsClaimResponseSchema, await t.post(LOYALTY_PATHS.requestPoints, request, tokens.anna), 201);
    expect(claim).toMatchObject({ status: 'approved', reason: 'credited', points: annaPhone.claimablePoints, reservationNumber: annaPhone.reservationNumber });
    expect(await balanceOf(suite.db, DEMO_MEMBERS.withPassword)).toBe(balance + annaPhone.claimablePoints);
    await expectLedgerConsistent(suite.db, DEMO_MEMBERS.withPassword);
    expect((await missingPoints(tokens.anna)).map((stay) => stay.reservationNumber)).toEqual([DEMO_LOYALTY.annaPastStay.reservationNumber]);
    // A second request is refused, and removing the reservation and adding it again grants nothing twice.
    expect((await t.post(LOYALTY_PATHS.requestPoints, request, tokens.anna)).status).toBe(409);
    expect((await t.del(externalReservationPath(annaPhone.reservationNumber), tokens.anna)).status).toBe(204);
    dataOf(AddExternalReservationResponseSchema, await add(annaPhone.reservationNumber, 'Schmidt', tokens.anna), 201);
    expect((await missingPoints(tokens.anna)).map((stay) => stay.reservationNumber)).not.toContain(annaPhone.reservationNumber);
    expect((await t.post(LOYALTY_PATHS.requestPoints, request, tokens.anna)).status).toBe(409);
    expect(await balanceOf(suite.db, DEMO_MEMBERS.withPassword)).toBe(balance + annaPhone.claimablePoints);
    const approvals = await suite.db
      .select()
      .from(pointsClaims)
      .where(and(eq(pointsClaims.memberId, anna), eq(pointsClaims.reservationNumber, annaPhone.reservationNumber)));
    expect(approvals.map((row) => row.status)).toEqual(['approved']);
  });

  it("credits her own stay of this site the same way, and rejects an added reservation that was cancelled", async () => {
    const past = DEMO_LOYALTY.annaPastStay;
    const claim = dataOf(
      PointsClaimResponseSchema,
      await t.post(
        LOYALTY_PATHS.requestPoints,
        { hotelCode: past.hotelCode, arrivalDate: addDays(today, -past.arrivalDaysAgo), departureDate: addDays(today, -past.departureDaysAgo), reservationNumber: past.reservationNumber },
        tokens.anna,
      ),
      201,
    );
    expect(claim).toMatchObject({ status: 'approved', points: past.claimablePoints });
    expect(await missingPoints(tokens.anna)).toEqual([]);
    await expectLedgerConsistent(suite.db, DEMO_MEMBERS.withPassword);

    const cancelled = dataOf(
      PointsClaimResponseSchema,
      await t.post(
        LOYALTY_PATHS.requestPoints,
        { hotelCode: 'SMSB', arrivalDate: addDays(today, -12), departureDate: addDays(today, -10), reservationNumber: 'SMSB-ACCENT01' },
        tokens.omar,
      ),
      201,
    );
    expect(cancelled).toMatchObject({ status: 'rejected', reason: 'cancelled', points: 0 });
  });

  it('shows the request a listed stay has, with its status', async () => {
    // Omar's stay of a year ago with a request waiting for the hotel: its claim is shown, the stay still listed.
    const omar = await memberIdOf(suite.db, DEMO_MEMBERS.codeOnly);
    const [hotel] = await suite.db.select({ id: hotels.id }).from(hotels).where(eq(hotels.hotelCode, 'SMSB'));
    const claimId = crypto.randomUUID();
    await suite.db.insert(pointsClaims).values({
      id: claimId,
      memberId: omar,
      hotelId: hotel?.id ?? 0,
      arrivalDate: addDays(today, -367),
      departureDate: addDays(today, -365),
      reservationNumber: 'SMSB-LASTDAY1',
      status: 'submitted',
      reason: 'review',
      createdAt: new Date(TEST_TODAY),
    });
    expect(await missingPoints(tokens.omar)).toEqual([expect.objectContaining({ reservationNumber: 'SMSB-LASTDAY1', claim: { id: claimId, status: 'submitted', reason: 'review' } })]);
  });
});
