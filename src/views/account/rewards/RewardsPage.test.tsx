import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInMemberBff, startEachTestSignedIn } from '../../../../test/web/member-bff';
import { renderApp } from '../../../../test/web/render-app';
import type { MemberVoucher, PointsStatus, Reward } from '../../../contract/loyalty';

const statusWith = (balance: number): PointsStatus => ({
  balance,
  pending: 0,
  expiring: { withinDays: 90, points: 0, dates: [] },
  level: { code: 'DA', name: 'Silver', order: 5 },
  progress: { year: 2026, nights: 12, points: 3_000, keep: { met: true, nightsNeeded: 0, pointsNeeded: 0 }, next: null },
});

const reward = (id: string, name: string, points: number, balance: number): Reward => ({
  id,
  category: 'Voucher',
  name,
  description: `${name} of a booking`,
  points,
  amount: points / 100,
  currency: 'EUR',
  validityDays: 365,
  affordable: balance >= points,
});

const voucher = (id: string, overrides: Partial<MemberVoucher>): MemberVoucher => ({
  id,
  code: `CODE-${id}`,
  category: 'Voucher',
  amount: 25,
  currency: 'EUR',
  validUntil: '2027-06-30',
  status: 'valid',
  expiringSoon: false,
  ...overrides,
});

/**
 * The BFF as the rewards page meets it: a balance that buying lowers, the vouchers that buying adds to,
 * and the member's status (the header's points) following the balance. `failWith` answers the next
 * purchases with that status, nothing bought.
 */
function rewardsBff(start: { balance: number; failWith?: number[] }) {
  const state = { balance: start.balance, vouchers: [voucher('a1', { expiringSoon: true, validUntil: '2026-12-15' }), voucher('b1', { category: 'Bonus', status: 'used', amount: 10 })], purchases: 0 };
  const failures = [...(start.failWith ?? [])];
  const handler = signedInMemberBff({
    '/members/points-status': () => ({ body: { data: statusWith(state.balance) } }),
    '/members/status': () => ({ body: { data: { dailypointStatus: { reward_level: 'DA', rewards_points: state.balance }, strapiStatus: { crs_id: null } } } }),
    '/members/rewards': () => ({
      body: { data: [reward('stay-25', '25 EUR off a stay', 2_500, state.balance), reward('stay-50', '50 EUR off a stay', 5_000, state.balance)] },
    }),
    '/members/vouchers': () => ({ body: { data: state.vouchers } }),
    '/members/buy-voucher/stay-25': () => {
      state.purchases += 1;
      const failure = failures.shift();
      if (failure === 409) {
        state.balance = 1_000;
        return { status: 409, body: { error: { code: 'insufficient_points', message: 'Not enough points' } } };
      }
      if (failure) return { status: failure, body: { error: { code: 'internal', message: 'Failed' } } };
      state.balance -= 2_500;
      const bought = voucher('new1', { code: 'RWD-7K2Q', validUntil: '2027-11-27' });
      state.vouchers = [bought, ...state.vouchers];
      return { status: 201, body: { data: { voucher: bought, reward: { id: 'stay-25', name: '25 EUR off a stay', points: 2_500 }, balance: state.balance } } };
    },
  });
  return { handler, state };
}

startEachTestSignedIn();

