import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import QRCode from 'qrcode';
import { flagsOff } from '../../../../test/web/flags-off';
import { memberProfile, memberToken, type MemberRoutes, signedInMemberBff } from '../../../../test/web/member-bff';
import { renderApp } from '../../../../test/web/render-app';
import type { MemberBookings, MembershipLevel, PointsStatus } from '../../../contract/loyalty';

vi.mock('../../shell/flags-context', async (original) => (await import('../../../../test/web/flags-off')).withFlagsOff(await original()));

const TOKEN = memberToken();

const status: PointsStatus = {
  balance: 12_500,
  pending: 1_200,
  expiring: { withinDays: 90, points: 800, dates: [{ date: '2027-01-31', points: 800 }] },
  level: { code: 'DB', name: 'Gold', order: 7 },
  progress: {
    year: 2026,
    nights: 37,
    points: 41_000,
    keep: { met: false, nightsNeeded: 3, pointsNeeded: 4_000 },
    next: { level: { code: 'DI', name: 'Platinum', order: 8 }, nights: 40, points: 60_000, nightsNeeded: 3, pointsNeeded: 19_000 },
  },
};

const levels: MembershipLevel[] = [
  { code: 'DB', name: 'Gold', order: 7, nights: 30, points: 45_000, benefits: [{ code: 'late', name: 'Late check-out until 14:00' }], current: true },
  { code: 'DI', name: 'Platinum', order: 8, nights: 40, points: 60_000, benefits: [{ code: 'suite', name: 'Suite upgrade when available' }], current: false },
];

const upcoming = (departureDate: string, nights: number) => ({
  orderId: '7d1f3c4e-8a9b-4c2d-9e0f-1a2b3c4d5e6f',
  source: 'online' as const,
  status: 'confirmed' as const,
  hotel: { code: 'ZLBF', name: 'Zleep Hotel Berlin Friedrichshain' },
  arrivalDate: '2026-12-10',
  departureDate,
  nights,
  bookedAt: '2026-11-01T10:00:00Z',
  currency: 'EUR',
  totalAmount: 240,
  paymentMethod: 'card' as const,
  pointsPaid: 0,
  pointsEarned: 900,
  pointsPending: true,
  rooms: [],
});

