import * as v from 'valibot';

/** The theme ids of the specification. `product` stands for the spec's `{product}` theme. */
export const THEME_IDS = [
  'steigenberger',
  'intercity',
  'maxx',
  'jaz',
  'zleep',
  'zleep-new',
  'icons',
  'hworld',
  'product',
  'porsche',
  'houseofbeat',
  'partners',
] as const;
export type ThemeId = (typeof THEME_IDS)[number];
export const ThemeIdSchema = v.picklist(THEME_IDS);
