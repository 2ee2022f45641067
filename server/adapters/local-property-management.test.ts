import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_TODAY } from '../../test/bff/database';
import { crsReservations, pmsFolioPayments, pmsStays } from '../db/schema';
import { DEMO_RESERVATIONS } from '../db/seed/reservations';
import { day, TODAY, TRAVELLER, useCommerceTests } from '../ecommerce/testing';
import { createPmsTestApp, type PmsTestApp } from '../pms/testing';
import { FolioChangedError, FolioNotSettledError, type NewFolioPayment, StayNotFoundError, StayStateError } from '../ports/property-management';

/*
 * The BFF's own property-management system: bookings of the site and of the reservation system become
 * stays on their first look-up, the key handover posts the stay to the folio, and every folio change is
 * checked against the version the caller read. On PGlite and PostgreSQL; the races are in
 * local-property-management.concurrency.test.ts.
 */

const commerce = useCommerceTests();
const { tokens } = commerce;
let t: PmsTestApp;
let db: typeof commerce.db;

beforeAll(() => {
  db = commerce.db;
  t = createPmsTestApp(db, commerce.t);
});

const payment = (overrides: Partial<NewFolioPayment> & Pick<NewFolioPayment, 'expectedVersion'>): NewFolioPayment => ({
  folio: 'private',
  amountMinor: 1_000,
  method: 'card',
  providerPaymentId: 'pay_test',
  idempotencyKey: 'key-1',
  ...overrides,
});

describe('stays from bookings', () => {
  it("takes a guest's booking of the site in on its first look-up, with the traveller's name and no member", async () => {
    const stay = await t.bookStay();
    expect(stay).toMatchObject({
      status: 'expected',
      hotelCode: 'SBTG',
      arrivalDate: TODAY,
      departureDate: day(2),
      roomNumber: null,
      adults: 2,
      children: 0,
      currency: 'EUR',
      guest: { firstName: TRAVELLER.first_name, lastName: TRAVELLER.last_name, email: TRAVELLER.email, memberId: null },
    });
    expect(stay.reservationNumber).toBe(stay.reservationNumber.toUpperCase());
    // Found again by number and last name, compared as the reservation system compares names.
    expect((await t.pms.findStay(stay.reservationNumber.toLowerCase(), ' guest '))?.id).toBe(stay.id);
    expect(await t.pms.findStay(stay.reservationNumber, 'Other')).toBeUndefined();
    expect((await t.pms.stay(stay.id))?.reservationNumber).toBe(stay.reservationNumber);
    expect(await t.pms.stay('00000000-0000-4000-8000-000000000000')).toBeUndefined();
    expect(await t.pms.stayOfReservation('NOSUCH-1234')).toBeUndefined();
  });

  it("names the member of a member's booking", async () => {
    const stay = await t.bookStay({ token: tokens.anna });
    expect(stay.guest.memberId).toEqual(expect.any(Number));
  });

  it('takes a reservation of the reservation system in, and a cancelled one as a cancelled stay', async () => {
    const { annaHotel, annaOldBookings } = DEMO_RESERVATIONS;
    const arriving = await t.pms.staysArriving(day(60), day(60));
    const stay = arriving.find((candidate) => candidate.reservationNumber === annaHotel.reservationNumber);
    expect(stay).toMatchObject({ status: 'expected', hotelCode: 'SFWE', arrivalDate: day(60), departureDate: day(63), guest: { firstName: 'Anna', lastName: 'Schmidt' } });
    const cancelled = await t.pms.findStay(annaOldBookings[1].reservationNumber, 'schmidt');
    expect(cancelled?.status).toBe('cancelled');
    await expect(t.pms.checkIn(cancelled?.id ?? '', t.now())).rejects.toBeInstanceOf(StayStateError);
  });

  it('an expected stay follows its booking (new dates, a cancellation); a stay in house does not', async () => {
    const { otherGuest } = DEMO_RESERVATIONS;
    const before = await t.pms.findStay(otherGuest.reservationNumber, otherGuest.lastName);
    expect(before?.status).toBe('expected');
    await db.update(crsReservations).set({ arrivalDate: day(10), departureDate: day(12) }).where(eq(crsReservations.reservationNumber, otherGuest.reservationNumber));
    const moved = await t.pms.stayOfReservation(otherGuest.reservationNumber);
    expect(moved).toMatchObject({ id: before?.id, arrivalDate: day(10), departureDate: day(12) });
    expect((await t.pms.staysArriving(day(10), day(10))).map((stay) => stay.id)).toContain(before?.id);
    await db.update(crsReservations).set({ status: 'cancelled' }).where(eq(crsReservations.reservationNumber, otherGuest.reservationNumber));
    expect((await t.pms.stayOfReservation(otherGuest.reservationNumber))?.status).toBe('cancelled');
    expect((await t.pms.staysArriving(day(10), day(10))).map((stay) => stay.id)).not.toContain(before?.id);
  });

  it('two first look-ups at once make one stay', async () => {
    const { annaPhone } = DEMO_RESERVATIONS;
    const found = await Promise.all([t.pms.findStay(annaPhone.reservationNumber, annaPhone.lastName), t.pms.stayOfReservation(annaPhone.reservationNumber)]);
    expect(found[0]?.id).toBeDefined();
    expect(found[1]?.id).toBe(found[0]?.id);
    expect(await db.select().from(pmsStays).where(eq(pmsStays.reservationNumber, annaPhone.reservationNumber))).toHaveLength(1);
  });
});