function bff(bookings: MemberBookings = { upcoming: [upcoming('2026-12-13', 3)], past: [], cancelled: [] }, answers: MemberRoutes = {}) {
  return signedInMemberBff({
    '/members/points-status': { body: { data: status } },
    '/members/membership-levels': { body: { data: levels } },
    '/members/bookings': { body: { data: bookings } },
    '/members/rewards': {
      body: {
        data: [
          { id: 'stay-50', category: 'Voucher', name: '50 EUR off a stay', description: '', points: 5_000, amount: 50, currency: 'EUR', validityDays: 365, affordable: true },
          { id: 'stay-25', category: 'Voucher', name: '25 EUR off a stay', description: '', points: 2_500, amount: 25, currency: 'EUR', validityDays: 365, affordable: true },
        ],
      },
    },
    ...answers,
  });
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the account overview', () => {
  it('shows the member’s status with the way to the next level, the points with those about to expire, the next stay and what the next level brings', async () => {
    localStorage.setItem('token', TOKEN);
    await renderApp('/en/account/overview', bff());
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Anna' }, { timeout: 30_000 })).toBeTruthy();
    const myStatus = await screen.findByRole('region', { name: 'My status' });
    expect(myStatus.textContent).toContain('Gold');
    expect(myStatus.textContent).toContain('This year: 37 nights, 41,000 qualifying points.');
    expect(within(myStatus).getByRole('progressbar')).toBeTruthy();
    expect(myStatus.textContent).toContain('Towards Platinum: 3 more nights or 19,000 more points');
    // The upcoming stay of three nights before the year ends brings the member to Platinum.
    expect(myStatus.textContent).toContain('Your next stay brings you to Platinum on 13 December 2026.');
    expect(myStatus.textContent).toContain('To keep Gold next year: 3 more nights or 4,000 more points this year.');

    const points = screen.getByRole('region', { name: 'My points' });
    expect(points.textContent).toContain('12,500 points');
    expect(points.textContent).toContain('1,200 more points on their way');
    expect(within(points).getByRole('note').textContent).toContain('800 points expire by 31 January 2027.');
    // The cheapest reward the balance covers uses them (points are spent oldest first).
    await waitFor(() => expect(within(points).getByRole('note').textContent).toContain('redeeming 25 EUR off a stay (2,500 points) before then uses them.'));
    const redeem = within(points).getByRole('link', { name: 'Redeem points' });
    expect(redeem.getAttribute('href')).toBe('/en/account/rewards');

    const nextStay = screen.getByRole('region', { name: 'My next stay' });
    await waitFor(() => expect(nextStay.textContent).toContain('Zleep Hotel Berlin Friedrichshain'));
    expect(within(nextStay).getByRole('link', { name: 'View booking' }).getAttribute('href')).toContain('order_id=7d1f3c4e-8a9b-4c2d-9e0f-1a2b3c4d5e6f');

    const benefits = await screen.findByRole('region', { name: 'What Platinum brings' });
    await waitFor(() => expect(benefits.textContent).toContain('Suite upgrade when available'));
  });

  it('tracks clicks with the member area’s names', async () => {
    localStorage.setItem('token', TOKEN);
    await renderApp('/en/account/overview', bff());
    const points = await screen.findByRole('region', { name: 'My points' }, { timeout: 30_000 });
    const attributesOf = (element: HTMLElement) => Object.fromEntries([...element.attributes].filter((attribute) => attribute.name.startsWith('data-')).map((attribute) => [attribute.name, attribute.value]));
    expect(Object.values(attributesOf(within(points).getByRole('link', { name: 'Redeem points' })))).toEqual(expect.arrayContaining(['overview', 'rewards']));
    expect(Object.values(attributesOf(within(points).getByRole('link', { name: 'All rewards' })))).toEqual(expect.arrayContaining(['overview', 'all rewards']));
    expect(Object.values(attributesOf(within(screen.getByRole('region', { name: 'My status' })).getByRole('link', { name: 'Levels and benefits' })))).toEqual(expect.arrayContaining(['overview', 'my status']));
    expect(Object.values(attributesOf(screen.getByRole('link', { name: 'All levels and benefits' })))).toEqual(expect.arrayContaining(['overview', 'next-status benefits']));
  });

  it('offers to find a hotel when no stay is booked', async () => {
    localStorage.setItem('token', TOKEN);
    await renderApp('/en/account/overview', bff({ upcoming: [], past: [], cancelled: [] }));
    const nextStay = await screen.findByRole('region', { name: 'My next stay' }, { timeout: 30_000 });
    await waitFor(() => expect(nextStay.textContent).toContain('No stay booked yet.'));
    expect(within(nextStay).getByRole('link', { name: 'Find a hotel' }).getAttribute('href')).toBe('/en/find-a-hotel');
    expect(screen.getByRole('region', { name: 'My status' }).textContent).not.toContain('brings you to');
  });

  it('says so, with a way to try again, when the status and points cannot be loaded', async () => {
    localStorage.setItem('token', TOKEN);
    await renderApp('/en/account/overview', bff(undefined, { '/members/points-status': { status: 500, body: { error: { code: 'internal', message: 'down' } } } }));
    expect(await screen.findByText('Your status and points could not be loaded.', undefined, { timeout: 60_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Try again/ })).toBeTruthy();
  });

  it('asks a visitor to sign in, opening the sign-in dialog, and shows the overview once signed in, on the same page', async () => {
    const { router } = await renderApp('/en/account/overview', bff(undefined, { '/auth/login': { body: { data: { result: 'Authenticated', token: TOKEN } } } }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' }, { timeout: 30_000 });
    expect(screen.getByText('Sign in to see your status, your points and your rewards.')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Email address'), 'anna@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'secret-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('region', { name: 'My points' }, { timeout: 30_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/en/account/overview');
  });

  it('shows the member card with the membership number as a QR code, in a dialog of its own, where the flag is on', async () => {
    localStorage.setItem('token', TOKEN);
    await renderApp('/en/account/overview', bff());
    const button = await screen.findByRole('button', { name: 'Show my member card' }, { timeout: 30_000 });
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'My member card' }, { timeout: 30_000 });
    const number = memberProfile.dailypointMasterId;
    const code = within(dialog).getByRole('img', { name: `QR code of membership number ${number}` });
    // The code drawn is the one the QR library makes of the number (and no other text).
    const { modules } = QRCode.create(number, { errorCorrectionLevel: 'M' });
    expect(code.getAttribute('data-modules')).toBe(String(modules.size));
    const dark = (code.querySelector('path')?.getAttribute('d')?.match(/M/g) ?? []).length;
    expect(dark).toBe([...modules.data].filter(Boolean).length);
    expect(dialog.textContent).toContain(`Membership number: ${number}`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('shows no member card while the flag is off', async () => {
    localStorage.setItem('token', TOKEN);
    flagsOff.add('member-area-qr');
    onTestFinished(() => flagsOff.clear());
    await renderApp('/en/account/overview', bff());
    await screen.findByRole('region', { name: 'My points' }, { timeout: 30_000 });
    expect(screen.queryByRole('button', { name: 'Show my member card' })).toBeNull();
  });
});
