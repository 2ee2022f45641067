import { isUniqueViolation } from '../db/errors';
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import type * as v from 'valibot';
import type { MemberBooking } from '../../src/contract/loyalty';
import type { AddExternalReservationRequestSchema, OldBooking } from '../../src/contract/member-reservations';
import { nightsBetween } from '../../src/contract/calendar-dates';
import type { Database } from '../db/database';
import { currencies, hotels, memberReservations, members, orders, reservations } from '../db/schema';
import type { CrsReservation, ReservationSystemPort } from '../ports/reservation-system';
import { ReservationSystemUnavailableError } from '../ports/reservation-system';
import { toMajor } from '../search/money';
import { addedBooking, addedReservationsOf } from './bookings';

/**
 * Reservations of the reservation system in members' accounts (spec section 7 "Members"; decision record
 * 0041). The reservation system is asked first, before anything is written, so that when it cannot answer
 * nothing changes. The account keeps a copy of each reservation as the reservation system answered it, so
 * bookings and missing points never wait for the reservation system. A reservation is in at most one
 * account: the unique reservation number of `member_reservations` decides a race between two members.
 */

export type AddOutcome = { ok: true; booking: MemberBooking } | { ok: false; reason: 'not_found' | 'conflict' };

/**
 * The id of a reservation from the reservation system in the BFF, the same every time it is added (derived
 * from its number): requests for missing points and points entries name the stay by it, so removing a
 * reservation and adding it again never lets its points be granted twice.
 */
export function addedStayId(reservationNumber: string): string {
  const hex = createHash('sha256').update(`crs-reservation:${reservationNumber}`).digest('hex');
  // Laid out as a UUID of version 5's shape (name-based), variant 10.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/** Asks the reservation system; whatever goes wrong there reads as the reservation system being unavailable. */
async function ask<T>(question: () => Promise<T>): Promise<T> {
  try {
    return await question();
  } catch (error) {
    if (error instanceof ReservationSystemUnavailableError) throw error;
    throw new ReservationSystemUnavailableError('The reservation system did not answer', { cause: error });
  }
}

/** The columns of the account's copy of a reservation. */
function copyOf(reservation: CrsReservation, hotelId: number, now: Date) {
  return {
    hotelId,
    arrivalDate: reservation.arrivalDate,
    departureDate: reservation.departureDate,
    roomTypeName: reservation.roomTypeName,
    rateName: reservation.rateName,
    currency: reservation.currency,
    amountMinor: reservation.amountMinor,
    netAmountMinor: reservation.netAmountMinor,
    grossEurMinor: reservation.grossEurMinor,
    status: reservation.status,
    origin: reservation.origin,
    pointsEarned: reservation.pointsEarned,
    pointsPaid: reservation.pointsPaid,
    bookedAt: reservation.bookedAt,
    syncedAt: now,
  };
}

async function memberOf(db: Database, memberId: number): Promise<{ id: number; email: string }> {
  const [member] = await db.select({ id: members.id, email: members.email }).from(members).where(eq(members.id, memberId));
  if (!member) throw new Error('The signed-in member has gone');
  return member;
}

async function hotelIdsOf(db: Database, codes: readonly string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await db.select({ id: hotels.id, code: hotels.hotelCode }).from(hotels).where(inArray(hotels.hotelCode, [...new Set(codes)]));
  return new Map(rows.map((row) => [row.code, row.id]));
}

/** Reservation numbers among these that are bookings of this site (they never come into an account from the reservation system). */
async function siteNumbers(db: Database, numbers: readonly string[]): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const rows = await db.select({ number: reservations.reservationNumber }).from(reservations).where(inArray(reservations.reservationNumber, [...numbers]));
  return new Set(rows.map((row) => row.number));
}

/**
 * POST external-reservations: adds the reservation with this number whose guest has this last name.
 * Anything the member may not add answers `not_found`, whoever it belongs to; what is in the account
 * already, or was booked on this site by the member, answers `conflict`. Throws
 * ReservationSystemUnavailableError when the reservation system cannot answer.
 */
