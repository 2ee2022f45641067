import { describe, expect, it } from 'vitest';
import { targetedMessage } from './targeted.fixtures';
import { selectMessageOnScreen } from './targeted.selectors';
import type { TargetedTag } from './targeted.types';

const snapshot = (current: ReturnType<typeof targetedMessage> | null, tags: TargetedTag[]) => ({
  context: { current },
  hasTag: (tag: TargetedTag) => tags.includes(tag),
});

describe('selectMessageOnScreen', () => {
  const popup = targetedMessage(1, { kind: 'popup' });

  it('is null without a message', () => {
    expect(selectMessageOnScreen(snapshot(null, []))).toBeNull();
  });

  it('shows a popup, and a closing one as closing', () => {
    expect(selectMessageOnScreen(snapshot(popup, ['popup']))).toEqual({ message: popup, kind: 'popup', closing: false });
    expect(selectMessageOnScreen(snapshot(popup, ['popup', 'closing']))).toEqual({ message: popup, kind: 'popup', closing: true });
  });

  it('shows a notification', () => {
    const notification = targetedMessage(2, { kind: 'notification' });
    expect(selectMessageOnScreen(snapshot(notification, ['notification', 'countdown']))).toEqual({ message: notification, kind: 'notification', closing: false });
  });

  it('shows nothing while the message is chosen but its view is not known', () => {
    expect(selectMessageOnScreen(snapshot(popup, []))).toBeNull();
  });
});
