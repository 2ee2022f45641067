import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { inventoryChanged, onInventoryChange } from '../db/inventory-changes';
import { addDays } from '../lib/calendar';
import { type BlockRead, createInventoryCache, dateOfDay, dayNumber, type InventoryCacheOptions, sameStamp } from './inventory-cache';
import type { InventoryRow } from './queries';

/*
 * The inventory cache against a fake table and a fake clock: which reads it makes (blocks of 7 nights
 * aligned on day numbers), when it reads again (refresh after 2 s in the background, never serve older than
 * 5 s; never once it follows commits), what invalidation drops, how much it keeps, and what snapshots'
 * stamps and marks say. No test sleeps: time is a number the test moves.
 */

// 2026-03-02 is day 20514 = 7 × 2930 + 4: its block runs from 2026-02-26 (day 20510) to 2026-03-04.
const MONDAY = '2026-03-02';

function fakeInventory() {
  /** The price every night of the table has; tests change it to see whether a read happened. */
  let price = 100;
  const reads: BlockRead[][] = [];
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  let deferReads = false;
  const rowsOf = (blocks: readonly BlockRead[]): InventoryRow[] =>
    blocks.flatMap((block) => {
      const rows: InventoryRow[] = [];
      // Room type 3 has no row on 2026-03-03 (a night without inventory).
      for (let date = block.from; date < block.to; date = addDays(date, 1)) {
        if (block.roomTypeId === 3 && date === '2026-03-03') continue;
        rows.push({ roomTypeId: block.roomTypeId, stayDate: date, availableRooms: 2, basePriceMinor: price, currency: 'EUR' });
      }
      // Rows come back in any order.
      return rows.reverse();
    });
  const read = (blocks: readonly BlockRead[]): Promise<InventoryRow[]> => {
    reads.push([...blocks]);
    const snapshot = rowsOf(blocks);
    if (!deferReads) return Promise.resolve(snapshot);
    return new Promise((resolve, reject) => {
      pending.push({ resolve: () => resolve(snapshot), reject });
    });
  };
  return {
    read,
    reads,
    setPrice(value: number) {
      price = value;
    },
    defer(value: boolean) {
      deferReads = value;
    },
    /** Lets the oldest deferred read answer (with the rows as they were when it started). */
    async finishRead() {
      pending.shift()?.resolve();
      await flush();
    },
    async failRead() {
      pending.shift()?.reject(new Error('connection lost'));
      await flush();
    },
  };
}

/** Lets promise callbacks run (no timers involved). */
async function flush() {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}

function setup(options: Partial<InventoryCacheOptions> = {}) {
  const table = fakeInventory();
  let time = 1_000;
  const cache = createInventoryCache({ read: table.read, now: () => time, ...options });
  return {
    table,
    cache,
    advance(ms: number) {
      time += ms;
    },
  };
}

const prices = (rows: readonly InventoryRow[]) => rows.map((row) => `${row.roomTypeId}:${row.stayDate}:${row.basePriceMinor}`);

describe('day numbers', () => {
  it('convert both ways', () => {
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayNumber(MONDAY)).toBe(20514);
    expect(dateOfDay(20514)).toBe(MONDAY);
    expect(dateOfDay(dayNumber('2028-02-29'))).toBe('2028-02-29');
  });
});

