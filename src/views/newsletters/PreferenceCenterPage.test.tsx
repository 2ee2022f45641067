import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memberToken, signedInMemberBff } from '../../../test/web/member-bff';
import type { BffHandler } from '../../../test/web/render-app';
import { renderApp } from '../../../test/web/render-app';
import { MAIN_NEWSLETTER_ID } from '../../contract/auth';
import type { NewsletterStatus, NewsletterStatusItem } from '../../contract/member-preferences';

/*
 * The preference centre as a newsletter reader meets it: opened from the mail's link, without signing in.
 * Only the preference-centre routes are called, with the link's token; a link the BFF refuses, or no link
 * at all, says how to get to one.
 */

const TOKEN = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJyZWFkZXIifQ.c2ln';
const TRAVEL = 'HW_NL-TRAVEL';

const item = (name: string, label: string, status: NewsletterStatus): NewsletterStatusItem => ({ name, label, active: status === 'active', dailypointId: `DP-${name}`, status });

/** The preference-centre routes of one email, keeping its newsletters; `linkValid` false answers 401 as for an expired link. */
function centreBff(start: Record<string, NewsletterStatus>) {
  const labels: Record<string, string> = { [MAIN_NEWSLETTER_ID]: 'H Rewards newsletter', [TRAVEL]: 'Travel ideas' };
  const state = { statuses: { ...start }, linkValid: true, down: false, requests: [] as { method: string; path: string; authorization: string | null }[] };
  const handler: BffHandler = (url, init) => {
    if (url.pathname.startsWith('/bff/members/')) {
      state.requests.push({ method: init?.method ?? 'GET', path: `${url.pathname}${url.search}`, authorization: new Headers(init?.headers).get('authorization') });
    }
    if (!url.pathname.startsWith('/bff/members/preference-center/newsletters')) return undefined;
    if (url.searchParams.get('token') !== TOKEN || !state.linkValid) return { status: 401, body: { error: { code: 'unauthorized', message: 'This link is not valid or has expired.' } } };
    if (state.down) return { status: 500, body: { error: { code: 'internal', message: 'Failed' } } };
    const name = decodeURIComponent(url.pathname.split('/').at(-1) ?? '');
    if (name === 'newsletters') {
      return { body: { data: { email: 'reader@example.com', newsletters: Object.entries(state.statuses).map(([key, status]) => item(key, labels[key] ?? key, status)) } } };
    }
    state.statuses[name] = init?.method === 'DELETE' ? 'none' : 'active';
    return { body: { data: item(name, labels[name] ?? name, state.statuses[name]) } };
  };
  return { handler, state };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the preference centre with a valid link', () => {
  it('shows the link’s address and its newsletters, unsubscribes and subscribes again at once, through the preference-centre routes only', async () => {
    const { handler, state } = centreBff({ [MAIN_NEWSLETTER_ID]: 'active' });
    await renderApp(`/en/preference-center?token=${TOKEN}`, handler);
    expect(await screen.findByText(/The newsletters for/, {}, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByText('reader@example.com')).toBeTruthy();
    const card = screen.getByRole('article', { name: 'H Rewards newsletter' });
    expect(card.textContent).toContain('You receive it.');

    await userEvent.click(within(card).getByRole('button', { name: 'Unsubscribe' }));
    await waitFor(() => expect(card.textContent).toContain('You do not receive it.'));
    expect(within(card).getByRole('status').textContent).toBe('Saved');
    expect(screen.getByText('You receive none of our newsletters.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unsubscribe from all' })).toBeNull();

    await userEvent.click(within(card).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(card.textContent).toContain('You receive it.'));
    expect(state.statuses[MAIN_NEWSLETTER_ID]).toBe('active');

    // Nothing of an account was asked for, and no bearer token went out: the link's token is the only key.
    expect(state.requests.every((request) => request.path.startsWith('/bff/members/preference-center/newsletters') && request.authorization === null)).toBe(true);
    expect(state.requests.map((request) => request.method)).toEqual(['GET', 'DELETE', 'POST']);
    expect(state.requests[1]?.path).toBe(`/bff/members/preference-center/newsletters/${MAIN_NEWSLETTER_ID}?token=${TOKEN}&locale=en`);
  });

  it('unsubscribes from all the newsletters it receives or waits for at once', async () => {
    const { handler, state } = centreBff({ [MAIN_NEWSLETTER_ID]: 'active', [TRAVEL]: 'pending' });
    await renderApp(`/en/preference-center?token=${TOKEN}`, handler);
    const travel = await screen.findByRole('article', { name: 'Travel ideas' }, { timeout: 30_000 });
    expect(travel.textContent).toContain('Waiting for your confirmation');
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe from all' }));
    await waitFor(() => expect(screen.getByText('You receive none of our newsletters.')).toBeTruthy());
    expect(state.statuses).toEqual({ [MAIN_NEWSLETTER_ID]: 'none', [TRAVEL]: 'none' });
    expect(screen.getByRole('article', { name: 'H Rewards newsletter' }).textContent).toContain('You do not receive it.');
    expect(travel.textContent).toContain('You do not receive it.');
  });

  it('says when the link expired while the page was open', async () => {
    const { handler, state } = centreBff({ [MAIN_NEWSLETTER_ID]: 'active' });
    await renderApp(`/en/preference-center?token=${TOKEN}`, handler);
    const card = await screen.findByRole('article', { name: 'H Rewards newsletter' }, { timeout: 30_000 });
    state.linkValid = false;
    await userEvent.click(within(card).getByRole('button', { name: 'Unsubscribe' }));
    await waitFor(() => expect(within(card).getByRole('status').textContent).toBe('This link is no longer valid: use the link in a newer mail.'));
    expect(card.textContent).toContain('You receive it.');
  });

  it('says when the newsletters could not be loaded, and loads them on Try again', async () => {
    const { handler, state } = centreBff({ [MAIN_NEWSLETTER_ID]: 'none' });
    state.down = true;
    await renderApp(`/en/preference-center?token=${TOKEN}`, handler);
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 30_000 });
    expect(screen.getByRole('alert').textContent).toContain('Your newsletters could not be loaded.');
    state.down = false;
    await userEvent.click(retry);
    expect((await screen.findByRole('article', { name: 'H Rewards newsletter' })).textContent).toContain('You do not receive it.');
  });
});

