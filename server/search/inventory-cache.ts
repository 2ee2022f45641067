import type { InventoryChange } from '../db/inventory-changes';
import type { InventoryRow } from './queries';

/**
 * An in-process read cache of room_inventory for search (decision records 0009 and 0039).
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
 * reads again. Blocks older than `maxAgeMs` or nobody asked for within `idleMs` are dropped from memory
 * now and then, and at most `maxBlocks` are kept (the least recently asked for go first).
 *
 * Once every committed change is certain to be announced before any later read (`followCommits`: PGlite,
 * whose database only this process writes, with the database announcing each change itself), blocks no
 * longer age: they are kept until a change, idleness or crowding drops them, and nothing is read again.
 *
 * Each block's rows carry a version, new whenever a read brings rows that differ from those held (a
 * refresh that finds the same rows keeps the version). A snapshot's stamp lists the versions of its
 * blocks, so an answer built from a snapshot can be kept as long as the stamp of the same nights is equal
 * (server/search/answer-cache.ts). While commits are followed, a snapshot's mark says the same without
 * looking at its blocks: it holds until a change is announced (or a read finds rows that changed).
 * Blocks dropped to save memory change no mark: the rows they held are still the database's.
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
  /** Blocks nobody asked for within this long are dropped. */
  idleMs?: number;
  /** The most blocks kept: past it, the least recently asked for are dropped. */
  maxBlocks?: number;
}

/**
 * 25,000 blocks of 7 nights (about 1 kB each: the rows and their strings) keep memory near 25 MB: every
 * night of today's catalogue (264 room types, 400 nights: about 15,000 blocks), or a month of every room
 * type of ten times that catalogue.
 */
export const INVENTORY_CACHE_DEFAULTS = { blockNights: 7, refreshAfterMs: 2_000, maxAgeMs: 5_000, idleMs: 300_000, maxBlocks: 25_000 } as const;

/** Each room type's rows by night of the stay (index 0: the arrival night); undefined where a night has no row. */
export type NightTable = ReadonlyMap<number, readonly (InventoryRow | undefined)[]>;

/**
 * The nights of some room types as the cache held them when a search asked: what the search computes
 * from, and a stamp that says whether the cache still holds the same rows for them.
 */
export interface InventorySnapshot {
  /** The versions of the blocks the nights lie in: equal stamps of the same room types and nights mean equal rows. */
  readonly stamp: readonly number[];
  /** What the cache knew when the snapshot was asked for (see InventoryCache.unchangedSince). */
  readonly mark: number;
  /** The rows by room type, then date (as InventoryCache.get). */
  rows(): InventoryRow[];
  /** The same nights as a table by room type and night (as InventoryCache.nights). */
  nights(): NightTable;
}

/** Whether two stamps of the same room types and nights are of the same rows. */
export function sameStamp(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) {
    if (a[index] !== b[index]) return false;
  }
  return true;
}

export interface InventoryCache {
  /** The rows from `startDate` up to (not including) `endDate` of the room types: by room type, then date. */
  get(roomTypeIds: readonly number[], startDate: string, endDate: string): Promise<InventoryRow[]>;
  /** The same nights, as a table by room type and night. */
  nights(roomTypeIds: readonly number[], startDate: string, endDate: string): Promise<NightTable>;
  /** The same nights as a snapshot, with its stamp. */
  snapshot(roomTypeIds: readonly number[], startDate: string, endDate: string): Promise<InventorySnapshot>;
  invalidate(change?: InventoryChange): void;
  /**
   * From now on every committed change reaches `invalidate` before a later read could see it: blocks stop
   * ageing. What is held now is dropped, since it may have been read before that was so.
   */
  followCommits(): void;
  /**
   * Whether nothing the snapshots taken at `mark` hold can have changed since: true only while commits
   * are followed and no change was announced nor changed rows read since the mark.
   */
  unchangedSince(mark: number): boolean;
  /** Blocks held (for tests and diagnostics). */
  readonly size: number;
}

