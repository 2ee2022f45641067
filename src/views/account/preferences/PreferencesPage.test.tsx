import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { memberProfile, signedInMemberBff, startEachTestSignedIn } from '../../../../test/web/member-bff';
import type { MemberRoutes } from '../../../../test/web/member-bff';
import { renderApp } from '../../../../test/web/render-app';
import { MAIN_NEWSLETTER_ID, type PreferenceItem } from '../../../contract/auth';
import type { BrandPreferenceItem, NewsletterStatus, NewsletterStatusItem } from '../../../contract/member-preferences';

/*
 * The preferences page against a BFF that keeps the member's choices: each switch saves at once and says
 * so, a refused change leaves the switch where the BFF keeps it, and the newsletters follow the double
 * opt-in (pending until the mailed link is followed).
 */

type Failure = { status: number; body?: unknown };

const failureBody = (status: number) => ({ error: { code: status === 429 ? 'too_many_requests' : 'internal', message: 'Failed' } });

/** A BFF that keeps what the member chose; `fail` answers the next requests of a path with those statuses. */
function preferencesBff(start: { preferences?: PreferenceItem[]; brands?: BrandPreferenceItem[]; newsletter?: NewsletterStatus } = {}) {
  const state = {
    preferences: start.preferences ?? [
      { name: 'spa', label: 'Spa and wellness', active: true },
      { name: 'quiet-room', label: 'Quiet room', active: false },
    ],
    brands: start.brands ?? [
      { name: 'jaz', label: 'Jaz in the City', active: false },
      { name: 'zleep', label: 'Zleep Hotels', active: true },
    ],
    newsletter: start.newsletter ?? ('none' as NewsletterStatus),
    requests: [] as string[],
    fail: new Map<string, Failure[]>(),
    /** While true, the newsletters cannot be read at all. */
    newslettersDown: false,
  };
  const item = (status: NewsletterStatus): NewsletterStatusItem => ({ name: MAIN_NEWSLETTER_ID, label: 'H Rewards newsletter', active: status === 'active', dailypointId: 'DPNL-1001', status });
  const failure = (path: string) => state.fail.get(path)?.shift();
  const routes: MemberRoutes = {
    '/members/preferences': () => ({ body: { data: state.preferences } }),
    '/members/brand-preferences': () => ({ body: { data: state.brands } }),
    '/members/newsletters': () => (state.newslettersDown ? { status: 500, body: failureBody(500) } : { body: { data: [item(state.newsletter)] } }),
    '/dev/demo': { body: { data: { mailbox: '/bff/dev/mailbox' } } },
  };
  for (const { name } of state.preferences) {
    routes[`/members/preferences/${name}`] = (url, init) => {
      state.requests.push(`${init?.method} ${url.pathname}${url.search}`);
      const failed = failure(url.pathname);
      if (failed) return { status: failed.status, body: failureBody(failed.status) };
      const active = init?.method === 'POST';
      state.preferences = state.preferences.map((entry) => (entry.name === name ? { ...entry, active } : entry));
      return { body: { data: state.preferences.find((entry) => entry.name === name) } };
    };
  }
  for (const { name } of state.brands) {
    routes[`/members/brand-preferences/${name}`] = (url, init) => {
      state.requests.push(`${init?.method} ${url.pathname}${url.search}`);
      const active = init?.method === 'POST';
      state.brands = state.brands.map((entry) => (entry.name === name ? { ...entry, active } : entry));
      return { body: { data: state.brands.find((entry) => entry.name === name) } };
    };
  }
  routes[`/members/newsletters/${MAIN_NEWSLETTER_ID}`] = (url, init) => {
    state.requests.push(`${init?.method} ${url.pathname}${url.search}`);
    const failed = failure(url.pathname);
    if (failed) return { status: failed.status, body: failureBody(failed.status) };
    if (init?.method === 'DELETE') {
      state.newsletter = 'none';
      return { body: { data: item('none') } };
    }
    if (state.newsletter === 'active') return { body: { data: item('active') } };
    state.newsletter = 'pending';
    return { status: 202, body: { data: item('pending') } };
  };
  return { handler: signedInMemberBff(routes), state };
}

/** Holds the answers to requests whose path starts with `prefix` until released, so a test sees what shows meanwhile. */
function holdRequests(fetchMock: Awaited<ReturnType<typeof renderApp>>['fetchMock'], prefix: string) {
  const original = fetchMock.getMockImplementation();
  if (!original) throw new Error('fetch is not stubbed');
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (new URL(String(input), 'http://site.test').pathname.startsWith(prefix)) await gate;
    return original(input, init);
  });
  return () => release();
}

