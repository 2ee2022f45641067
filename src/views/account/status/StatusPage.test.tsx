import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInMemberBff, startEachTestSignedIn } from '../../../../test/web/member-bff';
import { renderApp } from '../../../../test/web/render-app';
import type { MembershipLevel, PointsStatus } from '../../../contract/loyalty';

const levels: MembershipLevel[] = [
  { code: 'DP', name: 'Star', order: 4, nights: 0, points: 0, benefits: [{ code: 'wifi', name: 'Free Wi-Fi' }], current: false },
  { code: 'DB', name: 'Gold', order: 7, nights: 30, points: 7_500, benefits: [{ code: 'late', name: 'Late check-out until 2 pm' }], current: true },
  { code: 'DI', name: 'Platinum', order: 8, nights: 40, points: 10_000, benefits: [{ code: 'suite', name: 'A suite upgrade' }], current: false },
];

const status = (keepMet: boolean): PointsStatus => ({
  balance: 12_500,
  pending: 0,
  expiring: { withinDays: 90, points: 0, dates: [] },
  level: { code: 'DB', name: 'Gold', order: 7 },
  progress: {
    year: 2026,
    nights: 18,
    points: 7_110,
    keep: { met: keepMet, nightsNeeded: 12, pointsNeeded: 390 },
    next: { level: { code: 'DI', name: 'Platinum', order: 8 }, nights: 40, points: 10_000, nightsNeeded: 22, pointsNeeded: 2_890 },
  },
});

const bff = (keepMet = false) =>
  signedInMemberBff({ '/members/membership-levels': { body: { data: levels } }, '/members/points-status': { body: { data: status(keepMet) } } });

startEachTestSignedIn();

describe('levels and benefits', () => {
  it('lists every level with what reaches it and its benefits, marks the member’s, and says what the next and keeping this one take', async () => {
    await renderApp('/en/account/status', bff());
    const gold = await screen.findByRole('article', { name: /^Gold/ }, { timeout: 30_000 });
    expect(gold.getAttribute('aria-current')).toBe('true');
    expect(gold.textContent).toContain('Your level');
    expect(gold.textContent).toContain('30 nights or 7,500 points in a calendar year');
    expect(within(gold).getByText('Late check-out until 2 pm')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Star' }).textContent).toContain('From your first day as a member');
    expect(screen.getByRole('article', { name: 'Platinum' }).getAttribute('aria-current')).toBeNull();
    const standing = () => document.querySelector('.member-status__standing')?.textContent ?? '';
    await waitFor(() => expect(standing()).toContain('You are Gold. To reach Platinum this year: 22 more nights or 2,890 more points.'));
    expect(standing()).toContain('To keep it next year: 12 more nights or 390 more points this year.');
  });

  it('says so when the member keeps their level', async () => {
    await renderApp('/en/account/status', bff(true));
    await waitFor(() => expect(document.querySelector('.member-status__standing')?.textContent).toContain('You keep your level for next year.'), { timeout: 30_000 });
  });
});
