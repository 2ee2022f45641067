import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TargetedMessage } from '../../../contract/content';
import { page, PRODUCTION_HOST, targetedMessage, VISITORS } from '../../../machines/targeted/targeted.fixtures';
import { TARGETED_TIMING } from '../../../machines/targeted/targeted.machine';
import type { PageFacts, VisitorFacts } from '../../../machines/targeted/targeted.types';
import { chooseConsent } from '../../../services/consent/consent';
import { readSeenIds, SEEN_MESSAGES_KEY } from '../../../services/content/targeted-messages';
import TargetedMessages from './TargetedMessages';

/*
 * The targeted-message views on the real machine, in jsdom on a fake clock: what a visitor sees and
 * can do (close, Escape, the popup close delay, inactivity, scrolling, sign-in, a countdown), and what
 * is kept in storage.
 */

const NOW = new Date('2027-03-10T09:00:00.000Z');

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

interface Props {
  messages: readonly TargetedMessage[];
  page?: PageFacts;
  visitor?: VisitorFacts;
  logins?: number;
  host?: string;
}

function tree({ messages, page: facts = page('/en/'), visitor = VISITORS.guest, logins = 0, host = PRODUCTION_HOST }: Props) {
  return (
    <I18nProvider i18n={i18n}>
      <TargetedMessages locale="en" messages={messages} page={facts} visitor={visitor} logins={logins} host={host} />
    </I18nProvider>
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const popupNamed = (name: string) => screen.queryByRole('dialog', { name });
const notificationNamed = (name: string) => screen.queryByRole('region', { name });

describe('a popup', () => {
  const popup = targetedMessage(1, { header: 'Members pay less', body: '<p>Join <strong>free</strong>.</p><script>window.__pwned = true</script>' });

  it('opens on load with its sanitised content, and a close takes 500 ms to leave', async () => {
    chooseConsent(['targetedMessages']);
    render(tree({ messages: [popup] }));
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

  it('closes on Escape', () => {
    render(tree({ messages: [popup] }));
    fireEvent(popupNamed('Members pay less') as HTMLElement, new Event('cancel', { cancelable: true }));
    expect(popupNamed('Members pay less')?.classList.contains('targeted-popup--closing')).toBe(true);
  });

  it('keeps the seen id only for this page visit without consent to targeted messages', async () => {
    chooseConsent(['analytics']);
    const { rerender } = render(tree({ messages: [popup] }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await advance(TARGETED_TIMING.popupCloseDelayMs);
    expect(localStorage.getItem(SEEN_MESSAGES_KEY)).toBeNull();
    // Not shown again on the next page of this visit.
    rerender(tree({ messages: [popup], page: page('/en/find-a-hotel') }));
    expect(popupNamed('Members pay less')).toBeNull();
  });

  it('is not shown when its id was kept as seen', () => {
    localStorage.setItem(SEEN_MESSAGES_KEY, '[1]');
    render(tree({ messages: [popup] }));
    expect(popupNamed('Members pay less')).toBeNull();
  });

  it('goes away, unseen, when the next page is a system page', () => {
    const { rerender } = render(tree({ messages: [popup] }));
    expect(popupNamed('Members pay less')).not.toBeNull();
    rerender(tree({ messages: [popup], page: page('/en/booking/check-out') }));
    expect(popupNamed('Members pay less')).toBeNull();
    expect(readSeenIds()).toEqual([]);
  });
});

describe('triggers', () => {
  it('shows an onInactivity notification after 15 s without mouse, touch or key activity', async () => {
    const idle = targetedMessage(2, { kind: 'notification', trigger: 'onInactivity', header: 'Still there?' });
    render(tree({ messages: [idle] }));
    await advance(TARGETED_TIMING.inactivityMs - 1000);
    fireEvent.keyDown(window, { key: 'a' });
    await advance(TARGETED_TIMING.inactivityMs - 1);
    fireEvent.touchStart(window);
    await advance(TARGETED_TIMING.inactivityMs - 1);
    fireEvent.mouseMove(window);
    await advance(TARGETED_TIMING.inactivityMs - 1);
    expect(notificationNamed('Still there?')).toBeNull();
    await advance(1);
    expect(notificationNamed('Still there?')).not.toBeNull();
    // A notification is no modal: the page stays usable and nothing is a dialog.
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(notificationNamed('Still there?')).toBeNull();
  });

  it('shows an onScroll message when the page scrolls', () => {
    const onScroll = targetedMessage(3, { kind: 'notification', trigger: 'onScroll', header: 'Keep exploring' });
    render(tree({ messages: [onScroll] }));
    expect(notificationNamed('Keep exploring')).toBeNull();
    fireEvent.scroll(window);
    expect(notificationNamed('Keep exploring')).not.toBeNull();
  });

  it('shows an onLogin message when a member signs in, not before', () => {
    const onLogin = targetedMessage(4, { kind: 'notification', trigger: 'onLogin', memberType: 'member', header: 'Welcome back' });
    const { rerender } = render(tree({ messages: [onLogin] }));
    // Being a member is not enough: the trigger is the sign-in.
    rerender(tree({ messages: [onLogin], visitor: VISITORS.member }));
    expect(notificationNamed('Welcome back')).toBeNull();
    rerender(tree({ messages: [onLogin], visitor: VISITORS.member, logins: 1 }));
    expect(notificationNamed('Welcome back')).not.toBeNull();
  });

  it('still shows an onLogin message when the sign-in came before the messages had loaded', () => {
    const onLogin = targetedMessage(4, { kind: 'notification', trigger: 'onLogin', memberType: 'member', header: 'Welcome back' });
    render(tree({ messages: [onLogin], visitor: VISITORS.member, logins: 1 }));
    expect(notificationNamed('Welcome back')).not.toBeNull();
  });

  it('shows the highest-priority message first and the next one only on a later trigger', () => {
    const low = targetedMessage(5, { kind: 'notification', priority: 1, header: 'Low' });
    const high = targetedMessage(6, { kind: 'notification', priority: 9, header: 'High' });
    const { rerender } = render(tree({ messages: [low, high] }));
    expect(notificationNamed('High')).not.toBeNull();
    expect(notificationNamed('Low')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(notificationNamed('Low')).toBeNull();
    rerender(tree({ messages: [low, high], page: page('/en/find-a-hotel') }));
    expect(notificationNamed('Low')).not.toBeNull();
  });
});

describe('a countdown', () => {
  it('shows the time left, ticking, and the message goes when it ends', async () => {
    const ends = new Date(NOW.getTime() + 86_400_000 + 2 * 3_600_000 + 3 * 60_000 + 4_000).toISOString();
    const countdown = targetedMessage(7, { kind: 'notification', header: 'Spring offer', isCountdown: true, countdownDate: ends });
    render(tree({ messages: [countdown] }));
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
