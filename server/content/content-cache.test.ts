import { describe, expect, it } from 'vitest';
import { createContentCache, encodeText, sharedVersionReads } from './content-cache';

/*
 * The content cache alone, with a version the test sets and builds it counts: no database. The routes on
 * a real database (writes seen at once, locales kept apart, headers) are in content-cache.routes.test.ts.
 */

const text = (bytes: Uint8Array | undefined) => (bytes === undefined ? undefined : new TextDecoder().decode(bytes));

function setup(options: { maxBytes?: number } = {}) {
  let version: string | undefined = '1';
  const builds: string[] = [];
  const cache = createContentCache({ readVersion: async () => version, ...options });
  /** The answer under `key`; a build answers `answer` (null: not found), by default the key and version. */
  const get = async (key: string, answer: string | null = `${key}@${version}`) =>
    text(
      await cache.get(key, async () => {
        builds.push(key);
        return encodeText(answer ?? undefined);
      }),
    );
  return {
    cache,
    get,
    builds,
    setVersion(next: string | undefined) {
      version = next;
    },
  };
}

/** A promise with its resolve at hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('createContentCache', () => {
  it('builds an answer once and answers it again while the version stays', async () => {
    const { get, builds } = setup();
    expect(await get('hotel en SBTG')).toBe('hotel en SBTG@1');
    expect(await get('hotel en SBTG')).toBe('hotel en SBTG@1');
    expect(builds).toEqual(['hotel en SBTG']);
  });

  it('builds again once the version changed: no answer of an older version is served', async () => {
    const { get, builds, setVersion } = setup();
    await get('brands en');
    setVersion('2');
    expect(await get('brands en')).toBe('brands en@2');
    expect(await get('brands en')).toBe('brands en@2');
    expect(builds).toEqual(['brands en', 'brands en']);
  });

  it('keeps each key apart, so one locale never answers for another', async () => {
    const { get } = setup();
    expect(await get('hotel de SBTG', 'Deutsch')).toBe('Deutsch');
    expect(await get('hotel en SBTG', 'English')).toBe('English');
    expect(await get('hotel de SBTG', 'not built again')).toBe('Deutsch');
  });

  it('keeps "not found" too, until the version changes', async () => {
    const { get, builds, setVersion } = setup();
    expect(await get('hotel en NONE', null)).toBeUndefined();
    expect(await get('hotel en NONE', 'found now')).toBeUndefined();
    setVersion('2');
    expect(await get('hotel en NONE', 'found now')).toBe('found now');
    expect(builds).toHaveLength(2);
  });

  it('shares one build between requests asking together', async () => {
    const { cache } = setup();
    const gate = deferred<undefined>();
    let builds = 0;
    const build = async () => {
      builds += 1;
      await gate.promise;
      return encodeText('shared');
    };
    const answers = Promise.all([cache.get('k', build), cache.get('k', build), cache.get('k', build)]);
    gate.resolve(undefined);
    expect((await answers).map(text)).toEqual(['shared', 'shared', 'shared']);
    expect(builds).toBe(1);
  });

  it('does not keep a failed build: the next request builds again', async () => {
    const { cache, get } = setup();
    await expect(cache.get('k', () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(await get('k', 'second try')).toBe('second try');
  });

  it('keeps nothing while the version cannot be read', async () => {
    const { get, builds, setVersion } = setup();
    setVersion(undefined);
    await get('k');
    await get('k');
    expect(builds).toEqual(['k', 'k']);
  });

  it('lets the least recently used answers go past its size', async () => {
    // Each entry counts its bytes plus 256: three 100-byte answers fit in 1100 bytes, four do not.
    const { cache, get, builds } = setup({ maxBytes: 1100 });
    const answer = 'x'.repeat(100);
    await get('a', answer);
    await get('b', answer);
    await get('c', answer);
    await get('a', answer); // a is used again: b is now the least recently used
    await get('d', answer);
    expect(cache.size).toBe(3);
    builds.length = 0;
    await get('a', answer);
    await get('c', answer);
    await get('d', answer);
    expect(builds).toEqual([]);
    await get('b', answer);
    expect(builds).toEqual(['b']);
  });
});

describe('sharedVersionReads', () => {
  it('answers a request with a read that started after it arrived, sharing that read with the others waiting', async () => {
    const reads: { resolve: (version: string) => void }[] = [];
    const read = sharedVersionReads(() => {
      const next = deferred<string>();
      reads.push(next);
      return next.promise;
    });
    const first = read();
    // These arrive while the first read runs: a write committed just before them could be missed by it.
    const second = read();
    const third = read();
    expect(reads).toHaveLength(1);
    reads[0]?.resolve('1');
    expect(await first).toBe('1');
    await Promise.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads).toHaveLength(2);
    reads[1]?.resolve('2');
    expect([await second, await third]).toEqual(['2', '2']);
    expect(reads).toHaveLength(2);
  });

  it('reads anew for a request arriving after the reads ended', async () => {
    let reads = 0;
    const read = sharedVersionReads(async () => String((reads += 1)));
    expect(await read()).toBe('1');
    expect(await read()).toBe('2');
  });
});
