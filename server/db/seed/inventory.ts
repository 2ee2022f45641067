import { sql } from 'drizzle-orm';
import { addDays, businessDate } from '../../lib/calendar';
import type { Database } from '../database';
import { inventoryChanged } from '../inventory-changes';
import { resultRows } from '../rows';

export const INVENTORY_WINDOW_DAYS = 400;

/**
 * Makes sure every room type has inventory for each night from today (in Berlin) to today + days - 1,
 * adding only what is missing; running it twice changes nothing. Returns the number of nights added.
 *
 * Price and availability of a night are a pure function of the room type (its base rate, room count and
 * fixed inventory seed) and the date, computed in one set-based INSERT ... SELECT with integer arithmetic
 * only (no floating point, so PGlite and PostgreSQL agree to the cent). The same night therefore gets the
 * same price whenever and wherever it is generated:
 *   - weekend: Friday and Saturday nights cost 12 % more;
 *   - season: a triangle wave from +10 % in mid-July to -10 % in mid-January;
 *   - noise: -5 % to +5 %, from an integer hash of (inventory seed, day number);
 *   - the price is rounded to whole currency units;
 *   - availability: about 4 % of nights sold out, otherwise 1 to room_count rooms, from the same hash.
 *
 * Only the missing part is generated: when a room type's nights from today onwards are complete up to
 * some date, generation starts the day after it (a daily top-up adds one night per room type); when there
 * is a gap, the whole window is generated and existing nights are kept (ON CONFLICT DO NOTHING).
 * Added nights are announced to this process's inventory cache (server/db/inventory-changes.ts).
 */
export async function ensureInventoryWindow(db: Database, today: Date, days = INVENTORY_WINDOW_DAYS): Promise<number> {
  const first = businessDate(today);
  const last = addDays(first, days - 1);
  const added = await db.transaction(async (tx) => {
    await skipForeignKeyChecksWhenAllowed(tx);
    const result = await tx.execute(sql`
      WITH nights AS MATERIALIZED (
        -- What depends on the date alone, computed once per night rather than once per room and night.
        SELECT
          stay_date,
          stay_date - DATE '2000-01-01' AS day_number,
          CASE WHEN extract(isodow FROM stay_date) IN (5, 6) THEN 1200 ELSE 0 END
            + 1000 - least(abs(extract(doy FROM stay_date)::int - 196), 365 - abs(extract(doy FROM stay_date)::int - 196))
              * 2000 / 182 AS calendar_bps
        FROM (
          SELECT day::date AS stay_date
          FROM generate_series(${first}::timestamp, ${last}::timestamp, INTERVAL '1 day') AS day
        ) window_days
      ),
      coverage AS (
        SELECT
          rt.id AS room_type_id,
          CASE WHEN count(ri.stay_date) > 0 AND count(ri.stay_date) = max(ri.stay_date) - ${first}::date + 1
               THEN max(ri.stay_date) + 1
               ELSE ${first}::date END AS from_date
        FROM room_types rt
        LEFT JOIN room_inventory ri
          ON ri.room_type_id = rt.id AND ri.stay_date BETWEEN ${first}::date AND ${last}::date
        GROUP BY rt.id
      ),
      draws AS (
        SELECT
          rt.id AS room_type_id,
          rt.room_count,
          rt.base_rate_minor,
          nights.stay_date,
          nights.calendar_bps,
          mod(hashed.x * hashed.x * 15731 + hashed.x * 789221 + 1376312589, 2147483647) AS h
        FROM coverage
        JOIN room_types rt ON rt.id = coverage.room_type_id
        JOIN nights ON nights.stay_date >= coverage.from_date
        CROSS JOIN LATERAL (
          SELECT mod(rt.inventory_seed::bigint * 7919 + nights.day_number::bigint * 104729, 1000003) AS x
        ) hashed
      ),
      inserted AS (
        INSERT INTO room_inventory (room_type_id, stay_date, available_rooms, base_price_minor, currency)
        SELECT
          room_type_id,
          stay_date,
          CASE WHEN mod(h / 1001, 1000) < 40 THEN 0 ELSE 1 + (mod(h / 1001, 1000) - 40) * room_count / 960 END,
          (base_rate_minor::bigint * (10000 + calendar_bps + mod(h, 1001) - 500) + 500000) / 1000000 * 100,
          'EUR'
        FROM draws
        -- In primary-key order, so the index grows at its end instead of being written all over.
        ORDER BY room_type_id, stay_date
        ON CONFLICT (room_type_id, stay_date) DO NOTHING
        RETURNING 1
      )
      SELECT count(*)::int AS added FROM inserted
    `);
    return resultRows<{ added: number }>(result)[0]?.added ?? 0;
  });
  // Committed: search's inventory cache must not keep a night it read as missing (decision record 0009).
  if (added > 0) inventoryChanged(db, { from: first, to: addDays(last, 1) });
  return added;
}

/**
 * Each inventory row is generated from a room_types row in the same statement and its currency is the
 * seeded EUR, so the per-row foreign key checks cannot fail; on PGlite they are most of the cost of the
 * first fill (about 100 000 rows). Where the session may (superuser: always on PGlite, usually not on a
 * managed PostgreSQL) they are skipped for this transaction only, and room_types is locked against
 * concurrent changes so no room type can disappear under the insert. Elsewhere the checks simply run.
 */
async function skipForeignKeyChecksWhenAllowed(tx: Pick<Database, 'execute'>): Promise<void> {
  const [role] = resultRows<{ superuser: boolean }>(
    await tx.execute(sql`SELECT current_setting('is_superuser') = 'on' AS superuser`),
  );
  if (!role?.superuser) return;
  await tx.execute(sql`LOCK TABLE room_types IN SHARE MODE`);
  await tx.execute(sql`SELECT set_config('session_replication_role', 'replica', true)`);
}