const section = (name: string) => screen.findByRole('region', { name }, { timeout: 30_000 });

startEachTestSignedIn();

describe('preferences', () => {
  it('shows stay preferences, brands and newsletters, and saves a switched preference at once, saying so', async () => {
    const { handler, state } = preferencesBff();
    const { fetchMock } = await renderApp('/en/account/preferences', handler);
    expect(await screen.findByRole('heading', { level: 1, name: 'Preferences' }, { timeout: 30_000 })).toBeTruthy();
    const stay = await section('Stay preferences');
    const quiet = await within(stay).findByRole('switch', { name: 'Quiet room' });
    expect((quiet as HTMLInputElement).checked).toBe(false);
    expect((within(stay).getByRole('switch', { name: 'Spa and wellness' }) as HTMLInputElement).checked).toBe(true);
    // Clicks on it are tracked under the spec's member-area name.
    expect(quiet.getAttribute('data-track-area')).toBe('preferences');

    const release = holdRequests(fetchMock, '/bff/members/preferences/quiet-room');
    await userEvent.click(quiet);
    // While it is on its way, the switch shows what was asked for and its line says so.
    expect((quiet as HTMLInputElement).checked).toBe(true);
    const status = document.getElementById(quiet.getAttribute('aria-describedby') ?? '') as HTMLElement;
    expect(status.getAttribute('role')).toBe('status');
    expect(status.textContent).toBe('Saving…');
    // Another click meanwhile sends nothing more.
    await userEvent.click(quiet);
    release();
    await waitFor(() => expect(status.textContent).toBe('Saved'));
    expect((quiet as HTMLInputElement).checked).toBe(true);
    expect(state.requests).toEqual(['POST /bff/members/preferences/quiet-room?locale=en']);
    expect(state.preferences.find((entry) => entry.name === 'quiet-room')?.active).toBe(true);

    // Switched off again with the keyboard: Space on the focused switch.
    quiet.focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect((quiet as HTMLInputElement).checked).toBe(false));
    await waitFor(() => expect(status.textContent).toBe('Saved'));
    expect(state.requests.at(-1)).toBe('DELETE /bff/members/preferences/quiet-room?locale=en');
  });

  it('puts the switch back where the BFF keeps it when saving fails, says so, and saves on the next try', async () => {
    const { handler, state } = preferencesBff();
    state.fail.set('/bff/members/preferences/spa', [{ status: 500 }]);
    await renderApp('/en/account/preferences', handler);
    const spa = await within(await section('Stay preferences')).findByRole('switch', { name: 'Spa and wellness' });
    const status = document.getElementById(spa.getAttribute('aria-describedby') ?? '') as HTMLElement;
    await userEvent.click(spa);
    await waitFor(() => expect(status.textContent).toBe('Could not save, try again.'));
    expect((spa as HTMLInputElement).checked).toBe(true);
    expect(state.preferences.find((entry) => entry.name === 'spa')?.active).toBe(true);

    await userEvent.click(spa);
    await waitFor(() => expect(status.textContent).toBe('Saved'));
    expect((spa as HTMLInputElement).checked).toBe(false);
    expect(state.requests).toEqual(['DELETE /bff/members/preferences/spa?locale=en', 'DELETE /bff/members/preferences/spa?locale=en']);
  });

  it('chooses a brand, tracked as a brand preference, each brand with its own status', async () => {
    const { handler, state } = preferencesBff();
    await renderApp('/en/account/preferences', handler);
    const brands = await section('Brand preferences');
    const jaz = await within(brands).findByRole('switch', { name: 'Jaz in the City' });
    expect(jaz.getAttribute('data-track-area')).toBe('brand preferences');
    await userEvent.click(jaz);
    const status = document.getElementById(jaz.getAttribute('aria-describedby') ?? '') as HTMLElement;
    await waitFor(() => expect(status.textContent).toBe('Saved'));
    expect(state.requests).toEqual(['POST /bff/members/brand-preferences/jaz']);
    // The other brand's line has nothing to say.
    const zleep = within(brands).getByRole('switch', { name: 'Zleep Hotels' });
    expect(document.getElementById(zleep.getAttribute('aria-describedby') ?? '')?.textContent).toBe('');
  });

  it('says so when a list is empty', async () => {
    const { handler } = preferencesBff({ brands: [] });
    await renderApp('/en/account/preferences', handler);
    expect(await within(await section('Brand preferences')).findByText('There are no brands to choose from right now.')).toBeTruthy();
  });
});

