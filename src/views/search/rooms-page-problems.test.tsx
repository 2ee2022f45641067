import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/web/render-app';
import { addDays, todayInBerlin } from '../../contract/calendar-dates';
import type { Hotel } from '../../contract/content';
import type { RoomsResponse } from '../../contract/search';
import { offerFixture } from '../../../test/web/room-offers';
import type { SearchQueryState } from '../../services/search/search-state';
import { unknownChoices } from './RoomsPageProblems';

/*
 * The rooms-and-rates page says what is wrong with its address: a hotel code we do not know, a rate or room
 * type the hotel does not offer, values it replaced; never "could not be loaded", and always with a way on.
 */

const START = addDays(todayInBerlin(), 30);
const END = addDays(START, 2);
const DATES = `startDate=${START}&endDate=${END}`;


const offer = (typeCode: string, typeSaleName: string) => offerFixture(typeCode, typeSaleName);

const ROOMS: RoomsResponse = {
  hotelCode: 'JAZB',
  hotelName: 'Jaz Berlin',
  nights: 2,
  currency: 'EUR',
  rooms: [
    { roomIndex: 0, offers: [offer('DBL', 'Double room'), offer('KNG', 'King room')] },
    { roomIndex: 1, offers: [offer('DBL', 'Double room')] },
  ],
};

const answerRooms = (url: URL) => (url.pathname === '/bff/search/rooms' ? { body: { data: ROOMS } } : undefined);

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the rooms-and-rates page, for an address naming what does not exist', () => {
  it('says a hotel code it does not know is no hotel of ours, not a failed load, and leads to the search', async () => {
    await renderApp(`/en/booking/select-room-rate?location=ZZZZ&${DATES}&room-1-adults=2`, (url) =>
      url.pathname === '/bff/search/rooms' ? { status: 404, body: { error: { code: 'not_found', message: 'No hotel with code ZZZZ' } } } : undefined,
    );
    const reason = await screen.findByTestId('unknown-hotel', undefined, { timeout: 30_000 });
    expect(reason.textContent).toContain('We have no hotel with the code “ZZZZ”.');
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    const back = within(reason).getByRole('link', { name: 'Search hotels for these dates' });
    const search = new URL(back.getAttribute('href') ?? '', 'http://site.test');
    expect(search.pathname).toBe('/en/find-a-hotel');
    expect(search.searchParams.get('location')).toBeNull();
    expect(search.searchParams.get('startDate')).toBe(START);
  });

  it('says an address without a hotel names none, as the BFF refuses it', async () => {
    await renderApp(`/en/booking/select-room-rate?${DATES}&room-1-adults=2`, (url) =>
      url.pathname === '/bff/search/rooms' ? { status: 400, body: { error: { code: 'validation_error', message: 'hotelCode' } } } : undefined,
    );
    const reason = await screen.findByTestId('unknown-hotel', undefined, { timeout: 30_000 });
    expect(reason.textContent).toContain('The link names no hotel.');
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
  });

  it('says the hotel has no such rate, still shows its rooms, and leads back to the results', async () => {
    await renderApp(`/en/booking/select-room-rate?location=JAZB&${DATES}&room-1-adults=2&room-1-rate-code=NOPE&room-1-room-type-code=DBL`, answerRooms);
    const notice = await screen.findByTestId('unknown-choices', undefined, { timeout: 30_000 });
    expect(notice.textContent).toContain('Jaz Berlin has no rate “NOPE” for these dates.');
    expect(screen.getByRole('article', { name: 'Double room' })).toBeTruthy();
    const back = within(notice).getByRole('link', { name: 'go back to the results' });
    const search = new URL(back.getAttribute('href') ?? '', 'http://site.test');
    expect(search.pathname).toBe('/en/find-a-hotel');
    expect(search.searchParams.get('location')).toBe('JAZB');
    expect(search.searchParams.get('room-1-rate-code')).toBeNull();
  });

  it('says which room of several has a room type the hotel does not offer', async () => {
    await renderApp(`/en/booking/select-room-rate?location=JAZB&${DATES}&rooms=2&room-1-adults=2&room-2-adults=2&room-2-room-type-code=SUITE&room-2-rate-code=FLEX`, answerRooms);
    const notice = await screen.findByTestId('unknown-choices', undefined, { timeout: 30_000 });
    expect(notice.textContent).toContain('Room 2: Jaz Berlin has no room type “SUITE” for these guests.');
    expect(notice.textContent).not.toContain('Room 1');
  });

  it('tells which values of the address it replaced, and with what, instead of changing them silently', async () => {
    await renderApp(`/en/booking/select-room-rate?location=JAZB&${DATES}&room-1-adults=12`, answerRooms);
    const notice = await screen.findByTestId('replaced-values', undefined, { timeout: 30_000 });
    expect(notice.textContent).toContain('adults in room 1: “12” was replaced with');
    expect(screen.queryByTestId('unknown-choices')).toBeNull();
  });
});

describe('a hotel page, for an address with values it cannot use', () => {
  const content: Hotel = {
    hotelCode: 'JAZB',
    hotelName: 'Jaz Berlin',
    brandCode: 'jaz',
    city: 'Berlin',
    countryCode: 'DE',
    image: { url: '/i/jazb.svg', alt: 'Jaz Berlin' },
    openingDate: null,
    useExternalBooking: false,
    description: 'A hotel.',
    address: { street: 'Alexanderplatz 1', postalCode: '10178', city: 'Berlin', countryCode: 'DE', country: 'Germany' },
    geo: { latitude: 52.5, longitude: 13.4 },
    timeZone: 'Europe/Berlin',
    features: [],
    images: [],
    externalBookingUrl: null,
    brand: { code: 'jaz', brandName: 'Jaz in the City', theme: 'jaz' },
  };
  it('tells which it replaced, and with what', async () => {
    await renderApp(`/en/hotels/JAZB?location=JAZB&startDate=2020-01-01&endDate=2020-01-03&room-1-adults=12`, (url) =>
      url.pathname === '/bff/content/hotel/JAZB' ? { body: { data: content } } : answerRooms(url),
    );
    const notice = await screen.findByTestId('replaced-values', undefined, { timeout: 30_000 });
    expect(notice.textContent).toContain('arrival date: “2020-01-01” was replaced with');
    expect(notice.textContent).toContain('adults in room 1: “12” was replaced with');
  });
});

describe('unknownChoices', () => {
  const searched = (rooms: SearchQueryState['rooms']) => ({ rooms }) as SearchQueryState;
  it('finds nothing when the address names no choice, or one the hotel offers', () => {
    expect(unknownChoices(ROOMS, searched([{ uuid: 'a', adults: 2, children: [] }]))).toEqual([]);
    expect(unknownChoices(ROOMS, searched([{ uuid: 'a', adults: 2, children: [], roomTypeCode: 'KNG', rateCode: 'SAVER' }]))).toEqual([]);
  });
  it('names an unknown room type before its rate, and a rate the chosen room type does not have', () => {
    expect(unknownChoices(ROOMS, searched([{ uuid: 'a', adults: 2, children: [], roomTypeCode: 'SUITE', rateCode: 'FLEX' }]))).toEqual([{ room: 1, kind: 'roomType', code: 'SUITE' }]);
    expect(unknownChoices(ROOMS, searched([{ uuid: 'a', adults: 2, children: [], rateCode: 'NOPE' }]))).toEqual([{ room: 1, kind: 'rate', code: 'NOPE' }]);
  });
});
