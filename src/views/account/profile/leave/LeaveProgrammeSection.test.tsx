import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInMemberBff, startEachTestSignedIn } from '../../../../../test/web/member-bff';
import { renderApp } from '../../../../../test/web/render-app';
import type { CancellationSummary } from '../../../../contract/member-account';

const SUMMARY: CancellationSummary = { points: 1_200, vouchers: 2, upcomingBookings: 1, pointsLost: true, bookingsKept: true };
const CODE = '482913';

type Answer = { status?: number; body: unknown };
const failure = (status: number): Answer => ({ status, body: { error: { code: status === 429 ? 'too_many_requests' : 'internal', message: 'Failed' } } });

/**
 * The BFF as leaving meets it: each request for a code answers what leaving means (or the next failure
 * given), a confirmation takes CODE only (or the next failure given), and logout is recorded.
 */
function leavingBff(failures: { request?: Answer[]; confirm?: Answer[] } = {}) {
  const state = { requests: 0, confirmations: [] as unknown[], logouts: 0 };
  const handler = signedInMemberBff({
    '/members/cancel-membership': () => {
      state.requests += 1;
      return failures.request?.shift() ?? { body: { data: { codeSent: true, summary: SUMMARY } } };
    },
    '/members/confirm-membership-cancellation': (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { code: string };
      state.confirmations.push(body);
      const failed = failures.confirm?.shift();
      if (failed) return failed;
      if (body.code !== CODE) {
        return { status: 400, body: { error: { code: 'bad_request', message: 'The code is not valid or has expired', issues: [{ path: 'code', message: 'Enter the code from the latest mail' }] } } };
      }
      return { body: { data: { status: 'cancelled', upcomingBookingsKept: 1 } } };
    },
    '/auth/logout': () => {
      state.logouts += 1;
      return { status: 204, body: null };
    },
  });
  return { handler, state };
}

startEachTestSignedIn();

async function startLeaving(handler: ReturnType<typeof leavingBff>['handler']) {
  const view = await renderApp('/en/account/profile', handler);
  const section = await screen.findByRole('region', { name: 'Leave H Rewards' }, { timeout: 30_000 });
  const start = within(section).getByRole('button', { name: 'End my membership…' });
  await userEvent.click(start);
  return { ...view, section, start };
}

const dialogNamed = (name: string) => screen.findByRole('dialog', { name });

