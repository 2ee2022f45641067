import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validToken } from '../../../test/auth/tokens';
import { createAuthChannel } from './auth-channel';
import { favouritesKey, favouritesQuery, keepFavouritesAnswer, setFavourite } from './favourites-queries';

afterEach(() => {
  vi.unstubAllGlobals();
});

const access = { token: validToken(Date.now(), { sub: 'guid-anna' }), channel: createAuthChannel(() => Promise.reject(new Error('no refresh here'))) };

/** A fetch that answers every request with this list, recording method and path. */
function listFetch(codes: string[]) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify({ data: codes }), { status: 200, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('favourite hotels', () => {
  it('reads the member’s list with their token, under their own key', async () => {
    const fetchMock = listFetch(['SBTG', 'SIFM']);
    const queryClient = new QueryClient();
    await expect(queryClient.fetchQuery(favouritesQuery(access))).resolves.toEqual(['SBTG', 'SIFM']);
    const [input, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(input)).toBe('/bff/members/favorites');
    expect(new Headers(init?.headers).get('authorization')).toBe(`Bearer ${access.token}`);
    expect(favouritesQuery(access).queryKey).toEqual(favouritesKey('guid-anna'));
    expect(favouritesQuery({ ...access, token: null }).enabled).toBe(false);
  });

  it('adds with PUT and removes with DELETE, each answering the list', async () => {
    const fetchMock = listFetch(['MXBM', 'SBTG']);
    await expect(setFavourite(access, 'MXBM', true)).resolves.toEqual(['MXBM', 'SBTG']);
    await setFavourite(access, 'SBTG', false);
    expect(fetchMock.mock.calls.map(([input, init]) => `${init?.method} ${String(input)}`)).toEqual(['PUT /bff/members/favorites/MXBM', 'DELETE /bff/members/favorites/SBTG']);
  });

  it('keeps a change’s answer even when an older read of the list arrives after it', async () => {
    let answerRead: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answerRead = resolve))));
    const queryClient = new QueryClient();
    const read = queryClient.fetchQuery(favouritesQuery(access)).catch(() => 'cancelled');
    await keepFavouritesAnswer(queryClient, access, ['MXBM', 'SBTG']);
    answerRead(new Response(JSON.stringify({ data: ['SBTG'] }), { status: 200 }));
    await read;
    expect(queryClient.getQueryData(favouritesKey('guid-anna'))).toEqual(['MXBM', 'SBTG']);
  });
});
