import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInMemberBff, startEachTestSignedIn } from '../../../../test/web/member-bff';
import { renderApp } from '../../../../test/web/render-app';
import type { PointsEntry, PointsHistory } from '../../../contract/loyalty';

const HOTEL = { code: 'ZLBF', name: 'Zleep Hotel Berlin Friedrichshain' };

const entry = (id: string, overrides: Partial<PointsEntry>): PointsEntry => ({
  id,
  kind: 'earned',
  date: '2025-06-12',
  points: 0,
  pendingPoints: 0,
  balanceAfter: 0,
  qualifyingNights: 0,
  qualifyingPoints: 0,
  hotel: null,
  reservationNumber: null,
  stay: null,
  orderId: null,
  reward: null,
  note: null,
  ...overrides,
});

const years: Record<string, PointsHistory> = {
  '2025': {
    year: 2025,
    previousYear: 2024,
    nextYear: 2026,
    entries: [
      entry('e1', { kind: 'earned', points: 1_240, hotel: HOTEL, reservationNumber: 'ZLBF-1234', stay: { arrivalDate: '2025-06-09', departureDate: '2025-06-11' } }),
      entry('e2', { kind: 'green', points: 500, hotel: HOTEL }),
      entry('e3', { kind: 'redeemed', points: -5_000, reward: { id: 'spa', name: 'Spa voucher', voucherId: null } }),
      entry('e4', { kind: 'expired', points: -300 }),
      entry('e5', { kind: 'claimed', points: 420, hotel: HOTEL }),
      entry('e6', { kind: 'earned', pendingPoints: 860, hotel: HOTEL }),
    ],
  },
  '2024': { year: 2024, previousYear: null, nextYear: 2025, entries: [] },
};

const bff = () =>
  signedInMemberBff({
    '/members/points-history-v2': (url) => {
      const year = years[url.searchParams.get('year') ?? '2025'];
      return year ? { body: { data: year } } : { status: 500, body: { error: { code: 'internal', message: 'down' } } };
    },
  });

startEachTestSignedIn();

describe('the points history', () => {
  it('explains each entry of the year with its points, and the points still on their way', async () => {
    await renderApp('/en/account/points-history', bff());
    expect(await screen.findByRole('heading', { level: 1, name: 'Points history 2025' }, { timeout: 30_000 })).toBeTruthy();
    const items = within(screen.getByRole('list', { name: 'Points history 2025' })).getAllByRole('listitem');
    const texts = items.map((item) => item.textContent ?? '');
    expect(texts[0]).toContain('Stay at Zleep Hotel Berlin Friedrichshain');
    expect(texts[0]).toContain('Reservation ZLBF-1234');
    expect(texts[0]).toContain('+1,240');
    expect(texts[1]).toContain('Green option at Zleep Hotel Berlin Friedrichshain');
    expect(texts[2]).toContain('Reward: Spa voucher');
    expect(texts[2]).toContain('−5,000');
    expect(texts[3]).toContain('Points expired');
    expect(texts[4]).toContain('Points added on request for your stay at Zleep Hotel Berlin Friedrichshain');
    expect(texts[5]).toContain('+860 on their way');
    expect(screen.getByRole('link', { name: 'Request points' }).getAttribute('href')).toBe('/en/account/request-points');
  });

  it('goes to the previous year and says when a year has no entries', async () => {
    const { router } = await renderApp('/en/account/points-history', bff());
    await userEvent.click(await screen.findByRole('link', { name: 'Previous year (2024)' }, { timeout: 30_000 }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ year: 2024 }));
    expect(await screen.findByText('No points were added or used in 2024.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Previous year/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Next year (2025)' })).toBeTruthy();
  });

  it('says so, with a way to try again, when the history cannot be loaded', async () => {
    await renderApp('/en/account/points-history?year=2019', bff());
    expect(await screen.findByText('Your points history could not be loaded.', undefined, { timeout: 60_000 })).toBeTruthy();
  });
});
