// @vitest-environment-options {"url": "https://www.example.com/"}
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../test/web/render-app';
import type { BffHandler } from '../../../../test/web/render-app';
import type { TargetedMessage } from '../../../contract/content';
import { targetedMessage } from '../../../machines/targeted/targeted.fixtures';
import { ONE_DAY_MS, PERSISTED_KEYS, setFlag } from '../../../services/account/persisted-values';
import { chooseConsent } from '../../../services/consent/consent';
import { readSeenIds, SEEN_MESSAGES_KEY } from '../../../services/content/targeted-messages';

/*
 * Targeted messages in the whole app, on a production host (www.example.com), where consent counts:
 * nothing is fetched or shown without consent to targeted messages, and messages that filter visitors
 * need consent to tracking as well (spec section 4).
 */

const SEARCH_POPUP = targetedMessage(1, {
  header: 'Members pay less',
  priority: 20,
  targets: { brands: [], hotels: [], urls: ['find-a-hotel'] },
  ctaLabel: 'Join now',
  ctaLink: '/account/registration',
});
/** Only for guests: a filter, so it needs consent to tracking. */
const GUESTS_ONLY = targetedMessage(2, { kind: 'notification', header: 'New here?', memberType: 'non-member' });

function content(messages: TargetedMessage[]): BffHandler {
  return (url) => (url.pathname === '/bff/content/targeted-messages' ? { body: { data: messages } } : undefined);
}

const asked = (fetchMock: { mock: { calls: unknown[][] } }) => fetchMock.mock.calls.some(([input]) => String(input).includes('/content/targeted-messages'));

beforeEach(() => {
  localStorage.clear();
  setFlag(PERSISTED_KEYS.loginShown, ONE_DAY_MS, Date.now());
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('targeted messages in the app', () => {
  it('without consent to targeted messages: nothing is fetched, nothing shows', async () => {
    chooseConsent(['analytics']);
    const { fetchMock } = await renderApp('/en/find-a-hotel', content([SEARCH_POPUP]));
    await screen.findByRole('heading', { level: 1 }, { timeout: 30_000 });
    await waitFor(() => expect(document.documentElement.dataset.theme).toBeTruthy());
    expect(asked(fetchMock)).toBe(false);
    expect(screen.queryByRole('dialog', { name: 'Members pay less' })).toBeNull();
  });

  it('with consent: the popup targeted at the page shows, and its call to action leads on and closes it', async () => {
    chooseConsent(['targetedMessages']);
    const { router } = await renderApp('/en/find-a-hotel', content([SEARCH_POPUP]));
    const popup = await screen.findByRole('dialog', { name: 'Members pay less' }, { timeout: 30_000 });
    const cta = screen.getByRole('link', { name: 'Join now' });
    expect(cta.getAttribute('href')).toBe('/en/account/registration');
    await userEvent.click(cta);
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/account/registration'));
    expect(readSeenIds()).toEqual([1]);
    await waitFor(() => expect(popup.isConnected).toBe(false));
  });

  it('with consent to messages but not to tracking: only messages without visitor filters', async () => {
    chooseConsent(['targetedMessages']);
    await renderApp('/en/find-a-hotel', content([GUESTS_ONLY]));
    await screen.findByRole('heading', { level: 1 }, { timeout: 30_000 });
    await waitFor(() => expect(document.querySelector('.targeted-notifications')).not.toBeNull(), { timeout: 30_000 });
    expect(screen.queryByRole('region', { name: 'New here?' })).toBeNull();
  });

  it('with both: the guests-only notification shows to a guest', async () => {
    chooseConsent(['targetedMessages', 'analytics']);
    await renderApp('/en/find-a-hotel', content([GUESTS_ONLY]));
    expect(await screen.findByRole('region', { name: 'New here?' }, { timeout: 30_000 })).toBeTruthy();
  });

  it('waits until the visitor has seen search results: nothing over the home page, then the message on the results', async () => {
    chooseConsent(['targetedMessages', 'analytics']);
    const { router } = await renderApp('/en/', content([GUESTS_ONLY]));
    await waitFor(() => expect(document.querySelector('.targeted-notifications')).not.toBeNull(), { timeout: 30_000 });
    // The flow has its message up; the app holds it back on the home page.
    const { app } = router.options.context;
    await waitFor(() => expect(app.getSnapshot().context.targeted?.getSnapshot().hasTag('notification')).toBe(true));
    expect(screen.queryByRole('region', { name: 'New here?' })).toBeNull();
    router.history.push('/en/find-a-hotel?location=Berlin');
    expect(await screen.findByRole('region', { name: 'New here?' }, { timeout: 30_000 })).toBeTruthy();
  });

  it('withdrawing consent forgets the seen ids', async () => {
    chooseConsent(['targetedMessages']);
    localStorage.setItem(SEEN_MESSAGES_KEY, '[1]');
    await renderApp('/en/', content([SEARCH_POPUP]));
    await waitFor(() => expect(document.querySelector('.targeted-notifications')).not.toBeNull(), { timeout: 30_000 });
    chooseConsent(['analytics']);
    expect(localStorage.getItem(SEEN_MESSAGES_KEY)).toBeNull();
  });
});
