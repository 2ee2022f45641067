import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInMemberBff, startEachTestSignedIn } from '../../../../../test/web/member-bff';
import type { MemberRoutes } from '../../../../../test/web/member-bff';
import { renderApp } from '../../../../../test/web/render-app';
import type { MemberSession } from '../../../../contract/account-security';
import type { Passkey } from '../../../../contract/passkeys';

/*
 * The profile's "Sign-in and security" section against a fake BFF: the sessions of every device, passkeys,
 * linked accounts and the password change with its fresh code. Requests are recorded with their method,
 * body and step-up header, so each test shows what the member's action sent.
 */

startEachTestSignedIn();

const SESSIONS: MemberSession[] = [
  { id: '11111111-1111-4111-8111-111111111111', device: { label: 'Chrome on Linux', browser: 'Chrome', os: 'Linux', type: 'desktop' }, createdAt: '2026-11-20T08:00:00.000Z', lastUsedAt: '2026-11-27T09:00:00.000Z', current: true },
  { id: '22222222-2222-4222-8222-222222222222', device: { label: 'Safari on iOS', browser: 'Safari', os: 'iOS', type: 'mobile' }, createdAt: '2026-11-01T08:00:00.000Z', lastUsedAt: '2026-11-25T19:30:00.000Z', current: false },
];
const PASSKEYS: Passkey[] = [{ id: '33333333-3333-4333-8333-333333333333', name: 'Passkey 1', createdAt: '2026-11-10T10:00:00.000Z', lastUsedAt: null }];

interface Sent {
  method: string;
  path: string;
  body: unknown;
  stepUp: string | null;
}

function securityBff(sent: Sent[], extra: MemberRoutes = {}) {
  const record = (url: URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    sent.push({ method: init?.method ?? 'GET', path: url.pathname.replace(/^\/bff/, ''), body: init?.body ? JSON.parse(String(init.body)) : null, stepUp: headers.get('X-Step-Up-Token') });
  };
  return signedInMemberBff({
    '/auth/sessions': { body: { data: SESSIONS } },
    [`/auth/sessions/${SESSIONS[1]?.id}`]: (url, init) => {
      record(url, init);
      return { body: {} };
    },
    '/auth/passkeys': { body: { data: PASSKEYS } },
    [`/auth/passkeys/${PASSKEYS[0]?.id}`]: (url, init) => {
      record(url, init);
      return init?.method === 'DELETE' ? { body: { data: [] } } : { body: { data: { ...PASSKEYS[0], name: 'Work laptop' } } };
    },
    '/auth/connections': {
      body: {
        data: [
          { provider: 'google', connected: true, email: 'anna@gmail.example' },
          { provider: 'apple', connected: false, email: null },
        ],
      },
    },
    '/auth/google': (url, init) => {
      record(url, init);
      return { body: { data: [{ provider: 'google', connected: false, email: null }, { provider: 'apple', connected: false, email: null }] } };
    },
    ...extra,
  });
}

const section = async () => screen.findByRole('region', { name: 'Sign-in and security' }, { timeout: 30_000 });

