import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/web/render-app';
import type { HotelResult, HotelSearchResponse } from '../../contract/search';

/*
 * What the results' prices are. The search prices all its rooms together: one room shows its price per
 * night; several rooms show the stay's total with its nights and rooms, never a "per night" that would
 * read as one room's price.
 */

const price = (perNight: number) => ({
  currency: 'EUR' as const,
  totalWithTax: perNight * 2,
  totalWithoutTax: perNight * 1.8,
  avgPerNightWithTax: perNight,
  avgPerNightWithoutTax: perNight * 0.9,
  cityTax: 10,
});

const HOTEL: HotelResult = {
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
  memberPrice: price(190),
  nonMemberPrice: price(200),
  pointsPrice: null,
};

const RESULTS: { data: HotelSearchResponse } = {
  data: { hotels: [HOTEL], total: 1, nights: 2, currency: 'EUR', priceRange: { min: 190, max: 190 }, facets: { brands: [], features: [] } },
};

const answerHotels = (url: URL) => (url.pathname === '/bff/search/hotels-v2' ? { body: RESULTS } : undefined);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('results: the price and what it covers', () => {
  it('shows the total of the stay for all rooms when the search has several, not a price per night', async () => {
    await renderApp('/en/find-a-hotel?location=Berlin&rooms=2&room-1-adults=2&room-2-adults=1&room-2-child-1=5', answerHotels);
    const card = (await screen.findByRole('heading', { name: 'Jaz Berlin' }, { timeout: 30_000 })).closest('article') as HTMLElement;
    expect(within(card).getByText('€380.00')).toBeTruthy();
    expect(within(card).getByText('total for 2 nights, 2 rooms')).toBeTruthy();
    expect(within(card).getByText('€400.00')).toBeTruthy();
    expect(within(card).getByText('Members save €20.00 in total')).toBeTruthy();
    expect(within(card).queryByText(/per night/)).toBeNull();
  });

  it('says per night alone for one room', async () => {
    await renderApp('/en/find-a-hotel?location=Berlin', answerHotels);
    const card = (await screen.findByRole('heading', { name: 'Jaz Berlin' }, { timeout: 30_000 })).closest('article') as HTMLElement;
    expect(within(card).getByText('per night')).toBeTruthy();
    expect(within(card).getByText('Members save €10.00 per night')).toBeTruthy();
  });
});
