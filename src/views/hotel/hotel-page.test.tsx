import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/web/render-app';
import { addDays, todayInBerlin } from '../../contract/calendar-dates';
import type { Hotel } from '../../contract/content';
import type { Rate, RoomsResponse } from '../../contract/search';
import { formatCalendarDate } from '../ui/format/dates';
import { rateFixture } from '../../../test/web/room-offers';

afterEach(() => {
  vi.unstubAllGlobals();
});

const hotel = (openingDate: string | null): Hotel => ({
  hotelCode: 'JAZB',
  hotelName: 'Jaz Berlin',
  brandCode: 'jaz',
  city: 'Berlin',
  countryCode: 'DE',
  image: { url: '/i/jazb.svg', alt: 'Jaz Berlin' },
  openingDate,
  useExternalBooking: false,
  description: 'A hotel.',
  address: { street: 'Alexanderplatz 1', postalCode: '10178', city: 'Berlin', countryCode: 'DE', country: 'Germany' },
  geo: { latitude: 52.5, longitude: 13.4 },
  timeZone: 'Europe/Berlin',
  features: ['Free Wi-Fi'],
  images: [],
  externalBookingUrl: null,
  brand: { code: 'jaz', brandName: 'Jaz in the City', theme: 'jaz' },
});

const answers = (content: Hotel) => (url: URL) => (url.pathname === '/bff/content/hotel/JAZB' ? { body: { data: content } } : undefined);

describe('a hotel page', () => {
  it('has a search for that hotel that opens its rooms and rates with the dates and guests chosen', async () => {
    const start = addDays(todayInBerlin(), 20);
    const { router } = await renderApp(`/en/hotels/JAZB?startDate=${start}&endDate=${addDays(start, 2)}&room-1-adults=2`, answers(hotel(null)));
    const form = await screen.findByRole('search', { name: 'Check availability' }, { timeout: 30_000 });
    // The hotel is the destination: no destination field, and the dates the link brought.
    expect(within(form).queryByRole('combobox', { name: 'Destination' })).toBeNull();
    expect(within(form).getByRole('button', { name: /^Dates/ }).textContent).toContain(formatCalendarDate(start, 'en'));
    await userEvent.click(within(form).getByRole('button', { name: 'Check availability' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/booking/select-room-rate'));
    const query = new URLSearchParams(router.state.location.searchStr);
    expect(query.get('location')).toBe('JAZB');
    expect(query.get('startDate')).toBe(start);
    expect(query.get('room-1-adults')).toBe('2');
  });

  it('starts a stay at a hotel that opens later on its opening date (spec section 4)', async () => {
    const opening = addDays(todayInBerlin(), 40);
    await renderApp(`/en/hotels/JAZB?startDate=${addDays(todayInBerlin(), 5)}&endDate=${addDays(todayInBerlin(), 7)}`, answers(hotel(opening)));
    const form = await screen.findByRole('search', { name: 'Check availability' }, { timeout: 30_000 });
    expect(within(form).getByRole('button', { name: /^Dates/ }).textContent).toContain(`${formatCalendarDate(opening, 'en')} – ${formatCalendarDate(addDays(opening, 1), 'en')}`);
  });
});

const rate = (rateCode: string, name: string, price: number): Rate =>
  rateFixture(rateCode, name, { avg_amnt_with_tax: price, avg_amnt_no_tax: price - 10, total_with_tax: price * 2, city_tax: 0, pointsPrice: 0, pointsEarned: 0 });

const rooms = (hotelCode: string): RoomsResponse => ({
  hotelCode,
  hotelName: 'Jaz Berlin',
  nights: 2,
  currency: 'EUR',
  rooms: [
    {
      roomIndex: 0,
      offers: [
        {
          typeCode: 'DBL',
          typeSaleName: 'Double room',
          available: true,
          min_amnt_with_tax: 100,
          maxAdults: 2,
          maxChildren: 1,
          maxOccupancy: 3,
          image: { url: '/images/room.jpg', alt: 'Double room' },
          rates: [rate('FLEX', 'Flexible', 120), rate('SAVER', 'Saver', 100)],
        },
      ],
    },
  ],
});

/** The hotel and its rooms. */
const hotelWithRooms = (content: Hotel) => (url: URL) => (url.pathname === '/bff/search/rooms' ? { body: { data: rooms(content.hotelCode) } } : answers(content)(url));

/** What the page asked the rooms for (the bodies of its rooms requests). */
const roomsAsked = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls
    .filter(([input]) => new URL(String(input), 'http://site.test').pathname === '/bff/search/rooms')
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as { hotelCode: string; startDate: string; endDate: string; rooms: { adults: number }[] });

describe('a hotel page’s rooms and rates', () => {
  it('lists the hotel’s rooms and rates for the dates and guests of its search, and a chosen rate leads to check-out', async () => {
    const start = addDays(todayInBerlin(), 20);
    const end = addDays(start, 2);
    const { router, fetchMock } = await renderApp(`/en/hotels/JAZB?startDate=${start}&endDate=${end}&room-1-adults=2`, hotelWithRooms(hotel(null)));
    const card = await screen.findByRole('article', { name: 'Double room' }, { timeout: 30_000 });
    // The rooms of this hotel, for the stay and guests in the address.
    expect(roomsAsked(fetchMock).at(-1)).toMatchObject({ hotelCode: 'JAZB', startDate: start, endDate: end, rooms: [{ adults: 2 }] });
    expect(within(card).getByText('Flexible')).toBeTruthy();
    expect(within(card).getByText('Saver')).toBeTruthy();
    // Choosing a rate: the way on is the rooms page’s, to check-out with the hotel, the stay and the rate.
    const saver = within(card).getByText('Saver').closest('[data-rate]') as HTMLElement;
    await userEvent.click(within(saver).getByRole('button', { name: 'Select' }));
    const next = await screen.findByRole('link', { name: 'Continue to payment' });
    const href = new URL(next.getAttribute('href') ?? '', 'http://site.test');
    expect(href.pathname).toBe('/en/booking/check-out');
    expect(href.searchParams.get('location')).toBe('JAZB');
    expect(href.searchParams.get('startDate')).toBe(start);
    expect(href.searchParams.get('room-1-rate-code')).toBe('SAVER');
    expect(href.searchParams.get('room-1-room-type-code')).toBe('DBL');
    // The guest stays on the hotel’s page while choosing.
    expect(router.state.location.pathname).toBe('/en/hotels/JAZB');
  });

  it('lists a hotel that opens later from its opening date, as its form searches it', async () => {
    const opening = addDays(todayInBerlin(), 40);
    const { fetchMock } = await renderApp(`/en/hotels/JAZB?startDate=${addDays(todayInBerlin(), 5)}&endDate=${addDays(todayInBerlin(), 7)}`, hotelWithRooms(hotel(opening)));
    await screen.findByRole('article', { name: 'Double room' }, { timeout: 30_000 });
    const asked = roomsAsked(fetchMock);
    expect(asked.length).toBeGreaterThan(0);
    for (const request of asked) expect(request).toMatchObject({ startDate: opening, endDate: addDays(opening, 1) });
  });
});
