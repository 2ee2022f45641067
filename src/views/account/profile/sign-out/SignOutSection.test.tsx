import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInMemberBff, startEachTestSignedIn } from '../../../../../test/web/member-bff';
import { renderApp } from '../../../../../test/web/render-app';

startEachTestSignedIn();

describe('signing out from the profile', () => {
  it('ends the session as the header’s Sign out does: the BFF is told, nothing stays stored, the visitor goes home', async () => {
    const logouts: string[] = [];
    const { router } = await renderApp(
      '/en/account/profile',
      signedInMemberBff({
        '/auth/logout': (_url, init) => {
          logouts.push(new Headers(init?.headers).get('authorization') ?? '');
          return { status: 204, body: null };
        },
      }),
    );
    const section = await screen.findByRole('region', { name: 'Sign out' }, { timeout: 30_000 });
    const button = within(section).getByRole('button', { name: 'Sign out on this device' });
    // Tracked under the member area's name of the spec (section 2).
    expect(button.getAttribute('data-track-area')).toBe('logout');

    await userEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/'));
    expect(logouts).toHaveLength(1);
    expect(localStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Sign in' })).toBeTruthy());
  });
});
