import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { crsReservations, hotels, pmsStays } from '../db/schema';
import { day, useCommerceTests } from '../ecommerce/testing';
import { createPmsTestApp, type PmsTestApp } from '../pms/testing';
import { FolioChangedError, type NewFolioPayment } from '../ports/property-management';

/*
 * Races of the folio that only a real PostgreSQL can show: PGlite is one session, so concurrent calls on
 * it run one after the other and racy code would pass. Skipped without DATABASE_URL.
 */

const onPostgres = Boolean(process.env.DATABASE_URL);
const commerce = useCommerceTests();
let t: PmsTestApp;

beforeAll(() => {
  t = createPmsTestApp(commerce.db, commerce.t);
});

const payment = (amountMinor: number, expectedVersion: number, idempotencyKey: string): NewFolioPayment => ({
  folio: 'private',
  amountMinor,
  method: 'card',
  providerPaymentId: `pay_${idempotencyKey}`,
  idempotencyKey,
  expectedVersion,
});

describe.skipIf(!onPostgres)('concurrent folio changes on PostgreSQL (PGlite runs one session: skipped there)', () => {
  it('ten payments computed from the same version: exactly one is recorded, the others learn the folio changed', async () => {
    const stay = await t.stayInHouse();
    const read = await t.pms.folio(stay.id);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) => t.pms.recordPayment(stay.id, payment(read.balances.private, read.version, `race-${index}`), t.now())),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(refused).toHaveLength(9);
    for (const outcome of refused) expect(outcome.reason).toBeInstanceOf(FolioChangedError);
    const after = await t.pms.folio(stay.id);
    expect(after.payments).toHaveLength(1);
    expect(after.balances.private).toBe(0);
    expect(after.version).toBe(read.version + 1);
  });

  it('a charge posted while the guest pays: the payment is refused, or it came first and the charge stays open; never paid short unseen', async () => {
    for (let round = 0; round < 5; round++) {
      const stay = await t.stayInHouse();
      const read = await t.pms.folio(stay.id);
      const [paid, charged] = await Promise.allSettled([
        t.pms.recordPayment(stay.id, payment(read.balances.private, read.version, `pay-${round}`), t.now()),
        t.postCharge(stay.id, { kind: 'minibar', amountMinor: 700 }),
      ]);
      expect(charged.status).toBe('fulfilled');
      const after = await t.pms.folio(stay.id);
      expect(after.version).toBe(read.version + (paid.status === 'fulfilled' ? 2 : 1));
      if (paid.status === 'fulfilled') {
        // The payment landed on the folio it was computed from; the minibar came after and is still owed.
        expect(after.balances.private).toBe(700);
        expect(after.payments).toHaveLength(1);
      } else {
        expect(paid.reason).toBeInstanceOf(FolioChangedError);
        expect(after.payments).toHaveLength(0);
        expect(after.balances.private).toBe(read.balances.private + 700);
      }
    }
  });

  it('five concurrent first look-ups of a booking make one stay', async () => {
    const [hotel] = await commerce.db.select({ id: hotels.id }).from(hotels).where(eq(hotels.hotelCode, 'SBTG'));
    const number = 'SBTG-RACE0001';
    await commerce.db.insert(crsReservations).values({
      id: '3e8f1a20-6b7c-4d8e-9f01-0000000009a1',
      reservationNumber: number,
      hotelId: hotel?.id ?? 0,
      guestFirstName: 'Rita',
      guestLastName: 'Rennen',
      guestEmail: 'rita.rennen@example.com',
      arrivalDate: day(3),
      departureDate: day(5),
      roomTypeName: 'Standard Room',
      rateName: 'Flexible Rate',
      currency: 'EUR',
      amountMinor: 20_000,
      netAmountMinor: 18_692,
      grossEurMinor: 20_000,
      status: 'confirmed',
      origin: 'phone',
      bookedAt: t.now(),
    });
    const found = await Promise.all([
      t.pms.stayOfReservation(number),
      t.pms.findStay(number, 'Rennen'),
      t.pms.staysArriving(day(3), day(3)).then((stays) => stays.find((stay) => stay.reservationNumber === number)),
      t.pms.stayOfReservation(number),
      t.pms.findStay(number, 'rennen'),
    ]);
    expect(new Set(found.map((stay) => stay?.id)).size).toBe(1);
    expect(found[0]?.id).toBeDefined();
    expect(await commerce.db.select().from(pmsStays).where(eq(pmsStays.reservationNumber, number))).toHaveLength(1);
  });

  it('five guests checked in at once at one hotel get five rooms', async () => {
    const stays = [];
    for (let index = 0; index < 5; index++) stays.push(await t.bookStay());
    const inHouse = await Promise.all(stays.map((stay) => t.pms.checkIn(stay.id, t.now())));
    expect(new Set(inHouse.map((stay) => stay.roomNumber)).size).toBe(5);
  });
});
