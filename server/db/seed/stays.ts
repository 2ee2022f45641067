import { eq, inArray, sql } from 'drizzle-orm';
import { nightsBetween } from '../../../src/contract/calendar-dates';
import type { ChargeKind, FolioKind } from '../../ports/property-management';
import { cityTaxPerGuestNightMinor } from '../../search/taxes';
import { addDays, type IsoDate } from '../../lib/calendar';
import type { Database } from '../database';
import { crsReservations, hotels, members, pmsFolioCharges, pmsStays } from '../schema';
import { DEMO_MEMBERS } from './members';

/**
 * The hotels' stays of the demo (decision record 0053): what the property-management system holds today.
 * The members' stays were booked at the hotel's own desk (the PMS alone knows them, so they change no
 * member's list of bookings); the other guests' are reservations of the reservation system (by phone or at
 * the hotel) with their stays. Two arrive today and two in two days (expected, for the online check-in), and
 * two are in house since yesterday with their rooms and folios
 * (room nights, city tax, breakfast, minibar, restaurant, parking, one charge on the business folio), for
 * the hotel checkout. The front desk of the demo (GET /bff/dev/hotel-desk) hands over keys and posts more.
 * Every date follows from the seeding date and every id is fixed.
 */
export const DEMO_STAYS = {
  /** Anna, in house at SBTG since yesterday, leaving tomorrow: room 104, a business folio with the parking. */
  annaInHouse: { id: '5a7e0c10-2b3d-4e5f-8a90-000000000301', reservationNumber: 'SBTG-ANNA0STAY', lastName: 'Schmidt', roomNumber: '104' },
  /** Anna, arriving at SMSB in two days. */
  annaArriving: { id: '5a7e0c10-2b3d-4e5f-8a90-000000000302', reservationNumber: 'SMSB-ANNA0NEXT', lastName: 'Schmidt' },
  /** Omar, arriving at SBTG today for two nights. */
  omarArriving: { id: '5a7e0c10-2b3d-4e5f-8a90-000000000303', reservationNumber: 'SBTG-OMAR0TODAY', lastName: 'Haddad' },
  /** A guest (Paula Novak), arriving at SIFM today. */
  guestArriving: { id: '5a7e0c10-2b3d-4e5f-8a90-000000000304', reservationNumber: 'SIFM-NOVAK01', lastName: 'Novak' },
  /** A guest (Sofia Rossi), arriving at SBTG in two days. */
  guestLater: { id: '5a7e0c10-2b3d-4e5f-8a90-000000000305', reservationNumber: 'SBTG-ROSSI02', lastName: 'Rossi' },
  /** A guest (Lukas Brandt), in house at SIFM since yesterday, leaving today: room 201. */
  guestInHouse: { id: '5a7e0c10-2b3d-4e5f-8a90-000000000306', reservationNumber: 'SIFM-BRANDT03', lastName: 'Brandt', roomNumber: '201' },
} as const;

type Writer = Pick<Database, 'insert' | 'select'>;
type Updater = Pick<Database, 'select' | 'update'>;

interface StaySeed {
  id: string;
  /** The reservation's id in the reservation system: the stay's id with another last group. */
  reservationId: string;
  reservationNumber: string;
  hotelCode: string;
  cityCode: string;
  guest: [firstName: string, lastName: string, email: string];
  /** A member's stay, booked at the hotel's desk: in the PMS only, with no reservation in the reservation system. */
  memberEmail?: string;
  arrival: IsoDate;
  departure: IsoDate;
  roomTypeName: string;
  rateName: string;
  /** A night's price with VAT, euro cents. */
  nightlyGrossMinor: number;
  adults: number;
  origin: 'hotel' | 'phone';
  bookedOn: IsoDate;
  inHouse?: { roomNumber: string; extras: { kind: ChargeKind; description: string; amountMinor: number; folio: FolioKind; dayIndex: number }[] };
}

