import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { validToken } from '../../../test/auth/tokens';
import { renderApp } from '../../../test/web/render-app';
import type { BffHandler } from '../../../test/web/render-app';
import type { MemberProfile } from '../../contract/auth';
import { chooseConsent } from '../../services/consent/consent';

const TOKEN = validToken(Date.now(), { sub: 'guid-mia' });

const profile: MemberProfile = {
  Guid: 'guid-mia',
  email: 'mia@example.com',
  firstName: 'Mia',
  lastName: 'Muster',
  salutation: 'ms',
  birthday: null,
  locale: 'en',
  address: null,
  dailypointMasterId: 'dp-1',
  profileComplete: false,
  extras: {},
};

/** The BFF's member routes for the signed-in member, plus the sign-in answers given. */
function bff(answers: Record<string, { status?: number; body: unknown }> = {}): BffHandler {
  return (url) => {
    const answer = answers[url.pathname.replace(/^\/bff/, '')];
    if (answer) return answer;
    switch (url.pathname) {
      case '/bff/auth/providers':
        return { body: { data: [] } };
      case '/bff/members/profile':
        return { body: { data: profile } };
      case '/bff/members/status':
        return { body: { data: { dailypointStatus: { reward_level: 'DB', rewards_points: 1200 }, strapiStatus: { crs_id: null } } } };
      case '/bff/auth/logout':
        return { body: { data: { ok: true } } };
      default:
        return undefined;
    }
  };
}

type Calls = [RequestInfo | URL, RequestInit | undefined][];
const callsTo = (fetchMock: { mock: { calls: unknown[] } }, path: string) => (fetchMock.mock.calls as Calls).filter(([input]) => String(input) === `/bff${path}`);

const dialog = () => document.querySelector('dialog');

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 30_000 }));
  return screen.findByRole('dialog', { name: 'Sign in' });
}