describe('the preference centre without a valid link', () => {
  it('says that a refused link is not valid any more and how to get a new one', async () => {
    const { handler, state } = centreBff({ [MAIN_NEWSLETTER_ID]: 'active' });
    state.linkValid = false;
    await renderApp(`/en/preference-center?token=${TOKEN}`, handler);
    const alert = await screen.findByRole('alert', {}, { timeout: 30_000 });
    expect(within(alert).getByRole('heading', { name: 'This link is not valid any more' })).toBeTruthy();
    expect(alert.textContent).toContain('A link to this page works for 30 days after its mail was sent');
    expect(within(alert).getByRole('link', { name: 'Sign in to manage your newsletters' }).getAttribute('href')).toBe('/en/account/preferences');
    expect(within(alert).getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/en/');
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('explains, without a token, that the link in every newsletter opens it, and asks nothing of the BFF', async () => {
    const { handler, state } = centreBff({});
    await renderApp('/en/preference-center', handler);
    expect(await screen.findByText(/link at the end of every newsletter mail/, {}, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to manage your newsletters' }).getAttribute('href')).toBe('/en/account/preferences');
    expect(state.requests.filter((request) => request.path.includes('preference-center'))).toEqual([]);
  });

  it('leads a signed-in member to their preferences', async () => {
    localStorage.setItem('token', memberToken());
    await renderApp('/en/preference-center', signedInMemberBff());
    expect((await screen.findByRole('link', { name: 'Open your preferences' }, { timeout: 30_000 })).getAttribute('href')).toBe('/en/account/preferences');
  });
});
