import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { inventoryChanged } from '../db/inventory-changes';

/**
 * Tests of search set the nights they look at to known values, so expectations are exact numbers
 * instead of whatever the generated inventory holds. Only inventory is changed: the content (hotels,
 * room types, rates) is what the seed made.
 */
export async function setNights(
  db: Database,
  change: {
    hotelCode: string;
    /** Only this room type; all of the hotel's when absent. */
    typeCode?: string;
    /** First night, `yyyy-MM-dd`. */
    from: string;
    /** Night after the last, `yyyy-MM-dd`. */
    to: string;
    available?: number;
    /** Inventory price of the night in euro cents (tax included). */
    price?: number;
  },
): Promise<void> {
  await db.execute(sql`
    UPDATE room_inventory ri
    SET available_rooms = coalesce(${change.available ?? null}::int, ri.available_rooms),
        base_price_minor = coalesce(${change.price ?? null}::int, ri.base_price_minor)
    FROM room_types rt JOIN hotels h ON h.id = rt.hotel_id
    WHERE rt.id = ri.room_type_id
      AND h.hotel_code = ${change.hotelCode}
      AND (${change.typeCode ?? null}::text IS NULL OR rt.type_code = ${change.typeCode ?? null}::text)
      AND ri.stay_date >= ${change.from}::date AND ri.stay_date < ${change.to}::date
  `);
  // As every writer of inventory does: search's cache drops what it held of these nights.
  inventoryChanged(db, { from: change.from, to: change.to });
}
