import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/web/render-app';
import { addDays, todayInBerlin } from '../../contract/calendar-dates';
import type { Hotel } from '../../contract/content';
import { formatCalendarDate } from '../ui/format/dates';

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
