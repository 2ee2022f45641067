import type { SnapshotFrom } from 'xstate';
import { ROUTES, pathWithoutLocale } from '../../services/navigation/paths';
import { selectPromptVisible } from '../google-prompt/google-prompt.selectors';
import type { googlePromptMachine } from '../google-prompt/google-prompt.machine';
import { selectKindOnScreen } from '../targeted/targeted.selectors';
import type { targetedMessagesMachine } from '../targeted/targeted.machine';

/**
 * What floats over the page and takes the visitor's attention, apart from the consent banner: a targeted
 * message (a popup or a notification, one flow with one message on screen at a time) and the Google
 * one-tap prompt. The app shows one of them at a time; the consent banner is never held (see
 * docs/decisions/0032-one-overlay-at-a-time.md). Service banners are no overlay: they sit in the page, under
 * the header, and cover nothing.
 */
export const OVERLAYS = ['targeted', 'googlePrompt'] as const;
export type OverlayId = (typeof OVERLAYS)[number];

/**
 * The order in which waiting overlays come up, first first: the targeted message (editors chose it for
 * this visitor and page, and it may count down), then the Google prompt (offered at most once a day, it
 * can wait for a later moment).
 */
export const OVERLAY_PRIORITY: readonly OverlayId[] = ['targeted', 'googlePrompt'];

/** Adds an overlay to those waiting (once), keeping them in priority order. */
export function withWaiting(waiting: readonly OverlayId[], overlay: OverlayId): OverlayId[] {
  const next = waiting.includes(overlay) ? [...waiting] : [...waiting, overlay];
  return next.sort((a, b) => OVERLAY_PRIORITY.indexOf(a) - OVERLAY_PRIORITY.indexOf(b));
}

/** The pages that show search results: the hotels found, and a hotel's rooms and rates. */
const RESULTS_PAGES: readonly string[] = [ROUTES.findAHotel, ROUTES.booking.selectRoomRate];

/** Whether the path is a page with search results (in any language, with or without a trailing slash). */
export function isResultsPath(pathname: string): boolean {
  const path = pathWithoutLocale(pathname).replace(/\/+$/, '').toLowerCase();
  return RESULTS_PAGES.includes(path);
}

/** Whether an overlay's flow has it on screen now, read from the flow's own snapshot. */
export const OVERLAY_SHOWN: {
  targeted: (snapshot: SnapshotFrom<typeof targetedMessagesMachine>) => boolean;
  googlePrompt: (snapshot: SnapshotFrom<typeof googlePromptMachine>) => boolean;
} = {
  targeted: (snapshot) => selectKindOnScreen(snapshot) !== null,
  googlePrompt: (snapshot) => selectPromptVisible(snapshot),
};
