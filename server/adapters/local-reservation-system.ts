import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/database';
import { crsReservations, hotels } from '../db/schema';
import { comparableName, type CrsReservation, type ReservationSystemPort } from '../ports/reservation-system';

type Row = typeof crsReservations.$inferSelect;

function view(row: Row, hotelCode: string): CrsReservation {
  return {
    reservationNumber: row.reservationNumber,
    hotelCode,
    guest: { firstName: row.guestFirstName, lastName: row.guestLastName, email: row.guestEmail },
    arrivalDate: row.arrivalDate,
    departureDate: row.departureDate,
    roomTypeName: row.roomTypeName,
    rateName: row.rateName,
    currency: row.currency,
    amountMinor: row.amountMinor,
    netAmountMinor: row.netAmountMinor,
    grossEurMinor: row.grossEurMinor,
    status: row.status,
    origin: row.origin,
    pointsEarned: row.pointsEarned,
    pointsPaid: row.pointsPaid,
    bookedAt: row.bookedAt,
  };
}

/**
 * The reservation system as the BFF runs it without a real one (decision record 0041): the reservations
 * made by phone, at the hotel and on the old website in the `crs_reservations` table, which the demo seed
 * fills. Read only, as the real one is for the BFF.
 */
export function createLocalReservationSystem({ db }: { db: Database }): ReservationSystemPort {
  const columns = { reservation: crsReservations, hotelCode: hotels.hotelCode };
  const select = () => db.select(columns).from(crsReservations).innerJoin(hotels, eq(hotels.id, crsReservations.hotelId));
  return {
    async findReservation(reservationNumber, lastName) {
      const [found] = await select().where(eq(crsReservations.reservationNumber, reservationNumber.toUpperCase()));
      // Compared here rather than in SQL: accents are removed the same way for every name, without an extension.
      if (!found || comparableName(found.reservation.guestLastName) !== comparableName(lastName)) return undefined;
      return view(found.reservation, found.hotelCode);
    },
    async reservationsForEmail(email) {
      const rows = await select().where(eq(crsReservations.guestEmail, email.toLowerCase()));
      return rows.map((row) => view(row.reservation, row.hotelCode));
    },
    async reservations(reservationNumbers) {
      if (reservationNumbers.length === 0) return [];
      const rows = await select().where(inArray(crsReservations.reservationNumber, [...reservationNumbers]));
      return rows.map((row) => view(row.reservation, row.hotelCode));
    },
  };
}
