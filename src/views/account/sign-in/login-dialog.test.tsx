import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../test/web/render-app';
import type { BffHandler } from '../../../../test/web/render-app';

const bff: BffHandler = (url) => (url.pathname === '/bff/auth/providers' ? { body: { data: [] } } : undefined);
const openDialog = () => document.querySelector('dialog[open]');

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the sign-in dialog', () => {
  it.each(['/en/find-a-hotel', '/en/account/login/complete'])('opens over a page of the site (%s)', async (path) => {
    await renderApp(path, bff);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 30_000 }));
    await waitFor(() => expect(openDialog()).not.toBeNull());
  });

  it('is not shown over the login page, which shows the same panel in full, whatever its query', async () => {
    for (const path of ['/en/account/login', '/de/account/login/?email=mia%40example.com']) {
      const { unmount } = await renderApp(path, bff);
      await screen.findByRole('heading', { level: 1 }, { timeout: 30_000 });
      const signIn = screen.queryAllByRole('button', { name: /^(Sign in|Anmelden)$/ });
      for (const button of signIn) await userEvent.click(button);
      // The dialog is there (loaded for the page's own panel), and stays closed.
      await waitFor(() => expect(document.querySelector('dialog')).not.toBeNull());
      expect(openDialog()).toBeNull();
      unmount();
    }
  });

  it('links the demo mailbox only when the BFF says the site is the demo, and shows no divider without sign-in providers', async () => {
    const demo: BffHandler = (url) => (url.pathname === '/bff/dev/demo' ? { body: { data: { mailbox: '/bff/dev/mailbox' } } } : bff(url));
    const { unmount } = await renderApp('/en/find-a-hotel', demo);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 30_000 }));
    const link = await screen.findByRole('link', { name: /Open the demo mailbox/ });
    expect(link.getAttribute('href')).toBe('/bff/dev/mailbox');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.queryByText('or with your email address')).toBeNull();
    unmount();

    const production: BffHandler = (url) => (url.pathname === '/bff/dev/demo' ? { body: { data: { mailbox: null } } } : bff(url));
    await renderApp('/en/find-a-hotel', production);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 30_000 }));
    await waitFor(() => expect(openDialog()).not.toBeNull());
    await screen.findByRole('button', { name: 'Get a one-time code by email instead' });
    expect(screen.queryByRole('link', { name: /Open the demo mailbox/ })).toBeNull();
    expect(screen.queryByText('or with your email address')).toBeNull();
  });
});
