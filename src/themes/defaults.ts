import type { ThemeId } from '../contract/themes';

/**
 * The theme of pages that belong to no brand. The spec reads it both as `{product}` and as `hworld`;
 * we use `hworld`, the group's identity (see docs/decisions/0002-default-and-in-house-themes.md).
 */
export const DEFAULT_THEME: ThemeId = 'hworld';

/** The theme of the check-in and checkout flows, which in-house guests use on the hotel's behalf. */
export const IN_HOUSE_THEME: ThemeId = 'product';

/**
 * The visual system every theme starts from (docs/decisions/0035-visual-system-and-local-illustrations.md).
 * Type: a modular scale, `--text-{name}` = base × ratio^step above the body size; a theme may change base
 * and ratio. Below the body size every theme steps by SMALL_TYPE_RATIO, so hints and notes stay legible.
 */
export const TYPE_STEPS = { xs: -2, sm: -1, md: 0, lg: 1, xl: 2, '2xl': 3, '3xl': 4, '4xl': 5 } as const;
export const DEFAULT_TYPE_SCALE = { baseRem: 1, ratio: 1.2 } as const;
export const SMALL_TYPE_RATIO = 1.125;

/** Spacing: `--space-1` … `--space-8` are these multiples of the theme's unit (0.25rem: 4px steps up to 64px). */
export const SPACE_STEPS = [1, 2, 3, 4, 6, 8, 12, 16] as const;
export const DEFAULT_SPACE_UNIT_REM = 0.25;

/** Cards: a hairline border and a soft shadow that deepens under the pointer. */
export const DEFAULT_CARD = {
  borderWidth: '1px',
  shadow: '0 1px 2px rgb(0 0 0 / 6%), 0 2px 8px rgb(0 0 0 / 5%)',
  shadowHover: '0 2px 4px rgb(0 0 0 / 8%), 0 8px 24px rgb(0 0 0 / 12%)',
} as const;
