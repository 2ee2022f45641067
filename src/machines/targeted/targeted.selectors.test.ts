import { describe, expect, it } from 'vitest';
import { targetedMessage } from './targeted.fixtures';
import { selectIsReady, selectKindOnScreen, selectMessageOnScreen } from './targeted.selectors';
import type { TargetedTag } from './targeted.types';

const snapshot = (current: ReturnType<typeof targetedMessage> | null, tags: TargetedTag[]) => ({
  context: { current, locale: 'en' as const },
  hasTag: (tag: TargetedTag) => tags.includes(tag),
});

describe('selectMessageOnScreen', () => {
  const popup = targetedMessage(1, { kind: 'popup' });

  it('is null without a message', () => {
    expect(selectMessageOnScreen(snapshot(null, []))).toBeNull();
  });

  it('shows a popup, and a closing one as closing', () => {
    expect(selectMessageOnScreen(snapshot(popup, ['popup']))).toEqual({ message: popup, kind: 'popup', closing: false, cta: null });
    expect(selectMessageOnScreen(snapshot(popup, ['popup', 'closing']))).toEqual({ message: popup, kind: 'popup', closing: true, cta: null });
  });

  it('shows a notification', () => {
    const notification = targetedMessage(2, { kind: 'notification' });
    expect(selectMessageOnScreen(snapshot(notification, ['notification', 'countdown']))).toEqual({ message: notification, kind: 'notification', closing: false, cta: null });
  });

  it('leads its call to action to a page in the page’s language', () => {
    const linked = targetedMessage(3, { ctaLabel: 'Join now', ctaLink: '/account/registration' });
    expect(selectMessageOnScreen({ context: { current: linked, locale: 'de' }, hasTag: (tag) => tag === 'popup' })?.cta).toEqual({ href: '/de/account/registration', internal: true });
  });

  it('shows nothing while the message is chosen but its view is not known', () => {
    expect(selectMessageOnScreen(snapshot(popup, []))).toBeNull();
  });
});

describe('selectKindOnScreen and selectIsReady', () => {
  it('names the view of the message on screen', () => {
    expect(selectKindOnScreen(snapshot(targetedMessage(1), ['popup', 'ready']))).toBe('popup');
    expect(selectKindOnScreen(snapshot(targetedMessage(2, { kind: 'notification' }), ['notification']))).toBe('notification');
    expect(selectKindOnScreen(snapshot(null, ['ready']))).toBeNull();
  });

  it('is ready once the machine runs its triggers', () => {
    expect(selectIsReady(snapshot(null, ['ready']))).toBe(true);
    expect(selectIsReady(snapshot(null, []))).toBe(false);
  });
});
