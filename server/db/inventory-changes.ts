import type { Database } from './database';

/**
 * Who must hear about changed inventory: the in-process read cache of search (server/search/
 * inventory-cache.ts, decision records 0009 and 0039) keeps nights of room_inventory, and search keeps
 * answers built from them. Code that writes room_inventory (a booking, a cancellation, the daily top-up,
 * a test setting known prices) calls `inventoryChanged` with the same Database handle the app was created
 * with, after its transaction has committed, so the next search reads the new rows instead of waiting for
 * the cache to expire.
 *
 * Only this process hears it: other processes on the same PostgreSQL database keep serving what they read
 * until their cache entries expire (seconds), which is what makes that staleness acceptable. The database
 * also announces every write itself (migration 0014, NOTIFY inventory_changed); on PGlite search follows
 * that and keeps blocks until a change, so a writer that forgot to call this would still be seen there.
 */

export interface InventoryChange {
  /** The room types whose nights changed; every room type when absent. */
  roomTypeIds?: readonly number[];
  /** The first changed night, `yyyy-MM-dd`; unbounded when absent. */
  from?: string;
  /** The night after the last changed one, `yyyy-MM-dd` (exclusive); unbounded when absent. */
  to?: string;
}

export type InventoryChangeListener = (change: InventoryChange) => void;

const listeners = new WeakMap<Database, Set<InventoryChangeListener>>();

/** Calls `listener` for every change announced for `db`; returns the function that stops that. */
export function onInventoryChange(db: Database, listener: InventoryChangeListener): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

/** Announces committed changes to room_inventory of `db` (all of it when `change` is empty). */
export function inventoryChanged(db: Database, change: InventoryChange = {}): void {
  for (const listener of listeners.get(db) ?? []) listener(change);
}