export async function addReservation(
  db: Database,
  system: ReservationSystemPort,
  memberId: number,
  request: v.InferOutput<typeof AddExternalReservationRequestSchema>,
  now: Date,
): Promise<AddOutcome> {
  const number = request.reservationNumber;
  const member = await memberOf(db, memberId);
  const [site] = await db
    .select({ memberId: orders.memberId })
    .from(reservations)
    .innerJoin(orders, eq(orders.id, reservations.orderId))
    .where(eq(reservations.reservationNumber, number));
  if (site) return { ok: false, reason: site.memberId === memberId ? 'conflict' : 'not_found' };
  const [held] = await db
    .select({ memberId: memberReservations.memberId, hiddenAt: memberReservations.hiddenAt })
    .from(memberReservations)
    .where(eq(memberReservations.reservationNumber, number));
  if (held && held.memberId !== memberId) return { ok: false, reason: 'not_found' };
  if (held && held.hiddenAt === null) return { ok: false, reason: 'conflict' };

  const found = await ask(() => system.findReservation(number, request.lastName));
  if (!found) return { ok: false, reason: 'not_found' };
  // The old website's bookings are the old bookings of the member whose email they carry, not bookings to add.
  if (found.origin === 'legacy-web') return { ok: false, reason: found.guest.email.toLowerCase() === member.email ? 'conflict' : 'not_found' };
  const hotelId = (await hotelIdsOf(db, [found.hotelCode])).get(found.hotelCode);
  if (hotelId === undefined) return { ok: false, reason: 'not_found' };

  const copy = copyOf(found, hotelId, now);
  const stored = await storeAddedReservation(db, memberId, number, copy, now);
  const [added] = await addedReservationsOf(db, memberId, number);
  if (!stored || !added) {
    return { ok: false, reason: added ? 'conflict' : 'not_found' };
  }
  return { ok: true, booking: addedBooking(added.reservation, { code: added.hotelCode, name: added.hotelName }, added.decimals) };
}

/**
 * Keeps the account's copy of a reservation added by its number; false when another row has it. The row's
 * id comes from the number too, so a member adding at the same moment may collide on the id rather than on
 * the number the conflict clause names: that is the same "someone else has it" and reads as such.
 */
