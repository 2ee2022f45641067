import { and, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { LOYALTY_LIMITS } from '../../src/contract/loyalty';
import type { MissingPointsStay } from '../../src/contract/member-reservations';
import type { Database } from '../db/database';
import { hotels, memberReservations, members, orders, pointsClaims, reservations } from '../db/schema';
import { addDays, businessDate } from '../lib/calendar';
import { addedStayPoints, claimPoints } from './claims';

/**
 * GET missing-points (spec section 7 "Members"; decision record 0041): the member's own stays that earned
 * no points and whose points can still be asked for, so the member area offers a one-click request. Own
 * are the bookings of this site (booked signed in, or as a guest with the member's email, as
 * request-points reads them) and the reservations added from the reservation system. Listed when the
 * departure is before today (Berlin) and at most LOYALTY_LIMITS.claimWindowDays ago, the stay is
 * confirmed, not paid with points and earned nothing, and no request for it was approved: exactly what
 * request-points approves at once. Each comes with the member's latest request for it, if any.
 */
export async function missingPointsOf(db: Database, memberId: number, now: Date): Promise<MissingPointsStay[]> {
  const today = businessDate(now);
  const earliest = addDays(today, -LOYALTY_LIMITS.claimWindowDays);
  const [member] = await db.select({ email: members.email }).from(members).where(eq(members.id, memberId));
  if (!member) throw new Error('The signed-in member has gone');

  const site = await db
    .select({ reservation: reservations, snapshot: orders.snapshot, hotelCode: hotels.hotelCode, hotelName: hotels.name })
    .from(reservations)
    .innerJoin(orders, eq(orders.id, reservations.orderId))
    .innerJoin(hotels, eq(hotels.id, orders.hotelId))
    .where(
      and(
        or(eq(orders.memberId, memberId), and(isNull(orders.memberId), eq(sql`lower(${orders.customerEmail})`, member.email))),
        eq(reservations.status, 'confirmed'),
        eq(reservations.pointsPaid, 0),
        eq(reservations.pointsEarned, 0),
        lt(reservations.checkOutDate, today),
        gte(reservations.checkOutDate, earliest),
      ),
    );
  const added = await db
    .select({ reservation: memberReservations, hotelCode: hotels.hotelCode, hotelName: hotels.name })
    .from(memberReservations)
    .innerJoin(hotels, eq(hotels.id, memberReservations.hotelId))
    .where(
      and(
        eq(memberReservations.memberId, memberId),
        isNull(memberReservations.hiddenAt),
        eq(memberReservations.status, 'confirmed'),
        eq(memberReservations.pointsPaid, 0),
        eq(memberReservations.pointsEarned, 0),
        lt(memberReservations.departureDate, today),
        gte(memberReservations.departureDate, earliest),
      ),
    );

  const stays: (MissingPointsStay & { stayId: string })[] = [
    ...site.map(({ reservation, snapshot, hotelCode, hotelName }) => {
      const room = snapshot.stays.flatMap((stay) => stay.room_stays).find((candidate) => candidate.room_stay_id === reservation.id);
      return {
        stayId: reservation.id,
        reservationNumber: reservation.reservationNumber,
        hotel: { code: hotelCode, name: hotelName },
        arrivalDate: reservation.checkInDate,
        departureDate: reservation.checkOutDate,
        source: 'online' as const,
        points: claimPoints(reservation.grossEurMinor, room),
        claim: null,
      };
    }),
    ...added.map(({ reservation, hotelCode, hotelName }) => ({
      stayId: reservation.id,
      reservationNumber: reservation.reservationNumber,
      hotel: { code: hotelCode, name: hotelName },
      arrivalDate: reservation.arrivalDate,
      departureDate: reservation.departureDate,
      source: 'reservation-system' as const,
      points: addedStayPoints(reservation),
      claim: null,
    })),
  ];
  if (stays.length === 0) return [];

  // Whoever's request was approved, the stay has earned its points (one approval per reservation).
  const approved = new Set(
    (
      await db
        .select({ reservationId: pointsClaims.reservationId })
        .from(pointsClaims)
        .where(
          and(
            eq(pointsClaims.status, 'approved'),
            inArray(
              pointsClaims.reservationId,
              stays.map((stay) => stay.stayId),
            ),
          ),
        )
    ).map((row) => row.reservationId),
  );
  const claims = await db
    .select({ id: pointsClaims.id, reservationNumber: pointsClaims.reservationNumber, status: pointsClaims.status, reason: pointsClaims.reason })
    .from(pointsClaims)
    .where(
      and(
        eq(pointsClaims.memberId, memberId),
        inArray(
          pointsClaims.reservationNumber,
          stays.map((stay) => stay.reservationNumber),
        ),
      ),
    )
    .orderBy(desc(pointsClaims.createdAt), desc(pointsClaims.id));
  const latest = new Map<string, MissingPointsStay['claim']>();
  for (const claim of claims) if (!latest.has(claim.reservationNumber)) latest.set(claim.reservationNumber, { id: claim.id, status: claim.status, reason: claim.reason });

  return stays
    .filter((stay) => !approved.has(stay.stayId))
    .map(({ stayId: _stayId, ...stay }) => ({ ...stay, claim: latest.get(stay.reservationNumber) ?? null }))
    .sort((a, b) => b.departureDate.localeCompare(a.departureDate) || a.reservationNumber.localeCompare(b.reservationNumber));
}
