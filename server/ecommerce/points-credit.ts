import { and, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import { orders, reservations } from '../db/schema';
import type { CommerceContext } from './context';
import { changePoints } from './orders';

/**
 * Points a booking earns are pending until the stay is over (decision record 0031): a maintenance job
 * credits them to the member's balance once the check-out date is in the past (UTC), the day after
 * check-out. Each reservation is credited once: its row is marked in the same transaction that changes
 * the balance, and only rows not yet marked are taken, so two runs at the same time cannot both credit it.
 * A cancelled reservation is never credited (cancelling is only possible before the stay).
 */
export async function creditEarnedPoints(ctx: Pick<CommerceContext, 'db'>, now: Date): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  return ctx.db.transaction(async (tx) => {
    const credited = await tx
      .update(reservations)
      .set({ pointsCreditedAt: now })
      .where(and(eq(reservations.status, 'confirmed'), gt(reservations.pointsEarned, 0), isNull(reservations.pointsCreditedAt), lt(reservations.checkOutDate, today)))
      .returning({ orderId: reservations.orderId, points: reservations.pointsEarned });
    if (credited.length === 0) return 0;
    const owners = await tx
      .select({ id: orders.id, memberId: orders.memberId })
      .from(orders)
      .where(inArray(orders.id, [...new Set(credited.map((row) => row.orderId))]));
    const memberOf = new Map(owners.map((owner) => [owner.id, owner.memberId]));
    const byMember = new Map<number, number>();
    for (const row of credited) {
      const memberId = memberOf.get(row.orderId);
      if (memberId !== null && memberId !== undefined) byMember.set(memberId, (byMember.get(memberId) ?? 0) + row.points);
    }
    for (const [memberId, points] of byMember) await changePoints(tx, memberId, points);
    return credited.length;
  });
}
