import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { DeclineReason } from '../../src/contract/ecommerce';
import type { Database } from '../db/database';
import { type InventoryChange, inventoryChanged } from '../db/inventory-changes';
import { resultRows } from '../db/rows';
import { carts, inventoryHolds, vouchers } from '../db/schema';
import { addDays } from '../lib/calendar';

/**
 * Taking rooms from room_inventory and giving them back. Every change is a conditional UPDATE in one
 * fixed order (room type, then night), so two transactions that want overlapping nights wait for each
 * other instead of deadlocking, and a night is never taken below zero: `available_rooms >= n` is checked
 * by the same statement that decrements it.
 */

/** Thrown inside a transaction when a night is no longer free: the transaction rolls back. */
export class RoomGone extends Error {
  constructor() {
    super('A room is no longer free for the stay');
    this.name = 'RoomGone';
  }
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Writer = Database | Tx;

/** Rooms per room type and night: positive takes rooms, negative gives them back. */
export type NightDeltas = Map<string, { roomTypeId: number; stayDate: string; rooms: number }>;

export function addNights(deltas: NightDeltas, roomTypeId: number, checkIn: string, checkOut: string, rooms: number): NightDeltas {
  for (let date = checkIn; date < checkOut; date = addDays(date, 1)) {
    const key = `${String(roomTypeId).padStart(10, '0')}|${date}`;
    const current = deltas.get(key);
    if (current) current.rooms += rooms;
    else deltas.set(key, { roomTypeId, stayDate: date, rooms });
  }
  return deltas;
}

/** Applies the deltas in key order; throws RoomGone when a night has fewer rooms free than it takes. */
export async function applyNights(tx: Writer, deltas: NightDeltas): Promise<void> {
  for (const key of [...deltas.keys()].sort()) {
    const { roomTypeId, stayDate, rooms } = deltas.get(key) as {
      roomTypeId: number;
      stayDate: string;
      rooms: number;
    };
    if (rooms === 0) continue;
    const changed = resultRows<{ room_type_id: number }>(
      await tx.execute(sql`
        UPDATE room_inventory SET available_rooms = available_rooms - ${rooms}
        WHERE room_type_id = ${roomTypeId} AND stay_date = ${stayDate}::date AND available_rooms >= ${rooms}
        RETURNING room_type_id
      `),
    );
    if (changed.length === 0) throw new RoomGone();
  }
}

/** What search's cache must drop after the deltas were committed. */
export function changeOf(deltas: NightDeltas): InventoryChange {
  const values = [...deltas.values()];
  if (values.length === 0) return { roomTypeIds: [] };
  const dates = values.map((value) => value.stayDate).sort();
  return {
    roomTypeIds: [...new Set(values.map((value) => value.roomTypeId))],
    from: dates[0] as string,
    to: addDays(dates.at(-1) as string, 1),
  };
}

/** Takes the nights for a cart and records them as its hold. */
export async function holdNights(tx: Writer, cartId: string, deltas: NightDeltas): Promise<void> {
  await applyNights(tx, deltas);
  const rows = [...deltas.values()].filter((value) => value.rooms > 0).map((value) => ({ cartId, ...value }));
  if (rows.length > 0) await tx.insert(inventoryHolds).values(rows);
}

/**
 * Gives a payment_pending cart's held rooms and claimed vouchers back and opens the cart again, with why
 * the payment did not go through. Nothing happens unless the cart is still payment_pending (with
 * `intentId`, for that payment intent; with `expiredBy`, with its hold run out by then): a payment that
 * completed meanwhile keeps its rooms. Answers whether it released.
 */
export async function releaseHold(
  db: Database,
  cartId: string,
  { reason, now, expiredBy, intentId }: { reason: DeclineReason | null; now: Date; expiredBy?: Date; intentId?: string },
): Promise<boolean> {
  const deltas: NightDeltas = new Map();
  const released = await db.transaction(async (tx) => {
    const opened = await tx
      .update(carts)
      .set({
        status: 'open',
        holdExpiresAt: null,
        pendingPaymentId: null,
        lastDeclineReason: reason,
        updatedAt: now,
      })
      .where(
        and(
          eq(carts.id, cartId),
          eq(carts.status, 'payment_pending'),
          expiredBy ? lte(carts.holdExpiresAt, expiredBy) : undefined,
          intentId ? eq(carts.pendingIntentId, intentId) : undefined,
        ),
      )
      .returning({ id: carts.id });
    if (opened.length === 0) return false;
    // A single-use voucher is held only while its cart is being paid.
    await tx
      .update(vouchers)
      .set({ cartId: null })
      .where(and(eq(vouchers.cartId, cartId), isNull(vouchers.redeemedOrderId)));
    const holds = await tx.delete(inventoryHolds).where(eq(inventoryHolds.cartId, cartId)).returning();
    for (const hold of holds) addNights(deltas, hold.roomTypeId, hold.stayDate, addDays(hold.stayDate, 1), -hold.rooms);
    await applyNights(tx, deltas);
    return true;
  });
  if (released) inventoryChanged(db, changeOf(deltas));
  return released;
}

/** The purge's part: every hold that ran out by `now` is released and its cart opened again. Answers how many. */
export async function releaseExpiredHolds(db: Database, now: Date): Promise<number> {
  const expired = await db
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.status, 'payment_pending'), lte(carts.holdExpiresAt, now)))
    .orderBy(asc(carts.holdExpiresAt));
  let released = 0;
  for (const cart of expired) {
    if (
      await releaseHold(db, cart.id, {
        reason: 'cancelled',
        now,
        expiredBy: now,
      })
    )
      released += 1;
  }
  return released;
}
