import { afterEach, describe, expect, it, vi } from 'vitest';
import { activate } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A fetch whose answers the test releases, counting the requests. */
function heldFetch() {
  const releases: (() => void)[] = [];
  const fetchMock = vi.fn(
    () =>
      new Promise<Response>((resolve) => {
        releases.push(() => resolve(new Response(JSON.stringify({ data: { outcome: 'activated', token: 't' } }), { status: 200 })));
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, releaseAll: () => releases.splice(0).forEach((release) => release()) };
}

describe('activate', () => {
  it('sends the same activation once while it runs (a code works once), and again once it has answered', async () => {
    const { fetchMock, releaseAll } = heldFetch();
    const first = activate({ token: 'code-1' });
    const second = activate({ token: 'code-1' });
    const other = activate({ token: 'code-1', without_password: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    releaseAll();
    await expect(Promise.all([first, second, other])).resolves.toEqual([
      { outcome: 'activated', token: 't' },
      { outcome: 'activated', token: 't' },
      { outcome: 'activated', token: 't' },
    ]);
    const again = activate({ token: 'code-1' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    releaseAll();
    await again;
  });

  it('answers an outcome the BFF gives with an error status as that outcome', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ data: { outcome: 'already_activated' } }), { status: 409 })));
    await expect(activate({ token: 'code-2' })).resolves.toEqual({ outcome: 'already_activated' });
  });
});
