import { describe, expect, it } from 'vitest';
import { selectOverlayMayShow } from './app.selectors';

describe('app selectors', () => {
  it('lets only the overlay on screen show', () => {
    const snapshot = { context: { overlayOnScreen: 'targeted' as const } };
    expect(selectOverlayMayShow('targeted')(snapshot)).toBe(true);
    expect(selectOverlayMayShow('googlePrompt')(snapshot)).toBe(false);
    expect(selectOverlayMayShow('targeted')({ context: { overlayOnScreen: null } })).toBe(false);
  });
});
