import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { THEME_IDS } from '../contract/themes';
import { DEFAULT_THEME, IN_HOUSE_THEME, SPACE_STEPS, TYPE_STEPS } from './defaults';
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

  it.each(THEME_IDS)('%s sets a rising type scale, the spacing scale and the card tokens', (id) => {
    const variables = themeCssVariables(THEMES[id]);
    const rem = (name: string) => Number.parseFloat(variables[name] ?? 'NaN');
    const sizes = Object.keys(TYPE_STEPS).map((step) => rem(`--text-${step}`));
    expect(sizes.every((size, index) => index === 0 || size > (sizes[index - 1] ?? Infinity))).toBe(true);
    // Body text never below 1rem, the smallest step (legal notes, hints) never below 12px.
    expect(rem('--text-md')).toBeGreaterThanOrEqual(1);
    expect(rem('--text-xs')).toBeGreaterThanOrEqual(0.75);
    const spaces = SPACE_STEPS.map((_, index) => rem(`--space-${index + 1}`));
    expect(spaces.every((space, index) => index === 0 || space > (spaces[index - 1] ?? Infinity))).toBe(true);
    for (const name of ['--card-radius', '--card-border-width', '--card-shadow', '--card-shadow-hover', '--focus-ring-color']) {
      expect(variables[name], name).toBeTruthy();
    }
  });

  it.each(THEME_IDS)('%s shows the focus ring against page and surface (3:1)', (id) => {
    const { colors } = THEMES[id];
    const ring = themeCssVariables(THEMES[id])['--focus-ring-color'] ?? '';
    expect(contrast(ring, colors.background)).toBeGreaterThanOrEqual(3);
    expect(contrast(ring, colors.surface)).toBeGreaterThanOrEqual(3);
  });

  it('define every custom property the shared style sheets read', () => {
    const defined = new Set(Object.keys(themeCssVariables(THEMES[DEFAULT_THEME])));
    for (const sheet of ['../views/shell/site.css', '../views/search/search.css']) {
      const css = readFileSync(new URL(sheet, import.meta.url), 'utf8');
      const local = new Set([...css.matchAll(/(--[a-z0-9-]+)\s*:/g)].map((match) => match[1]));
      // A var() with a fallback may be unset; one without must come from the theme or the sheet itself.
      const read = [...css.matchAll(/var\((--[a-z0-9-]+)\s*\)/g)].map((match) => match[1] ?? '');
      const undefinedNames = read.filter((name) => !defined.has(name) && !local.has(name));
      expect(undefinedNames, sheet).toEqual([]);
    }
  });

  it('name a default and an in-house theme that differ', () => {
    expect(DEFAULT_THEME).toBe('hworld');
    expect(IN_HOUSE_THEME).not.toBe(DEFAULT_THEME);
  });
});
