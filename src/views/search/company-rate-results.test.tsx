import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { validToken } from '../../../test/auth/tokens';
import { renderApp } from '../../../test/web/render-app';
import type { HotelResult, HotelSearchResponse } from '../../contract/search';

/*
 * Company rates in the results (decision record 0061): a signed-in member's hotel search carries their
 * token, and a hotel whose member price is their company's rate says "Your company rate: <Company>"
 * where a member price says "Member price". The BFF here answers as it does: the company's price only
 * to the request with the member's token.
 */

const price = (perNight: number) => ({
  currency: 'EUR' as const,
  totalWithTax: perNight * 2,
  totalWithoutTax: perNight * 1.8,
  avgPerNightWithTax: perNight,
  avgPerNightWithoutTax: perNight * 0.9,
  cityTax: 0,
});

const HOTEL: HotelResult = {
  hotelCode: 'SBTG',
  hotelName: 'Steigenberger Hotel Berlin Tiergarten',
  brandCode: 'steigenberger',
  brandName: 'Steigenberger',
  city: 'Berlin',
  image: { url: '/i/SBTG.svg', alt: 'Steigenberger Hotel Berlin Tiergarten' },
  latitude: 52.5,
  longitude: 13.4,
  distanceKm: 2.1,
  features: [],
  available: true,
  unavailableReason: null,
  minimumStay: null,
  memberPrice: price(88),
  nonMemberPrice: price(100),
  pointsPrice: null,
};

const results = (hotel: HotelResult): { data: HotelSearchResponse } => ({
  data: { hotels: [hotel], total: 1, nights: 2, currency: 'EUR', priceRange: { min: 85, max: 88 }, facets: { brands: [], features: [] } },
});

/** hotels-v2 as the BFF answers a member of Northwind Traders (with their token) and anyone else; the requests' tokens. */
function hotelsBff() {
  const tokens: (string | null)[] = [];
  const handler = (url: URL, init?: RequestInit) => {
    if (url.pathname !== '/bff/search/hotels-v2') return undefined;
    const authorization = new Headers(init?.headers).get('authorization');
    tokens.push(authorization);
    return { body: results(authorization ? { ...HOTEL, memberPrice: price(85), company: { name: 'Northwind Traders' } } : HOTEL) };
  };
  return { tokens, handler };
}

const SEARCH = '/en/find-a-hotel?location=Berlin';
const cardOf = async () => (await screen.findByRole('heading', { name: HOTEL.hotelName }, { timeout: 30_000 })).closest('article') as HTMLElement;

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('results: the company rate', () => {
  it('shows a signed-in member whose company rate is the lowest "Your company rate" and that price, asked with their token', async () => {
    localStorage.setItem('token', validToken(Date.now(), { sub: 'guid-casey' }));
    const bff = hotelsBff();
    await renderApp(SEARCH, bff.handler);
    const card = await cardOf();
    await waitFor(() => expect(within(card).getByText('Your company rate:', { exact: false }).textContent).toBe('Your company rate: Northwind Traders'));
    expect(within(card).getByText('€85.00')).toBeTruthy();
    expect(within(card).queryByText('Member price')).toBeNull();
    expect(bff.tokens.at(-1)).toMatch(/^Bearer /);
  });

  it('shows a visitor the member price, asked without a token, and the company rate once they sign in', async () => {
    const bff = hotelsBff();
    await renderApp(SEARCH, bff.handler);
    const card = await cardOf();
    expect(within(card).getByText('Member price')).toBeTruthy();
    expect(within(card).getByText('€88.00')).toBeTruthy();
    expect(within(card).queryByText(/Your company rate/)).toBeNull();
    expect(bff.tokens).toEqual([null]);

    // Signed in (here from another tab): the search is asked again with the token.
    const token = validToken(Date.now(), { sub: 'guid-casey' });
    localStorage.setItem('token', token);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: token }));
    });
    await waitFor(() => expect(within(card).getByText('€85.00')).toBeTruthy());
    expect(within(card).getByText(/Your company rate/)).toBeTruthy();
    expect(bff.tokens.at(-1)).toBe(`Bearer ${token}`);
  });
});