/** The header's member corner once the member is known. */
async function expectSignedInHeader() {
  const membership = await screen.findByRole('region', { name: 'Your membership' }, { timeout: 30_000 });
  await waitFor(() => expect(membership.textContent).toContain('Mia'));
  expect(membership.textContent).toContain('Gold');
  expect(membership.textContent).toContain('1,200 points');
  expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull());
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('sign-in dialog', () => {
  it('signs in with a one-time code and shows the member in the header', async () => {
    const { fetchMock } = await renderApp(
      '/en/find-a-hotel',
      bff({
        '/auth/login/otp/code': { body: { data: { accepted: true } } },
        '/auth/login/otp': { body: { data: { result: 'Authenticated', token: TOKEN } } },
      }),
    );
    const signIn = await openDialog();
    await userEvent.click(within(signIn).getByRole('button', { name: 'Get a one-time code by email instead' }));
    expect(within(signIn).getByRole('heading', { name: 'Sign in with a code' })).toBeTruthy();
    await userEvent.type(within(signIn).getByLabelText('Email address'), 'mia@example.com');
    await userEvent.click(within(signIn).getByRole('button', { name: 'Email me a code' }));
    expect(await within(signIn).findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(signIn.textContent).toContain('We sent a 6-digit code to mia@example.com.');
    expect(JSON.parse(String(callsTo(fetchMock, '/auth/login/otp/code')[0]?.[1]?.body))).toEqual({ email: 'mia@example.com', locale: 'en' });
    await userEvent.type(within(signIn).getByLabelText('6-digit code'), '123456');
    await userEvent.click(within(signIn).getByRole('button', { name: 'Sign in' }));

    await expectSignedInHeader();
    expect(dialog()?.hasAttribute('open')).toBe(false);
    expect(localStorage.getItem('token')).toBe(TOKEN);
    expect(JSON.parse(localStorage.getItem('profile') ?? '{}')).toMatchObject({ Guid: 'guid-mia' });
    expect(localStorage.getItem('memberLevel')).toBe('DB');
    // Member calls carry the token.
    expect(new Headers(callsTo(fetchMock, '/members/profile')[0]?.[1]?.headers).get('authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it('opens from any link to #open-login-popup and signs in with a password', async () => {
    await renderApp('/en/find-a-hotel', bff({ '/auth/login': { body: { data: { result: 'Authenticated', token: TOKEN } } } }));
    await screen.findByRole('button', { name: 'Sign in' }, { timeout: 30_000 });
    const link = document.createElement('a');
    link.href = '/en/find-a-hotel#open-login-popup';
    link.textContent = 'Members sign in here';
    document.body.append(link);
    try {
      await userEvent.click(link);
      const signIn = await screen.findByRole('dialog', { name: 'Sign in' });
      await userEvent.type(within(signIn).getByLabelText('Email address'), 'mia@example.com');
      await userEvent.type(within(signIn).getByLabelText('Password'), 'correct horse battery');
      await userEvent.click(within(signIn).getByRole('button', { name: 'Sign in' }));
      await expectSignedInHeader();
    } finally {
      link.remove();
    }
  });

  it('closes on Escape and gives focus back to the Sign in button', async () => {
    await renderApp('/en/find-a-hotel', bff());
    const button = await screen.findByRole('button', { name: 'Sign in' }, { timeout: 30_000 });
    await openDialog();
    expect(dialog()?.hasAttribute('open')).toBe(true);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(dialog()?.hasAttribute('open')).toBe(false));
    expect(document.activeElement).toBe(button);
  });

  it('shows the error of a wrong password in the dialog', async () => {
    await renderApp('/en/find-a-hotel', bff({ '/auth/login': { status: 401, body: { error: { code: 'unauthorized', message: 'no' } } } }));
    const signIn = await openDialog();
    await userEvent.type(within(signIn).getByLabelText('Email address'), 'mia@example.com');
    await userEvent.type(within(signIn).getByLabelText('Password'), 'wrong password');
    await userEvent.click(within(signIn).getByRole('button', { name: 'Sign in' }));
    expect((await within(signIn).findByRole('alert')).textContent).toBe('The email address or password is not correct.');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('offers a one-time code, the email kept, when password sign-in is paused for the account', async () => {
    const { fetchMock } = await renderApp(
      '/en/find-a-hotel',
      bff({
        '/auth/login': { status: 429, body: { error: { code: 'otp_required', message: 'Too many password attempts' } } },
        '/auth/login/otp/code': { body: { data: { accepted: true } } },
        '/auth/login/otp': { body: { data: { result: 'Authenticated', token: TOKEN } } },
      }),
    );
    const signIn = await openDialog();
    await userEvent.type(within(signIn).getByLabelText('Email address'), 'mia@example.com');
    await userEvent.type(within(signIn).getByLabelText('Password'), 'correct horse battery');
    await userEvent.click(within(signIn).getByRole('button', { name: 'Sign in' }));
    expect(await within(signIn).findByRole('heading', { name: 'Sign in with a code' })).toBeTruthy();
    expect(within(signIn).getByRole('alert').textContent).toBe(
      'For your security, signing in with a password is paused for this account after too many attempts. We can email you a one-time code instead.',
    );
    expect((within(signIn).getByLabelText('Email address') as HTMLInputElement).value).toBe('mia@example.com');
    await userEvent.click(within(signIn).getByRole('button', { name: 'Email me a code' }));
    expect(JSON.parse(String(callsTo(fetchMock, '/auth/login/otp/code')[0]?.[1]?.body))).toEqual({ email: 'mia@example.com', locale: 'en' });
    await userEvent.type(await within(signIn).findByLabelText('6-digit code'), '123456');
    await userEvent.click(within(signIn).getByRole('button', { name: 'Sign in' }));
    await expectSignedInHeader();
  });

  it('closes the dialog and says so when the sign-in lacks an email (422 naming email)', async () => {
    await renderApp('/en/find-a-hotel', bff({ '/auth/login': { status: 422, body: { message: ['email'] } } }));
    const signIn = await openDialog();
    await userEvent.type(within(signIn).getByLabelText('Email address'), 'mia@example.com');
    await userEvent.type(within(signIn).getByLabelText('Password'), 'correct horse battery');
    await userEvent.click(within(signIn).getByRole('button', { name: 'Sign in' }));
    const notice = await screen.findByText('We could not sign you in because no email address came with the sign-in. Please sign in with your email address.');
    expect(dialog()?.hasAttribute('open')).toBe(false);
    // The way forward: the code sign-in with an email address.
    await userEvent.click(within(notice.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Sign in with email' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in with a code' })).toBeTruthy();
  });

  it('sends a member without a finished account to the registration with the token', async () => {
    const { router } = await renderApp(
      '/en/find-a-hotel',
      bff({
        '/auth/login/otp/code': { body: { data: { accepted: true } } },
        '/auth/login/otp': { body: { data: { result: 'RegistrationRequired', registration_token: 'reg-token-1' } } },
      }),
    );
    const signIn = await openDialog();
    await userEvent.click(within(signIn).getByRole('button', { name: 'Get a one-time code by email instead' }));
    await userEvent.type(within(signIn).getByLabelText('Email address'), 'new@example.com');
    await userEvent.click(within(signIn).getByRole('button', { name: 'Email me a code' }));
    await userEvent.type(await within(signIn).findByLabelText('6-digit code'), '123456');
    await userEvent.click(within(signIn).getByRole('button', { name: 'Sign in' }));
    expect(await within(signIn).findByRole('heading', { name: 'Finish your registration' })).toBeTruthy();
    await userEvent.click(within(signIn).getByRole('link', { name: 'Complete registration' }));
    await waitFor(() => expect(router.state.location.href).toBe('/en/account/registration?registration_token=reg-token-1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Finish your registration' }, { timeout: 30_000 })).toBeTruthy();
    expect(dialog()?.hasAttribute('open')).toBe(false);
    // A registration token replaces the password.
    expect(screen.queryByLabelText('Password')).toBeNull();
  });
});

describe('sign-in dialog in Arabic', () => {
  it('speaks Arabic, right to left', async () => {
    await renderApp('/ar/find-a-hotel', bff());
    await userEvent.click(await screen.findByRole('button', { name: 'تسجيل الدخول' }, { timeout: 30_000 }));
    const signIn = await screen.findByRole('dialog', { name: 'تسجيل الدخول' });
    expect(within(signIn).getByLabelText('البريد الإلكتروني')).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
  });
});

describe('login page', () => {
  it('posts Google’s credential from the query and goes to registration when the account is new', async () => {
    const { router, fetchMock } = await renderApp(
      '/en/account/login?credential=google-id-token&select_by=btn',
      bff({ '/auth/login/google': { body: { data: { result: 'RegistrationRequired', registration_token: 'reg-google' } } } }),
    );
    await waitFor(() => expect(router.state.location.href).toBe('/en/account/registration?registration_token=reg-google'), { timeout: 30_000 });
    expect(JSON.parse(String(callsTo(fetchMock, '/auth/login/google')[0]?.[1]?.body))).toEqual({ token: 'google-id-token' });
  });

  it('signs in with a token from the query and leaves for the account overview', async () => {
    const { router } = await renderApp('/en/account/login?token=' + TOKEN, bff());
    await waitFor(() => expect(router.state.location.href).toBe('/en/account/overview'), { timeout: 30_000 });
    await expectSignedInHeader();
    expect(localStorage.getItem('token')).toBe(TOKEN);
  });

  it('ignores a token without the sso claim and says the link is not valid', async () => {
    // The refused token is logged: expected here.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = await renderApp('/en/account/login?token=eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.x', bff());
    expect(await screen.findByText('This sign-in link is no longer valid. Please sign in again.', undefined, { timeout: 30_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/en/account/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(logged).toHaveBeenCalledWith('session: Session token rejected: missing_sso', expect.any(Error));
    logged.mockRestore();
  });

  it('chooses a new password from the reset link', async () => {
    const { router, fetchMock } = await renderApp(
      '/en/account/login?reset_token=reset-1&email=mia%40example.com',
      bff({ '/members/password-update': { body: { data: { status: 'password_updated', code: 'exchange-1' } } }, '/auth/token': { body: { data: { token: TOKEN } } } }),
    );
    await userEvent.type(await screen.findByLabelText('New password', undefined, { timeout: 30_000 }), 'a brand new secret');
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'a brand new secret');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/account/password-updated'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your password has been changed' })).toBeTruthy();
    expect(JSON.parse(String(callsTo(fetchMock, '/members/password-update')[0]?.[1]?.body))).toEqual({
      email: 'mia@example.com',
      token: 'reset-1',
      password: 'a brand new secret',
      password_confirmation: 'a brand new secret',
    });
    // The BFF signed all sessions out and gave a code for a new one: the member is signed in again.
    expect(JSON.parse(String(callsTo(fetchMock, '/auth/token')[0]?.[1]?.body))).toEqual({ code: 'exchange-1' });
    await expectSignedInHeader();
  });
});

describe('registration', () => {
  it('registers and asks to check the inbox', async () => {
    const { fetchMock } = await renderApp('/en/account/registration', bff({ '/members/register': { status: 201, body: { data: { status: 'activation_sent' } } } }));
    await userEvent.type(await screen.findByLabelText('First name', undefined, { timeout: 30_000 }), 'Noah');
    await userEvent.click(screen.getByRole('button', { name: 'Become a member' }));
    // Missing fields are named before anything is sent.
    expect(screen.getByText('Enter your last name.')).toBeTruthy();
    expect(screen.getByText('Please accept the membership terms.')).toBeTruthy();
    expect(callsTo(fetchMock, '/members/register')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Last name'), 'Neu');
    await userEvent.type(screen.getByLabelText('Email address'), 'noah@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'long enough secret');
    await userEvent.click(screen.getByLabelText('I accept the membership terms and the privacy policy.'));
    await userEvent.click(screen.getByRole('button', { name: 'Become a member' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your inbox' })).toBeTruthy();
    expect(JSON.parse(String(callsTo(fetchMock, '/members/register')[0]?.[1]?.body))).toMatchObject({
      email: 'noah@example.com',
      firstName: 'Noah',
      lastName: 'Neu',
      password: 'long enough secret',
      locale: 'en',
      acceptTerms: true,
      newsletter: false,
    });
  });
});

describe('registration refused', () => {
  it('says an account exists for the email and offers to sign in', async () => {
    await renderApp('/en/account/registration', bff({ '/members/register': { status: 409, body: { error: { code: 'conflict', message: 'exists' } } } }));
    await userEvent.type(await screen.findByLabelText('First name', undefined, { timeout: 30_000 }), 'Noah');
    await userEvent.type(screen.getByLabelText('Last name'), 'Neu');
    await userEvent.type(screen.getByLabelText('Email address'), 'noah@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'long enough secret');
    await userEvent.click(screen.getByLabelText('I accept the membership terms and the privacy policy.'));
    await userEvent.click(screen.getByRole('button', { name: 'Become a member' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('There is already an account with this email address. Please sign in instead.');
    expect(within(alert).getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});

describe('completing the profile', () => {
  it('marks the fields the BFF refused, then saves and reloads the member', async () => {
    localStorage.setItem('token', TOKEN);
    const answers: { status?: number; body: unknown }[] = [
      { status: 400, body: { error: { code: 'bad_request', message: 'x', issues: [{ path: 'address.countryCode', message: 'bad' }] } } },
      { body: { data: { ok: true } } },
    ];
    const handler = bff();
    const { fetchMock } = await renderApp('/en/account/complete-registration', (url) => (url.pathname === '/bff/members/complete-profile' ? answers.shift() : handler(url)));
    expect(await screen.findByRole('heading', { level: 1, name: 'Complete your profile' }, { timeout: 30_000 })).toBeTruthy();
    await userEvent.type(await screen.findByLabelText('Street and number'), 'Hauptstr. 1');
    await userEvent.type(screen.getByLabelText('Postal code'), '10115');
    await userEvent.type(screen.getByLabelText('City'), 'Berlin');
    await userEvent.type(screen.getByLabelText(/^Country code/), 'DE');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please check the highlighted fields.');
    expect(screen.getByText('Use the two-letter country code, for example DE.')).toBeTruthy();
    const profileReads = callsTo(fetchMock, '/members/profile').length;
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you' })).toBeTruthy();
    expect(new Headers(callsTo(fetchMock, '/members/complete-profile')[1]?.[1]?.headers).get('authorization')).toBe(`Bearer ${TOKEN}`);
    // The header and the account pages show the new details.
    await waitFor(() => expect(callsTo(fetchMock, '/members/profile').length).toBeGreaterThan(profileReads));
  });
});

describe('activation', () => {
  // The BFF answers each outcome with its own status.
  it.each([
    ['code_not_found', 404, 'This activation link does not work'],
    ['already_activated', 409, 'Your membership is already active'],
    ['profile_fetch_error', 502, 'Your membership is active'],
  ])('shows the %s outcome with a way forward', async (outcome, status, heading) => {
    await renderApp('/en/account/activate?token=activation-1', bff({ '/members/activate': { status, body: { data: { outcome } } } }));
    expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 30_000 })).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('signs the member in and goes to the activated page', async () => {
    const { router, fetchMock } = await renderApp('/en/account/activate?token=activation-1', bff({ '/members/activate': { body: { data: { outcome: 'activated', token: TOKEN } } } }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/account/activated'), { timeout: 30_000 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome! Your membership is active' })).toBeTruthy();
    await expectSignedInHeader();
    expect(JSON.parse(String(callsTo(fetchMock, '/members/activate')[0]?.[1]?.body))).toEqual({ token: 'activation-1' });
    expect(callsTo(fetchMock, '/members/activate')).toHaveLength(1);
    // The profile is not complete yet: the page offers to complete it.
    expect(await screen.findByRole('link', { name: 'Complete your profile' })).toBeTruthy();
  });

  it('says so when the link has no token', async () => {
    await renderApp('/en/account/activate', bff());
    expect(await screen.findByRole('heading', { level: 1, name: 'This activation link does not work' }, { timeout: 30_000 })).toBeTruthy();
  });
});

describe('sign out', () => {
  it('logs out everywhere, clears the stored session and shows the Sign in button, leaving the account page', async () => {
    localStorage.setItem('token', TOKEN);
    localStorage.setItem('cartId', 'cart-1');
    localStorage.setItem('guestExtras', '{}');
    const { router, fetchMock } = await renderApp(
      '/en/account/complete-registration',
      bff({ '/content/brands': { body: { data: [] } }, '/content/destinations': { body: { data: [] } } }),
    );
    await expectSignedInHeader();
    expect(await screen.findByRole('heading', { level: 1, name: 'Complete your profile' })).toBeTruthy();
    // Marked for click tracking as the member area's logout.
    expect(screen.getByRole('button', { name: 'Sign out' }).getAttribute('data-track-area')).toBe('logout');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(new Headers(callsTo(fetchMock, '/auth/logout')[0]?.[1]?.headers).get('authorization')).toBe(`Bearer ${TOKEN}`);
    for (const key of ['token', 'profile', 'memberLevel', 'cartId', 'guestExtras']) expect(localStorage.getItem(key), key).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/'));
  });

  it('follows a sign-out in another tab', async () => {
    localStorage.setItem('token', TOKEN);
    await renderApp('/en/find-a-hotel', bff());
    await expectSignedInHeader();
    localStorage.removeItem('token');
    window.dispatchEvent(new StorageEvent('storage', { key: 'token', oldValue: TOKEN, newValue: null }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('logs out when a member call is refused even after a refresh', async () => {
    localStorage.setItem('token', TOKEN);
    await renderApp(
      '/en/find-a-hotel',
      bff({
        '/members/profile': { status: 401, body: { error: { code: 'unauthorized', message: 'expired' } } },
        '/auth/refresh': { status: 401, body: { error: { code: 'unauthorized', message: 'no session' } } },
      }),
    );
    expect(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 30_000 })).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
  });
});

// On a results page: overlays such as the prompt show only once the visitor has seen results (docs/decisions/0032).
describe('Google prompt', () => {
  const googleOn = {
    '/auth/providers': { body: { data: [{ provider: 'google', enabled: true, issuer: 'https://accounts.example.test', clientId: 'site-client' }] } },
    '/content/brands': { body: { data: [] } },
    '/content/destinations': { body: { data: [] } },
  };
  const promptName = 'Sign in with your Google account';
  /**
   * Lets promises, module loads and React work run without moving the (fake) clock: until the condition
   * holds (at most 5 s of real time), or for 300 ms of real time when there is none.
   */
  async function settle(until?: () => boolean) {
    const deadline = performance.now() + (until ? 5000 : 300);
    while (performance.now() < deadline && !until?.()) await new Promise((resolve) => setImmediate(resolve));
  }

  /** The prompt's code loads with consent to social sign-in (its own chunk); its 500 ms start from then. */
  async function promptCodeLoaded() {
    await import('./sign-in/GooglePrompt');
    await settle();
  }

  beforeEach(() => {
    // The prompt offers Google sign-in, which needs the visitor's consent to social sign-in.
    chooseConsent(['socialSignIn']);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks 500 ms after the page opens, not before, and not again within a day', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { fetchMock, unmount } = await renderApp('/en/find-a-hotel', bff(googleOn));
    await settle(() => screen.queryByRole('button', { name: 'Sign in' }) !== null);
    await promptCodeLoaded();
    await vi.advanceTimersByTimeAsync(499);
    await settle();
    expect(callsTo(fetchMock, '/auth/providers')).toHaveLength(0);
    expect(screen.queryByRole('complementary', { name: promptName })).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    await settle(() => screen.queryByRole('complementary', { name: promptName }) !== null);
    const prompt = screen.getByRole('complementary', { name: promptName });
    await settle(() => !within(prompt).getByRole('button', { name: 'Continue with Google' }).hasAttribute('disabled'));
    within(prompt).getByRole('button', { name: 'Not now' }).click();
    await settle(() => screen.queryByRole('complementary', { name: promptName }) === null);
    expect(screen.queryByRole('complementary', { name: promptName })).toBeNull();
    unmount();

    // The next visit, within the day: no prompt.
    const again = await renderApp('/en/find-a-hotel', bff(googleOn));
    await settle(() => screen.queryByRole('button', { name: 'Sign in' }) !== null);
    await promptCodeLoaded();
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(screen.queryByRole('complementary', { name: promptName })).toBeNull();
    again.unmount();

    // A day later it may ask again.
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    await renderApp('/en/find-a-hotel', bff(googleOn));
    await settle(() => screen.queryByRole('button', { name: 'Sign in' }) !== null);
    await promptCodeLoaded();
    await vi.advanceTimersByTimeAsync(500);
    await settle(() => screen.queryByRole('complementary', { name: promptName }) !== null);
    expect(screen.getByRole('complementary', { name: promptName })).toBeTruthy();
  });

  it.each([
    ['on the login page', '/en/account/login'],
    ['with a registration_token', '/en/account/registration?registration_token=reg-1'],
  ])('does not ask %s', async (_name, path) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { fetchMock } = await renderApp(path, bff(googleOn));
    await settle(() => document.querySelector('main h1') !== null);
    await vi.advanceTimersByTimeAsync(2000);
    await settle();
    expect(screen.queryByRole('complementary', { name: promptName })).toBeNull();
    // The login page's own sign-in panel asks for the providers; the prompt never did.
    expect(callsTo(fetchMock, '/auth/providers').length).toBe(path.includes('/login') ? 1 : 0);
  });

  it('does not ask while the sign-in dialog is open, nor a signed-in member', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await renderApp('/en/find-a-hotel', bff(googleOn));
    await settle(() => screen.queryByRole('button', { name: 'Sign in' }) !== null);
    screen.getByRole('button', { name: 'Sign in' }).click();
    await settle(() => dialog()?.hasAttribute('open') === true);
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(screen.queryByRole('complementary', { name: promptName })).toBeNull();
    // Nor once the dialog is closed again: the moment has passed.
    within(dialog() as HTMLElement).getByRole('button', { name: 'Close' }).click();
    await settle(() => dialog()?.hasAttribute('open') === false);
    await settle();
    expect(screen.queryByRole('complementary', { name: promptName })).toBeNull();
    cleanup();

    localStorage.setItem('token', TOKEN);
    await renderApp('/en/find-a-hotel', bff(googleOn));
    await settle(() => screen.queryByRole('region', { name: 'Your membership' }) !== null);
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(screen.queryByRole('complementary', { name: promptName })).toBeNull();
  });

  it.each([
    ['before the visitor has chosen', () => localStorage.removeItem('consent')],
    ['when the visitor refused social sign-in', () => chooseConsent(['analytics', 'video'])],
  ])('does not ask %s, nor load anything for it', async (_name, refuse) => {
    refuse();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { fetchMock } = await renderApp('/en/find-a-hotel', bff(googleOn));
    await settle(() => screen.queryByRole('button', { name: 'Sign in' }) !== null);
    await vi.advanceTimersByTimeAsync(2000);
    await settle();
    expect(screen.queryByRole('complementary', { name: promptName })).toBeNull();
    expect(callsTo(fetchMock, '/auth/providers')).toHaveLength(0);
    expect(localStorage.getItem('loginShown')).toBeNull();
  });
});
