import type { ThemeId } from '../contract/themes';

/**
 * The theme of pages that belong to no brand. The spec reads it both as `{product}` and as `hworld`;
 * we use `hworld`, the group's identity (see docs/decisions/0002-default-and-in-house-themes.md).
 */
export const DEFAULT_THEME: ThemeId = 'hworld';

/** The theme of the check-in and checkout flows, which in-house guests use on the hotel's behalf. */
export const IN_HOUSE_THEME: ThemeId = 'product';
