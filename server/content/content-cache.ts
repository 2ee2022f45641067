import type { PGlite } from '@electric-sql/pglite';
import { is, sql } from 'drizzle-orm';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database } from '../db/database';
import { resultRows } from '../db/rows';

/**
 * A per-process cache of finished content answers (decision record 0037): the encoded body of each
 * answer (JSON or SVG bytes; undefined for "not found") under a key that names the route, the locale
 * and the codes asked for, so locales never mix and each answer is built once, not once per request.
 *
 * Every entry remembers the content version it was built at: a counter the database raises in the same
 * transaction as any write to a content table (migration 0013), whoever writes (the seed, a test, an
 * editor's tool, another BFF process on the same PostgreSQL). Each request learns the current version
 * before it looks an answer up (see followVersion), and an entry of another version is built again. So
 * no answer is older than the content committed when its request arrived. Requests asking for the same
 * missing answer share one build.
 */

/** The current content version, or undefined when it cannot be known (then nothing is cached). */
export type ReadVersion = () => Promise<string | undefined>;

export interface ContentCacheOptions {
  readVersion: ReadVersion;
  /** Bytes of answers kept; the least recently used go first past it. */
  maxBytes?: number;
}

export interface ContentCache {
  /** The answer under `key` at the current version: kept, or built by `build` now and kept. */
  get(key: string, build: () => Promise<Uint8Array | undefined>): Promise<Uint8Array | undefined>;
  /** Entries held (for tests and diagnostics). */
  readonly size: number;
}

/** 64 MiB: the content of ten times today's catalogue in every locale, with room to spare. */
export const CONTENT_CACHE_MAX_BYTES = 64 * 1024 * 1024;
/** What an entry costs beyond its bytes (key, bookkeeping); keeps many small "not found" entries bounded too. */
const ENTRY_OVERHEAD_BYTES = 256;

interface Entry {
  version: string;
  answer: Promise<Uint8Array | undefined>;
  /** Counted once the answer is built. */
  bytes: number;
}

/**
 * Shares reads of the version without ever answering a request with a read that began before it
 * arrived (that read might miss a write committed just before the request): a request arriving while a
 * read runs waits for the next one, which starts when the running one ends and serves everyone who
 * arrived meanwhile.
 */
export function sharedVersionReads(read: ReadVersion): ReadVersion {
  let running: Promise<string | undefined> | undefined;
  let next: Promise<string | undefined> | undefined;
  const current = (): Promise<string | undefined> => {
    if (!running) {
      running = read().finally(() => {
        running = undefined;
      });
      return running;
    }
    next ??= running.then(
      () => undefined,
      () => undefined,
    ).then(() => {
      next = undefined;
      return current();
    });
    return next;
  };
  return current;
}

export function createContentCache({ readVersion, maxBytes = CONTENT_CACHE_MAX_BYTES }: ContentCacheOptions): ContentCache {
  // A Map keeps insertion order: an entry used again is moved to the end, so the first is the least recently used.
  const entries = new Map<string, Entry>();
  let heldBytes = 0;

  function forget(key: string, entry: Entry): void {
    if (entries.get(key) !== entry) return;
    entries.delete(key);
    heldBytes -= entry.bytes;
  }

  function keep(key: string, entry: Entry, answer: Uint8Array | undefined): void {
    if (entries.get(key) !== entry) return;
    entry.bytes = (answer?.byteLength ?? 0) + ENTRY_OVERHEAD_BYTES;
    heldBytes += entry.bytes;
    for (const [oldKey, oldEntry] of entries) {
      if (heldBytes <= maxBytes || oldEntry === entry) break;
      forget(oldKey, oldEntry);
    }
  }

  return {
    async get(key, build) {
      const version = await readVersion();
      if (version === undefined) return build();
      const held = entries.get(key);
      if (held?.version === version) {
        entries.delete(key);
        entries.set(key, held);
        return held.answer;
      }
      if (held) forget(key, held);
      const entry: Entry = { version, answer: build(), bytes: 0 };
      entries.set(key, entry);
      // A failed build is not kept: the next request tries again.
      entry.answer.then(
        (answer) => keep(key, entry, answer),
        () => forget(key, entry),
      );
      return entry.answer;
    },

    get size() {
      return entries.size;
    },
  };
}

/** The content version of `db` (migration 0013); undefined should its row be missing. */
export async function readContentVersion(db: Database): Promise<string | undefined> {
  const [row] = resultRows<{ version: string }>(await db.execute(sql`SELECT version::text AS version FROM content_version WHERE id = 1`));
  return row?.version;
}

const caches = new WeakMap<Database, ContentCache>();

/**
 * How this process follows the content version of `db`.
 *
 * PGlite: the database belongs to this process alone (in memory, or a data folder it holds locked), so
 * every write goes through this very client, and the trigger's NOTIFY reaches the listener here as the
 * write commits, before the writer's own await returns. The version is then a count in memory and a
 * cached answer costs no query.
 *
 * PostgreSQL: other processes (more BFF instances, an editor's tool) write too, and a notification
 * arrives some time after the commit, so each request reads the version (reads shared as above). A
 * failed read leaves that request uncached: its own reads then fail (and are reported) or succeed
 * exactly as they would without a cache.
 */
function followVersion(db: Database): ReadVersion {
  if (is(db, PgliteDatabase)) {
    // drizzle() sets $client on every database it makes; the PgliteDatabase class alone does not declare it.
    const client = (db as typeof db & { $client: PGlite }).$client;
    let changes = 0;
    let listening: Promise<unknown> | undefined;
    return async () => {
      listening ??= client.listen('content_changed', () => {
        changes += 1;
      });
      try {
        await listening;
      } catch {
        listening = undefined;
        return undefined;
      }
      return `changes ${changes}`;
    };
  }
  return sharedVersionReads(() => readContentVersion(db).catch(() => undefined));
}

/** The one content cache of `db` in this process, shared by every content route built on it. */
export function contentCacheOf(db: Database): ContentCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = createContentCache({ readVersion: followVersion(db) })));
  return cache;
}

const encoder = new TextEncoder();

/** `{ "data": ... }` as the UTF-8 JSON c.json would send; undefined stays undefined (not found). */
export function encodeData(data: unknown): Uint8Array | undefined {
  return data === undefined ? undefined : encoder.encode(JSON.stringify({ data }));
}

/** Text (an SVG drawing) as UTF-8; undefined stays undefined (not found). */
export function encodeText(text: string | undefined): Uint8Array | undefined {
  return text === undefined ? undefined : encoder.encode(text);
}