describe('leaving the programme', () => {
  it('says what leaving means, takes the code from the mail, says goodbye and signs out on the way home', async () => {
    const { handler, state } = leavingBff();
    const { router, start } = await startLeaving(handler);
    // Tracked under the member area's name of the spec (section 2).
    expect(start.getAttribute('data-track-area')).toBe('cancel membership');

    const review = await dialogNamed('What leaving means for you');
    const consequences = within(review).getAllByRole('listitem').map((item) => item.textContent);
    expect(consequences).toEqual([
      'Your 1,200 points are lost.',
      'Your 2 valid vouchers expire and can no longer be used.',
      'Your name, address, preferences, favourite hotels, saved cards and newsletter subscriptions are erased.',
      'Your upcoming booking is kept and stays valid: you find it through the links in its booking mail.',
    ]);
    expect(state.requests).toBe(1);
    await userEvent.click(within(review).getByRole('button', { name: 'Continue' }));

    const confirm = await dialogNamed('Confirm with the code from your email');
    const code = within(confirm).getByLabelText('6-digit code');
    expect(document.activeElement).toBe(code);
    // The press on Continue only shows the step: nothing was submitted by it.
    expect(code.getAttribute('aria-invalid')).toBeNull();
    const end = within(confirm).getByRole('button', { name: 'End my membership' });

    // Nothing given: both fields say what is missing, nothing is sent.
    await userEvent.click(end);
    expect(within(confirm).getByText('Enter the 6-digit code from the email.')).toBeTruthy();
    expect(within(confirm).getByText('Tick this box to confirm that you want to leave.')).toBeTruthy();
    expect(state.confirmations).toEqual([]);

    // A wrong code is said at the field; what was typed and ticked stays.
    await userEvent.type(code, '000000');
    await userEvent.click(within(confirm).getByLabelText('I understand that my points and vouchers are lost and that this cannot be undone.'));
    await userEvent.click(end);
    expect(await within(confirm).findByText('This code is not valid or has expired. Enter the code from the latest email, or ask for a new one.')).toBeTruthy();
    expect((code as HTMLInputElement).value).toBe('000000');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect((within(confirm).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);

    await userEvent.click(within(confirm).getByRole('button', { name: 'Send a new code' }));
    expect(await within(confirm).findByText('We have sent you a new code. Only the newest code works.')).toBeTruthy();
    expect(state.requests).toBe(2);

    await userEvent.clear(code);
    await userEvent.type(code, CODE);
    await userEvent.click(end);
    const goodbye = await dialogNamed('Your membership has ended');
    expect(goodbye.textContent).toContain('Your upcoming booking stays valid: you find it through the links in its booking mail.');
    expect(state.confirmations).toEqual([
      { code: '000000', locale: 'en' },
      { code: CODE, locale: 'en' },
    ]);
    // Still signed in until the goodbye is left.
    expect(state.logouts).toBe(0);

    await userEvent.click(within(goodbye).getByRole('link', { name: 'Go to the home page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/'));
    await waitFor(() => expect(state.logouts).toBe(1));
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    await waitFor(() => expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Sign in' })).toBeTruthy());
  });

  it('keeps the membership from every step before the end', async () => {
    const { handler, state } = leavingBff();
    const { start } = await startLeaving(handler);
    const review = await dialogNamed('What leaving means for you');
    await userEvent.click(within(review).getByRole('button', { name: 'Keep my membership' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(start);

    await userEvent.click(start);
    await userEvent.click(within(await dialogNamed('What leaving means for you')).getByRole('button', { name: 'Continue' }));
    const confirm = await dialogNamed('Confirm with the code from your email');
    await userEvent.type(within(confirm).getByLabelText('6-digit code'), CODE);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Keep my membership' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(state.confirmations).toEqual([]);
    expect(state.requests).toBe(2);
    expect(localStorage.getItem('token')).not.toBeNull();
  });

  it('words a refused request for a code: too many (wait), or no answer (try again)', async () => {
    const { handler, state } = leavingBff({ request: [failure(429), failure(503)] });
    const { start } = await startLeaving(handler);
    let dialog = await dialogNamed('End your membership?');
    expect(await within(dialog).findByText('You have asked for several codes in a short time. Please wait a few minutes, then try again.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep my membership' }));

    await userEvent.click(start);
    dialog = await dialogNamed('End your membership?');
    expect(await within(dialog).findByText('We could not reach our membership service, so no code was sent. Your membership stays as it is; please try again.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await dialogNamed('What leaving means for you')).toBeTruthy();
    expect(state.requests).toBe(3);
  });

  it('says when the confirmation got no answer, and sends the same code again', async () => {
    const { handler, state } = leavingBff({ confirm: [failure(502)] });
    await startLeaving(handler);
    await userEvent.click(within(await dialogNamed('What leaving means for you')).getByRole('button', { name: 'Continue' }));
    const confirm = await dialogNamed('Confirm with the code from your email');
    await userEvent.type(within(confirm).getByLabelText('6-digit code'), CODE);
    await userEvent.click(within(confirm).getByRole('checkbox'));
    await userEvent.click(within(confirm).getByRole('button', { name: 'End my membership' }));
    expect(await within(confirm).findByText('Your membership could not be ended: our membership service did not answer. Nothing has changed; please try again.')).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'End my membership' }));
    expect(await dialogNamed('Your membership has ended')).toBeTruthy();
    expect(state.confirmations).toEqual([
      { code: CODE, locale: 'en' },
      { code: CODE, locale: 'en' },
    ]);
  });
});
