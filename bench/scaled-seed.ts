import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/database';
import { resultRows } from '../server/db/rows';
import { ensureInventoryWindow } from '../server/db/seed';

/**
 * A bigger copy of the demo data for load tests: each seeded hotel gets `copies` clones in the same city,
 * with new codes (the original code + C + a two-digit number: SBTG → SBTGC01), a position a few hundred
 * metres away, the same amenities, images, room types, rate plans and add-ons, and inventory of its own
 * (room types get another inventory seed, so prices and availability differ from the original's).
 * Everything is copied with INSERT ... SELECT, table by table; the inventory is then filled by the same
 * ensureInventoryWindow the server runs at start. Run it on a freshly seeded database, once.
 */
export async function addHotelCopies(db: Database, copies: number, today: Date): Promise<{ hotels: number; inventoryNights: number }> {
  if (!Number.isInteger(copies) || copies < 1 || copies > 99) throw new Error('copies must be a whole number from 1 to 99');
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      CREATE TEMPORARY TABLE hotel_copies ON COMMIT DROP AS
      SELECT h.id AS original_id, c.n AS copy, h.hotel_code || 'C' || lpad(c.n::text, 2, '0') AS hotel_code
      FROM hotels h CROSS JOIN generate_series(1, ${copies}) AS c(n)
    `);
    await tx.execute(sql`
      INSERT INTO hotels (hotel_code, name, brand_id, city_id, street, postal_code, latitude, longitude, time_zone, description,
                          opening_date, use_external_booking, external_booking_url, min_lead_days, min_length_of_stay)
      SELECT hc.hotel_code, h.name || ' ' || (hc.copy + 1), h.brand_id, h.city_id, h.street, h.postal_code,
             h.latitude + 0.003 * sin(hc.copy), h.longitude + 0.003 * cos(hc.copy), h.time_zone, h.description,
             h.opening_date, h.use_external_booking, h.external_booking_url, h.min_lead_days, h.min_length_of_stay
      FROM hotel_copies hc JOIN hotels h ON h.id = hc.original_id
    `);
    await tx.execute(sql`
      CREATE TEMPORARY TABLE hotel_copy_ids ON COMMIT DROP AS
      SELECT hc.original_id, hc.copy, h.id AS copy_id FROM hotel_copies hc JOIN hotels h ON h.hotel_code = hc.hotel_code
    `);
    await tx.execute(sql`
      INSERT INTO hotel_amenities (hotel_id, amenity_id)
      SELECT ids.copy_id, ha.amenity_id FROM hotel_copy_ids ids JOIN hotel_amenities ha ON ha.hotel_id = ids.original_id
    `);
    await tx.execute(sql`
      INSERT INTO hotel_images (hotel_id, position, alt, colour_seed)
      SELECT ids.copy_id, hi.position, hi.alt, hi.colour_seed FROM hotel_copy_ids ids JOIN hotel_images hi ON hi.hotel_id = ids.original_id
    `);
    await tx.execute(sql`
      INSERT INTO room_types (hotel_id, type_code, sale_name, max_adults, max_children, max_occupancy, room_count, base_rate_minor, inventory_seed)
      SELECT ids.copy_id, rt.type_code, rt.sale_name, rt.max_adults, rt.max_children, rt.max_occupancy, rt.room_count, rt.base_rate_minor,
             mod(rt.inventory_seed + ids.copy * 7919, 100000)
      FROM hotel_copy_ids ids JOIN room_types rt ON rt.hotel_id = ids.original_id
    `);
    // Non-member rates first: a member rate refers to the non-member rate it pairs with.
    for (const member of [false, true]) {
      await tx.execute(sql`
        INSERT INTO rate_plans (hotel_id, rate_code, name, is_member_rate, paired_non_member_rate_code, breakfast_included,
                                guarantee_policy_code, cancellation_policy_code, price_factor_bps, points_per_night)
        SELECT ids.copy_id, rp.rate_code, rp.name, rp.is_member_rate, rp.paired_non_member_rate_code, rp.breakfast_included,
               rp.guarantee_policy_code, rp.cancellation_policy_code, rp.price_factor_bps, rp.points_per_night
        FROM hotel_copy_ids ids JOIN rate_plans rp ON rp.hotel_id = ids.original_id
        WHERE rp.is_member_rate = ${member}
      `);
    }
    await tx.execute(sql`
      INSERT INTO addons (hotel_id, code, name, pricing_mode, price_minor, currency)
      SELECT ids.copy_id, a.code, a.name, a.pricing_mode, a.price_minor, a.currency
      FROM hotel_copy_ids ids JOIN addons a ON a.hotel_id = ids.original_id
    `);
  });
  const inventoryNights = await ensureInventoryWindow(db, today);
  await db.execute(sql`ANALYZE`);
  const [row] = resultRows<{ hotels: number }>(await db.execute(sql`SELECT count(*)::int AS hotels FROM hotels`));
  return { hotels: row?.hotels ?? 0, inventoryNights };
}
