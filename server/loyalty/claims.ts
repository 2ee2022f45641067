import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Cart } from '../../src/contract/ecommerce';
import { type ClaimReason, type ClaimStatus, LOYALTY_LIMITS, type PointsClaim } from '../../src/contract/loyalty';
import type { Database } from '../db/database';
import { hotels, memberReservations, members, orders, pointsClaims, reservations } from '../db/schema';
import { nightsBetween } from '../../src/contract/calendar-dates';
import { addDays, businessDate } from '../lib/calendar';
import type { ClaimOutcome, RequestPointsInput } from '../ports/loyalty';
import { postEntry } from './ledger';
import { upgradeIfReached } from './qualification';

/**
 * Requests for missing points (request-points, decision record 0040). A request names a stay by hotel,
 * dates and reservation number. When that is a reservation of the member's own (booked signed in, or as a
 * guest with the member's email, or added to the account from the reservation system: decision record
 * 0041), over, not cancelled, not paid with points and without points, it is approved at once and its
 * points entered as `claimed`. A reservation of the member's that is not
 * eligible is rejected with the reason. Anything else (a booking made elsewhere, or details that match no
 * reservation of the member's) waits for the hotel to confirm: the answer never tells whether a
 * reservation number belongs to someone else.
 */

type ClaimRow = typeof pointsClaims.$inferSelect;

