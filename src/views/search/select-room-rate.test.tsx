import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/web/render-app';
import type { Rate, RoomsResponse } from '../../contract/search';
import { offerFixture, rateFixture } from '../../../test/web/room-offers';
import type { FeatureFlag } from '../../services/flags/flags';
import type * as FlagsContext from '../shell/flags-context';

/** Flags a test turns on, as a flag source would; every other flag keeps the site's default. */
const flagsOn = new Set<FeatureFlag>();
vi.mock('../shell/flags-context', async (original) => {
  const actual = await original<typeof FlagsContext>();
  return { ...actual, useFlag: (flag: FeatureFlag) => flagsOn.has(flag) || actual.useFlag(flag) };
});

/* The tracking calls of the room and rate choice (spec section 7): sent where the choice is made, never in its way. */

const SEARCH = 'location=JAZB&startDate=2027-04-01&endDate=2027-04-03&room-1-adults=2';

const rate = (rateCode: string, name: string) => rateFixture(rateCode, name);

const offer = (typeCode: string, typeSaleName: string) => offerFixture(typeCode, typeSaleName);

const ROOMS: RoomsResponse = {
  hotelCode: 'JAZB',
  hotelName: 'Jaz Berlin',
  nights: 2,
  currency: 'EUR',
  rooms: [{ roomIndex: 0, offers: [offer('DBL', 'Double room'), offer('KNG', 'King room')] }],
};

const tracked = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://site.test'))
    .filter((url) => /\/ecommerce\/(rate|room)-selected$/.test(url.pathname))
    .map((url) => `${url.pathname.replace('/bff/ecommerce/', '')}${url.search}`);

const rateButton = (room: string, rateName: string) => {
  const card = screen.getByRole('article', { name: room });
  const rateRow = within(card).getByText(rateName).closest('[data-rate]') as HTMLElement;
  return within(rateRow).getByRole('button');
};

