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
  /**
   * The brand of the page the actor starts on, when it is known then (the route's content is loaded
   * before the first render, on the server and in the browser alike): the first render is in its theme,
   * so nothing changes size when the actor starts.
   */
  brandTheme?: ThemeId | null;
}