describe('check-in', () => {
  it('assigns a room, posts every night and the city tax to the private folio, and is idempotent', async () => {
    const stay = await t.bookStay();
    const inHouse = await t.pms.checkIn(stay.id, t.now());
    expect(inHouse).toMatchObject({ status: 'in_house', checkedInAt: t.now() });
    expect(inHouse.roomNumber).toMatch(/^\d{3}$/);
    const folio = await t.pms.folio(stay.id);
    const nights = folio.charges.filter((charge) => charge.kind === 'room');
    expect(nights.map((charge) => charge.serviceDate)).toEqual([TODAY, day(1)]);
    // 100 EUR a night as the test inventory prices the room; Berlin's city tax: 5 EUR per adult and night.
    expect(nights.map((charge) => charge.amountMinor)).toEqual([10_000, 10_000]);
    expect(folio.charges.filter((charge) => charge.kind === 'city_tax').map((charge) => charge.amountMinor)).toEqual([2 * 2 * 500]);
    expect(folio.charges.every((charge) => charge.folio === 'private')).toBe(true);
    expect(folio.payments).toEqual([]);
    expect(folio.balances).toEqual({ private: 22_000, business: 0 });
    expect(folio.version).toBe(1);

    const again = await t.pms.checkIn(stay.id, t.now());
    expect(again.roomNumber).toBe(inHouse.roomNumber);
    expect((await t.pms.folio(stay.id)).charges).toHaveLength(folio.charges.length);
    expect((await t.pms.staysInHouse('SBTG')).map((candidate) => candidate.id)).toContain(stay.id);
    expect((await t.pms.staysInHouse('SFWE')).map((candidate) => candidate.id)).not.toContain(stay.id);
  });

  it('gives two guests in house two rooms', async () => {
    const [first, second] = [await t.bookStay(), await t.bookStay()];
    const rooms = [(await t.pms.checkIn(first.id, t.now())).roomNumber, (await t.pms.checkIn(second.id, t.now())).roomNumber];
    expect(new Set(rooms).size).toBe(2);
  });

  it('a prepaid booking arrives with the room paid: only the city tax is open', async () => {
    const stay = await t.bookStay({ arrival: day(30), departure: day(32), rate: 'S07' });
    await t.pms.checkIn(stay.id, t.now());
    const folio = await t.pms.folio(stay.id);
    const rooms = folio.charges.filter((charge) => charge.kind === 'room').reduce((total, charge) => total + charge.amountMinor, 0);
    expect(folio.payments).toMatchObject([{ method: 'prepaid', folio: 'private', amountMinor: rooms }]);
    expect(folio.balances).toEqual({ private: 2_000, business: 0 });
  });
});

