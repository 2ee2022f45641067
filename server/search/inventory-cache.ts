import type { InventoryChange } from '../db/inventory-changes';
import type { InventoryRow } from './queries';

/**
 * An in-process read cache of room_inventory for search (decision record 0009).
 *
 * Nights are cached per room type in blocks of `blockNights` consecutive nights, aligned on the calendar
 * (block n holds the nights from day n × blockNights since 1970-01-01), so the stays of many different
 * searches share the same few blocks. A search asks for room types and nights; what it needs and the cache
 * does not hold (or holds for longer than `maxAgeMs`) is read in one query and waited for; what is older
 * than `refreshAfterMs` but not yet `maxAgeMs` is served and re-read in the background, so a busy block is
 * refreshed without any search waiting for it. No search is answered from rows whose read started more
 * than `maxAgeMs` before the search did, unless it waited for a read that itself took longer than that. A
 * read is shared: searches asking for a block that is being read wait for it instead of starting their own.
 *
 * `invalidate` drops the blocks a change touches (all blocks without bounds). A read that was running when
 * they were dropped still answers the searches waiting for it, but its rows are not kept: the next search
 * reads again. Blocks nobody asked for within `maxAgeMs` are dropped from memory now and then.
 */

export interface BlockRead {
  roomTypeId: number;
  /** First night of the block, `yyyy-MM-dd`. */
  from: string;
  /** The night after the block's last, `yyyy-MM-dd`. */
  to: string;
}

/** Reads the rows of the given blocks, in any order (one query for all of them). */
export type ReadBlocks = (blocks: readonly BlockRead[]) => Promise<InventoryRow[]>;

export interface InventoryCacheOptions {
  read: ReadBlocks;
  /** Milliseconds from any fixed point, never going back; performance.now() by default. */
  now?: () => number;
  blockNights?: number;
  refreshAfterMs?: number;
  maxAgeMs?: number;
}

export const INVENTORY_CACHE_DEFAULTS = { blockNights: 7, refreshAfterMs: 2_000, maxAgeMs: 5_000 } as const;

/** Each room type's rows by night of the stay (index 0: the arrival night); undefined where a night has no row. */
export type NightTable = ReadonlyMap<number, readonly (InventoryRow | undefined)[]>;

export interface InventoryCache {
  /** The rows from `startDate` up to (not including) `endDate` of the room types: by room type, then date. */
  get(roomTypeIds: readonly number[], startDate: string, endDate: string): Promise<InventoryRow[]>;
  /** The same nights, as a table by room type and night. */
  nights(roomTypeIds: readonly number[], startDate: string, endDate: string): Promise<NightTable>;
  invalidate(change?: InventoryChange): void;
  /** Blocks held (for tests and diagnostics). */
  readonly size: number;
}

interface Block {
  roomTypeId: number;
  index: number;
  /** The block's rows by night (index 0: its first night; undefined: no row); undefined until first read. */
  rows: (InventoryRow | undefined)[] | undefined;
  /** When the read that produced `rows` started. */
  readAt: number;
  /** The read in progress, if any. */
  reading: Promise<void> | undefined;
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a `yyyy-MM-dd` date. */
export function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}

export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

// Block keys pack the room type id and the block index into one number (block indexes stay far below 2^20).
const BLOCK_BITS = 2 ** 20;

function blockKey(block: Pick<Block, 'roomTypeId' | 'index'>): number {
  return block.roomTypeId * BLOCK_BITS + block.index;
}