function claimView(row: ClaimRow, hotel: { code: string; name: string }): PointsClaim {
  return {
    id: row.id,
    hotel,
    arrivalDate: row.arrivalDate,
    departureDate: row.departureDate,
    reservationNumber: row.reservationNumber,
    status: row.status,
    reason: row.reason,
    points: row.points,
    submittedAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

const claimColumns = { claim: pointsClaims, hotelCode: hotels.hotelCode, hotelName: hotels.name };

/** The member's requests, newest first. */
export async function claimsOf(db: Database, memberId: number): Promise<PointsClaim[]> {
  const rows = await db
    .select(claimColumns)
    .from(pointsClaims)
    .innerJoin(hotels, eq(hotels.id, pointsClaims.hotelId))
    .where(eq(pointsClaims.memberId, memberId))
    .orderBy(desc(pointsClaims.createdAt), desc(pointsClaims.id));
  return rows.map((row) => claimView(row.claim, { code: row.hotelCode, name: row.hotelName }));
}

/** One of the member's requests; undefined for another member's (or an unknown id). */
export async function claimOf(db: Database, memberId: number, claimId: string): Promise<PointsClaim | undefined> {
  const [row] = await db
    .select(claimColumns)
    .from(pointsClaims)
    .innerJoin(hotels, eq(hotels.id, pointsClaims.hotelId))
    .where(and(eq(pointsClaims.id, claimId), eq(pointsClaims.memberId, memberId)));
  return row && claimView(row.claim, { code: row.hotelCode, name: row.hotelName });
}

/**
 * The points a stay that earned none is granted: as a member rate earns them, one point per full euro of
 * the room price without tax, read from the booking (its price with tax in euro, and the share of tax in
 * the price as booked).
 */
export function claimPoints(grossEurMinor: number, room: Pick<Cart['stays'][number]['room_stays'][number], 'price' | 'price_with_tax'> | undefined): number {
  if (!room || room.price_with_tax <= 0) return 0;
  return Math.floor((grossEurMinor * room.price) / room.price_with_tax / 100);
}

/** The member's stay a request matched: a reservation of this site, or one added from the reservation system (no order). */
interface MatchedStay {
  id: string;
  reservationNumber: string;
  orderId: string | null;
  checkInDate: string;
  checkOutDate: string;
}

interface Decision {
  status: ClaimStatus;
  reason: ClaimReason;
  points: number;
  reservation: MatchedStay | null;
}

/** Whether a stay of the member's can be credited now, and with how many points. */
function eligibility(stay: { status: string; pointsPaid: number; pointsEarned: number }, points: number, reservation: MatchedStay): Decision {
  const rejected = (reason: ClaimReason): Decision => ({ status: 'rejected', reason, points: 0, reservation });
  if (stay.status === 'cancelled') return rejected('cancelled');
  if (stay.pointsPaid > 0) return rejected('paid_with_points');
  if (stay.pointsEarned > 0) return rejected('already_earned');
  return points > 0 ? { status: 'approved', reason: 'credited', points, reservation } : { status: 'submitted', reason: 'review', points: 0, reservation: null };
}

/**
 * A reservation from the reservation system in the member's account (not removed from it), read from the
 * account's copy; its points follow the same rule as a booking of this site's.
 */
async function decideAdded(db: Database, memberId: number, hotelId: number, request: RequestPointsInput, review: Decision): Promise<Decision> {
  const [added] = await db
    .select()
    .from(memberReservations)
    .where(and(eq(memberReservations.reservationNumber, request.reservationNumber), eq(memberReservations.memberId, memberId), isNull(memberReservations.hiddenAt)));
  if (!added) return review;
  const same = added.hotelId === hotelId && added.arrivalDate === request.arrivalDate && added.departureDate === request.departureDate;
  if (!same) return review;
  const stay: MatchedStay = { id: added.id, reservationNumber: added.reservationNumber, orderId: null, checkInDate: added.arrivalDate, checkOutDate: added.departureDate };
  return eligibility(added, addedStayPoints(added), stay);
}

/** The points a reservation added from the reservation system is granted (claimPoints' rule, on its amounts with and without tax). */
export function addedStayPoints(stay: Pick<typeof memberReservations.$inferSelect, 'grossEurMinor' | 'amountMinor' | 'netAmountMinor'>): number {
  return claimPoints(stay.grossEurMinor, { price: stay.netAmountMinor, price_with_tax: stay.amountMinor });
}

/** What the request's details say: the member's own reservation and whether it can be credited now. */
async function decide(db: Database, member: { id: number; email: string }, hotelId: number, request: RequestPointsInput): Promise<Decision> {
  const review: Decision = { status: 'submitted', reason: 'review', points: 0, reservation: null };
  const [found] = await db
    .select({ reservation: reservations, order: { memberId: orders.memberId, hotelId: orders.hotelId, email: orders.customerEmail, snapshot: orders.snapshot } })
    .from(reservations)
    .innerJoin(orders, eq(orders.id, reservations.orderId))
    // Reservation numbers are written in capitals, as the request is read.
    .where(eq(reservations.reservationNumber, request.reservationNumber));
  // Not a booking of this site: it may be one the member added from the reservation system.
  if (!found) return decideAdded(db, member.id, hotelId, request, review);
  const { reservation, order } = found;
  const own = order.memberId === member.id || (order.memberId === null && order.email.toLowerCase() === member.email);
  const same = order.hotelId === hotelId && reservation.checkInDate === request.arrivalDate && reservation.checkOutDate === request.departureDate;
  if (!own || !same) return review;
  const room = order.snapshot.stays.flatMap((stay) => stay.room_stays).find((candidate) => candidate.room_stay_id === reservation.id);
  return eligibility(reservation, claimPoints(reservation.grossEurMinor, room), reservation);
}

/** POST request-points: stores the request, and credits it at once when it can be (see above). */
export async function requestPoints(db: Database, memberId: number, request: RequestPointsInput, now: Date): Promise<ClaimOutcome> {
  const today = businessDate(now);
  if (request.departureDate >= today) return { ok: false, status: 400, message: 'Missing points can be asked for from the day after the departure', path: 'departureDate' };
  if (request.departureDate < addDays(today, -LOYALTY_LIMITS.claimWindowDays)) {
    return { ok: false, status: 400, message: `Missing points can be asked for up to ${LOYALTY_LIMITS.claimWindowDays} days after the departure`, path: 'departureDate' };
  }
  const [hotel] = await db.select({ id: hotels.id, code: hotels.hotelCode, name: hotels.name }).from(hotels).where(eq(hotels.hotelCode, request.hotelCode));
  if (!hotel) return { ok: false, status: 400, message: 'There is no hotel with this code', path: 'hotelCode' };
  const [member] = await db.select({ id: members.id, email: members.email }).from(members).where(eq(members.id, memberId));
  if (!member) throw new Error('The signed-in member has gone');
  // Read before the transaction (PGlite runs nothing else while one is open); the inserts below decide races.
  const decision = await decide(db, member, hotel.id, request);
  const claimId = randomUUID();
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(pointsClaims)
      .values({
        id: claimId,
        memberId,
        hotelId: hotel.id,
        arrivalDate: request.arrivalDate,
        departureDate: request.departureDate,
        reservationNumber: request.reservationNumber,
        reservationId: decision.reservation?.id ?? null,
        status: decision.status,
        reason: decision.reason,
        points: decision.points,
        createdAt: now,
        decidedAt: decision.status === 'submitted' ? null : now,
      })
      // One live request per reservation number and member, one approval per reservation.
      .onConflictDoNothing()
      .returning();
    if (!inserted) return undefined;
    if (inserted.status === 'approved' && decision.reservation) {
      const stay = decision.reservation;
      await postEntry(
        tx,
        {
          memberId,
          kind: 'claimed',
          points: inserted.points,
          qualifyingNights: nightsBetween(stay.checkInDate, stay.checkOutDate),
          qualifyingPoints: inserted.points,
          hotelId: hotel.id,
          reservationId: stay.id,
          reservationNumber: stay.reservationNumber,
          orderId: stay.orderId,
          arrivalDate: stay.checkInDate,
          departureDate: stay.checkOutDate,
          claimId,
          idempotencyKey: `claim:${stay.id}`,
        },
        { now },
      );
      await upgradeIfReached(tx, memberId, now);
    }
    return inserted;
  });
  if (!row) return { ok: false, status: 409, message: 'You have already asked for the points of this reservation', path: 'reservationNumber' };
  return { ok: true, claim: claimView(row, { code: hotel.code, name: hotel.name }) };
}