describe('sign-in and security', () => {
  it('lists where the member is signed in, this device marked, and ends another device’s session', async () => {
    const sent: Sent[] = [];
    await renderApp('/en/account/profile', securityBff(sent));
    const sessions = await within(await section()).findByRole('list', { name: 'Where you are signed in' });
    const [current, other] = within(sessions).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(current.textContent).toContain('This device');
    expect(other.textContent).toContain('Safari on iOS');
    fireEvent.click(within(other).getByRole('button', { name: 'End the session on Safari on iOS' }));
    await waitFor(() => expect(within(sessions).getAllByRole('listitem')).toHaveLength(1));
    expect(sent).toEqual([{ method: 'DELETE', path: `/auth/sessions/${SESSIONS[1]?.id}`, body: null, stepUp: null }]);
  });

  it('renames and removes a passkey, asking before removing', async () => {
    const sent: Sent[] = [];
    await renderApp('/en/account/profile', securityBff(sent));
    const passkeys = await within(await section()).findByRole('list', { name: 'Passkeys' });
    fireEvent.click(within(passkeys).getByRole('button', { name: 'Rename Passkey 1' }));
    const name = within(passkeys).getByLabelText('Name of the passkey');
    fireEvent.change(name, { target: { value: 'Work laptop' } });
    fireEvent.click(within(passkeys).getByRole('button', { name: 'Save' }));
    await within(passkeys).findByText('Work laptop');
    expect(sent.at(-1)).toMatchObject({ method: 'PATCH', body: { name: 'Work laptop' } });

    fireEvent.click(within(passkeys).getByRole('button', { name: 'Remove Work laptop' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this passkey?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove passkey' }));
    await within(await section()).findByText('You have no passkeys yet.');
    expect(sent.at(-1)).toMatchObject({ method: 'DELETE', path: `/auth/passkeys/${PASSKEYS[0]?.id}` });
  });

  it('unlinks a linked Google account', async () => {
    const sent: Sent[] = [];
    await renderApp('/en/account/profile', securityBff(sent));
    const linked = await within(await section()).findByRole('region', { name: 'Linked accounts' });
    expect((await within(linked).findByText('Linked as anna@gmail.example')).textContent).toBeTruthy();
    fireEvent.click(within(linked).getByRole('button', { name: 'Unlink Google' }));
    await waitFor(() => expect(within(linked).getAllByText('Not linked')).toHaveLength(2));
    expect(sent).toEqual([{ method: 'DELETE', path: '/auth/google', body: null, stepUp: null }]);
  });

  it('changes the password only after a fresh code, sending its step-up token, and keeps what was typed when the rules are not met', async () => {
    const sent: Sent[] = [];
    const record = (url: URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      sent.push({ method: init?.method ?? 'GET', path: url.pathname.replace(/^\/bff/, ''), body: init?.body ? JSON.parse(String(init.body)) : null, stepUp: headers.get('X-Step-Up-Token') });
    };
    await renderApp(
      '/en/account/profile',
      securityBff(sent, {
        '/auth/step-up/code': (url, init) => {
          record(url, init);
          return { status: 202, body: { data: { accepted: true } } };
        },
        '/auth/step-up': (url, init) => {
          record(url, init);
          return { body: { data: { step_up_token: 'step-up-1', expires_in: 600 } } };
        },
        '/auth/password': (url, init) => {
          record(url, init);
          return { body: {} };
        },
      }),
    );
    const password = await within(await section()).findByRole('region', { name: 'Password' });
    fireEvent.click(within(password).getByRole('button', { name: 'Change password' }));
    fireEvent.change(within(password).getByLabelText('New password'), { target: { value: 'a-new-long-password' } });
    fireEvent.change(within(password).getByLabelText('New password again'), { target: { value: 'a-new-long-passwort' } });
    fireEvent.click(within(password).getByRole('button', { name: 'Continue' }));
    expect(await within(password).findByText('The passwords do not match.')).toBeTruthy();
    expect((within(password).getByLabelText('New password') as HTMLInputElement).value).toBe('a-new-long-password');
    expect(sent).toEqual([]);

    fireEvent.change(within(password).getByLabelText('New password again'), { target: { value: 'a-new-long-password' } });
    fireEvent.click(within(password).getByRole('button', { name: 'Continue' }));
    const code = await within(password).findByLabelText('6-digit code');
    expect(sent.map((entry) => entry.path)).toEqual(['/auth/step-up/code']);
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(within(password).getByRole('button', { name: 'Continue' }));
    expect(await within(password).findByText('Your password was changed. Other devices will need to sign in again.')).toBeTruthy();
    expect(sent.at(-1)).toEqual({ method: 'POST', path: '/auth/password', body: { password: 'a-new-long-password', password_confirmation: 'a-new-long-password' }, stepUp: 'step-up-1' });
  });
});
