import { type InventorySnapshot, sameStamp } from './inventory-cache';

/**
 * Finished answers of search's reads (hotels-v2, rooms, rates, the price calendar), kept per search
 * service as the JSON bytes sent (decision record 0039).
 *
 * An answer is a function of its request, today, the catalogue (read once per process), the inventory
 * of the nights it looked at and, for rates, the current instant (a free-cancellation deadline passes).
 * The key names the route, today and the request; the entry remembers the inventory snapshot it was
 * built from (its stamp and mark, inventory-cache.ts) and the instant until which the clock cannot change
 * it. A kept answer is given only when building it again would give the same bytes:
 * - while the inventory cache follows commits (PGlite) and nothing changed since the snapshot's mark, at
 *   once, without looking at the inventory (what makes a city of a hundred hotels cost what one of ten
 *   does);
 * - otherwise when a new snapshot of the same nights has the same stamp (then the entry takes its mark);
 * - and in both cases only before the instant the answer holds until.
 * So the cache is never staler than the inventory cache, which drops what a booking or cancellation
 * changed as it commits.
 *
 * An answer is kept from the second time its key is asked for (the keys asked for once are remembered,
 * at most `maxSeen` of them): most searches are never repeated, and keeping each of them would only
 * churn memory (for a city of a hundred hotels, 110 kB a search) at the cost of every other request.
 * At most `maxBytes` are kept (answers, keys and stamps counted); the least recently used go first.
 */

/** How an answer is made when none is kept: the nights it needs, and how to build it from them. */
export interface AnswerPlan {
  roomTypeIds: readonly number[];
  startDate: string;
  endDate: string;
  /** The answer as of `nowMs`, and the instant until which it holds (infinity: as long as the inventory). */
  build(nights: InventorySnapshot, nowMs: number): { json: Uint8Array; validUntilMs: number };
}

/** What the answer cache needs of the inventory cache. */
export interface AnswerInventory {
  snapshot(roomTypeIds: readonly number[], startDate: string, endDate: string): Promise<InventorySnapshot>;
  unchangedSince(mark: number): boolean;
}

export interface AnswerCache {
  /** The answer under `key` as of `nowMs`: kept, or made by the plan (worked out only then) and kept. */
  answer(key: string, nowMs: number, plan: () => AnswerPlan): Promise<Uint8Array>;
  /** Entries held (for tests and diagnostics). */
  readonly size: number;
  /** Bytes counted for the entries held. */
  readonly bytes: number;
}

/** 32 MiB: a few hundred of the largest answers (hotels-v2 for a city of a hundred hotels, about 110 kB). */
export const ANSWER_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** Keys asked for once remembered (a key is a few hundred bytes: about 2 MB). */
export const ANSWER_CACHE_MAX_SEEN = 8_192;
/** What an entry costs beyond its answer, key and stamp. */
const ENTRY_OVERHEAD_BYTES = 256;

interface Entry {
  stamp: readonly number[];
  mark: number;
  answer: Uint8Array;
  validUntilMs: number;
  bytes: number;
}

export function createAnswerCache({
  inventory,
  maxBytes = ANSWER_CACHE_MAX_BYTES,
  maxSeen = ANSWER_CACHE_MAX_SEEN,
}: {
  inventory: AnswerInventory;
  maxBytes?: number;
  maxSeen?: number;
}): AnswerCache {
  // A Map keeps insertion order: an entry used again is moved to the end, so the first is the least recently used.
  const entries = new Map<string, Entry>();
  let heldBytes = 0;
  /** Keys asked for once and not kept, oldest first. */
  const seen = new Set<string>();

  /** Whether an answer built for `key` is worth keeping: its key was kept or asked for before. */
  function admitted(key: string, wasKept: boolean): boolean {
    if (wasKept || seen.delete(key)) return true;
    seen.add(key);
    if (seen.size > maxSeen) {
      for (const oldest of seen) {
        seen.delete(oldest);
        break;
      }
    }
    return false;
  }

  function forget(key: string, entry: Entry): void {
    if (entries.get(key) !== entry) return;
    entries.delete(key);
    heldBytes -= entry.bytes;
  }

  function used(key: string, entry: Entry): Uint8Array {
    entries.delete(key);
    entries.set(key, entry);
    return entry.answer;
  }

  function keep(key: string, entry: Entry): void {
    const held = entries.get(key);
    if (held) forget(key, held);
    // An answer larger than the whole cache is not kept.
    if (entry.bytes > maxBytes) return;
    entries.set(key, entry);
    heldBytes += entry.bytes;
    for (const [oldKey, oldEntry] of entries) {
      if (heldBytes <= maxBytes) break;
      forget(oldKey, oldEntry);
    }
  }

  return {
    async answer(key, nowMs, plan) {
      const kept = entries.get(key);
      if (kept && nowMs < kept.validUntilMs && inventory.unchangedSince(kept.mark)) return used(key, kept);
      const { roomTypeIds, startDate, endDate, build } = plan();
      const nights = await inventory.snapshot(roomTypeIds, startDate, endDate);
      // Looked up again: another request may have kept or replaced the entry meanwhile.
      const held = entries.get(key);
      if (held && nowMs < held.validUntilMs && sameStamp(held.stamp, nights.stamp)) {
        held.mark = nights.mark;
        return used(key, held);
      }
      if (held) forget(key, held);
      const { json, validUntilMs } = build(nights, nowMs);
      if (!admitted(key, held !== undefined)) return json;
      keep(key, {
        stamp: nights.stamp,
        mark: nights.mark,
        answer: json,
        validUntilMs,
        bytes: json.byteLength + key.length * 2 + nights.stamp.length * 8 + ENTRY_OVERHEAD_BYTES,
      });
      return json;
    },

    get size() {
      return entries.size;
    },

    get bytes() {
      return heldBytes;
    },
  };
}

const encoder = new TextEncoder();

/** `{ "data": ... }` as the UTF-8 JSON c.json would send. */
export function encodeData(data: unknown): Uint8Array {
  return encoder.encode(JSON.stringify({ data }));
}
