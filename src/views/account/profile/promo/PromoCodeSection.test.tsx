import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInMemberBff, startEachTestSignedIn } from '../../../../../test/web/member-bff';
import { renderApp } from '../../../../../test/web/render-app';
import type { MemberPromoCode } from '../../../../contract/member-account';

const ZLEEP15: MemberPromoCode = { code: 'ZLEEP15', percentOff: 15, stayFrom: '2026-11-28', stayUntil: '2027-11-27', brands: ['zleep', 'jaz'], applies: true };
const WINTER25: MemberPromoCode = { code: 'WINTER25', percentOff: 25, stayFrom: '2026-07-01', stayUntil: '2026-10-29', brands: [], applies: false };

/**
 * The BFF as the promo section meets it: the member's code, the codes there are (ZLEEP15 applies, WINTER25
 * ran out), and the brands' names. `failNext` answers the next redeem with that status.
 */
function promoBff(start: { held: MemberPromoCode | null; failNext?: number }) {
  const state = { held: start.held, redeems: [] as string[], clears: 0, failNext: start.failNext };
  const handler = signedInMemberBff({
    '/members/promo-code': (_url, init) => {
      if (init?.method === 'PUT') {
        state.clears += 1;
        state.held = null;
      }
      return { body: { data: state.held } };
    },
    '/members/redeem-promo-code': (_url, init) => {
      const { code } = JSON.parse(String(init?.body)) as { code: string };
      state.redeems.push(code);
      if (state.failNext) {
        const status = state.failNext;
        state.failNext = undefined;
        return { status, body: { error: { code: 'internal', message: 'Failed' } } };
      }
      const known = [ZLEEP15, WINTER25].find((promo) => promo.code === code.toUpperCase());
      if (!known) return { status: 404, body: { error: { code: 'not_found', message: 'There is no promo code like this.' } } };
      if (!known.applies) return { status: 409, body: { error: { code: 'conflict', message: 'This promo code has expired.' } } };
      state.held = known;
      return { body: { data: known } };
    },
    '/content/brands': {
      body: {
        data: [
          { code: 'zleep', brandName: 'Zleep Hotels', theme: 'zleep', tagline: '', description: '', teaserLink: '', hotelCount: 3 },
          { code: 'jaz', brandName: 'Jaz in the City', theme: 'jaz', tagline: '', description: '', teaserLink: '', hotelCount: 2 },
        ],
      },
    },
  });
  return { handler, state };
}

startEachTestSignedIn();

async function openSection(handler: ReturnType<typeof promoBff>['handler']) {
  await renderApp('/en/account/profile', handler);
  return screen.findByRole('region', { name: 'Promo code' }, { timeout: 30_000 });
}

describe('the promo code on the profile', () => {
  it('redeems a code: unknown and expired codes are said at the field with what was typed kept, then a good one becomes the member’s', async () => {
    const { handler, state } = promoBff({ held: null });
    const section = await openSection(handler);
    expect(await within(section).findByText('You have no promo code. Redeem one below: we fill it in for you when you search.')).toBeTruthy();
    const field = within(section).getByLabelText('Redeem a promo code');
    const redeem = within(section).getByRole('button', { name: 'Redeem code' });
    expect(redeem.getAttribute('data-track-area')).toBe('redeem code');

    // Nothing typed, or not a code: said before anything is sent.
    await userEvent.click(redeem);
    expect(within(section).getByText('Enter a promo code.')).toBeTruthy();
    await userEvent.type(field, 'no!');
    await userEvent.click(redeem);
    expect(within(section).getByText('A promo code is 3 to 32 letters or digits.')).toBeTruthy();
    expect(state.redeems).toEqual([]);

    await userEvent.clear(field);
    await userEvent.type(field, 'NOSUCH1');
    await userEvent.click(redeem);
    expect(await within(section).findByText('There is no promo code like this. Check the spelling and try again.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect((field as HTMLInputElement).value).toBe('NOSUCH1');
    expect(document.activeElement).toBe(field);

    await userEvent.clear(field);
    await userEvent.type(field, 'winter25');
    await userEvent.click(redeem);
    expect(await within(section).findByText('This promo code has expired: its last night has passed.')).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('winter25');

    await userEvent.clear(field);
    await userEvent.type(field, 'zleep15');
    await userEvent.click(redeem);
    expect(await within(section).findByText('Promo code ZLEEP15 is now yours.')).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    const current = within(section).getByText(/Your promo code:/).closest('.card') as HTMLElement;
    expect(current.textContent).toContain('ZLEEP15');
    expect(current.textContent).toContain('15% off stays from 28 November 2026 to 27 November 2027');
    await waitFor(() => expect(current.textContent).toContain('at Zleep Hotels and Jaz in the City'));
    expect(state.redeems).toEqual(['NOSUCH1', 'winter25', 'zleep15']);
  });

  it('shows the code held, says when it has run out, and removes it', async () => {
    const { handler, state } = promoBff({ held: WINTER25 });
    const section = await openSection(handler);
    const current = (await within(section).findByText(/Your promo code:/)).closest('.card') as HTMLElement;
    expect(current.textContent).toContain('WINTER25');
    expect(current.textContent).toContain('at all our hotels');
    expect(current.textContent).toContain('It has expired: its last night has passed, so we no longer fill it in.');
    await userEvent.click(within(current).getByRole('button', { name: 'Remove promo code' }));
    expect(await within(section).findByText('You have no promo code. Redeem one below: we fill it in for you when you search.')).toBeTruthy();
    expect(state.clears).toBe(1);
  });

  it('says when the service did not answer, and keeps what was typed to try again', async () => {
    const { handler, state } = promoBff({ held: null, failNext: 503 });
    const section = await openSection(handler);
    const field = await within(section).findByLabelText('Redeem a promo code');
    await userEvent.type(field, 'ZLEEP15');
    await userEvent.click(within(section).getByRole('button', { name: 'Redeem code' }));
    const failure = 'The code could not be redeemed: our service did not answer. Please try again.';
    expect((await within(section).findByText(failure)).getAttribute('role')).toBe('alert');
    expect((field as HTMLInputElement).value).toBe('ZLEEP15');
    await userEvent.click(within(section).getByRole('button', { name: 'Redeem code' }));
    expect(await within(section).findByText('Promo code ZLEEP15 is now yours.')).toBeTruthy();
    expect(within(section).queryByText(failure)).toBeNull();
    expect(state.redeems).toEqual(['ZLEEP15', 'ZLEEP15']);
  });
});