describe('inventory cache', () => {
  it('reads whole aligned blocks once and answers only the nights asked for, in date order per room type', async () => {
    const { cache, table } = setup();
    const rows = await cache.get([1, 2], MONDAY, '2026-03-04');
    expect(prices(rows)).toEqual(['1:2026-03-02:100', '1:2026-03-03:100', '2:2026-03-02:100', '2:2026-03-03:100']);
    expect(table.reads).toEqual([
      [
        { roomTypeId: 1, from: '2026-02-26', to: '2026-03-05' },
        { roomTypeId: 2, from: '2026-02-26', to: '2026-03-05' },
      ],
    ]);
    // Other nights of the same block come from memory.
    table.setPrice(200);
    expect(prices(await cache.get([2], '2026-02-26', '2026-02-28'))).toEqual(['2:2026-02-26:100', '2:2026-02-27:100']);
    expect(table.reads).toHaveLength(1);
    expect(cache.size).toBe(2);
  });

  it('leaves out nights without a row', async () => {
    const { cache } = setup();
    expect(prices(await cache.get([3], MONDAY, '2026-03-05'))).toEqual(['3:2026-03-02:100', '3:2026-03-04:100']);
  });

  it('reads a stay across a block boundary as two blocks, and later only the blocks it does not hold yet', async () => {
    const { cache, table } = setup();
    // 2026-03-04 is the last night of its block, 2026-03-05 the first of the next.
    expect(prices(await cache.get([1], '2026-03-04', '2026-03-06'))).toEqual(['1:2026-03-04:100', '1:2026-03-05:100']);
    expect(table.reads[0]).toEqual([
      { roomTypeId: 1, from: '2026-02-26', to: '2026-03-05' },
      { roomTypeId: 1, from: '2026-03-05', to: '2026-03-12' },
    ]);
    table.setPrice(300);
    // Eleven nights: two blocks held, one new; the new one is read alone and brings the new price.
    const rows = await cache.get([1], MONDAY, '2026-03-13');
    expect(table.reads[1]).toEqual([{ roomTypeId: 1, from: '2026-03-12', to: '2026-03-19' }]);
    expect(table.reads).toHaveLength(2);
    expect(rows.map((row) => row.stayDate)).toEqual(Array.from({ length: 11 }, (_, night) => addDays(MONDAY, night)));
    expect(rows.map((row) => row.basePriceMinor)).toEqual([...Array<number>(10).fill(100), 300]);
  });

  it('gives the same nights as a table by room type and night, with holes where a night has no row', async () => {
    const { cache, table } = setup();
    const table3 = await cache.nights([3, 1], '2026-03-03', '2026-03-06');
    expect([...table3.keys()]).toEqual([3, 1]);
    expect(table3.get(3)?.map((row) => row?.stayDate)).toEqual([undefined, '2026-03-04', '2026-03-05']);
    expect(table3.get(1)?.map((row) => row?.stayDate)).toEqual(['2026-03-03', '2026-03-04', '2026-03-05']);
    // Served from the same blocks as get().
    expect(prices(await cache.get([3], '2026-03-03', '2026-03-06'))).toEqual(['3:2026-03-04:100', '3:2026-03-05:100']);
    expect(table.reads).toHaveLength(1);
    expect((await cache.nights([], MONDAY, '2026-03-03')).size).toBe(0);
  });

  it('answers nothing and reads nothing for no room types or no nights', async () => {
    const { cache, table } = setup();
    expect(await cache.get([], MONDAY, '2026-03-04')).toEqual([]);
    expect(await cache.get([1], MONDAY, MONDAY)).toEqual([]);
    expect(table.reads).toHaveLength(0);
  });

  it('serves what it read for 2 s without reading again', async () => {
    const { cache, table, advance } = setup();
    await cache.get([1], MONDAY, '2026-03-03');
    table.setPrice(150);
    advance(2_000);
    expect(prices(await cache.get([1], MONDAY, '2026-03-03'))).toEqual(['1:2026-03-02:100']);
    expect(table.reads).toHaveLength(1);
  });

  it('after 2 s serves what it holds and refreshes in the background', async () => {
    const { cache, table, advance } = setup();
    await cache.get([1], MONDAY, '2026-03-03');
    table.setPrice(150);
    table.defer(true);
    advance(2_001);
    // Answered at once from memory, while one refresh starts...
    expect(prices(await cache.get([1], MONDAY, '2026-03-03'))).toEqual(['1:2026-03-02:100']);
    expect(prices(await cache.get([1], MONDAY, '2026-03-03'))).toEqual(['1:2026-03-02:100']);
    expect(table.reads).toHaveLength(2);
    // ...whose rows serve the next searches.
    await table.finishRead();
    expect(prices(await cache.get([1], MONDAY, '2026-03-03'))).toEqual(['1:2026-03-02:150']);
    expect(table.reads).toHaveLength(2);
  });

  it('never serves rows older than 5 s: it waits for a new read', async () => {
    const { cache, table, advance } = setup();
    await cache.get([1], MONDAY, '2026-03-03');
    table.setPrice(175);
    table.defer(true);
    advance(5_001);
    let answered: InventoryRow[] | undefined;
    const search = cache.get([1], MONDAY, '2026-03-03').then((rows) => (answered = rows));
    await flush();
    expect(answered).toBeUndefined();
    await table.finishRead();
    await search;
    expect(prices(answered ?? [])).toEqual(['1:2026-03-02:175']);
  });

  it('counts freshness from when the read started, not when it answered', async () => {
    const { cache, table, advance } = setup();
    table.defer(true);
    const first = cache.get([1], MONDAY, '2026-03-03');
    advance(1_500);
    await table.finishRead();
    await first;
    table.defer(false);
    // 2.5 s after the read started (1 s after it answered): due for a refresh.
    advance(1_000);
    await cache.get([1], MONDAY, '2026-03-03');
    expect(table.reads).toHaveLength(2);
  });

  it('a block waited for by several searches is read once', async () => {
    const { cache, table } = setup();
    table.defer(true);
    const searches = [cache.get([1, 2], MONDAY, '2026-03-03'), cache.get([2], MONDAY, '2026-03-04'), cache.get([2, 1], '2026-02-27', '2026-02-28')];
    await table.finishRead();
    const answers = await Promise.all(searches);
    expect(table.reads).toHaveLength(1);
    expect(answers.map(prices)).toEqual([
      ['1:2026-03-02:100', '2:2026-03-02:100'],
      ['2:2026-03-02:100', '2:2026-03-03:100'],
      ['2:2026-02-27:100', '1:2026-02-27:100'],
    ]);
  });

  it('drops the invalidated blocks only: room types and nights of the change', async () => {
    const { cache, table } = setup();
    await cache.get([1, 2], MONDAY, '2026-03-06');
    expect(cache.size).toBe(4);
    table.setPrice(120);
    // Room type 1, 2026-03-05 only: the block from 2026-03-05 of room type 1.
    cache.invalidate({ roomTypeIds: [1], from: '2026-03-05', to: '2026-03-06' });
    expect(cache.size).toBe(3);
    expect(prices(await cache.get([1, 2], MONDAY, '2026-03-06'))).toEqual([
      '1:2026-03-02:100',
      '1:2026-03-03:100',
      '1:2026-03-04:100',
      '1:2026-03-05:120',
      '2:2026-03-02:100',
      '2:2026-03-03:100',
      '2:2026-03-04:100',
      '2:2026-03-05:100',
    ]);
    expect(table.reads.at(-1)).toEqual([{ roomTypeId: 1, from: '2026-03-05', to: '2026-03-12' }]);
  });

  it('drops every block a change without bounds touches', async () => {
    const { cache } = setup();
    await cache.get([1, 2], MONDAY, '2026-03-20');
    // Four blocks per room type (from 2026-02-26, 03-05, 03-12, 03-19); 2026-03-04 is in the first.
    expect(cache.size).toBe(8);
    cache.invalidate({ from: '2026-03-04' });
    expect(cache.size).toBe(0);
    await cache.get([1, 2], MONDAY, '2026-03-20');
    cache.invalidate({ to: '2026-03-05' });
    expect(cache.size).toBe(6);
    cache.invalidate({ roomTypeIds: [2] });
    expect(cache.size).toBe(3);
    cache.invalidate();
    expect(cache.size).toBe(0);
  });

  it('does not keep what a read brings that was running when its blocks were invalidated', async () => {
    const { cache, table } = setup();
    table.defer(true);
    const before = cache.get([1], MONDAY, '2026-03-03');
    // The write commits while that read runs (the read still sees the old price), then announces itself.
    table.setPrice(500);
    cache.invalidate({ roomTypeIds: [1] });
    await table.finishRead();
    // The search that started before the write gets what its read saw...
    expect(prices(await before)).toEqual(['1:2026-03-02:100']);
    // ...but the next one reads again.
    table.defer(false);
    expect(prices(await cache.get([1], MONDAY, '2026-03-03'))).toEqual(['1:2026-03-02:500']);
    expect(table.reads).toHaveLength(2);
  });

  it('passes a failed read on to the searches waiting for it and tries again on the next', async () => {
    const { cache, table } = setup();
    table.defer(true);
    const failing = cache.get([1], MONDAY, '2026-03-03');
    const alsoWaiting = cache.get([1], MONDAY, '2026-03-03');
    await table.failRead();
    await expect(failing).rejects.toThrow('connection lost');
    await expect(alsoWaiting).rejects.toThrow('connection lost');
    expect(cache.size).toBe(0);
    table.defer(false);
    expect(prices(await cache.get([1], MONDAY, '2026-03-03'))).toEqual(['1:2026-03-02:100']);
  });

  it('keeps serving within 5 s when a background refresh fails', async () => {
    const { cache, table, advance } = setup();
    await cache.get([1], MONDAY, '2026-03-03');
    table.defer(true);
    advance(3_000);
    await cache.get([1], MONDAY, '2026-03-03');
    await table.failRead();
    table.setPrice(90);
    // Still what it held (3 s old), with another refresh started, whose rows the next search gets.
    expect(prices(await cache.get([1], MONDAY, '2026-03-03'))).toEqual(['1:2026-03-02:100']);
    expect(table.reads).toHaveLength(3);
    await table.finishRead();
    expect(prices(await cache.get([1], MONDAY, '2026-03-03'))).toEqual(['1:2026-03-02:90']);
  });

  it('forgets blocks nobody asked for within 5 s', async () => {
    const { cache, advance } = setup();
    await cache.get([1, 2, 3], MONDAY, '2026-03-03');
    advance(4_000);
    await cache.get([1], '2026-03-10', '2026-03-11');
    expect(cache.size).toBe(4);
    advance(1_500);
    // The sweep runs on the next search once 5 s have passed since the last: the first three blocks go.
    await cache.get([1], '2026-03-10', '2026-03-11');
    expect(cache.size).toBe(1);
  });

  it('takes other block sizes and windows', async () => {
    const { cache, table, advance } = setup({ blockNights: 1, refreshAfterMs: 100, maxAgeMs: 100 });
    await cache.get([1], MONDAY, '2026-03-04');
    expect(table.reads[0]).toEqual([
      { roomTypeId: 1, from: MONDAY, to: '2026-03-03' },
      { roomTypeId: 1, from: '2026-03-03', to: '2026-03-04' },
    ]);
    advance(101);
    table.setPrice(50);
    expect(prices(await cache.get([1], MONDAY, '2026-03-03'))).toEqual(['1:2026-03-02:50']);
    expect(() => createInventoryCache({ read: table.read, refreshAfterMs: 10, maxAgeMs: 5 })).toThrow();
  });
});

