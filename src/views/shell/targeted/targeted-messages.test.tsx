// @vitest-environment-options {"url": "https://www.example.com/"}
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { TargetedMessage } from '../../../contract/content';
import type { Locale } from '../../../contract/locales';
import { targetedMessage, VISITORS } from '../../../machines/targeted/targeted.fixtures';
import { createLiveTargetedLogic } from '../../../machines/targeted/targeted.live';
import { TARGETED_TIMING } from '../../../machines/targeted/targeted.machine';
import type { BrowserFacts, VisitorFacts } from '../../../machines/targeted/targeted.types';
import { chooseConsent } from '../../../services/consent/consent';
import { readSeenIds, SEEN_MESSAGES_KEY, targetedMessagesQuery } from '../../../services/content/targeted-messages';
import { TargetedMessagesOf } from './TargetedMessagesHost';

/*
 * The targeted-message views on the flow as the app runs it (the live bindings: storage, consent, the
 * content query), in jsdom on a production host and a fake clock: what a visitor sees and can do
 * (close, Escape, the popup close delay, inactivity, scrolling, sign-in, a countdown), and what is kept
 * in storage.
 */

const NOW = new Date('2027-03-10T09:00:00.000Z');

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

beforeEach(() => {
  localStorage.clear();
  chooseConsent(['targetedMessages', 'analytics']);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

interface FlowOptions {
  messages: readonly TargetedMessage[];
  pathname?: string;
  /** Replaces the page's host (a development host shows messages without consent). */
  host?: string;
  /** Replaces reading the visitor from the session (a guest by default). */
  visitor?: () => VisitorFacts;
}

/** Lets the flow's actors answer and the message views' code load. */
const settle = () =>
  act(async () => {
    await vi.dynamicImportSettled();
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  });

async function renderFlow({ messages, pathname = '/en/', host, visitor }: FlowOptions) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(targetedMessagesQuery('en').queryKey, [...messages]);
  let logic = createLiveTargetedLogic({ queryClient, access: () => null });
  if (host) logic = logic.provide({ actors: { readBrowser: fromPromise<BrowserFacts>(async () => ({ host, seenIds: readSeenIds() })) } });
  if (visitor) logic = logic.provide({ actors: { loadVisitor: fromPromise<VisitorFacts, { locale: Locale }>(async () => visitor()) } });
  const actor = createActor(logic, { input: { pathname, locale: 'en', now: Date.now } });
  actor.start();
  const view = render(
    <I18nProvider i18n={i18n}>
      <TargetedMessagesOf actor={actor} mayShow />
    </I18nProvider>,
  );
  await settle();
  const goTo = async (path: string, locale: Locale = 'en') => {
    actor.send({ type: 'route.changed', pathname: path, locale });
    await settle();
  };
  return { ...view, actor, goTo };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const popupNamed = (name: string) => screen.queryByRole('dialog', { name });
const notificationNamed = (name: string) => screen.queryByRole('region', { name });

describe('a popup', () => {
  const popup = targetedMessage(1, { header: 'Members pay less', body: '<p>Join <strong>free</strong>.</p><script>window.__pwned = true</script>' });

  it('opens on load with its sanitised content, and a close takes 500 ms to leave', async () => {
    await renderFlow({ messages: [popup] });
    const dialog = popupNamed('Members pay less');
    expect(dialog).not.toBeNull();
    expect(dialog?.textContent).toContain('Join free.');
    expect(dialog?.querySelector('script')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog?.classList.contains('targeted-popup--closing')).toBe(true);
    await advance(TARGETED_TIMING.popupCloseDelayMs - 1);
    expect(popupNamed('Members pay less')).not.toBeNull();
    await advance(1);
    expect(popupNamed('Members pay less')).toBeNull();
    expect(readSeenIds()).toEqual([1]);
  });

  it('closes on Escape', async () => {
    await renderFlow({ messages: [popup] });
    fireEvent(popupNamed('Members pay less') as HTMLElement, new Event('cancel', { cancelable: true }));
    expect(popupNamed('Members pay less')?.classList.contains('targeted-popup--closing')).toBe(true);
  });

  it('keeps the seen id only for this page visit without consent to targeted messages', async () => {
    chooseConsent(['analytics']);
    // A development host shows messages whatever the visitor chose.
    const { goTo } = await renderFlow({ messages: [popup], host: 'localhost:5173' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await advance(TARGETED_TIMING.popupCloseDelayMs);
    expect(localStorage.getItem(SEEN_MESSAGES_KEY)).toBeNull();
    // Not shown again on the next page of this visit.
    await goTo('/en/find-a-hotel');
    expect(popupNamed('Members pay less')).toBeNull();
  });

  it('forgets the kept ids when consent to targeted messages is withdrawn, on a development host too', async () => {
    localStorage.setItem(SEEN_MESSAGES_KEY, '[9]');
    await renderFlow({ messages: [popup], host: 'localhost:5173' });
    act(() => chooseConsent(['analytics']));
    expect(localStorage.getItem(SEEN_MESSAGES_KEY)).toBeNull();
  });

  it('is not shown when its id was kept as seen', async () => {
    localStorage.setItem(SEEN_MESSAGES_KEY, '[1]');
    await renderFlow({ messages: [popup] });
    expect(document.querySelector('.targeted-notifications')).not.toBeNull();
    expect(popupNamed('Members pay less')).toBeNull();
  });

  it('goes away, unseen, when the next page is a system page', async () => {
    const { goTo } = await renderFlow({ messages: [popup] });
    expect(popupNamed('Members pay less')).not.toBeNull();
    await goTo('/en/booking/check-out');
    expect(popupNamed('Members pay less')).toBeNull();
    expect(readSeenIds()).toEqual([]);
  });
});

describe('triggers', () => {
  it('shows an onInactivity notification after 15 s without mouse, touch or key activity', async () => {
    const idle = targetedMessage(2, { kind: 'notification', trigger: 'onInactivity', header: 'Still there?' });
    await renderFlow({ messages: [idle] });
    await advance(TARGETED_TIMING.inactivityMs - 1000);
    fireEvent.keyDown(window, { key: 'a' });
    await advance(TARGETED_TIMING.inactivityMs - 1);
    fireEvent.touchStart(window);
    await advance(TARGETED_TIMING.inactivityMs - 1);
    fireEvent.mouseMove(window);
    await advance(TARGETED_TIMING.inactivityMs - 1);
    expect(notificationNamed('Still there?')).toBeNull();
    await advance(1);
    await settle();
    expect(notificationNamed('Still there?')).not.toBeNull();
    // A notification is no modal: the page stays usable and nothing is a dialog.
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(notificationNamed('Still there?')).toBeNull();
  });

  it('shows an onScroll message when the page scrolls', async () => {
    const onScroll = targetedMessage(3, { kind: 'notification', trigger: 'onScroll', header: 'Keep exploring' });
    await renderFlow({ messages: [onScroll] });
    expect(notificationNamed('Keep exploring')).toBeNull();
    fireEvent.scroll(window);
    await settle();
    expect(notificationNamed('Keep exploring')).not.toBeNull();
  });

  it('shows an onLogin message when a member signs in, not before', async () => {
    const onLogin = targetedMessage(4, { kind: 'notification', trigger: 'onLogin', memberType: 'member', header: 'Welcome back' });
    const { actor } = await renderFlow({ messages: [onLogin], visitor: () => VISITORS.member });
    // Being a member is not enough: the trigger is the sign-in.
    expect(notificationNamed('Welcome back')).toBeNull();
    actor.send({ type: 'session.signedIn' });
    await settle();
    expect(notificationNamed('Welcome back')).not.toBeNull();
  });

  it('shows the highest-priority message first and the next one only on a later trigger', async () => {
    const low = targetedMessage(5, { kind: 'notification', priority: 1, header: 'Low' });
    const high = targetedMessage(6, { kind: 'notification', priority: 9, header: 'High' });
    const { goTo } = await renderFlow({ messages: [low, high] });
    expect(notificationNamed('High')).not.toBeNull();
    expect(notificationNamed('Low')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(notificationNamed('Low')).toBeNull();
    await goTo('/en/find-a-hotel');
    expect(notificationNamed('Low')).not.toBeNull();
  });
});

describe('a countdown', () => {
  it('shows the time left, ticking, and the message goes when it ends', async () => {
    const ends = new Date(NOW.getTime() + 86_400_000 + 2 * 3_600_000 + 3 * 60_000 + 4_000).toISOString();
    const countdown = targetedMessage(7, { kind: 'notification', header: 'Spring offer', isCountdown: true, countdownDate: ends });
    await renderFlow({ messages: [countdown] });
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('Ends in 1 day 02:03:04');
    await advance(1000);
    expect(timer.textContent).toBe('Ends in 1 day 02:03:03');
    await advance(86_400_000 + 2 * 3_600_000 + 3 * 60_000 + 3_000 - 1);
    expect(notificationNamed('Spring offer')).not.toBeNull();
    await advance(1);
    expect(notificationNamed('Spring offer')).toBeNull();
  });
});
