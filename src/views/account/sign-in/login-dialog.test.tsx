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
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 5000 }));
    await waitFor(() => expect(openDialog()).not.toBeNull());
  });

  it('is not shown over the login page, which shows the same panel in full, whatever its query', async () => {
    for (const path of ['/en/account/login', '/de/account/login/?email=mia%40example.com']) {
      const { unmount } = await renderApp(path, bff);
      await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
      const signIn = screen.queryAllByRole('button', { name: /^(Sign in|Anmelden)$/ });
      for (const button of signIn) await userEvent.click(button);
      // The dialog is there (loaded for the page's own panel), and stays closed.
      await waitFor(() => expect(document.querySelector('dialog')).not.toBeNull());
      expect(openDialog()).toBeNull();
      unmount();
    }
  });
});
