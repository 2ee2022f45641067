import type { SnapshotFrom } from 'xstate';
import type { ServiceMessage } from '../../contract/content';
import { sanitizeHtml } from '../../services/content/sanitize-html';
import { showsOnPage } from '../../services/content/service-messages';
import type { serviceBannerMachine } from './banners.machine';

type BannerSnapshot = Pick<SnapshotFrom<typeof serviceBannerMachine>, 'matches' | 'hasTag'>;

/** Whether the banner is in the page at all: once its open state is known, and not under a modal on mobile. */
export const selectBannerShown = (snapshot: BannerSnapshot): boolean =>
  !snapshot.matches({ disclosure: 'pending' }) && !snapshot.hasTag('hiddenByModal');

/** Whether the banner shows its text (aria-expanded of its toggle). */
export const selectBannerExpanded = (snapshot: BannerSnapshot): boolean => snapshot.hasTag('expanded');

/** The service messages for this page (their pages and exclusions, spec section 4). */
export const messagesForPage = (messages: readonly ServiceMessage[], pathname: string): ServiceMessage[] => messages.filter((message) => showsOnPage(message, pathname));

/** A message's description as safe HTML (the CMS's markup, sanitised). */
export const descriptionHtmlOf = (message: ServiceMessage): string => sanitizeHtml(message.attributes.description);