interface Block {
  roomTypeId: number;
  index: number;
  /** The block's rows by night (index 0: its first night; undefined: no row); undefined until first read. */
  rows: (InventoryRow | undefined)[] | undefined;
  /** The version of `rows` (0 until first read). */
  version: number;
  /** When the read that produced `rows` started. */
  readAt: number;
  /** When a search last asked for the block. */
  usedAt: number;
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

function sameRow(a: InventoryRow | undefined, b: InventoryRow | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return (
    a.roomTypeId === b.roomTypeId &&
    a.stayDate === b.stayDate &&
    a.availableRooms === b.availableRooms &&
    a.basePriceMinor === b.basePriceMinor &&
    a.currency === b.currency
  );
}

function sameRows(a: readonly (InventoryRow | undefined)[], b: readonly (InventoryRow | undefined)[]): boolean {
  if (a.length !== b.length) return false;
  for (let night = 0; night < a.length; night += 1) {
    if (!sameRow(a[night], b[night])) return false;
  }
  return true;
}

export function createInventoryCache({
  read,
  now = () => performance.now(),
  blockNights = INVENTORY_CACHE_DEFAULTS.blockNights,
  refreshAfterMs: refreshAfter = INVENTORY_CACHE_DEFAULTS.refreshAfterMs,
  maxAgeMs: maxAge = INVENTORY_CACHE_DEFAULTS.maxAgeMs,
  idleMs = INVENTORY_CACHE_DEFAULTS.idleMs,
  maxBlocks = INVENTORY_CACHE_DEFAULTS.maxBlocks,
}: InventoryCacheOptions): InventoryCache {
  if (!(refreshAfter <= maxAge)) throw new Error('refreshAfterMs must not exceed maxAgeMs');
  // Both become infinite once changes are followed (followCommits).
  let refreshAfterMs = refreshAfter;
  let maxAgeMs = maxAge;
  const blocks = new Map<number, Block>();
  let lastSweep = now();
  /** The last version given to a block's rows. */
  let versions = 0;
  /** Announced changes and changed rows read so far: a snapshot's mark. */
  let changes = 0;
  let following = false;
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
          const fresh = byBlock.get(blockKey(block)) ?? new Array<InventoryRow | undefined>(blockNights).fill(undefined);
          // Rows that did not change keep their version, so answers built from them stay valid.
          if (block.rows === undefined || !sameRows(block.rows, fresh)) {
            // Rows that replace others are a change (only possible while blocks age).
            if (block.rows !== undefined) changes += 1;
            block.rows = fresh;
            versions += 1;
            block.version = versions;
          }
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
      if (!block.reading && (at - block.readAt > maxAgeMs || at - block.usedAt > idleMs)) blocks.delete(key);
    }
  }

  /** Drops the least recently asked for blocks (none being read) until a quarter below maxBlocks. */
  function crowdOut(): void {
    const idle = [...blocks].filter(([, block]) => !block.reading).sort(([, a], [, b]) => a.usedAt - b.usedAt);
    const target = Math.floor((maxBlocks * 3) / 4);
    for (const [key] of idle) {
      if (blocks.size <= target) break;
      blocks.delete(key);
    }
  }

  /**
   * The blocks holding the nights from `firstDay` up to `endDay` of each room type, read where needed:
   * `wanted[r * span + b]` is block b of the range for room type r.
   */
  async function blocksFor(roomTypeIds: readonly number[], firstDay: number, endDay: number): Promise<{ wanted: Block[]; firstBlock: number; span: number }> {
    const at = now();
    if (at - lastSweep > Math.min(maxAgeMs, idleMs)) sweep(at);
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
          block = { roomTypeId, index, rows: undefined, version: 0, readAt: Number.NEGATIVE_INFINITY, usedAt: at, reading: undefined };
          blocks.set(key, block);
        }
        block.usedAt = at;
        wanted.push(block);
        const age = at - block.readAt;
        if (block.rows === undefined || age > maxAgeMs) {
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
    if (blocks.size > maxBlocks) crowdOut();
    if (waitFor.size > 0) await Promise.all(waitFor);
    return { wanted, firstBlock, span };
  }

  /** The rows of the wanted blocks as they are now, with their versions. */
  async function snapshotOf(roomTypeIds: readonly number[], startDate: string, endDate: string): Promise<InventorySnapshot> {
    // Taken before any read: a change announced while this search waits moves the count past it.
    const mark = changes;
    const firstDay = dayNumber(startDate);
    const endDay = dayNumber(endDate);
    if (roomTypeIds.length === 0 || endDay <= firstDay) return { stamp: [], mark, rows: () => [], nights: () => new Map() };
    const { wanted, firstBlock, span } = await blocksFor(roomTypeIds, firstDay, endDay);
    // Taken now: a later refresh replaces a block's rows, never changes them.
    const contents = wanted.map((block) => block.rows ?? emptyBlock);
    const stamp = wanted.map((block) => block.version);
    return {
      stamp,
      mark,
      rows() {
        const rows: InventoryRow[] = [];
        for (let r = 0; r < roomTypeIds.length; r += 1) {
          for (let day = firstDay; day < endDay; day += 1) {
            const index = Math.floor(day / blockNights);
            const row = contents[r * span + index - firstBlock]?.[day - index * blockNights];
            if (row) rows.push(row);
          }
        }
        return rows;
      },
      nights() {
        const table = new Map<number, (InventoryRow | undefined)[]>();
        const from = firstDay - firstBlock * blockNights;
        const to = endDay - (firstBlock + span - 1) * blockNights;
        for (let r = 0; r < roomTypeIds.length; r += 1) {
          // The stay's part of each block, joined: a stay within one block is one slice.
          let nights = (contents[r * span] ?? emptyBlock).slice(from, span === 1 ? to : blockNights);
          for (let b = 1; b < span; b += 1) {
            nights = nights.concat((contents[r * span + b] ?? emptyBlock).slice(0, b === span - 1 ? to : blockNights));
          }
          table.set(roomTypeIds[r] as number, nights);
        }
        return table;
      },
    };
  }

  return {
    async get(roomTypeIds, startDate, endDate) {
      return (await snapshotOf(roomTypeIds, startDate, endDate)).rows();
    },

    async nights(roomTypeIds, startDate, endDate) {
      return (await snapshotOf(roomTypeIds, startDate, endDate)).nights();
    },

    snapshot: snapshotOf,

    invalidate(change = {}) {
      // Counted even when nothing held is dropped: a block dropped to save memory may be in a kept answer.
      changes += 1;
      const from = change.from === undefined ? Number.NEGATIVE_INFINITY : Math.floor(dayNumber(change.from) / blockNights);
      const to = change.to === undefined ? Number.POSITIVE_INFINITY : Math.floor((dayNumber(change.to) - 1) / blockNights);
      const roomTypes = change.roomTypeIds ? new Set(change.roomTypeIds) : undefined;
      for (const [key, block] of blocks) {
        if ((!roomTypes || roomTypes.has(block.roomTypeId)) && block.index >= from && block.index <= to) blocks.delete(key);
      }
    },

    followCommits() {
      refreshAfterMs = Number.POSITIVE_INFINITY;
      maxAgeMs = Number.POSITIVE_INFINITY;
      blocks.clear();
      changes += 1;
      following = true;
    },

    unchangedSince(mark) {
      return following && mark === changes;
    },

    get size() {
      return blocks.size;
    },
  };
}
