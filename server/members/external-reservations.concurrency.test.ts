import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MEMBER_RESERVATION_PATHS, RefreshExternalReservationsResponseSchema } from '../../src/contract/member-reservations';
import { TEST_TODAY } from '../../test/bff/database';
import { crsReservations, hotels, memberReservations } from '../db/schema';
import { DEMO_MEMBERS } from '../db/seed/members';
import { useCommerceTests } from '../ecommerce/testing';
import { addDays, businessDate } from '../lib/calendar';
import { memberIdOf } from '../loyalty/testing';

/*
 * Races that only a real PostgreSQL can show: PGlite is one session, so concurrent requests on it run one
 * after the other and racy code would pass. Skipped without DATABASE_URL.
 */

const onPostgres = Boolean(process.env.DATABASE_URL);
const suite = useCommerceTests();
const { t, tokens } = suite;
const today = businessDate(TEST_TODAY);
const P = MEMBER_RESERVATION_PATHS;

/** A past stay booked by phone under a name and email neither member has: both know its number and last name. */
async function reservation(reservationNumber: string, email = 'shared.guest@example.org'): Promise<void> {
  const [hotel] = await suite.db.select({ id: hotels.id }).from(hotels).where(eq(hotels.hotelCode, 'SMSB'));
  if (!hotel) throw new Error('No hotel SMSB');
  await suite.db.insert(crsReservations).values({
    id: crypto.randomUUID(),
    reservationNumber,
    hotelId: hotel.id,
    guestFirstName: 'Sam',
    guestLastName: 'Example',
    guestEmail: email,
    arrivalDate: addDays(today, -12),
    departureDate: addDays(today, -10),
    roomTypeName: 'Standardzimmer',
    rateName: 'Flexibler Tarif',
    currency: 'EUR',
    amountMinor: 21_400,
    netAmountMinor: 20_000,
    grossEurMinor: 21_400,
    status: 'confirmed',
    origin: 'phone',
    bookedAt: new Date(TEST_TODAY),
  });
}

describe.skipIf(!onPostgres)('members adding the same reservation at once on PostgreSQL (PGlite runs one session: skipped there)', () => {
  it('two members adding the same reservation at once: exactly one 201, the other 404, one row', async () => {
    const numbers = Array.from({ length: 8 }, (_, index) => `SMSB-RACE${String(index).padStart(4, '0')}`);
    for (const number of numbers) await reservation(number);
    for (const number of numbers) {
      const body = { reservationNumber: number, lastName: 'Example' };
      const answers = await Promise.all([t.post(P.externalReservations, body, tokens.anna), t.post(P.externalReservations, body, tokens.omar)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 404]);
      const rows = await suite.db.select().from(memberReservations).where(eq(memberReservations.reservationNumber, number));
      expect(rows).toHaveLength(1);
      const winner = answers[0]?.status === 201 ? DEMO_MEMBERS.withPassword : DEMO_MEMBERS.codeOnly;
      expect(rows[0]?.memberId).toBe(await memberIdOf(suite.db, winner));
    }
  });

  it('one member adding the same reservation four times at once: one 201, three 409', async () => {
    await reservation('SMSB-RACESAME');
    const body = { reservationNumber: 'SMSB-RACESAME', lastName: 'Example' };
    const answers = await Promise.all(Array.from({ length: 4 }, () => t.post(P.externalReservations, body, tokens.omar)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409]);
  });

  it('refreshes at once add each reservation once', async () => {
    for (const number of ['SMSB-RACEREF1', 'SMSB-RACEREF2', 'SMSB-RACEREF3']) await reservation(number, DEMO_MEMBERS.codeOnly);
    const answers = await Promise.all(Array.from({ length: 4 }, () => t.post(P.refresh, undefined, tokens.omar)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const added = answers.reduce((total, answer) => total + v.parse(RefreshExternalReservationsResponseSchema, answer.body).data.added, 0);
    expect(added).toBe(3);
    const omar = await memberIdOf(suite.db, DEMO_MEMBERS.codeOnly);
    expect((await suite.db.select().from(memberReservations).where(eq(memberReservations.memberId, omar))).filter((row) => row.reservationNumber.startsWith('SMSB-RACEREF'))).toHaveLength(3);
  });
});

describe.skipIf(onPostgres)('on PGlite', () => {
  it('skips the concurrency tests: they need DATABASE_URL (PostgreSQL), PGlite serialises every request', () => {
    expect(onPostgres).toBe(false);
  });
});
