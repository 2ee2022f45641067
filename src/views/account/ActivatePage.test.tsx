import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validToken } from '../../../test/auth/tokens';
import { renderApp } from '../../../test/web/render-app';
import type { BffHandler } from '../../../test/web/render-app';
import type { MemberProfile } from '../../contract/auth';
import { keepRegistrationProof, registrationProofs } from '../../services/account/registration-proofs';

/*
 * The activation link and the password chosen at registration: set from the registration proof of the
 * browser that registered, or after the visitor types it again, or not at all when they activate without it.
 */

const TOKEN = validToken(Date.now(), { sub: 'guid-noah' });

const profile: MemberProfile = {
  Guid: 'guid-noah',
  email: 'noah@example.com',
  firstName: 'Noah',
  lastName: 'Neu',
  salutation: null,
  birthday: null,
  locale: 'en',
  address: null,
  dailypointMasterId: 'dp-2',
  profileComplete: false,
  extras: {},
};

type Answer = { status?: number; body: unknown };
const activated = (extra: Record<string, unknown> = {}): Answer => ({ body: { data: { outcome: 'activated', token: TOKEN, ...extra } } });
const passwordAsked: Answer = { status: 428, body: { data: { outcome: 'password_confirmation_needed' } } };
const wrongPassword: Answer = {
  status: 400,
  body: { error: { code: 'bad_request', message: 'This is not the password chosen at registration', issues: [{ path: 'password', message: 'Wrong' }] } },
};

/** The BFF: the activation answers in turn, then the signed-in member's routes. */
function bff(activations: Answer[], register?: Answer): BffHandler {
  return (url) => {
    switch (url.pathname) {
      case '/bff/members/activate':
        return activations.shift();
      case '/bff/members/register':
        return register;
      case '/bff/auth/providers':
        return { body: { data: [] } };
      case '/bff/members/profile':
        return { body: { data: profile } };
      case '/bff/members/status':
        return { body: { data: { dailypointStatus: { reward_level: 'DB', rewards_points: 0 }, strapiStatus: { crs_id: null } } } };
      default:
        return undefined;
    }
  };
}

type Calls = [RequestInfo | URL, RequestInit | undefined][];
const sentTo = (fetchMock: { mock: { calls: unknown[] } }, path: string) =>
  (fetchMock.mock.calls as Calls).filter(([input]) => String(input) === `/bff${path}`).map(([, init]) => JSON.parse(String(init?.body)) as unknown);

async function expectActivatedAndSignedIn(router: { state: { location: { pathname: string } } }) {
  await waitFor(() => expect(router.state.location.pathname).toBe('/en/account/activated'), { timeout: 30_000 });
  const membership = await screen.findByRole('region', { name: 'Your membership' }, { timeout: 30_000 });
  await waitFor(() => expect(membership.textContent).toContain('Noah'));
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('registration keeps its proof', () => {
  it('keeps the proof the BFF answers under the email, for the activation link', async () => {
    const { fetchMock } = await renderApp('/en/account/registration', bff([], { status: 201, body: { data: { status: 'activation_sent', registration_proof: 'proof-noah' } } }));
    await userEvent.type(await screen.findByLabelText('First name', undefined, { timeout: 30_000 }), 'Noah');
    await userEvent.type(screen.getByLabelText('Last name'), 'Neu');
    await userEvent.type(screen.getByLabelText('Email address'), 'Noah@Example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'long enough secret');
    await userEvent.click(screen.getByLabelText('I accept the membership terms and the privacy policy.'));
    await userEvent.click(screen.getByRole('button', { name: 'Become a member' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your inbox' })).toBeTruthy();
    expect(sentTo(fetchMock, '/members/register')).toHaveLength(1);
    expect(registrationProofs()).toEqual(['proof-noah']);
    expect(localStorage.getItem('registrationProof:noah@example.com')).toContain('proof-noah');
  });
});

describe('activation and the password chosen at registration', () => {
  it('in the browser that registered: sends the proofs, activates, signs in and forgets the proof used', async () => {
    keepRegistrationProof('noah@example.com', 'proof-noah');
    keepRegistrationProof('other@example.com', 'proof-other');
    const { router, fetchMock } = await renderApp('/en/account/activate?token=activation-1', bff([activated({ registration_proof: 'proof-noah' })]));
    await expectActivatedAndSignedIn(router);
    const [sent] = sentTo(fetchMock, '/members/activate');
    expect(sent).toEqual({ token: 'activation-1', registration_proofs: expect.arrayContaining(['proof-noah', 'proof-other']) as unknown });
    expect(registrationProofs()).toEqual(['proof-other']);
    expect(screen.queryByLabelText('The password you chose when you registered')).toBeNull();
  });

  it('elsewhere: asks for the password chosen at registration, says when it is wrong, activates with the right one', async () => {
    const { router, fetchMock } = await renderApp('/en/account/activate?token=activation-2', bff([passwordAsked, wrongPassword, activated()]));
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your password' }, { timeout: 30_000 })).toBeTruthy();
    const field = screen.getByLabelText('The password you chose when you registered');

    // Nothing typed: said at the field, nothing sent.
    await userEvent.click(screen.getByRole('button', { name: 'Activate with this password' }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    expect(sentTo(fetchMock, '/members/activate')).toHaveLength(1);

    await userEvent.type(field, 'not my password');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByText('This is not the password chosen at registration. Try again, or activate without it.')).toBeTruthy());
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.activeElement).toBe(field);

    await userEvent.clear(field);
    await userEvent.type(field, 'long enough secret{Enter}');
    await expectActivatedAndSignedIn(router);
    expect(sentTo(fetchMock, '/members/activate')).toEqual([
      { token: 'activation-2' },
      { token: 'activation-2', password: 'not my password' },
      { token: 'activation-2', password: 'long enough secret' },
    ]);
  });

  it('elsewhere: activates without that password and signs the visitor in', async () => {
    const { router, fetchMock } = await renderApp('/en/account/activate?token=activation-3', bff([passwordAsked, activated()]));
    await userEvent.click(await screen.findByRole('button', { name: 'Activate without that password' }, { timeout: 30_000 }));
    await expectActivatedAndSignedIn(router);
    expect(sentTo(fetchMock, '/members/activate')).toEqual([{ token: 'activation-3' }, { token: 'activation-3', without_password: true }]);
  });

  it('after too many wrong passwords: says so, and activating without it stays open', async () => {
    const tooMany: Answer = { status: 429, body: { error: { code: 'bad_request', message: 'Too many attempts.' } } };
    const { router } = await renderApp('/en/account/activate?token=activation-4', bff([passwordAsked, tooMany, activated()]));
    await userEvent.type(await screen.findByLabelText('The password you chose when you registered', undefined, { timeout: 30_000 }), 'guess number one{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain('Too many wrong passwords');
    await userEvent.click(screen.getByRole('button', { name: 'Activate without that password' }));
    await expectActivatedAndSignedIn(router);
  });
});
