import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/web/render-app';
import type { Rate, RoomsResponse } from '../../contract/search';
import { offerFixture, rateFixture } from '../../../test/web/room-offers';

/* The room page shows each room type's and rate's own points price, for the stay. */

const SEARCH = 'location=JAZB&startDate=2027-04-01&endDate=2027-04-03&room-1-adults=2';

const memberRate = (rateCode: string, name: string, perNight: number, pointsPrice: number): Rate =>
  rateFixture(rateCode, name, { avg_amnt_with_tax: perNight, avg_amnt_no_tax: perNight - 10, total_with_tax: perNight * 2, isMemberRate: true, pointsPrice, pointsEarned: 0 });

const offer = (typeCode: string, typeSaleName: string, rates: Rate[]) => offerFixture(typeCode, typeSaleName, rates);

const ROOMS: RoomsResponse = {
  hotelCode: 'JAZB',
  hotelName: 'Jaz Berlin',
  nights: 2,
  currency: 'EUR',
  rooms: [
    {
      roomIndex: 0,
      offers: [
        offer('DBL', 'Double room', [memberRate('HRW1X', 'Member Flexible Rate', 95, 380), memberRate('HRWPR1', 'Member Saver Rate', 84, 340)]),
        offer('KNG', 'King room', [memberRate('HRW1X', 'Member Flexible Rate', 133, 540)]),
      ],
    },
  ],
};

const pointsOf = (room: string, rateName: string) => {
  const card = screen.getByRole('article', { name: room });
  const row = within(card).getByText(rateName).closest('[data-rate]') as HTMLElement;
  return row.querySelector('.price--points')?.textContent;
};

describe('select room and rate: points', { timeout: 15_000 }, () => {
  it('shows the points price of each room type and rate for the stay', async () => {
    await renderApp(`/en/booking/select-room-rate?${SEARCH}&payWithPoints=1`, (url) => (url.pathname === '/bff/search/rooms' ? { body: { data: ROOMS } } : undefined));
    await screen.findByRole('article', { name: 'King room' }, { timeout: 30_000 });
    expect(pointsOf('Double room', 'Member Flexible Rate')).toBe('or 380 points for the stay');
    expect(pointsOf('Double room', 'Member Saver Rate')).toBe('or 340 points for the stay');
    expect(pointsOf('King room', 'Member Flexible Rate')).toBe('or 540 points for the stay');
  });
});