function seeds(today: IsoDate): StaySeed[] {
  const { annaInHouse, annaArriving, omarArriving, guestArriving, guestLater, guestInHouse } = DEMO_STAYS;
  const reservationId = (id: string) => id.replace(/0003(\d\d)$/, '0004$1');
  return [
    {
      id: annaInHouse.id,
      reservationId: reservationId(annaInHouse.id),
      reservationNumber: annaInHouse.reservationNumber,
      hotelCode: 'SBTG',
      cityCode: 'berlin',
      guest: ['Anna', annaInHouse.lastName, DEMO_MEMBERS.withPassword],
      memberEmail: DEMO_MEMBERS.withPassword,
      arrival: addDays(today, -1),
      departure: addDays(today, 1),
      roomTypeName: 'Standard Room',
      rateName: 'Flexible Rate',
      nightlyGrossMinor: 14_900,
      adults: 1,
      origin: 'hotel',
      bookedOn: addDays(today, -20),
      inHouse: {
        roomNumber: annaInHouse.roomNumber,
        extras: [
          { kind: 'breakfast', description: 'Breakfast', amountMinor: 2_400, folio: 'private', dayIndex: 1 },
          { kind: 'restaurant', description: 'Restaurant', amountMinor: 6_850, folio: 'private', dayIndex: 0 },
          { kind: 'minibar', description: 'Minibar', amountMinor: 950, folio: 'private', dayIndex: 0 },
          { kind: 'parking', description: 'Parking', amountMinor: 2_800, folio: 'business', dayIndex: 0 },
        ],
      },
    },
    {
      id: annaArriving.id,
      reservationId: reservationId(annaArriving.id),
      reservationNumber: annaArriving.reservationNumber,
      hotelCode: 'SMSB',
      cityCode: 'munich',
      guest: ['Anna', annaArriving.lastName, DEMO_MEMBERS.withPassword],
      memberEmail: DEMO_MEMBERS.withPassword,
      arrival: addDays(today, 2),
      departure: addDays(today, 4),
      roomTypeName: 'Superior Room',
      rateName: 'Flexible Rate',
      nightlyGrossMinor: 16_500,
      adults: 2,
      origin: 'phone',
      bookedOn: addDays(today, -12),
    },
    {
      id: omarArriving.id,
      reservationId: reservationId(omarArriving.id),
      reservationNumber: omarArriving.reservationNumber,
      hotelCode: 'SBTG',
      cityCode: 'berlin',
      guest: ['Omar', omarArriving.lastName, DEMO_MEMBERS.codeOnly],
      memberEmail: DEMO_MEMBERS.codeOnly,
      arrival: today,
      departure: addDays(today, 2),
      roomTypeName: 'Standard Room',
      rateName: 'Flexible Rate',
      nightlyGrossMinor: 13_900,
      adults: 2,
      origin: 'phone',
      bookedOn: addDays(today, -9),
    },
    {
      id: guestArriving.id,
      reservationId: reservationId(guestArriving.id),
      reservationNumber: guestArriving.reservationNumber,
      hotelCode: 'SIFM',
      cityCode: 'frankfurt',
      guest: ['Paula', guestArriving.lastName, 'paula.novak@example.net'],
      arrival: today,
      departure: addDays(today, 1),
      roomTypeName: 'Standard Room',
      rateName: 'Flexible Rate',
      nightlyGrossMinor: 18_900,
      adults: 1,
      origin: 'hotel',
      bookedOn: addDays(today, -3),
    },
    {
      id: guestLater.id,
      reservationId: reservationId(guestLater.id),
      reservationNumber: guestLater.reservationNumber,
      hotelCode: 'SBTG',
      cityCode: 'berlin',
      guest: ['Sofia', guestLater.lastName, 'sofia.rossi@example.net'],
      arrival: addDays(today, 2),
      departure: addDays(today, 5),
      roomTypeName: 'Standard Room',
      rateName: 'Flexible Rate',
      nightlyGrossMinor: 12_900,
      adults: 2,
      origin: 'phone',
      bookedOn: addDays(today, -30),
    },
    {
      id: guestInHouse.id,
      reservationId: reservationId(guestInHouse.id),
      reservationNumber: guestInHouse.reservationNumber,
      hotelCode: 'SIFM',
      cityCode: 'frankfurt',
      guest: ['Lukas', guestInHouse.lastName, 'lukas.brandt@example.net'],
      arrival: addDays(today, -1),
      departure: today,
      roomTypeName: 'Standard Room',
      rateName: 'Flexible Rate',
      nightlyGrossMinor: 17_400,
      adults: 1,
      origin: 'hotel',
      bookedOn: addDays(today, -6),
      inHouse: {
        roomNumber: guestInHouse.roomNumber,
        extras: [
          { kind: 'breakfast', description: 'Breakfast', amountMinor: 2_900, folio: 'private', dayIndex: 1 },
          { kind: 'minibar', description: 'Minibar', amountMinor: 1_450, folio: 'private', dayIndex: 0 },
        ],
      },
    },
  ];
}

