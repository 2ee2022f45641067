import { inArray } from 'drizzle-orm';
import { nightsBetween } from '../../../src/contract/calendar-dates';
import { addDays, type IsoDate } from '../../lib/calendar';
import type { Database } from '../database';
import { type CrsOrigin, crsReservations, hotels } from '../schema';
import { DEMO_MEMBERS } from './members';

/**
 * The reservation system's demo reservations (README, "Demo members"; decision record 0041): bookings
 * made outside this site that the member area can add. For Anna: a stay booked by phone about 40 days ago
 * under another email of hers (only her reservation number and last name add it; it earned no points, so
 * she can then claim them with one click), an upcoming stay booked at the hotel with her email (a refresh
 * adds it), and two bookings of the old website some years ago (her old bookings). And one reservation of
 * another guest, in nobody's account. Every date follows from the seeding date and every id is fixed.
 */
export const DEMO_RESERVATIONS = {
  /** By phone, two nights about 40 days ago at SMSB, 2 x 128.40 EUR with 7 % VAT: 240 points to claim. */
  annaPhone: {
    id: '3e8f1a20-6b7c-4d8e-9f01-000000000101',
    reservationNumber: 'SMSB-PHONE042',
    lastName: 'Schmidt',
    hotelCode: 'SMSB',
    arrivalDaysAgo: 41,
    departureDaysAgo: 39,
    claimablePoints: 240,
  },
  /** At the hotel with Anna's email, three nights two months ahead at SFWE: a refresh adds it. */
  annaHotel: { id: '3e8f1a20-6b7c-4d8e-9f01-000000000102', reservationNumber: 'SFWE-HOTEL117', hotelCode: 'SFWE' },
  /** Anna's bookings of the old website, newest first: one stayed, one cancelled. */
  annaOldBookings: [
    { id: '3e8f1a20-6b7c-4d8e-9f01-000000000103', reservationNumber: 'LW-2023-008152', hotelCode: 'SBTG' },
    { id: '3e8f1a20-6b7c-4d8e-9f01-000000000104', reservationNumber: 'LW-2021-004711', hotelCode: 'ASN' },
  ],
  /** Another guest's (Jonas Weber) stay booked by phone, in nobody's account. */
  otherGuest: { id: '3e8f1a20-6b7c-4d8e-9f01-000000000201', reservationNumber: 'SBTG-PHONE077', lastName: 'Weber', hotelCode: 'SBTG' },
} as const;

type Writer = Pick<Database, 'insert' | 'select'>;

interface ReservationSeed {
  id: string;
  reservationNumber: string;
  hotelCode: string;
  guest: [firstName: string, lastName: string, email: string];
  arrival: IsoDate;
  departure: IsoDate;
  roomTypeName: string;
  rateName: string;
  /** A night's price with 7 % VAT, euro cents. */
  nightlyGrossMinor: number;
  origin: CrsOrigin;
  cancelled?: boolean;
  bookedOn: IsoDate;
}

function seeds(today: IsoDate): ReservationSeed[] {
  const ago = (days: number) => addDays(today, -days);
  const { annaPhone, annaHotel, annaOldBookings, otherGuest } = DEMO_RESERVATIONS;
  const [newer, older] = annaOldBookings;
  const anna: [string, string, string] = ['Anna', 'Schmidt', DEMO_MEMBERS.withPassword];
  return [
    {
      id: annaPhone.id,
      reservationNumber: annaPhone.reservationNumber,
      hotelCode: annaPhone.hotelCode,
      // Booked by phone for her firm: another email, so only her number and last name bring it into her account.
      guest: ['Anna', annaPhone.lastName, 'a.schmidt@firma.example'],
      arrival: ago(annaPhone.arrivalDaysAgo),
      departure: ago(annaPhone.departureDaysAgo),
      roomTypeName: 'Superior Doppelzimmer',
      rateName: 'Flexibler Tarif',
      nightlyGrossMinor: 12_840,
      origin: 'phone',
      bookedOn: ago(60),
    },
    {
      id: annaHotel.id,
      reservationNumber: annaHotel.reservationNumber,
      hotelCode: annaHotel.hotelCode,
      guest: anna,
      arrival: addDays(today, 60),
      departure: addDays(today, 63),
      roomTypeName: 'Standardzimmer',
      rateName: 'Flexibler Tarif',
      nightlyGrossMinor: 10_700,
      origin: 'hotel',
      bookedOn: ago(5),
    },
    {
      id: newer.id,
      reservationNumber: newer.reservationNumber,
      hotelCode: newer.hotelCode,
      guest: anna,
      arrival: ago(3 * 365 + 20),
      departure: ago(3 * 365 + 17),
      roomTypeName: 'Standardzimmer',
      rateName: 'Flexibler Tarif',
      nightlyGrossMinor: 11_770,
      origin: 'legacy-web',
      bookedOn: ago(3 * 365 + 70),
    },
    {
      id: older.id,
      reservationNumber: older.reservationNumber,
      hotelCode: older.hotelCode,
      guest: anna,
      arrival: ago(5 * 365 + 100),
      departure: ago(5 * 365 + 98),
      roomTypeName: 'Doppelzimmer',
      rateName: 'Frühbucher',
      nightlyGrossMinor: 9_630,
      origin: 'legacy-web',
      cancelled: true,
      bookedOn: ago(5 * 365 + 160),
    },
    {
      id: otherGuest.id,
      reservationNumber: otherGuest.reservationNumber,
      hotelCode: otherGuest.hotelCode,
      guest: ['Jonas', otherGuest.lastName, 'jonas.weber@example.net'],
      arrival: ago(30),
      departure: ago(28),
      roomTypeName: 'Standardzimmer',
      rateName: 'Flexibler Tarif',
      nightlyGrossMinor: 11_000,
      origin: 'phone',
      bookedOn: ago(50),
    },
  ];
}

/** Inserts the demo reservations of the reservation system that are missing (by number); present ones are left as they are. */
export async function insertDemoReservations(db: Writer, today: IsoDate): Promise<void> {
  const planned = seeds(today);
  const hotelRows = await db
    .select({ id: hotels.id, code: hotels.hotelCode })
    .from(hotels)
    .where(inArray(hotels.hotelCode, [...new Set(planned.map((seed) => seed.hotelCode))]));
  const hotelIds = new Map(hotelRows.map((row) => [row.code, row.id]));
  const rows = planned.map((seed) => {
    const hotelId = hotelIds.get(seed.hotelCode);
    if (hotelId === undefined) throw new Error(`The reservation seed refers to unknown hotel ${seed.hotelCode}`);
    const gross = seed.nightlyGrossMinor * nightsBetween(seed.arrival, seed.departure);
    const [guestFirstName, guestLastName, guestEmail] = seed.guest;
    return {
      id: seed.id,
      reservationNumber: seed.reservationNumber,
      hotelId,
      guestFirstName,
      guestLastName,
      guestEmail,
      arrivalDate: seed.arrival,
      departureDate: seed.departure,
      roomTypeName: seed.roomTypeName,
      rateName: seed.rateName,
      currency: 'EUR',
      amountMinor: gross,
      netAmountMinor: Math.round(gross / 1.07),
      grossEurMinor: gross,
      status: seed.cancelled ? ('cancelled' as const) : ('confirmed' as const),
      origin: seed.origin,
      pointsEarned: 0,
      pointsPaid: 0,
      // 10:00 in Berlin in winter: the same instant every time.
      bookedAt: new Date(`${seed.bookedOn}T09:00:00Z`),
    };
  });
  await db.insert(crsReservations).values(rows).onConflictDoNothing({ target: crsReservations.reservationNumber });
}