export function createInventoryCache({
  read,
  now = () => performance.now(),
  blockNights = INVENTORY_CACHE_DEFAULTS.blockNights,
  refreshAfterMs = INVENTORY_CACHE_DEFAULTS.refreshAfterMs,
  maxAgeMs = INVENTORY_CACHE_DEFAULTS.maxAgeMs,
}: InventoryCacheOptions): InventoryCache {
  if (!(refreshAfterMs <= maxAgeMs)) throw new Error('refreshAfterMs must not exceed maxAgeMs');
  const blocks = new Map<number, Block>();
  let lastSweep = now();
  /** Stands for a block without rows (not expected after a read; kept so positions never shift). */
  const emptyBlock: readonly (InventoryRow | undefined)[] = new Array<InventoryRow | undefined>(blockNights).fill(undefined);

  /** Reads the blocks and stores their rows, unless they were dropped (invalidated) meanwhile. */
  function startRead(toRead: Block[], startedAt: number): Promise<void> {
    const reading = read(
      toRead.map((block) => ({
        roomTypeId: block.roomTypeId,
        from: dateOfDay(block.index * blockNights),
        to: dateOfDay((block.index + 1) * blockNights),
      })),
    ).then(
      (rows) => {
        const byBlock = new Map<number, (InventoryRow | undefined)[]>();
        for (const row of rows) {
          const day = dayNumber(row.stayDate);
          const index = Math.floor(day / blockNights);
          const key = row.roomTypeId * BLOCK_BITS + index;
          let nights = byBlock.get(key);
          if (!nights) byBlock.set(key, (nights = new Array<InventoryRow | undefined>(blockNights).fill(undefined)));
          nights[day - index * blockNights] = row;
        }
        for (const block of toRead) {
          // A dropped block is no longer in the map: its readers still get these rows, later searches do not.
          block.rows = byBlock.get(blockKey(block)) ?? new Array<InventoryRow | undefined>(blockNights).fill(undefined);
          block.readAt = startedAt;
          if (block.reading === reading) block.reading = undefined;
        }
      },
      (error: unknown) => {
        for (const block of toRead) {
          if (block.reading === reading) block.reading = undefined;
          // A block that never had rows is forgotten, so the next search tries again.
          if (block.rows === undefined && blocks.get(blockKey(block)) === block) blocks.delete(blockKey(block));
        }
        throw error;
      },
    );
    for (const block of toRead) block.reading = reading;
    // A background refresh nobody waits for must not become an unhandled rejection.
    reading.catch(() => {});
    return reading;
  }

  function sweep(at: number): void {
    lastSweep = at;
    for (const [key, block] of blocks) {
      if (!block.reading && at - block.readAt > maxAgeMs) blocks.delete(key);
    }
  }

  /**
   * The blocks holding the nights from `firstDay` up to `endDay` of each room type, read where needed:
   * `wanted[r * span + b]` is block b of the range for room type r.
   */
  async function blocksFor(roomTypeIds: readonly number[], firstDay: number, endDay: number): Promise<{ wanted: Block[]; firstBlock: number; span: number }> {
    const at = now();
    if (at - lastSweep > maxAgeMs) sweep(at);
    const firstBlock = Math.floor(firstDay / blockNights);
    const span = Math.floor((endDay - 1) / blockNights) - firstBlock + 1;
    const wanted: Block[] = [];
    const toRead: Block[] = [];
    const toRefresh: Block[] = [];
    const waitFor = new Set<Promise<void>>();
    for (const roomTypeId of roomTypeIds) {
      for (let index = firstBlock; index < firstBlock + span; index += 1) {
        const key = roomTypeId * BLOCK_BITS + index;
        let block = blocks.get(key);
        if (!block) {
          block = { roomTypeId, index, rows: undefined, readAt: Number.NEGATIVE_INFINITY, reading: undefined };
          blocks.set(key, block);
        }
        wanted.push(block);
        const age = at - block.readAt;
        if (age > maxAgeMs) {
          // Too old (or never read): this search waits for a read.
          if (block.reading) waitFor.add(block.reading);
          else toRead.push(block);
        } else if (age > refreshAfterMs && !block.reading) {
          toRefresh.push(block);
        }
      }
    }
    if (toRead.length > 0) waitFor.add(startRead(toRead, at));
    if (toRefresh.length > 0) void startRead(toRefresh, at);
    if (waitFor.size > 0) await Promise.all(waitFor);
    return { wanted, firstBlock, span };
  }

  return {
    async get(roomTypeIds, startDate, endDate) {
      const firstDay = dayNumber(startDate);
      const endDay = dayNumber(endDate);
      if (roomTypeIds.length === 0 || endDay <= firstDay) return [];
      const { wanted, firstBlock, span } = await blocksFor(roomTypeIds, firstDay, endDay);
      const rows: InventoryRow[] = [];
      for (let r = 0; r < roomTypeIds.length; r += 1) {
        for (let day = firstDay; day < endDay; day += 1) {
          const index = Math.floor(day / blockNights);
          const row = wanted[r * span + index - firstBlock]?.rows?.[day - index * blockNights];
          if (row) rows.push(row);
        }
      }
      return rows;
    },

    async nights(roomTypeIds, startDate, endDate) {
      const firstDay = dayNumber(startDate);
      const endDay = dayNumber(endDate);
      const table = new Map<number, (InventoryRow | undefined)[]>();
      if (roomTypeIds.length === 0 || endDay <= firstDay) return table;
      const { wanted, firstBlock, span } = await blocksFor(roomTypeIds, firstDay, endDay);
      const from = firstDay - firstBlock * blockNights;
      const to = endDay - (firstBlock + span - 1) * blockNights;
      for (let r = 0; r < roomTypeIds.length; r += 1) {
        // The stay's part of each block, joined: a stay within one block is one slice.
        let nights = (wanted[r * span]?.rows ?? emptyBlock).slice(from, span === 1 ? to : blockNights);
        for (let b = 1; b < span; b += 1) {
          nights = nights.concat((wanted[r * span + b]?.rows ?? emptyBlock).slice(0, b === span - 1 ? to : blockNights));
        }
        table.set(roomTypeIds[r] as number, nights);
      }
      return table;
    },

    invalidate(change = {}) {
      const from = change.from === undefined ? Number.NEGATIVE_INFINITY : Math.floor(dayNumber(change.from) / blockNights);
      const to = change.to === undefined ? Number.POSITIVE_INFINITY : Math.floor((dayNumber(change.to) - 1) / blockNights);
      const roomTypes = change.roomTypeIds ? new Set(change.roomTypeIds) : undefined;
      for (const [key, block] of blocks) {
        if ((!roomTypes || roomTypes.has(block.roomTypeId)) && block.index >= from && block.index <= to) blocks.delete(key);
      }
    },

    get size() {
      return blocks.size;
    },
  };
}