/** A fixed charge id per stay and line. */
const chargeId = (stayId: string, line: number) => `${stayId.slice(0, -4)}${String(line).padStart(2, '0')}${stayId.slice(-2)}`;

/** Inserts the demo stays that are missing (by reservation number), with their reservations and, for those in house, their charges. */
export async function insertDemoStays(db: Writer, today: IsoDate): Promise<void> {
  const planned = seeds(today);
  const hotelRows = await db
    .select({ id: hotels.id, code: hotels.hotelCode })
    .from(hotels)
    .where(inArray(hotels.hotelCode, [...new Set(planned.map((seed) => seed.hotelCode))]));
  const hotelIds = new Map(hotelRows.map((row) => [row.code, row.id]));
  const memberRows = await db
    .select({ id: members.id, email: members.email })
    .from(members)
    .where(inArray(members.email, Object.values(DEMO_MEMBERS)));
  const memberIds = new Map(memberRows.map((row) => [row.email, row.id]));
  const hotelOf = (seed: StaySeed) => {
    const id = hotelIds.get(seed.hotelCode);
    if (id === undefined) throw new Error(`The stay seed refers to unknown hotel ${seed.hotelCode}`);
    return id;
  };
  // 10:00 in Berlin in winter: the same instant every time.
  const morning = (date: IsoDate) => new Date(`${date}T09:00:00Z`);

  await db
    .insert(crsReservations)
    .values(
      planned
        .filter((seed) => !seed.memberEmail)
        .map((seed) => {
        const gross = seed.nightlyGrossMinor * nightsBetween(seed.arrival, seed.departure);
        const [guestFirstName, guestLastName, guestEmail] = seed.guest;
        return {
          id: seed.reservationId,
          reservationNumber: seed.reservationNumber,
          hotelId: hotelOf(seed),
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
          status: 'confirmed' as const,
          origin: seed.origin,
          bookedAt: morning(seed.bookedOn),
        };
      }),
    )
    .onConflictDoNothing({ target: crsReservations.reservationNumber });

  const inserted = await db
    .insert(pmsStays)
    .values(
      planned.map((seed) => {
        const nights = nightsBetween(seed.arrival, seed.departure);
        const [guestFirstName, guestLastName, guestEmail] = seed.guest;
        return {
          id: seed.id,
          reservationNumber: seed.reservationNumber,
          source: seed.memberEmail ? ('hotel' as const) : ('reservation-system' as const),
          hotelId: hotelOf(seed),
          status: seed.inHouse ? ('in_house' as const) : ('expected' as const),
          arrivalDate: seed.arrival,
          departureDate: seed.departure,
          roomNumber: seed.inHouse?.roomNumber ?? null,
          roomTypeName: seed.roomTypeName,
          guestFirstName,
          guestLastName,
          guestEmail,
          memberId: seed.memberEmail ? (memberIds.get(seed.memberEmail) ?? null) : null,
          adults: seed.adults,
          children: 0,
          currency: 'EUR',
          roomTotalMinor: seed.nightlyGrossMinor * nights,
          cityTaxMinor: cityTaxPerGuestNightMinor(seed.cityCode) * seed.adults * nights,
          checkedInAt: seed.inHouse ? new Date(`${seed.arrival}T14:30:00Z`) : null,
          // The check-in and every extra below changed the folio once each.
          version: seed.inHouse ? 1 + seed.inHouse.extras.length : 0,
          createdAt: morning(seed.bookedOn),
        };
      }),
    )
    .onConflictDoNothing({ target: pmsStays.reservationNumber })
    .returning({ id: pmsStays.id });
  const fresh = new Set(inserted.map((row) => row.id));

  const charges = planned
    .filter((seed) => fresh.has(seed.id) && seed.inHouse)
    .flatMap((seed) => {
      const nights = nightsBetween(seed.arrival, seed.departure);
      const checkedIn = new Date(`${seed.arrival}T14:30:00Z`);
      const roomNumber = seed.inHouse?.roomNumber ?? '';
      const lines = [
        ...Array.from({ length: nights }, (_, night) => ({
          kind: 'room' as ChargeKind,
          description: `Room ${roomNumber}, ${seed.roomTypeName}`,
          amountMinor: seed.nightlyGrossMinor,
          folio: 'private' as FolioKind,
          serviceDate: addDays(seed.arrival, night),
          postedAt: checkedIn,
        })),
        {
          kind: 'city_tax' as ChargeKind,
          description: 'City tax',
          amountMinor: cityTaxPerGuestNightMinor(seed.cityCode) * seed.adults * nights,
          folio: 'private' as FolioKind,
          serviceDate: seed.arrival,
          postedAt: checkedIn,
        },
        ...(seed.inHouse?.extras ?? []).map((extra, index) => ({
          kind: extra.kind,
          description: extra.description,
          amountMinor: extra.amountMinor,
          folio: extra.folio,
          serviceDate: addDays(seed.arrival, extra.dayIndex),
          // In the evening of the arrival, or the next morning.
          postedAt: new Date(`${addDays(seed.arrival, extra.dayIndex)}T${String((extra.dayIndex === 0 ? 17 : 6) + index).padStart(2, '0')}:00:00Z`),
        })),
      ];
      return lines.filter((line) => line.amountMinor > 0).map((line, index) => ({ id: chargeId(seed.id, index + 1), stayId: seed.id, ...line }));
    });
  if (charges.length > 0) await db.insert(pmsFolioCharges).values(charges).onConflictDoNothing({ target: pmsFolioCharges.id });
}

