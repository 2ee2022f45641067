import type { PGlite } from '@electric-sql/pglite';
import { is } from 'drizzle-orm';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database } from '../db/database';
import type { InventoryChange } from '../db/inventory-changes';

/**
 * The database's own announcements of changed inventory (migration 0014, decision record 0039): every
 * statement writing room_inventory sends NOTIFY inventory_changed as it commits, naming the room types and
 * nights an UPDATE changed (an empty payload: anything may have changed).
 *
 * Only PGlite is followed. Its database belongs to this process alone (in memory, or a data folder it
 * holds locked), every write goes through this very client, and the notification reaches the listener as
 * the write commits, before the writer's own await returns and before any later query runs: a cache
 * dropping what each notification names holds nothing older than the last commit. On PostgreSQL other
 * processes write too and a notification arrives some time after the commit, so search keeps its cache
 * for a few seconds only there (inventory-cache.ts), with this process's writers announcing themselves
 * (server/db/inventory-changes.ts).
 */

export const INVENTORY_CHANNEL = 'inventory_changed';

/** The change a notification's payload names; everything when it names none or cannot be read. */
export function inventoryChangeOf(payload: string): InventoryChange {
  if (payload === '') return {};
  try {
    const parsed = JSON.parse(payload) as { roomTypeIds?: unknown; from?: unknown; to?: unknown };
    const { roomTypeIds, from, to } = parsed;
    const isDate = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
    if (!Array.isArray(roomTypeIds) || !roomTypeIds.every((id) => Number.isInteger(id)) || !isDate(from) || !isDate(to)) return {};
    return { roomTypeIds: roomTypeIds as number[], from, to };
  } catch {
    return {};
  }
}

/**
 * Calls `onChange` for every change the database announces, from the moment the answer is true: true once
 * listening on PGlite; false on PostgreSQL or when listening failed (then nothing is followed).
 */
export async function followInventoryCommits(db: Database, onChange: (change: InventoryChange) => void): Promise<boolean> {
  if (!is(db, PgliteDatabase)) return false;
  // drizzle() sets $client on every database it makes; the PgliteDatabase class alone does not declare it.
  const client = (db as typeof db & { $client: PGlite }).$client;
  try {
    await client.listen(INVENTORY_CHANNEL, (payload) => onChange(inventoryChangeOf(payload)));
    return true;
  } catch {
    return false;
  }
}
