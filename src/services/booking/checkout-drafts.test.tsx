import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validToken } from '../../../test/auth/tokens';
import { renderApp } from '../../../test/web/render-app';
import { CHECKOUT_DRAFTS_KEY } from './checkout-drafts';
import { MEMBER_PROFILE } from '../../../test/auth/members';

/*
 * A member's check-out drafts (personal data in this tab's sessionStorage) end with their session, on
 * whatever page the tab shows, and whichever tab signed out.
 */

const company = { name: '', address_line: '', postal_code: '', city: '', country_code: '', vat_id: '' };
const traveller = { salutation: 'ms', first_name: 'Mia', last_name: 'Muster', email: 'mia@example.com', phone: '+49 30 1234567', country_code: 'DE', special_requests: '' };
const stored = (member: boolean) => JSON.stringify({ cartId: 'cart-1', member, drafts: { 'rs-1': traveller }, company });

const profile = { ...MEMBER_PROFILE, Guid: 'guid-mia', email: 'mia@example.com' };

function memberBff(url: URL) {
  switch (url.pathname.replace(/^\/bff/, '')) {
    case '/members/profile':
      return { body: { data: profile } };
    case '/members/status':
      return { body: { data: { dailypointStatus: { reward_level: 'DB', rewards_points: 52000 }, strapiStatus: { crs_id: null } } } };
    case '/auth/providers':
      return { body: { data: [] } };
    case '/auth/logout':
      return { body: { data: null } };
    default:
      return undefined;
  }
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe("a member's check-out drafts", () => {
  it('are forgotten when the member signs out in another tab, on a page other than check-out', async () => {
    localStorage.setItem('token', validToken(Date.now(), { sub: 'guid-mia' }));
    sessionStorage.setItem(CHECKOUT_DRAFTS_KEY, stored(true));
    await renderApp('/en', memberBff);
    await screen.findByRole('button', { name: 'Sign out' }, { timeout: 30_000 });
    expect(sessionStorage.getItem(CHECKOUT_DRAFTS_KEY)).toBe(stored(true));
    localStorage.removeItem('token');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: null }));
    });
    await waitFor(() => expect(sessionStorage.getItem(CHECKOUT_DRAFTS_KEY)).toBeNull());
  });

  it('are forgotten when the member signs out in this tab', async () => {
    localStorage.setItem('token', validToken(Date.now(), { sub: 'guid-mia' }));
    sessionStorage.setItem(CHECKOUT_DRAFTS_KEY, stored(true));
    await renderApp('/en', memberBff);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }, { timeout: 30_000 }));
    await waitFor(() => expect(sessionStorage.getItem(CHECKOUT_DRAFTS_KEY)).toBeNull());
  });

  it("leave a guest's drafts alone when a page starts without a member", async () => {
    sessionStorage.setItem(CHECKOUT_DRAFTS_KEY, stored(false));
    // Cleared with the session data when the page starts without a token: it tells the clearing ran.
    localStorage.setItem('cartId', 'cart-0');
    await renderApp('/en', memberBff);
    await waitFor(() => expect(localStorage.getItem('cartId')).toBeNull(), { timeout: 30_000 });
    expect(sessionStorage.getItem(CHECKOUT_DRAFTS_KEY)).toBe(stored(false));
  });
});