/** The reservation system's id of each demo stay that has one (the members' stays are in the PMS only). */
const demoReservationIds = (today: IsoDate) => seeds(today).filter((seed) => !seed.memberEmail).map((seed) => seed.reservationId);

/**
 * Keeps the demo stays on the calendar (decision record 0060): the demo is seeded once, but its stays are
 * "arriving today" and "in house since yesterday" on every day the demo runs, also across midnight while it
 * runs. When Berlin's date has moved on since the stays were dated, every demo stay, its folio charges and
 * its reservation move forward by as many days, whatever happened to them since (a stay checked in on the
 * demo's first day is in house again, with its dates a day later). Answers how many stays moved.
 */
export async function keepDemoStaysCurrent(db: Updater, today: IsoDate): Promise<number> {
  const anchor = DEMO_STAYS.omarArriving;
  const [row] = await db.select({ arrival: pmsStays.arrivalDate }).from(pmsStays).where(eq(pmsStays.id, anchor.id));
  if (!row) return 0;
  // Omar arrives "today": the days since his arrival are the days the demo's calendar is behind.
  const behind = nightsBetween(row.arrival, today);
  if (behind <= 0) return 0;
  const stayIds = Object.values(DEMO_STAYS).map((stay) => stay.id);
  const moved = await db
    .update(pmsStays)
    .set({
      arrivalDate: sql`${pmsStays.arrivalDate} + ${behind}::integer`,
      departureDate: sql`${pmsStays.departureDate} + ${behind}::integer`,
      checkedInAt: sql`${pmsStays.checkedInAt} + make_interval(days => ${behind}::integer)`,
    })
    .where(inArray(pmsStays.id, stayIds))
    .returning({ id: pmsStays.id });
  await db
    .update(pmsFolioCharges)
    .set({
      serviceDate: sql`${pmsFolioCharges.serviceDate} + ${behind}::integer`,
      postedAt: sql`${pmsFolioCharges.postedAt} + make_interval(days => ${behind}::integer)`,
    })
    .where(inArray(pmsFolioCharges.stayId, stayIds));
  await db
    .update(crsReservations)
    .set({
      arrivalDate: sql`${crsReservations.arrivalDate} + ${behind}::integer`,
      departureDate: sql`${crsReservations.departureDate} + ${behind}::integer`,
      bookedAt: sql`${crsReservations.bookedAt} + make_interval(days => ${behind}::integer)`,
    })
    .where(inArray(crsReservations.id, demoReservationIds(today)));
  return moved.length;
}
