import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BffHandler } from '../../../test/web/render-app';
import { renderApp } from '../../../test/web/render-app';
import { MAIN_NEWSLETTER_ID } from '../../contract/auth';
import { rememberConfirmedLink, wasLinkConfirmedHere } from '../../services/account/newsletter-storage';

/*
 * The double opt-in link's page: the token is sent once on arrival and the page says what came of it,
 * with the way on: confirmed, confirmed already (this browser followed the link before), a link the BFF
 * refuses, no link at all, and a failure to try again.
 */

const TOKEN = 'Zm9sbG93LXRoaXMtbGluaw';

/** The confirm route, answering each request with the next of `answers` (status codes; 200 confirms). */
function confirmBff(answers: number[]) {
  const sent: unknown[] = [];
  const handler: BffHandler = (url, init) => {
    if (url.pathname !== '/bff/members/newsletters/confirm') return undefined;
    sent.push(init?.body ? JSON.parse(String(init.body)) : null);
    const status = answers.shift() ?? 200;
    if (status === 200) return { body: { data: { newsletter: MAIN_NEWSLETTER_ID, status: 'active' } } };
    if (status === 400) {
      return { status, body: { error: { code: 'bad_request', message: 'This confirmation link is not valid, was used already or has expired', issues: [{ path: 'token', message: 'Subscribe again to get a new link' }] } } };
    }
    return { status, body: { error: { code: 'internal', message: 'Failed' } } };
  };
  return { handler, sent };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the newsletter confirmation page', () => {
  it('confirms the subscription once on arrival, says so and remembers the link', async () => {
    const { handler, sent } = confirmBff([200]);
    await renderApp(`/en/newsletter-confirmation?token=${TOKEN}`, handler);
    const heading = await screen.findByRole('heading', { name: 'Your subscription is confirmed' }, { timeout: 30_000 });
    expect(sent).toEqual([{ token: TOKEN }]);
    const outcome = heading.parentElement as HTMLElement;
    expect(outcome.getAttribute('aria-live')).toBe('polite');
    expect(within(outcome).getByRole('link', { name: 'Find a hotel' }).getAttribute('href')).toBe('/en/find-a-hotel');
    expect(within(outcome).getByRole('link', { name: 'Newsletters in your account' }).getAttribute('href')).toBe('/en/account/preferences');
    expect(wasLinkConfirmedHere(TOKEN)).toBe(true);
  });

  it('says a link this browser confirmed before is confirmed already, though the BFF no longer takes it', async () => {
    rememberConfirmedLink(TOKEN);
    const { handler, sent } = confirmBff([400]);
    await renderApp(`/en/newsletter-confirmation?token=${TOKEN}`, handler);
    expect(await screen.findByRole('heading', { name: 'You have confirmed this already' }, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByText('Your subscription stands: there is nothing more to do.')).toBeTruthy();
    expect(sent).toHaveLength(1);
  });

  it('says a refused link is not valid any more, why that may be, and how to subscribe again', async () => {
    const { handler } = confirmBff([400]);
    await renderApp(`/en/newsletter-confirmation?token=${TOKEN}`, handler);
    expect(await screen.findByRole('heading', { name: 'This link is not valid any more' }, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByText(/A confirmation link works once, for 7 days, and only the newest one we mailed you\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Subscribe again in your account' }).getAttribute('href')).toBe('/en/account/preferences');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/en/');
    expect(wasLinkConfirmedHere(TOKEN)).toBe(false);
  });

  it('explains where the link is when the page is opened without one, and sends nothing', async () => {
    const { handler, sent } = confirmBff([]);
    await renderApp('/en/newsletter-confirmation', handler);
    expect(await screen.findByRole('heading', { name: 'This page needs the link from your mail' }, { timeout: 30_000 })).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('offers to try again when the confirmation got no answer, and confirms on the next try', async () => {
    const { handler, sent } = confirmBff([503]);
    await renderApp(`/en/newsletter-confirmation?token=${TOKEN}`, handler);
    const alert = await screen.findByRole('alert', {}, { timeout: 30_000 });
    expect(alert.textContent).toContain('Your subscription could not be confirmed just now.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your subscription is confirmed' })).toBeTruthy());
    expect(sent).toEqual([{ token: TOKEN }, { token: TOKEN }]);
  });
});
