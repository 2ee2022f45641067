import { and, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import { orders, reservations } from '../db/schema';
import { creditStay, splitEarned } from '../loyalty/stays';
import type { CommerceContext } from './context';
import { stayOf } from './orders';

/**
 * Points a booking earns are pending until the stay is over (decision record 0031): a maintenance job
 * credits them to the member's balance once the check-out date is in the past (UTC), the day after
 * check-out, as points entries (`earned`, and `green` for the green option's, decision record 0040) that
 * also count toward the member's level. Each reservation is credited once: its row is marked in the same
 * transaction that enters the points, and only rows not yet marked are taken, so two runs at the same time
 * cannot both credit it (and each entry's key names its reservation). A cancelled reservation is never
 * credited (cancelling is only possible before the stay).
 */
export async function creditEarnedPoints(ctx: Pick<CommerceContext, 'db'>, now: Date): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  return ctx.db.transaction(async (tx) => {
    const credited = await tx
      .update(reservations)
      .set({ pointsCreditedAt: now })
      .where(and(eq(reservations.status, 'confirmed'), gt(reservations.pointsEarned, 0), isNull(reservations.pointsCreditedAt), lt(reservations.checkOutDate, today)))
      .returning();
    if (credited.length === 0) return 0;
    const owners = await tx
      .select({ id: orders.id, memberId: orders.memberId, hotelId: orders.hotelId })
      .from(orders)
      .where(inArray(orders.id, [...new Set(credited.map((row) => row.orderId))]));
    const orderOf = new Map(owners.map((owner) => [owner.id, owner]));
    // Members in one order, so two runs that lock several members lock them alike.
    const stays = credited
      .flatMap((row) => {
        const order = orderOf.get(row.orderId);
        const stay = order ? stayOf(order, row) : null;
        return stay ? [{ stay, earned: splitEarned(row.pointsEarned, row.details.green) }] : [];
      })
      .sort((a, b) => a.stay.memberId - b.stay.memberId || a.stay.reservationId.localeCompare(b.stay.reservationId));
    for (const { stay, earned } of stays) await creditStay(tx, stay, earned, now);
    return credited.length;
  });
}
