import { describe, expect, it } from 'vitest';
import { selectTheme } from './appearance.selectors';

describe('selectTheme', () => {
  it('reads the theme in force from a snapshot', () => {
    const snapshot = { context: { pathname: '/en/', brandTheme: 'maxx', brandPathname: '/en/', theme: 'maxx' } } as const;
    expect(selectTheme(snapshot)).toBe('maxx');
  });
});