describe('the folio', () => {
  it('moves a charge to the business folio against the version read, and refuses a stale one', async () => {
    const stay = await t.stayInHouse({ charges: [{ kind: 'minibar', amountMinor: 1_250 }] });
    const folio = await t.pms.folio(stay.id);
    const minibar = folio.charges.find((charge) => charge.kind === 'minibar');
    expect(minibar).toMatchObject({ folio: 'private', description: 'Minibar', amountMinor: 1_250 });
    const moved = await t.pms.moveCharge(stay.id, minibar?.id ?? '', 'business', folio.version);
    expect(moved.version).toBe(folio.version + 1);
    expect(moved.balances).toEqual({ private: folio.balances.private - 1_250, business: 1_250 });
    await expect(t.pms.moveCharge(stay.id, minibar?.id ?? '', 'private', folio.version)).rejects.toEqual(new FolioChangedError(moved.version));
    await expect(t.pms.moveCharge(stay.id, '00000000-0000-4000-8000-000000000000', 'private')).rejects.toBeInstanceOf(StayNotFoundError);
  });

  it('refuses a payment computed before a charge was posted, and records nothing', async () => {
    const stay = await t.stayInHouse();
    const read = await t.pms.folio(stay.id);
    await t.postCharge(stay.id, { kind: 'restaurant', amountMinor: 4_800 });
    await expect(t.pms.recordPayment(stay.id, payment({ amountMinor: read.balances.private, expectedVersion: read.version }), t.now())).rejects.toBeInstanceOf(FolioChangedError);
    const after = await t.pms.folio(stay.id);
    expect(after.payments).toEqual([]);
    expect(after.balances.private).toBe(read.balances.private + 4_800);
  });

  it('records a payment once per idempotency key: the retry answers the first payment', async () => {
    const stay = await t.stayInHouse();
    const read = await t.pms.folio(stay.id);
    const first = await t.pms.recordPayment(stay.id, payment({ amountMinor: read.balances.private, expectedVersion: read.version }), t.now());
    const retry = await t.pms.recordPayment(stay.id, payment({ amountMinor: read.balances.private, expectedVersion: read.version }), t.now());
    expect(retry).toEqual(first);
    const after = await t.pms.folio(stay.id);
    expect(after.payments).toHaveLength(1);
    expect(after.version).toBe(read.version + 1);
    expect(after.balances.private).toBe(0);
    expect(await db.select().from(pmsFolioPayments).where(eq(pmsFolioPayments.stayId, stay.id))).toHaveLength(1);
  });

  it('refuses the check-out while a folio has a balance, then checks out once both are paid', async () => {
    const stay = await t.stayInHouse({ charges: [{ kind: 'parking', amountMinor: 2_500, folio: 'business' }] });
    const at = new Date(TEST_TODAY.getTime() + 2 * 24 * 3_600_000);
    await expect(t.pms.checkOut(stay.id, at)).rejects.toBeInstanceOf(FolioNotSettledError);
    let folio = await t.pms.folio(stay.id);
    await t.pms.recordPayment(stay.id, payment({ folio: 'private', amountMinor: folio.balances.private, idempotencyKey: 'private', expectedVersion: folio.version }), at);
    await expect(t.pms.checkOut(stay.id, at)).rejects.toEqual(new FolioNotSettledError({ private: 0, business: 2_500 }));
    folio = await t.pms.folio(stay.id);
    await t.pms.recordPayment(stay.id, payment({ folio: 'business', amountMinor: 2_500, idempotencyKey: 'business', expectedVersion: folio.version }), at);
    const out = await t.pms.checkOut(stay.id, at);
    expect(out).toMatchObject({ status: 'checked_out', checkedOutAt: at });
    expect((await t.pms.checkOut(stay.id, at)).status).toBe('checked_out');
    await expect(t.postCharge(stay.id, { kind: 'minibar', amountMinor: 300 })).rejects.toBeInstanceOf(StayStateError);
    expect((await t.pms.staysInHouse()).map((candidate) => candidate.id)).not.toContain(stay.id);
  });

  it('an unknown stay has no folio and cannot be checked in', async () => {
    await expect(t.pms.folio('00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(StayNotFoundError);
    await expect(t.pms.checkIn('00000000-0000-4000-8000-000000000000', t.now())).rejects.toBeInstanceOf(StayNotFoundError);
  });
});
