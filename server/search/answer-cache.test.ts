import { describe, expect, it } from 'vitest';
import { type AnswerInventory, type AnswerPlan, createAnswerCache } from './answer-cache';
import type { InventorySnapshot } from './inventory-cache';

/*
 * The answer cache against a fake inventory whose stamps, marks and "followed" state the test sets: which
 * answers are kept, when a kept answer is given, when it is built again, and how much is kept. Time is a
 * number the test passes.
 */

function fakeInventory() {
  const state = { stamp: [1, 2] as number[], mark: 1, following: true, snapshots: 0 };
  const inventory: AnswerInventory = {
    snapshot(): Promise<InventorySnapshot> {
      state.snapshots += 1;
      const stamp = [...state.stamp];
      return Promise.resolve({ stamp, mark: state.mark, rows: () => [], nights: () => new Map() });
    },
    unchangedSince: (mark) => state.following && mark === state.mark,
  };
  return { state, inventory };
}

const encoder = new TextEncoder();
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** A plan whose answer names how many times it was built; `until` is the instant it holds until. */
function counting(until = Number.POSITIVE_INFINITY) {
  const built = { count: 0, plans: 0 };
  const plan = (): AnswerPlan => {
    built.plans += 1;
    return {
      roomTypeIds: [1, 2],
      startDate: '2026-03-02',
      endDate: '2026-03-03',
      build: () => {
        built.count += 1;
        return { json: encoder.encode(`answer ${built.count}`), validUntilMs: until };
      },
    };
  };
  return { built, plan };
}

describe('answer cache', () => {
  it('keeps an answer from the second time its key is asked for', async () => {
    const { inventory } = fakeInventory();
    const cache = createAnswerCache({ inventory });
    const { built, plan } = counting();
    expect(text(await cache.answer('rooms a', 0, plan))).toBe('answer 1');
    expect(cache.size).toBe(0);
    expect(text(await cache.answer('rooms a', 0, plan))).toBe('answer 2');
    expect(text(await cache.answer('rooms a', 0, plan))).toBe('answer 2');
    expect(built.count).toBe(2);
    expect(cache.size).toBe(1);
  });

  it('remembers at most maxSeen keys asked for once', async () => {
    const { inventory } = fakeInventory();
    const cache = createAnswerCache({ inventory, maxSeen: 2 });
    const { built, plan } = counting();
    for (const key of ['rooms 1', 'rooms 2', 'rooms 3']) await cache.answer(key, 0, plan);
    // rooms 1 was forgotten: asked again, it counts as asked once.
    await cache.answer('rooms 1', 0, plan);
    await cache.answer('rooms 3', 0, plan);
    expect(cache.size).toBe(1);
    expect(built.count).toBe(5);
  });

  it('gives the kept answer without looking at the inventory while nothing changed and commits are followed', async () => {
    const { state, inventory } = fakeInventory();
    const cache = createAnswerCache({ inventory });
    const { built, plan } = counting();
    await cache.answer('rooms a', 0, plan);
    expect(text(await cache.answer('rooms a', 0, plan))).toBe('answer 2');
    expect(text(await cache.answer('rooms a', 10, plan))).toBe('answer 2');
    expect(built).toEqual({ count: 2, plans: 2 });
    expect(state.snapshots).toBe(2);
  });

  it('keeps an answer after a change elsewhere once a new snapshot shows the same rows, then again without looking', async () => {
    const { state, inventory } = fakeInventory();
    const cache = createAnswerCache({ inventory });
    const { built, plan } = counting();
    await kept(cache, 'rooms a', plan);
    state.mark = 2;
    expect(text(await cache.answer('rooms a', 0, plan))).toBe('answer 2');
    expect(state.snapshots).toBe(3);
    await cache.answer('rooms a', 0, plan);
    expect(state.snapshots).toBe(3);
    expect(built.count).toBe(2);
  });

  it('builds the answer again when its rows changed, and keeps the new one at once', async () => {
    const { state, inventory } = fakeInventory();
    const cache = createAnswerCache({ inventory });
    const { built, plan } = counting();
    await kept(cache, 'rooms a', plan);
    state.mark = 2;
    state.stamp = [1, 3];
    expect(text(await cache.answer('rooms a', 0, plan))).toBe('answer 3');
    expect(text(await cache.answer('rooms a', 0, plan))).toBe('answer 3');
    expect(built.count).toBe(3);
  });

  it('checks the stamp every time while commits are not followed (blocks age)', async () => {
    const { state, inventory } = fakeInventory();
    state.following = false;
    const cache = createAnswerCache({ inventory });
    const { built, plan } = counting();
    await kept(cache, 'rooms a', plan);
    await cache.answer('rooms a', 0, plan);
    expect(state.snapshots).toBe(3);
    expect(built.count).toBe(2);
    state.stamp = [7, 8];
    expect(text(await cache.answer('rooms a', 0, plan))).toBe('answer 3');
  });

  it('builds the answer again from the instant it holds until', async () => {
    const { inventory } = fakeInventory();
    const cache = createAnswerCache({ inventory });
    const { built, plan } = counting(1_000);
    await kept(cache, 'rates a', plan);
    expect(text(await cache.answer('rates a', 999, plan))).toBe('answer 2');
    expect(text(await cache.answer('rates a', 1_000, plan))).toBe('answer 3');
    expect(built.count).toBe(3);
  });

  it('keeps answers apart by key', async () => {
    const { inventory } = fakeInventory();
    const cache = createAnswerCache({ inventory });
    const { plan } = counting();
    await kept(cache, 'rooms en', plan);
    await kept(cache, 'rooms de', plan);
    expect(text(await cache.answer('rooms en', 0, plan))).toBe('answer 2');
    expect(text(await cache.answer('rooms de', 0, plan))).toBe('answer 4');
    expect(cache.size).toBe(2);
  });

  it('keeps at most maxBytes, the least recently used going first; an answer larger than that is not kept', async () => {
    const { inventory } = fakeInventory();
    // Each entry: 8 bytes of answer, 14 of key (7 characters), 16 of stamp and 256 of overhead.
    const cache = createAnswerCache({ inventory, maxBytes: 3 * 294 });
    const { plan } = counting();
    for (const key of ['rooms 1', 'rooms 2', 'rooms 3']) await kept(cache, key, plan);
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBe(3 * 294);
    await cache.answer('rooms 1', 0, plan);
    await kept(cache, 'rooms 4', plan);
    expect(cache.size).toBe(3);
    // rooms 2 went: rooms 1 was used again after it.
    expect(text(await cache.answer('rooms 1', 0, plan))).toBe('answer 2');
    expect(text(await cache.answer('rooms 2', 0, plan))).toBe('answer 9');
    const huge = createAnswerCache({ inventory, maxBytes: 100 });
    await kept(huge, 'rooms 1', plan);
    expect(huge.size).toBe(0);
    expect(huge.bytes).toBe(0);
  });
});

/** Asks for `key` until its answer is kept (twice). */
async function kept(cache: ReturnType<typeof createAnswerCache>, key: string, plan: () => AnswerPlan): Promise<void> {
  await cache.answer(key, 0, plan);
  await cache.answer(key, 0, plan);
}
