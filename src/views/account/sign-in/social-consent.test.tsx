import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../test/web/render-app';
import type { BffHandler } from '../../../../test/web/render-app';
import { ONE_DAY_MS, PERSISTED_KEYS, setFlag } from '../../../services/account/persisted-values';
import { prepareSocialSignIn } from '../../../services/account/social';
import type * as Social from '../../../services/account/social';
import { chooseConsent } from '../../../services/consent/consent';

// The sign-in library is third-party code: whether it is asked for is what these tests watch.
vi.mock('../../../services/account/social', async (importOriginal) => {
  const actual = await importOriginal<typeof Social>();
  return { ...actual, prepareSocialSignIn: vi.fn(() => new Promise(() => undefined)) };
});

const providers: BffHandler = (url) => {
  if (url.pathname === '/bff/auth/providers') {
    return {
      body: {
        data: [
          { provider: 'google', enabled: true, issuer: 'https://accounts.example.test', clientId: 'site-client' },
          { provider: 'facebook', enabled: true, issuer: null, clientId: null },
        ],
      },
    };
  }
  return undefined;
};

async function openSignIn() {
  await renderApp('/en/', providers);
  await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 30_000 }));
  return screen.findByRole('dialog', { name: 'Sign in' }, { timeout: 30_000 });
}

beforeEach(() => {
  localStorage.clear();
  vi.mocked(prepareSocialSignIn).mockClear();
  // The Google prompt stays out of these pages: it was shown today.
  setFlag(PERSISTED_KEYS.loginShown, ONE_DAY_MS, Date.now());
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('social sign-in buttons and consent', () => {
  it('without consent: no provider button, nothing loaded, a line saying why', async () => {
    chooseConsent(['analytics', 'video']);
    const dialog = await openSignIn();
    const why = await within(dialog).findByText(/offered only with your consent/);
    expect(within(why).getByRole('button', { name: 'Privacy settings' })).toBeTruthy();
    for (const name of ['Continue with Google', 'Continue with Facebook']) expect(within(dialog).queryByRole('button', { name })).toBeNull();
    expect(prepareSocialSignIn).not.toHaveBeenCalled();
  });

  it('before any choice, the same: the banner’s question is not an answer', async () => {
    const dialog = await openSignIn();
    expect(await within(dialog).findByText(/offered only with your consent/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    expect(prepareSocialSignIn).not.toHaveBeenCalled();
  });

  it('granting it in the privacy settings opened from the dialog shows the buttons at once', async () => {
    chooseConsent([]);
    const dialog = await openSignIn();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Privacy settings' }));
    const settings = await screen.findByRole('dialog', { name: 'Privacy settings' });
    await userEvent.click(within(settings).getByRole('checkbox', { name: 'Sign-in with Google, Apple or Facebook' }));
    await userEvent.click(within(settings).getByRole('button', { name: 'Save choices' }));
    expect(screen.queryByRole('dialog', { name: 'Privacy settings' })).toBeNull();
    const google = within(dialog).getByRole('button', { name: 'Continue with Google' });
    expect(within(dialog).getByRole('button', { name: 'Continue with Facebook' })).toBeTruthy();
    expect(within(dialog).queryByText(/offered only with your consent/)).toBeNull();
    await waitFor(() => expect(prepareSocialSignIn).toHaveBeenCalled());
    // What opened the settings is gone: focus stays in the sign-in dialog, on its first button.
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).toBe(google);
  });

  it('with consent: the buttons show and the sign-in library is made ready', async () => {
    chooseConsent(['socialSignIn']);
    const dialog = await openSignIn();
    expect(await within(dialog).findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Continue with Facebook' })).toBeTruthy();
    expect(within(dialog).queryByText(/offered only with your consent/)).toBeNull();
    await waitFor(() => expect(prepareSocialSignIn).toHaveBeenCalled());
  });
});
