import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/web/render-app';
import type { HotelResult, HotelSearchResponse } from '../contract/search';

/*
 * The search pages read their URL once, at the route, into the typed search. The address itself keeps
 * the spec's plain format (spec section 2): nothing the route read is written back into it, and links
 * and navigations built from the typed search write plain values (`rooms=2`, never `rooms=%222%22`).
 */

const price = { currency: 'EUR' as const, totalWithTax: 200, totalWithoutTax: 180, avgPerNightWithTax: 100, avgPerNightWithoutTax: 90, cityTax: 5 };

const jazBerlin: HotelResult = {
  hotelCode: 'JAZB',
  hotelName: 'Jaz Berlin',
  brandCode: 'jaz',
  brandName: 'Jaz in the City',
  city: 'Berlin',
  image: { url: '/i/JAZB.svg', alt: 'Jaz Berlin' },
  latitude: 52.5,
  longitude: 13.4,
  distanceKm: 1.2,
  features: [],
  available: true,
  unavailableReason: null,
  minimumStay: null,
  memberPrice: price,
  nonMemberPrice: price,
  pointsPrice: 20000,
};

const results: { data: HotelSearchResponse } = {
  data: { hotels: [jazBerlin], total: 1, nights: 2, currency: 'EUR', priceRange: { min: 100, max: 100 }, facets: { brands: [], features: [] } },
};

const answerSearch = (url: URL) => (url.pathname === '/bff/search/hotels-v2' ? { body: results } : undefined);

/** The bodies the page sent to a BFF path. */
function bodiesTo(path: string, fetchMock: { mock: { calls: unknown[][] } }): unknown[] {
  return fetchMock.mock.calls
    .filter(([input]) => String(input).includes(path))
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as unknown);
}

const searchBodies = (fetchMock: { mock: { calls: unknown[][] } }) => bodiesTo('/bff/search/hotels-v2', fetchMock);

beforeEach(() => {
  // Only the clock is fixed (10:00 in Berlin): the page's own timers run as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-03-10T09:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the results page reads its URL at the route', () => {
  const path = '/en/find-a-hotel?location=Berlin&startDate=2027-04-01&endDate=2027-04-03&rooms=2&room-2-adults=3&room-2-child-1=0&sortBy=nonsense&minPrice=abc';

  it('searches with the typed search, bad fields at their defaults, and leaves the address as it was', async () => {
    const { router, fetchMock } = await renderApp(path, answerSearch);
    expect(await screen.findByRole('heading', { name: 'Hotels in Berlin' }, { timeout: 30_000 })).toBeDefined();
    await waitFor(() => expect(searchBodies(fetchMock).length).toBeGreaterThan(0));
    expect(searchBodies(fetchMock)[0]).toMatchObject({
      location: 'Berlin',
      startDate: '2027-04-01',
      endDate: '2027-04-03',
      rooms: [
        { adults: 1, childAges: [] },
        { adults: 3, childAges: [1] },
      ],
      sortBy: 'price-asc',
      currency: 'EUR',
      locale: 'en',
    });
    expect(searchBodies(fetchMock)[0]).not.toHaveProperty('minPrice');
    expect(router.state.location.href).toBe(path);
  });

  it('links a hotel to its rooms with the search in plain values', async () => {
    await renderApp(path, answerSearch);
    const link = await screen.findByRole('link', { name: 'Choose a room' }, { timeout: 30_000 });
    const href = new URL(link.getAttribute('href') ?? '', 'http://site.test');
    expect(href.pathname).toBe('/en/booking/select-room-rate');
    expect(href.search).not.toContain('%22');
    expect(href.search).not.toContain('searched');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      location: 'JAZB',
      startDate: '2027-04-01',
      endDate: '2027-04-03',
      rooms: '2',
      'room-2-adults': '3',
      'room-2-child-1': '1',
    });
  });

  it('writes a refinement into the address in plain values, without what the route read', async () => {
    const { router } = await renderApp(path, answerSearch);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Sort by' }, { timeout: 30_000 }), 'name');
    await waitFor(() => expect(new URLSearchParams(router.state.location.searchStr).get('sortBy')).toBe('name'));
    expect(router.state.location.searchStr).not.toContain('%22');
    expect(router.state.location.searchStr).not.toContain('searched');
    expect(new URLSearchParams(router.state.location.searchStr).get('rooms')).toBe('2');
  });
});

describe('the rooms-and-rates page reads its URL at the route', () => {
  it('asks for the rooms of the typed search and keeps a cart id it was given', async () => {
    const { router, fetchMock } = await renderApp('/en/booking/select-room-rate?location=JAZB&startDate=2027-04-01&endDate=2027-04-03&promo=%20SPRING%20&cart_id=abc_1');
    await waitFor(() => expect(bodiesTo('/bff/search/rooms', fetchMock).length).toBeGreaterThan(0));
    expect(bodiesTo('/bff/search/rooms', fetchMock)[0]).toEqual({
      hotelCode: 'JAZB',
      startDate: '2027-04-01',
      endDate: '2027-04-03',
      rooms: [{ adults: 1, childAges: [] }],
      promo: 'SPRING',
      payWithPoints: false,
      currency: 'EUR',
      locale: 'en',
    });
    expect(router.state.location.searchStr).toContain('cart_id=abc_1');
    expect(router.state.location.searchStr).not.toContain('searched');
  });
});
