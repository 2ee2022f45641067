import { describe, expect, it } from 'vitest';
import { createRenderCache } from './page-caching';

describe('the cache of rendered pages', () => {
  it('keeps a page for its life, then renders it again', async () => {
    let clock = 0;
    let renders = 0;
    const cache = createRenderCache<string>({ lifeMs: 1_000, now: () => clock });
    const render = async () => `page ${(renders += 1)}`;
    expect(await cache.get('/en/', render)).toBe('page 1');
    clock = 999;
    expect(await cache.get('/en/', render)).toBe('page 1');
    clock = 1_000;
    expect(await cache.get('/en/', render)).toBe('page 2');
  });

  it('keeps no failed render, and forgets the oldest address past its size', async () => {
    let renders = 0;
    const cache = createRenderCache<string>({ maxEntries: 2, now: () => 0 });
    expect(await cache.get('/a', async () => undefined)).toBeUndefined();
    expect(await cache.get('/a', async () => `a${(renders += 1)}`)).toBe('a1');
    await expect(cache.get('/b', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('/b', async () => 'b')).toBe('b');
    await cache.get('/c', async () => 'c');
    // /a was the oldest of three: rendered again.
    expect(await cache.get('/a', async () => `a${(renders += 1)}`)).toBe('a2');
  });
});
