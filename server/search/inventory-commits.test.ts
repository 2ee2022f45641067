import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/bff/database';
import type { InventoryChange } from '../db/inventory-changes';
import { resultRows } from '../db/rows';
import { followInventoryCommits, INVENTORY_CHANNEL, inventoryChangeOf } from './inventory-commits';

/*
 * The database announces every write to room_inventory (migration 0014): an UPDATE names its room types
 * and nights, anything else says "everything". On PGlite search follows the announcements, which arrive
 * before the writer's own await returns; on PostgreSQL they are sent all the same (seen here through a
 * listening connection) but search does not follow them.
 */

const database = useTestDatabase();
const onPostgres = Boolean(process.env.DATABASE_URL);

/** The id of a seeded room type. */
async function roomTypeId(hotelCode: string, typeCode: string): Promise<number> {
  const [row] = resultRows<{ id: number }>(
    await database.db.execute(sql`
      SELECT rt.id FROM room_types rt JOIN hotels h ON h.id = rt.hotel_id WHERE h.hotel_code = ${hotelCode} AND rt.type_code = ${typeCode}
    `),
  );
  if (!row) throw new Error(`no room type ${hotelCode} ${typeCode}`);
  return row.id;
}

describe('an announcement', () => {
  it('names the room types and nights it carries, or everything when it carries none or cannot be read', () => {
    expect(inventoryChangeOf('{"roomTypeIds":[3,7],"from":"2026-04-01","to":"2026-04-03"}')).toEqual({
      roomTypeIds: [3, 7],
      from: '2026-04-01',
      to: '2026-04-03',
    });
    for (const payload of ['', '{', 'null', '{"roomTypeIds":null,"from":"2026-04-01","to":"2026-04-03"}', '{"roomTypeIds":[1.5],"from":"2026-04-01","to":"2026-04-02"}', '{"roomTypeIds":[1],"from":"April"}']) {
      expect(inventoryChangeOf(payload), payload).toEqual({});
    }
  });
});

describe.skipIf(onPostgres)('on PGlite', () => {
  it('reaches the listener as each write commits, before the writer goes on', async () => {
    const heard: InventoryChange[] = [];
    expect(await followInventoryCommits(database.db, (change) => heard.push(change))).toBe(true);
    const standard = await roomTypeId('SBTG', 'STD');
    const suite = await roomTypeId('SBTG', 'STE');
    await database.db.execute(sql`
      UPDATE room_inventory SET available_rooms = available_rooms + 1
      WHERE room_type_id IN (${standard}, ${suite}) AND stay_date >= '2026-04-01' AND stay_date < '2026-04-04'
    `);
    expect(heard).toEqual([{ roomTypeIds: [standard, suite].sort((a, b) => a - b), from: '2026-04-01', to: '2026-04-04' }]);
    // A statement that changes no row says nothing; one in a transaction speaks when it commits.
    await database.db.execute(sql`UPDATE room_inventory SET available_rooms = 1 WHERE room_type_id = -1`);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE room_inventory SET available_rooms = available_rooms - 1 WHERE room_type_id = ${standard} AND stay_date = '2026-04-02'`);
      expect(heard).toHaveLength(1);
    });
    expect(heard.at(-1)).toEqual({ roomTypeIds: [standard], from: '2026-04-02', to: '2026-04-03' });
    // Rows added or removed: anything may have changed.
    await database.db.execute(sql`DELETE FROM room_inventory WHERE room_type_id = ${standard} AND stay_date = '2027-03-30'`);
    expect(heard.at(-1)).toEqual({});
    expect(heard).toHaveLength(3);
  });
});

describe.skipIf(!onPostgres)('on PostgreSQL', () => {
  it('is sent as the write commits, but search keeps its ageing cache there', async () => {
    expect(await followInventoryCommits(database.db, () => {})).toBe(false);
    const url = database.handle.url;
    if (!url) throw new Error('no database url');
    const listener = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const payloads: string[] = [];
      let heard: (() => void) | undefined;
      const next = () => new Promise<void>((resolve) => (heard = resolve));
      await listener.listen(INVENTORY_CHANNEL, (payload) => {
        payloads.push(payload);
        heard?.();
      });
      const standard = await roomTypeId('SBTG', 'STD');
      const arrived = next();
      await database.db.execute(sql`
        UPDATE room_inventory SET base_price_minor = base_price_minor WHERE room_type_id = ${standard} AND stay_date >= '2026-04-01' AND stay_date < '2026-04-03'
      `);
      await arrived;
      expect(payloads.map(inventoryChangeOf)).toEqual([{ roomTypeIds: [standard], from: '2026-04-01', to: '2026-04-03' }]);
    } finally {
      await listener.end();
    }
  });
});