async function storeAddedReservation(db: Database, memberId: number, number: string, copy: ReturnType<typeof copyOf>, now: Date): Promise<boolean> {
  try {
    const stored = await db
      .insert(memberReservations)
      .values({ id: addedStayId(number), memberId, reservationNumber: number, how: 'number', addedAt: now, hiddenAt: null, ...copy })
      // A reservation the member removed after a refresh comes back; one in another account stays there. The
      // unique number makes two members adding at once wait for each other: the second sees the first's row.
      .onConflictDoUpdate({
        target: memberReservations.reservationNumber,
        set: { how: 'number', addedAt: now, hiddenAt: null, ...copy },
        setWhere: and(eq(memberReservations.memberId, memberId), isNotNull(memberReservations.hiddenAt), ne(memberReservations.how, 'old-booking')),
      })
      .returning({ id: memberReservations.id });
    return stored.length > 0;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/**
 * DELETE external-reservations/{number}: takes a reservation the member added out of the account. One added
 * by number is let go (it can be added again, by anyone with its number and last name); one a refresh
 * brought stays hidden, so the next refresh does not bring it back. False when the member has no such
 * reservation in the account (another's, a booking of this site, unknown).
 */
export async function removeReservation(db: Database, memberId: number, reservationNumber: string, now: Date): Promise<boolean> {
  const mine = and(eq(memberReservations.reservationNumber, reservationNumber), eq(memberReservations.memberId, memberId), isNull(memberReservations.hiddenAt));
  const deleted = await db
    .delete(memberReservations)
    .where(and(mine, eq(memberReservations.how, 'number')))
    .returning({ id: memberReservations.id });
  if (deleted.length > 0) return true;
  const hidden = await db
    .update(memberReservations)
    .set({ hiddenAt: now })
    .where(and(mine, eq(memberReservations.how, 'refresh')))
    .returning({ id: memberReservations.id });
  return hidden.length > 0;
}

/**
 * POST external-reservations/refresh: adds every reservation made by phone or at the hotel whose guest email
 * is the member's and that is in no account yet (nor a booking of this site), and brings the copies of the
 * reservations in the member's account up to date. Answers how many it added; a second refresh adds none.
 * Every question goes to the reservation system before anything is written.
 */
export async function refreshReservations(db: Database, system: ReservationSystemPort, memberId: number, now: Date): Promise<number> {
  const member = await memberOf(db, memberId);
  const byEmail = await ask(() => system.reservationsForEmail(member.email));
  const inAccount = await db
    .select({ number: memberReservations.reservationNumber })
    .from(memberReservations)
    .where(and(eq(memberReservations.memberId, memberId), isNull(memberReservations.hiddenAt)));
  const known = new Set(byEmail.map((reservation) => reservation.reservationNumber));
  const others = inAccount.map((row) => row.number).filter((number) => !known.has(number));
  const current = others.length === 0 ? [] : await ask(() => system.reservations(others));

  const candidates = byEmail.filter((reservation) => reservation.origin !== 'legacy-web');
  const hotelIds = await hotelIdsOf(db, [...candidates, ...current].map((reservation) => reservation.hotelCode));
  const onSite = await siteNumbers(db, candidates.map((reservation) => reservation.reservationNumber));
  const mine = new Set(inAccount.map((row) => row.number));
  let added = 0;
  // In the order of their numbers, so that two refreshes at once take the rows' locks in the same order.
  const ordered = [...candidates, ...current].sort((a, b) => a.reservationNumber.localeCompare(b.reservationNumber));
  await db.transaction(async (tx) => {
    for (const reservation of ordered) {
      const hotelId = hotelIds.get(reservation.hotelCode);
      if (hotelId === undefined) continue;
      const copy = copyOf(reservation, hotelId, now);
      if (mine.has(reservation.reservationNumber)) {
        await tx
          .update(memberReservations)
          .set(copy)
          .where(and(eq(memberReservations.reservationNumber, reservation.reservationNumber), eq(memberReservations.memberId, memberId)));
        continue;
      }
      if (onSite.has(reservation.reservationNumber)) continue;
      const inserted = await tx
        .insert(memberReservations)
        .values({ id: addedStayId(reservation.reservationNumber), memberId, reservationNumber: reservation.reservationNumber, how: 'refresh', addedAt: now, ...copy })
        // In another account, or hidden by this member: left as it is.
        .onConflictDoNothing({ target: memberReservations.reservationNumber })
        .returning({ id: memberReservations.id });
      added += inserted.length;
    }
  });
  return added;
}

/** GET old-bookings: the old website's bookings with the member's email, those the member removed left out, newest first. */
export async function oldBookingsOf(db: Database, system: ReservationSystemPort, memberId: number): Promise<OldBooking[]> {
  const member = await memberOf(db, memberId);
  const old = (await ask(() => system.reservationsForEmail(member.email))).filter((reservation) => reservation.origin === 'legacy-web');
  if (old.length === 0) return [];
  const hidden = new Set(
    (
      await db
        .select({ number: memberReservations.reservationNumber })
        .from(memberReservations)
        .where(
          and(
            eq(memberReservations.memberId, memberId),
            isNotNull(memberReservations.hiddenAt),
            inArray(
              memberReservations.reservationNumber,
              old.map((reservation) => reservation.reservationNumber),
            ),
          ),
        )
    ).map((row) => row.number),
  );
  const shown = old.filter((reservation) => !hidden.has(reservation.reservationNumber));
  if (shown.length === 0) return [];
  const hotelRows = await db
    .select({ code: hotels.hotelCode, name: hotels.name })
    .from(hotels)
    .where(inArray(hotels.hotelCode, [...new Set(shown.map((reservation) => reservation.hotelCode))]));
  const names = new Map(hotelRows.map((row) => [row.code, row.name]));
  const decimals = new Map((await db.select({ code: currencies.code, decimals: currencies.decimals }).from(currencies)).map((row) => [row.code, row.decimals]));
  return shown
    .flatMap((reservation): OldBooking[] => {
      const name = names.get(reservation.hotelCode);
      const places = decimals.get(reservation.currency);
      // A hotel or currency this site does not know cannot be shown; the rest still is.
      if (name === undefined || places === undefined) return [];
      return [
        {
          reservationNumber: reservation.reservationNumber,
          hotel: { code: reservation.hotelCode, name },
          arrivalDate: reservation.arrivalDate,
          departureDate: reservation.departureDate,
          nights: nightsBetween(reservation.arrivalDate, reservation.departureDate),
          roomTypeName: reservation.roomTypeName,
          rateName: reservation.rateName,
          amount: toMajor(reservation.amountMinor, { code: reservation.currency, decimals: places, ratePerEurMicros: 0 }),
          currency: reservation.currency,
          status: reservation.status,
        },
      ];
    })
    .sort((a, b) => b.arrivalDate.localeCompare(a.arrivalDate) || a.reservationNumber.localeCompare(b.reservationNumber));
}

/**
 * DELETE old-bookings/{number}: hides one of the member's old bookings for good. False when it is not one
 * (another guest's, not of the old website, unknown) or hidden already.
 */
export async function hideOldBooking(db: Database, system: ReservationSystemPort, memberId: number, reservationNumber: string, now: Date): Promise<boolean> {
  const member = await memberOf(db, memberId);
  const [found] = await ask(() => system.reservations([reservationNumber]));
  if (!found || found.origin !== 'legacy-web' || found.guest.email.toLowerCase() !== member.email) return false;
  const hotelId = (await hotelIdsOf(db, [found.hotelCode])).get(found.hotelCode);
  if (hotelId === undefined) return false;
  const inserted = await db
    .insert(memberReservations)
    .values({ id: addedStayId(reservationNumber), memberId, reservationNumber, how: 'old-booking', addedAt: now, hiddenAt: now, ...copyOf(found, hotelId, now) })
    .onConflictDoNothing({ target: memberReservations.reservationNumber })
    .returning({ id: memberReservations.id });
  return inserted.length > 0;
}