describe('rewards', () => {
  it('redeems points for a reward after a confirmation, shows the voucher’s code, and the balance falls on the page and in the header', async () => {
    const { handler, state } = rewardsBff({ balance: 3_000 });
    await renderApp('/en/account/rewards', handler);
    expect(await screen.findByText('You have 3,000 points to redeem.', {}, { timeout: 30_000 })).toBeTruthy();
    const header = screen.getByRole('banner');
    await waitFor(() => expect(header.textContent).toContain('3,000 points'));

    const catalogue = await screen.findByRole('list', { name: 'Redeem your points' });
    const fifty = within(catalogue).getByRole('article', { name: '50 EUR off a stay' });
    expect(fifty.textContent).toContain('You need 2,000 more points.');
    expect(within(fifty).queryByRole('button')).toBeNull();

    const vouchers = await screen.findByRole('region', { name: 'My vouchers' });
    await waitFor(() => expect(within(vouchers).getByRole('region', { name: 'Vouchers' }).textContent).toContain('Expires soon: valid until 15 December 2026'));
    expect(within(vouchers).getByRole('region', { name: 'Bonus vouchers' }).textContent).toContain('None to use right now.');

    await userEvent.click(within(within(catalogue).getByRole('article', { name: '25 EUR off a stay' })).getByRole('button', { name: 'Redeem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redeem 2,500 points?' });
    // Keeping the points closes the confirmation and buys nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep my points' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(state.purchases).toBe(0);

    await userEvent.click(within(within(catalogue).getByRole('article', { name: '25 EUR off a stay' })).getByRole('button', { name: 'Redeem' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Redeem 2,500 points' }));
    const notice = await screen.findByText(/Your voucher code is/);
    expect(notice.textContent).toContain('RWD-7K2Q');
    expect(notice.textContent).toContain('valid until 27 November 2027');
    expect(notice.textContent).toContain('You have 500 points left.');
    expect(state.purchases).toBe(1);
    await waitFor(() => expect(screen.getByText('You have 500 points to redeem.')).toBeTruthy());
    await waitFor(() => expect(header.textContent).toContain('500 points'));
    await waitFor(() => expect(within(vouchers).getByRole('region', { name: 'Vouchers' }).textContent).toContain('RWD-7K2Q'));
    // The 25 EUR reward is now beyond the balance too.
    await waitFor(() => expect(within(catalogue).getByRole('article', { name: '25 EUR off a stay' }).textContent).toContain('You need 2,000 more points.'));
  });

  it('says so when the balance no longer covers the reward, and shows the balance as it is now', async () => {
    const { handler, state } = rewardsBff({ balance: 3_000, failWith: [409] });
    await renderApp('/en/account/rewards', handler);
    const catalogue = await screen.findByRole('list', { name: 'Redeem your points' }, { timeout: 30_000 });
    await userEvent.click(within(within(catalogue).getByRole('article', { name: '25 EUR off a stay' })).getByRole('button', { name: 'Redeem' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Redeem 2,500 points' }));
    const failed = await screen.findByRole('dialog', { name: 'Nothing was redeemed' });
    expect(within(failed).getByRole('alert').textContent).toContain('Your balance no longer covers this reward.');
    expect(within(failed).queryByRole('button', { name: 'Try again' })).toBeNull();
    await waitFor(() => expect(screen.getByText('You have 1,000 points to redeem.')).toBeTruthy());
    await userEvent.click(within(failed).getByRole('button', { name: 'Close' }));
    expect(state.purchases).toBe(1);
  });

  it('offers to try again when the rewards service did not answer, and buys once', async () => {
    const { handler, state } = rewardsBff({ balance: 3_000, failWith: [503] });
    await renderApp('/en/account/rewards', handler);
    const catalogue = await screen.findByRole('list', { name: 'Redeem your points' }, { timeout: 30_000 });
    await userEvent.click(within(within(catalogue).getByRole('article', { name: '25 EUR off a stay' })).getByRole('button', { name: 'Redeem' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Redeem 2,500 points' }));
    const failed = await screen.findByRole('dialog', { name: 'Nothing was redeemed' });
    await userEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Your voucher code is/)).toBeTruthy();
    expect(state.purchases).toBe(2);
    expect(state.balance).toBe(500);
  });

  it('asks for a fresh code before a large redemption and sends its step-up token with the purchase', async () => {
    const large = reward('stay-100', '100 EUR off a stay', 9_500, 12_000);
    const asked: { path: string; stepUp: string | null }[] = [];
    const record = (url: URL, init?: RequestInit) => asked.push({ path: url.pathname.replace(/^\/bff/, ''), stepUp: new Headers(init?.headers).get('X-Step-Up-Token') });
    const handler = signedInMemberBff({
      '/members/points-status': () => ({ body: { data: statusWith(12_000) } }),
      '/members/rewards': () => ({ body: { data: [large] } }),
      '/members/vouchers': () => ({ body: { data: [] } }),
      '/auth/step-up/code': (url, init) => {
        record(url, init);
        return { status: 202, body: { data: { accepted: true } } };
      },
      '/auth/step-up': (url, init) => {
        record(url, init);
        return { body: { data: { step_up_token: 'step-up-1', expires_in: 600 } } };
      },
      '/members/buy-voucher/stay-100': (url, init) => {
        record(url, init);
        const bought = voucher('big1', { code: 'RWD-BIG1', amount: 100 });
        return { status: 201, body: { data: { voucher: bought, reward: { id: 'stay-100', name: '100 EUR off a stay', points: 9_500 }, balance: 2_500 } } };
      },
    });
    await renderApp('/en/account/rewards', handler);
    const catalogue = await screen.findByRole('list', { name: 'Redeem your points' }, { timeout: 30_000 });
    await userEvent.click(within(within(catalogue).getByRole('article', { name: '100 EUR off a stay' })).getByRole('button', { name: 'Redeem' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Redeem 9,500 points' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redeem 9,500 points?' });
    await userEvent.type(await within(dialog).findByLabelText('6-digit code'), '123456');
    // Nothing is bought before the code is typed.
    expect(asked.map((entry) => entry.path)).toEqual(['/auth/step-up/code']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/Your voucher code is/)).toBeTruthy();
    expect(asked.at(-1)).toEqual({ path: '/members/buy-voucher/stay-100', stepUp: 'step-up-1' });
  });

  it('tracks the redeem button with the member area’s names', async () => {
    await renderApp('/en/account/rewards', rewardsBff({ balance: 3_000 }).handler);
    const catalogue = await screen.findByRole('list', { name: 'Redeem your points' }, { timeout: 30_000 });
    const button = within(catalogue).getByRole('button', { name: 'Redeem' });
    const values = [...button.attributes].filter((attribute) => attribute.name.startsWith('data-')).map((attribute) => attribute.value);
    expect(values).toEqual(expect.arrayContaining(['rewards', 'redeem']));
  });
});

describe('stay vouchers', () => {
  it('adds a stay voucher by its code, names a wrong or taken code, and lists the member’s vouchers', async () => {
    const vouchers: unknown[] = [];
    const posts: string[] = [];
    const voucher = {
      id: 's1',
      code: 'STAY-DEMO-2NIGHTS',
      nights: 2,
      guests: 2,
      brand: { code: 'steigenberger', name: 'Steigenberger' },
      room: 'Double room',
      board: 'breakfast',
      description: 'Two nights for two with breakfast',
      validUntil: '2027-12-31',
      status: 'valid',
      redeemedAt: '2026-11-27T10:00:00Z',
      usedAt: null,
    };
    const { handler } = rewardsBff({ balance: 3_000 });
    await renderApp('/en/account/rewards', (url, init) => {
      if (url.pathname === '/bff/members/stay-vouchers') return { body: { data: vouchers } };
      if (url.pathname === '/bff/members/stay-vouchers/redeem') {
        const { code } = JSON.parse(String(init?.body)) as { code: string };
        posts.push(code);
        if (code === 'STAY-TAKEN-1') return { status: 409, body: { error: { code: 'conflict', message: 'This stay voucher has already been redeemed' } } };
        vouchers.push(voucher);
        return { status: 201, body: { data: voucher } };
      }
      return handler(url, init);
    });
    const section = await screen.findByRole('region', { name: 'Stay vouchers' }, { timeout: 30_000 });
    await waitFor(() => expect(section.textContent).toContain('No stay vouchers yet.'));
    const field = within(section).getByLabelText('Voucher code');
    const add = within(section).getByRole('button', { name: 'Add voucher' });
    expect([...add.attributes].map((attribute) => attribute.value)).toEqual(expect.arrayContaining(['redeem code']));
    await userEvent.click(add);
    expect(section.textContent).toContain('Enter the code of your voucher.');
    await userEvent.type(field, 'no!');
    await userEvent.click(add);
    expect(section.textContent).toContain('A stay voucher code is 6 to 32 letters, digits or dashes.');
    expect(posts).toEqual([]);
    await userEvent.clear(field);
    await userEvent.type(field, 'stay-taken-1');
    await userEvent.click(add);
    await waitFor(() => expect(section.textContent).toContain('This voucher has already been redeemed or has expired.'));
    expect((field as HTMLInputElement).value).toBe('stay-taken-1');
    await userEvent.clear(field);
    await userEvent.type(field, ' stay-demo-2nights ');
    await userEvent.click(add);
    await waitFor(() => expect(section.textContent).toContain('Added: your voucher for 2 nights, valid until 31 December 2027.'));
    expect(posts).toEqual(['STAY-TAKEN-1', 'STAY-DEMO-2NIGHTS']);
    await waitFor(() => expect(within(section).getByRole('list').textContent).toContain('Valid at Steigenberger'));
    expect(section.textContent).toContain('2 nights · 2 guests');
    expect(section.textContent).toContain('Breakfast included');
  });
});
