import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/web/render-app';
import type { Rate, RoomsResponse } from '../../contract/search';

/* The tracking calls of the room and rate choice (spec section 7): sent where the choice is made, never in its way. */

const SEARCH = 'location=JAZB&startDate=2027-04-01&endDate=2027-04-03&room-1-adults=2';

function rate(rateCode: string, name: string): Rate {
  return {
    rateCode,
    name,
    currencyCode: 'EUR',
    avg_amnt_with_tax: 100,
    avg_amnt_no_tax: 90,
    total_with_tax: 200,
    city_tax: 5,
    isMemberRate: false,
    isBreakfastIncluded: false,
    guaranteePolicy: { type: 1001, guaranteePolicyCode: 'G1', description: 'Guaranteed with your card' },
    cancellationPolicy: { cancellationPolicyCode: 'C1', description: 'Free cancellation', freeCancellationUntil: null },
    pair: null,
    iconDeposit: false,
    pointsPrice: 20000,
    pointsEarned: 400,
  };
}

const offer = (typeCode: string, typeSaleName: string) => ({
  typeCode,
  typeSaleName,
  available: true,
  min_amnt_with_tax: 100,
  maxAdults: 2,
  maxChildren: 1,
  maxOccupancy: 3,
  image: { url: '/images/room.jpg', alt: typeSaleName },
  rates: [rate('FLEX', 'Flexible'), rate('SAVER', 'Saver')],
});

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
    await screen.findByRole('article', { name: 'Double room' }, { timeout: 5000 });
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
    await screen.findByRole('article', { name: 'Double room' }, { timeout: 5000 });
    await userEvent.click(rateButton('Double room', 'Flexible'));
    await waitFor(() => expect(tracked(fetchMock)).toEqual(['rate-selected?cartId=cart-1', 'room-selected?cartId=cart-1']));
  });
});