describe('newsletters', () => {
  it('subscribes with a double opt-in: the newsletter waits for the mailed link, which can be sent again, and unsubscribes at once', async () => {
    const { handler, state } = preferencesBff();
    await renderApp('/en/account/preferences', handler);
    const newsletters = await section('Newsletters');
    const card = await within(newsletters).findByRole('article', { name: 'H Rewards newsletter' });
    expect(card.textContent).toContain('You do not receive it.');
    const subscribe = within(card).getByRole('button', { name: 'Subscribe' });
    expect(subscribe.getAttribute('data-track-area')).toBe('newsletters');
    await userEvent.click(subscribe);

    await waitFor(() => expect(card.textContent).toContain('Check your inbox to confirm'));
    const status = within(card).getByRole('status');
    expect(status.textContent).toBe(`Saved. We have sent a confirmation link to ${memberProfile.email}.`);
    expect(card.textContent).toContain(`We have sent a link to ${memberProfile.email}. Your subscription starts once you follow it. The link works for 7 days.`);
    // The spec's `newsletters` entry follows: asked for, not active until confirmed.
    expect(JSON.parse(localStorage.getItem('newsletters') ?? 'null')).toEqual([{ name: MAIN_NEWSLETTER_ID, active: false }]);
    // In the demo, the mailbox of the member's address is a link away.
    const mailbox = await within(card).findByRole('link', { name: /^Open the demo mailbox/ });
    expect(mailbox.getAttribute('href')).toBe(`/bff/dev/mailbox?to=${encodeURIComponent(memberProfile.email)}`);

    await userEvent.click(within(card).getByRole('button', { name: 'Send the link again' }));
    await waitFor(() => expect(state.requests).toHaveLength(2));
    await waitFor(() => expect(status.textContent).toContain('We have sent a confirmation link'));

    await userEvent.click(within(card).getByRole('button', { name: 'Unsubscribe' }));
    await waitFor(() => expect(card.textContent).toContain('You do not receive it.'));
    expect(status.textContent).toBe('Saved. You no longer receive it.');
    expect(state.requests).toEqual([
      `POST /bff/members/newsletters/${MAIN_NEWSLETTER_ID}?locale=en`,
      `POST /bff/members/newsletters/${MAIN_NEWSLETTER_ID}?locale=en`,
      `DELETE /bff/members/newsletters/${MAIN_NEWSLETTER_ID}?locale=en`,
    ]);
    // The first button stayed the same element, so the focus did not fall to the page.
    expect(document.activeElement).toBe(within(card).getByRole('button', { name: 'Subscribe' }));
  });

  it('shows a subscription waiting for its confirmation as such, and says when too many links were mailed', async () => {
    const { handler, state } = preferencesBff({ newsletter: 'pending' });
    state.fail.set(`/bff/members/newsletters/${MAIN_NEWSLETTER_ID}`, [{ status: 429 }]);
    await renderApp('/en/account/preferences', handler);
    const card = await within(await section('Newsletters')).findByRole('article', { name: 'H Rewards newsletter' });
    expect(card.textContent).toContain('Check your inbox to confirm');
    await userEvent.click(within(card).getByRole('button', { name: 'Send the link again' }));
    await waitFor(() => expect(within(card).getByRole('status').textContent).toBe('We have sent too many mails to your address this hour. Try again later.'));
    expect(card.textContent).toContain('Check your inbox to confirm');
  });

  it('shows an active subscription with the way to unsubscribe', async () => {
    const { handler } = preferencesBff({ newsletter: 'active' });
    await renderApp('/en/account/preferences', handler);
    const card = await within(await section('Newsletters')).findByRole('article', { name: 'H Rewards newsletter' });
    expect(card.textContent).toContain('You receive it.');
    expect(within(card).getByRole('button', { name: 'Unsubscribe' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Send the link again' })).toBeNull();
  });

  it('says when the newsletters could not be loaded and loads them on Try again, the other sections usable meanwhile', async () => {
    const { handler, state } = preferencesBff();
    state.newslettersDown = true;
    await renderApp('/en/account/preferences', handler);
    const newsletters = await section('Newsletters');
    // After the retries of an authenticated query (spec section 4: at most 3).
    const retry = await within(newsletters).findByRole('button', { name: 'Try again' }, { timeout: 30_000 });
    expect(within(newsletters).getByRole('alert').textContent).toContain('Your newsletters could not be loaded.');
    expect(within(await section('Stay preferences')).getByRole('switch', { name: 'Quiet room' })).toBeTruthy();
    state.newslettersDown = false;
    await userEvent.click(retry);
    expect(await within(newsletters).findByRole('article', { name: 'H Rewards newsletter' })).toBeTruthy();
  });
});
