import type { SnapshotFrom } from 'xstate';
import type { serviceBannerMachine } from './banners.machine';

type BannerSnapshot = Pick<SnapshotFrom<typeof serviceBannerMachine>, 'matches' | 'hasTag'>;

/** Whether the banner is in the page at all: once its open state is known, and not under a modal on mobile. */
export const selectBannerShown = (snapshot: BannerSnapshot): boolean =>
  !snapshot.matches({ disclosure: 'pending' }) && !snapshot.hasTag('hiddenByModal');

/** Whether the banner shows its text (aria-expanded of its toggle). */
export const selectBannerExpanded = (snapshot: BannerSnapshot): boolean => snapshot.hasTag('expanded');