describe('inventory snapshots', () => {
  it('hold the same rows as get and nights, with a stamp of one version per block', async () => {
    const { cache } = setup();
    const snapshot = await cache.snapshot([3, 1], '2026-03-03', '2026-03-06');
    expect(prices(snapshot.rows())).toEqual(prices(await cache.get([3, 1], '2026-03-03', '2026-03-06')));
    expect([...snapshot.nights()]).toEqual([...(await cache.nights([3, 1], '2026-03-03', '2026-03-06'))]);
    // Two blocks (from 2026-02-26 and 2026-03-05) of two room types.
    expect(snapshot.stamp).toHaveLength(4);
    expect(new Set(snapshot.stamp).size).toBe(4);
    expect((await cache.snapshot([], MONDAY, '2026-03-03')).stamp).toEqual([]);
  });

  it('keep their stamp while the rows are the same, also across a refresh that finds nothing new', async () => {
    const { cache, table, advance } = setup();
    const first = await cache.snapshot([1, 2], MONDAY, '2026-03-04');
    advance(2_500);
    await cache.snapshot([1, 2], MONDAY, '2026-03-04');
    await flush();
    expect(table.reads).toHaveLength(2);
    expect(sameStamp((await cache.snapshot([1, 2], MONDAY, '2026-03-04')).stamp, first.stamp)).toBe(true);
  });

  it('get a new stamp where a refresh or a read after a change brings other rows', async () => {
    const { cache, table, advance } = setup();
    const first = await cache.snapshot([1, 2], MONDAY, '2026-03-04');
    table.setPrice(130);
    advance(2_500);
    await cache.snapshot([1, 2], MONDAY, '2026-03-04');
    await flush();
    const refreshed = await cache.snapshot([1, 2], MONDAY, '2026-03-04');
    expect(prices(refreshed.rows())).toEqual(['1:2026-03-02:130', '1:2026-03-03:130', '2:2026-03-02:130', '2:2026-03-03:130']);
    expect(sameStamp(refreshed.stamp, first.stamp)).toBe(false);
    cache.invalidate({ roomTypeIds: [2] });
    const reread = await cache.snapshot([1, 2], MONDAY, '2026-03-04');
    expect(reread.stamp[0]).toBe(refreshed.stamp[0]);
    expect(reread.stamp[1]).not.toBe(refreshed.stamp[1]);
  });

  it('is unchanged since a mark only while commits are followed and nothing was announced', async () => {
    const { cache } = setup();
    const ageing = await cache.snapshot([1], MONDAY, '2026-03-03');
    expect(cache.unchangedSince(ageing.mark)).toBe(false);
    cache.followCommits();
    const followed = await cache.snapshot([1], MONDAY, '2026-03-03');
    expect(cache.unchangedSince(followed.mark)).toBe(true);
    // Any announced change moves the mark on, even one touching nothing held.
    cache.invalidate({ roomTypeIds: [9] });
    expect(cache.unchangedSince(followed.mark)).toBe(false);
    expect(cache.unchangedSince((await cache.snapshot([1], MONDAY, '2026-03-03')).mark)).toBe(true);
  });

  it('carry the mark from before their read, so a change announced while it runs is not missed', async () => {
    const { cache, table } = setup();
    cache.followCommits();
    table.defer(true);
    const pending = cache.snapshot([1], MONDAY, '2026-03-03');
    table.setPrice(500);
    cache.invalidate({ roomTypeIds: [1] });
    await table.finishRead();
    const snapshot = await pending;
    expect(prices(snapshot.rows())).toEqual(['1:2026-03-02:100']);
    expect(cache.unchangedSince(snapshot.mark)).toBe(false);
  });
});