afterEach(() => {
  flagsOn.clear();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('select room and rate: tracking', () => {
  it('tracks a rate chosen, and the room when it changes; without a cart, without cart_id; a failing call changes nothing', async () => {
    const { fetchMock } = await renderApp(`/en/booking/select-room-rate?${SEARCH}`, (url) => {
      if (url.pathname === '/bff/search/rooms') return { body: { data: ROOMS } };
      if (url.pathname.endsWith('-selected')) return { status: 503, body: { error: { code: 'unavailable', message: 'down' } } };
      return undefined;
    });
    await screen.findByRole('article', { name: 'Double room' }, { timeout: 30_000 });
    await userEvent.click(rateButton('Double room', 'Flexible'));
    await waitFor(() => expect(tracked(fetchMock)).toEqual(['rate-selected', 'room-selected']));
    // Another rate of the same room: the rate only.
    await userEvent.click(rateButton('Double room', 'Saver'));
    await waitFor(() => expect(tracked(fetchMock)).toEqual(['rate-selected', 'room-selected', 'rate-selected']));
    // Choosing the chosen rate again is no new choice.
    await userEvent.click(rateButton('Double room', 'Saver'));
    // Another room type: both.
    await userEvent.click(rateButton('King room', 'Flexible'));
    await waitFor(() => expect(tracked(fetchMock)).toEqual(['rate-selected', 'room-selected', 'rate-selected', 'rate-selected', 'room-selected']));
    // The failed calls were ignored: the guest goes on.
    expect(screen.getByRole('link', { name: 'Continue to payment' })).toBeTruthy();
  });

  it('sends the cart id when the search comes back from the check-out page with its cart', async () => {
    const { fetchMock } = await renderApp(`/en/booking/select-room-rate?${SEARCH}&cart_id=cart-1`, (url) =>
      url.pathname === '/bff/search/rooms' ? { body: { data: ROOMS } } : url.pathname.endsWith('-selected') ? { body: { data: { ok: true } } } : undefined,
    );
    await screen.findByRole('article', { name: 'Double room' }, { timeout: 30_000 });
    await userEvent.click(rateButton('Double room', 'Flexible'));
    await waitFor(() => expect(tracked(fetchMock)).toEqual(['rate-selected?cartId=cart-1', 'room-selected?cartId=cart-1']));
  });
});

/* Choosing a rate for every room: standard and member rates, the place on the page, the running total. */

const member = (rateCode: string, name: string, pair: string, price: number): Rate => ({
  ...rate(rateCode, name),
  isMemberRate: true,
  pair,
  avg_amnt_with_tax: price,
  total_with_tax: price * 2,
});
const standard = (rateCode: string, name: string, pair: string | null, price: number): Rate => ({
  ...rate(rateCode, name),
  pair,
  avg_amnt_with_tax: price,
  total_with_tax: price * 2,
  pointsPrice: 0,
  pointsEarned: 0,
});

/** A room type with a member rate and its standard pair (the spec's pairing HRW1X to AX), and a rate nobody pairs with. */
const pairedOffer = (typeCode: string, typeSaleName: string, base: number) => ({
  ...offer(typeCode, typeSaleName),
  rates: [member('HRW1X', 'Member Flexible Rate', 'AX', base * 0.95), standard('AX', 'Flexible Rate', 'HRW1X', base), standard('CORP', 'Corporate Rate', null, base * 0.9)],
});

const PAIRED: RoomsResponse = {
  hotelCode: 'JAZB',
  hotelName: 'Jaz Berlin',
  nights: 2,
  currency: 'EUR',
  rooms: [{ roomIndex: 0, offers: [pairedOffer('DBL', 'Double room', 100)] }],
};

const TWO_ROOMS: RoomsResponse = {
  ...PAIRED,
  rooms: [
    { roomIndex: 0, offers: [pairedOffer('DBL', 'Double room', 100)] },
    { roomIndex: 1, offers: [pairedOffer('FAM', 'Family room', 140)] },
  ],
};
const TWO_ROOMS_SEARCH = 'location=JAZB&startDate=2027-04-01&endDate=2027-04-03&room-1-adults=2&room-2-adults=1&room-2-children=6';

const answerRooms = (data: RoomsResponse) => (url: URL) => {
  if (url.pathname === '/bff/search/rooms') return { body: { data } };
  if (url.pathname.endsWith('-selected')) return { body: { data: { ok: true } } };
  return undefined;
};

const rateRow = (card: HTMLElement, rateName: string) => within(card).getByText(rateName).closest('[data-rate]') as HTMLElement;
const selectIn = (row: HTMLElement) => within(row).getByRole('button', { name: /^Select(ed)?$/ });
const roomCard = (roomNumber: number, roomName: string) =>
  within(screen.getByRole('region', { name: new RegExp(`^Room ${roomNumber} `) })).getByRole('article', { name: roomName });
const summary = () => screen.getByRole('complementary');

describe('select room and rate: every rate a guest may book', () => {
  it('offers the standard rate of a member rate as a choice of its own, and a guest books it without signing in', async () => {
    const { router } = await renderApp(`/en/booking/select-room-rate?${SEARCH}`, answerRooms(PAIRED));
    const card = await screen.findByRole('article', { name: 'Double room' }, { timeout: 30_000 });
    // Three choices: the member rate, its standard pair and the rate nobody pairs with.
    expect(within(card).getAllByRole('button', { name: 'Select' })).toHaveLength(3);
    const standardRow = rateRow(card, 'Flexible Rate');
    expect(within(standardRow).queryByText('Member rate')).toBeNull();
    expect(within(standardRow).queryByText(/points/)).toBeNull();
    await userEvent.click(selectIn(standardRow));
    expect(selectIn(standardRow).getAttribute('aria-pressed')).toBe('true');
    const next = new URL(within(summary()).getByRole('link', { name: 'Continue to payment' }).getAttribute('href') ?? '', 'http://site.test');
    expect(next.pathname).toBe('/en/booking/check-out');
    expect(next.searchParams.get('room-1-rate-code')).toBe('AX');
    expect(next.searchParams.get('room-1-room-type-code')).toBe('DBL');
    expect(new URLSearchParams(router.state.location.searchStr).get('room-1-rate-code')).toBe('AX');
  });

  it('tells a guest what a member rate asks of them, with sign-in and joining at hand, and lets them choose it knowingly', async () => {
    await renderApp(`/en/booking/select-room-rate?${SEARCH}`, answerRooms(PAIRED));
    const card = await screen.findByRole('article', { name: 'Double room' }, { timeout: 30_000 });
    const memberRow = rateRow(card, 'Member Flexible Rate');
    expect(within(memberRow).getByText(/Sign in or join H Rewards for free to book this member rate/)).toBeTruthy();
    expect(within(memberRow).getByRole('link', { name: 'Join H Rewards' }).getAttribute('href')).toBe('/en/account/registration');
    // Choosing it is no wall: the guest goes on and signs in at check-out.
    await userEvent.click(selectIn(memberRow));
    expect(within(summary()).getByRole('link', { name: 'Continue to payment' })).toBeTruthy();
    await userEvent.click(within(memberRow).getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('dialog', undefined, { timeout: 30_000 })).toBeTruthy();
  });

  it('hides the standard rates paired with member rates while hide-non-member-rates is on, and only those', async () => {
    flagsOn.add('hide-non-member-rates');
    await renderApp(`/en/booking/select-room-rate?${SEARCH}`, answerRooms(PAIRED));
    const card = await screen.findByRole('article', { name: 'Double room' }, { timeout: 30_000 });
    expect(within(card).queryByText('Flexible Rate')).toBeNull();
    // The member rate shows the standard price beside it; the rate nobody pairs with stays a choice.
    const memberRow = rateRow(card, 'Member Flexible Rate');
    expect(within(memberRow).getByText('Non-members')).toBeTruthy();
    expect(within(memberRow).getByText('€100.00')).toBeTruthy();
    expect(within(card).getAllByRole('button', { name: 'Select' })).toHaveLength(2);
    expect(rateRow(card, 'Corporate Rate')).toBeTruthy();
  });
});

describe('select room and rate: the place on the page and the running total', () => {
  it('keeps the place on Select, moves on to the next room, and adds up the rooms chosen so far', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const { router } = await renderApp(`/en/booking/select-room-rate?${TWO_ROOMS_SEARCH}`, answerRooms(TWO_ROOMS));
    await screen.findByRole('article', { name: 'Family room' }, { timeout: 30_000 });
    expect(within(summary()).getByText('0 of 2 rooms chosen')).toBeTruthy();
    expect(screen.getAllByText('per room per night').length).toBeGreaterThan(0);
    scrollTo.mockClear();

    await userEvent.click(selectIn(rateRow(roomCard(1, 'Double room'), 'Flexible Rate')));
    await waitFor(() => expect(new URLSearchParams(router.state.location.searchStr).get('room-1-rate-code')).toBe('AX'));
    // The address changed without taking the guest back to the top; the next room's choice has the focus.
    expect(scrollTo).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('region', { name: /^Room 2 / }));
    expect(within(summary()).getByText('1 of 2 rooms chosen')).toBeTruthy();
    expect(within(summary()).getByText('Total so far')).toBeTruthy();
    expect(within(summary()).getByText('€200.00')).toBeTruthy();
    expect(within(summary()).getByText('plus €5.00 city tax')).toBeTruthy();
    expect(within(summary()).queryByRole('link', { name: 'Continue to payment' })).toBeNull();

    await userEvent.click(selectIn(rateRow(roomCard(2, 'Family room'), 'Corporate Rate')));
    await waitFor(() => expect(new URLSearchParams(router.state.location.searchStr).get('room-2-rate-code')).toBe('CORP'));
    expect(scrollTo).not.toHaveBeenCalled();
    // Every room has a rate: the focus goes to the total and the way on.
    expect(document.activeElement).toBe(summary());
    expect(within(summary()).getByText('2 of 2 rooms chosen')).toBeTruthy();
    expect(within(summary()).getByText('Total')).toBeTruthy();
    // 2 nights: 200.00 + 2 × 126.00.
    expect(within(summary()).getByText('€452.00')).toBeTruthy();
    expect(within(summary()).getByText('plus €10.00 city tax')).toBeTruthy();
    expect(within(summary()).getByRole('link', { name: 'Continue to payment' })).toBeTruthy();
  });

  it('gives one room its total and the way on, leaving the focus on the choice', async () => {
    await renderApp(`/en/booking/select-room-rate?${SEARCH}`, answerRooms(PAIRED));
    const card = await screen.findByRole('article', { name: 'Double room' }, { timeout: 30_000 });
    expect(within(summary()).getByText('0 of 1 room chosen')).toBeTruthy();
    expect(within(card).getAllByText('per night').length).toBe(3);
    const button = selectIn(rateRow(card, 'Member Flexible Rate'));
    await userEvent.click(button);
    expect(document.activeElement).toBe(button);
    expect(within(summary()).getByText('1 of 1 room chosen')).toBeTruthy();
    expect(within(summary()).getByText('€190.00')).toBeTruthy();
    expect(within(summary()).getByText('for 2 nights')).toBeTruthy();
  });
});
