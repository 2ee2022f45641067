import type { ThemeId } from '../../contract/themes';

export interface AppearanceContext {
  /** The path now shown. */
  pathname: string;
  /** The theme of the brand the page belongs to, and the path that announced it. */
  brandTheme: ThemeId | null;
  brandPathname: string | null;
  /** The theme now in force. */
  theme: ThemeId;
}

export type AppearanceEvent =
  | { type: 'path.changed'; pathname: string }
  | { type: 'brand.shown'; pathname: string; theme: ThemeId }
  | { type: 'brand.cleared'; pathname: string };

export interface AppearanceInput {
  pathname: string;
}
