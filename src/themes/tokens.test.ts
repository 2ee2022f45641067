import { describe, expect, it } from 'vitest';
import { THEME_IDS } from '../contract/themes';
import { DEFAULT_THEME, IN_HOUSE_THEME } from './defaults';
import { THEMES, themeCssVariables } from './tokens';

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('theme tokens', () => {
  it('exist for every theme id of the specification', () => {
    expect(Object.keys(THEMES).sort()).toEqual([...THEME_IDS].sort());
  });

  it.each(THEME_IDS)('%s keeps text readable (WCAG AA 4.5:1)', (id) => {
    const { colors } = THEMES[id];
    expect(contrast(colors.text, colors.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colors.text, colors.surface)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colors.muted, colors.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colors.onPrimary, colors.primary)).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#ffffff', colors.accent)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colors.primary, colors.background)).toBeGreaterThanOrEqual(4.5);
  });

  it('become CSS custom properties', () => {
    const variables = themeCssVariables(THEMES.jaz);
    expect(variables['--color-primary']).toBe(THEMES.jaz.colors.primary);
    expect(Object.keys(variables).every((name) => name.startsWith('--'))).toBe(true);
  });

  it('name a default and an in-house theme that differ', () => {
    expect(DEFAULT_THEME).toBe('hworld');
    expect(IN_HOUSE_THEME).not.toBe(DEFAULT_THEME);
  });
});
