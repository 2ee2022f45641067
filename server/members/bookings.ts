import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { MemberBooking, MemberBookings } from '../../src/contract/loyalty';
import type { Database } from '../db/database';
import { currencies, hotels, memberReservations, orders, reservations } from '../db/schema';
import { orderStatus } from '../ecommerce/views';
import { businessDate } from '../lib/calendar';
import { toMajor } from '../search/money';
import { nightsBetween } from '../../src/contract/calendar-dates';

type AddedReservation = typeof memberReservations.$inferSelect;

/** The `orderId` of a reservation added from the reservation system: it has no order of this site. */
export const addedBookingId = (reservationNumber: string) => `crs:${reservationNumber}`;

/**
 * A reservation added from the reservation system (decision record 0041) as the member area lists a
 * booking: one room, its price as the reservation system answered it (nothing when cancelled, as a
 * cancelled order of this site costs nothing), paid at the hotel or with points.
 */
export function addedBooking(row: AddedReservation, hotel: { code: string; name: string }, decimals: number): MemberBooking {
  const cancelled = row.status === 'cancelled';
  return {
    orderId: addedBookingId(row.reservationNumber),
    source: 'reservation-system',
    status: cancelled ? 'cancelled' : 'confirmed',
    hotel,
    arrivalDate: row.arrivalDate,
    departureDate: row.departureDate,
    nights: nightsBetween(row.arrivalDate, row.departureDate),
    bookedAt: row.bookedAt.toISOString(),
    currency: row.currency,
    totalAmount: cancelled ? 0 : toMajor(row.amountMinor, { code: row.currency, decimals, ratePerEurMicros: 0 }),
    paymentMethod: row.pointsPaid > 0 ? 'points' : 'card',
    pointsPaid: row.pointsPaid,
    pointsEarned: row.pointsEarned,
    pointsPending: false,
    rooms: [{ reservationNumber: row.reservationNumber, roomTypeName: row.roomTypeName, rateName: row.rateName, status: row.status }],
  };
}

/** The reservations from the reservation system in the member's account (removed ones left out). */
export async function addedReservationsOf(db: Database, memberId: number, reservationNumber?: string) {
  return db
    .select({ reservation: memberReservations, hotelCode: hotels.hotelCode, hotelName: hotels.name, decimals: currencies.decimals })
    .from(memberReservations)
    .innerJoin(hotels, eq(hotels.id, memberReservations.hotelId))
    .innerJoin(currencies, eq(currencies.code, memberReservations.currency))
    .where(
      and(
        eq(memberReservations.memberId, memberId),
        isNull(memberReservations.hiddenAt),
        reservationNumber === undefined ? undefined : eq(memberReservations.reservationNumber, reservationNumber),
      ),
    );
}

/**
 * GET bookings (spec section 7, "Members"): the member's orders as the member area lists them, read from
 * the orders and reservations the booking journey wrote, and the reservations added from the reservation
 * system (decision record 0041). A booking whose rooms are all cancelled is
 * cancelled; otherwise it is past once its departure is today or earlier (Berlin), and upcoming before
 * that (a stay under way included). The stay's dates are those of its rooms still booked.
 */
export async function bookingsOf(db: Database, memberId: number, now: Date): Promise<MemberBookings> {
  const today = businessDate(now);
  const rows = await db
    .select({ order: orders, hotelCode: hotels.hotelCode, hotelName: hotels.name, decimals: currencies.decimals })
    .from(orders)
    .innerJoin(hotels, eq(hotels.id, orders.hotelId))
    .innerJoin(currencies, eq(currencies.code, orders.currency))
    .where(eq(orders.memberId, memberId))
    .orderBy(desc(orders.createdAt));
  const rooms =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(reservations)
          .where(
            inArray(
              reservations.orderId,
              rows.map((row) => row.order.id),
            ),
          )
          .orderBy(asc(reservations.reservationNumber));
  const result: MemberBookings = { upcoming: [], past: [], cancelled: [] };
  for (const { order, hotelCode, hotelName, decimals } of rows) {
    const own = rooms.filter((room) => room.orderId === order.id);
    if (own.length === 0) continue;
    const booked = own.filter((room) => room.status === 'confirmed');
    const dated = booked.length > 0 ? booked : own;
    const arrivalDate = dated.map((room) => room.checkInDate).reduce((a, b) => (a < b ? a : b));
    const departureDate = dated.map((room) => room.checkOutDate).reduce((a, b) => (a > b ? a : b));
    const snapshotRooms = new Map(order.snapshot.stays.flatMap((stay) => stay.room_stays).map((room) => [room.room_stay_id, room]));
    const booking: MemberBooking = {
      orderId: order.id,
      source: 'online',
      status: orderStatus(own.map((room) => room.status)),
      hotel: { code: hotelCode, name: hotelName },
      arrivalDate,
      departureDate,
      nights: nightsBetween(arrivalDate, departureDate),
      bookedAt: order.createdAt.toISOString(),
      currency: order.currency,
      totalAmount: toMajor(order.amountTotalMinor, { code: order.currency, decimals, ratePerEurMicros: 0 }),
      paymentMethod: order.paymentMethod,
      pointsPaid: order.pointsPaid,
      pointsEarned: order.pointsEarned,
      pointsPending: booked.some((room) => room.pointsEarned > 0 && room.pointsCreditedAt === null),
      rooms: own.map((room) => ({
        reservationNumber: room.reservationNumber,
        roomTypeName: snapshotRooms.get(room.id)?.room_type_name ?? room.details.roomTypeCode,
        rateName: snapshotRooms.get(room.id)?.reservation_info.rate_name ?? room.details.rateCode,
        status: room.status,
      })),
    };
    if (booked.length === 0) result.cancelled.push(booking);
    else if (departureDate <= today) result.past.push(booking);
    else result.upcoming.push(booking);
  }
  for (const { reservation, hotelCode, hotelName, decimals } of await addedReservationsOf(db, memberId)) {
    const booking = addedBooking(reservation, { code: hotelCode, name: hotelName }, decimals);
    if (reservation.status === 'cancelled') result.cancelled.push(booking);
    else if (reservation.departureDate <= today) result.past.push(booking);
    else result.upcoming.push(booking);
  }
  result.upcoming.sort((a, b) => a.arrivalDate.localeCompare(b.arrivalDate) || a.bookedAt.localeCompare(b.bookedAt));
  result.past.sort((a, b) => b.departureDate.localeCompare(a.departureDate) || b.bookedAt.localeCompare(a.bookedAt));
  result.cancelled.sort((a, b) => b.arrivalDate.localeCompare(a.arrivalDate) || b.bookedAt.localeCompare(a.bookedAt));
  return result;
}