describe('inventory cache following commits', () => {
  it('keeps blocks however old, reading nothing again until a change is announced', async () => {
    const { cache, table, advance } = setup();
    await cache.get([1], MONDAY, '2026-03-03');
    cache.followCommits();
    // What it held before is read again: it may be older than the announcements it now trusts.
    expect(cache.size).toBe(0);
    await cache.get([1], MONDAY, '2026-03-03');
    expect(table.reads).toHaveLength(2);
    table.setPrice(140);
    advance(60_000);
    expect(prices(await cache.get([1], MONDAY, '2026-03-03'))).toEqual(['1:2026-03-02:100']);
    expect(table.reads).toHaveLength(2);
    cache.invalidate({ roomTypeIds: [1], from: MONDAY, to: '2026-03-03' });
    expect(prices(await cache.get([1], MONDAY, '2026-03-03'))).toEqual(['1:2026-03-02:140']);
    expect(table.reads).toHaveLength(3);
  });

  it('forgets blocks nobody asked for within the idle time', async () => {
    const { cache, advance } = setup({ idleMs: 10_000 });
    cache.followCommits();
    await cache.get([1, 2], MONDAY, '2026-03-03');
    advance(8_000);
    await cache.get([1], MONDAY, '2026-03-03');
    advance(3_000);
    // Room type 2's block was last asked for 11 s ago, room type 1's 3 s ago.
    await cache.get([1], MONDAY, '2026-03-03');
    expect(cache.size).toBe(1);
  });

  it('keeps at most maxBlocks, dropping the least recently asked for', async () => {
    const { cache, table, advance } = setup({ maxBlocks: 8 });
    cache.followCommits();
    for (let roomTypeId = 1; roomTypeId <= 8; roomTypeId += 1) {
      await cache.get([roomTypeId], MONDAY, '2026-03-03');
      advance(10);
    }
    expect(cache.size).toBe(8);
    await cache.get([1], MONDAY, '2026-03-03');
    advance(10);
    // A ninth block: down to three quarters of the limit, the longest unasked first (room types 2, 3, 4).
    await cache.get([9], MONDAY, '2026-03-03');
    expect(cache.size).toBe(6);
    const reads = table.reads.length;
    await cache.get([1, 5, 6, 7, 8, 9], MONDAY, '2026-03-03');
    expect(table.reads).toHaveLength(reads);
    await cache.get([2], MONDAY, '2026-03-03');
    expect(table.reads).toHaveLength(reads + 1);
  });
});

describe('inventory change announcements', () => {
  it('reach the listeners of the same database only, until they stop listening', () => {
    const db = {} as Database;
    const other = {} as Database;
    const heard: unknown[] = [];
    const stop = onInventoryChange(db, (change) => heard.push(change));
    inventoryChanged(db, { roomTypeIds: [4], from: MONDAY, to: '2026-03-03' });
    inventoryChanged(other, {});
    inventoryChanged(db);
    stop();
    inventoryChanged(db, {});
    expect(heard).toEqual([{ roomTypeIds: [4], from: MONDAY, to: '2026-03-03' }, {}]);
  });
});
