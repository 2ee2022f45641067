import { ECOMMERCE_LIMITS } from '../../src/contract/ecommerce';
import { nightsBetween } from '../../src/contract/calendar-dates';
import { expireDue } from './expiry';
import { postEntry, type Writer } from './ledger';
import { upgradeIfReached } from './qualification';

/**
 * What bookings do to points, as ledger entries written in the booking's own transaction (decision
 * records 0031 and 0040): a member's booking enters its points as pending (the stay's and the green
 * option's apart), they are credited after check-out, cancelling withdraws the pending points or gives
 * back the points a booking was paid with, and paying with points spends them. Each entry's key names the
 * reservation or order, so no change is entered twice.
 */

/** One reservation of a member's booking, as entries explain it. */
export interface StayRef {
  memberId: number;
  hotelId: number;
  orderId: string;
  reservationId: string;
  reservationNumber: string;
  arrivalDate: string;
  departureDate: string;
}

const explained = (stay: StayRef) => ({
  memberId: stay.memberId,
  hotelId: stay.hotelId,
  orderId: stay.orderId,
  reservationId: stay.reservationId,
  reservationNumber: stay.reservationNumber,
  arrivalDate: stay.arrivalDate,
  departureDate: stay.departureDate,
});

/** A room's earned points split into the stay's and the green option's (spec section 9: 500 points). */
export function splitEarned(pointsEarned: number, green: boolean): { stay: number; green: number } {
  const greenPoints = green ? Math.min(ECOMMERCE_LIMITS.greenOptionPoints, pointsEarned) : 0;
  return { stay: pointsEarned - greenPoints, green: greenPoints };
}

/** At booking: the room's points are pending until its stay is over. */
export async function enterPendingPoints(tx: Writer, stay: StayRef, earned: { stay: number; green: number }, now: Date): Promise<void> {
  if (earned.stay > 0)
    await postEntry(tx, { ...explained(stay), kind: 'earned', points: 0, pendingPoints: earned.stay, idempotencyKey: `pending:${stay.reservationId}` }, { now });
  if (earned.green > 0)
    await postEntry(tx, { ...explained(stay), kind: 'green', points: 0, pendingPoints: earned.green, idempotencyKey: `pending-green:${stay.reservationId}` }, { now });
}

/**
 * After check-out: the pending points go onto the balance. The stay's nights and points (and the green
 * option's points) qualify for this year's level, which is raised at once when they reach the next one.
 * Nights qualify with a stay that earns points (a stay paid with points earns only the green option's).
 */
export async function creditStay(tx: Writer, stay: StayRef, earned: { stay: number; green: number }, now: Date): Promise<void> {
  if (earned.stay > 0) {
    await postEntry(
      tx,
      {
        ...explained(stay),
        kind: 'earned',
        points: earned.stay,
        pendingPoints: -earned.stay,
        qualifyingNights: nightsBetween(stay.arrivalDate, stay.departureDate),
        qualifyingPoints: earned.stay,
        idempotencyKey: `credit:${stay.reservationId}`,
      },
      { now },
    );
  }
  if (earned.green > 0) {
    await postEntry(
      tx,
      { ...explained(stay), kind: 'green', points: earned.green, pendingPoints: -earned.green, qualifyingPoints: earned.green, idempotencyKey: `credit-green:${stay.reservationId}` },
      { now },
    );
  }
  if (earned.stay + earned.green > 0) await upgradeIfReached(tx, stay.memberId, now);
}

/** Cancelled before its stay was over: its pending points will never come. */
export async function withdrawPendingPoints(tx: Writer, stay: StayRef, pending: number, now: Date): Promise<void> {
  if (pending === 0) return;
  await postEntry(tx, { ...explained(stay), kind: 'refunded', points: 0, pendingPoints: -pending, idempotencyKey: `pending-cancelled:${stay.reservationId}` }, { now });
}

/** Cancelled after its points were credited: they are taken back, never below a balance of zero. */
export async function takeBackCreditedPoints(tx: Writer, stay: StayRef, credited: number, now: Date): Promise<void> {
  if (credited === 0) return;
  await postEntry(
    tx,
    {
      ...explained(stay),
      kind: 'adjusted',
      points: -credited,
      qualifyingNights: -nightsBetween(stay.arrivalDate, stay.departureDate),
      qualifyingPoints: -credited,
      note: 'Points of a cancelled stay taken back',
      idempotencyKey: `taken-back:${stay.reservationId}`,
    },
    { now, upToBalance: true },
  );
}

/** The points a cancelled room was paid with come back. */
export async function refundPointsPaid(tx: Writer, stay: StayRef, pointsPaid: number, now: Date): Promise<void> {
  if (pointsPaid === 0) return;
  await postEntry(tx, { ...explained(stay), kind: 'refunded', points: pointsPaid, idempotencyKey: `points-refund:${stay.reservationId}` }, { now });
}

/** A change of a booked stay changed the points it earns (pending, or credited if the stay was over). */
export async function changeEarnedPoints(tx: Writer, stay: StayRef, change: { delta: number; credited: boolean; modificationId: string }, now: Date): Promise<void> {
  if (change.delta === 0) return;
  await postEntry(
    tx,
    {
      ...explained(stay),
      kind: 'adjusted',
      points: change.credited ? change.delta : 0,
      pendingPoints: change.credited ? 0 : change.delta,
      qualifyingPoints: change.credited ? change.delta : 0,
      note: 'Points changed with the booking',
      idempotencyKey: `modified:${change.modificationId}`,
    },
    { now, upToBalance: true },
  );
}

/**
 * Paying a booking with points, in the order's transaction: points past their validity are written off
 * first, then the price is spent. Throws InsufficientPoints when the balance does not cover it.
 */
export async function spendPointsOnBooking(
  tx: Writer,
  booking: { memberId: number; hotelId: number; orderId: string; reservationNumbers: readonly string[]; arrivalDate: string; departureDate: string; points: number },
  now: Date,
): Promise<void> {
  await expireDue(tx, booking.memberId, now);
  await postEntry(
    tx,
    {
      memberId: booking.memberId,
      kind: 'redeemed',
      points: -booking.points,
      hotelId: booking.hotelId,
      orderId: booking.orderId,
      reservationNumber: booking.reservationNumbers.join(', '),
      arrivalDate: booking.arrivalDate,
      departureDate: booking.departureDate,
      idempotencyKey: `points-paid:${booking.orderId}`,
    },
    { now },
  );
}
