import type { SnapshotFrom } from 'xstate';
import type { ServiceMessage } from '../../contract/content';
import { showsOnPage } from '../../services/content/service-messages';
import type { serviceBannerMachine } from './banners.machine';

type BannerSnapshot = Pick<SnapshotFrom<typeof serviceBannerMachine>, 'matches' | 'hasTag'>;

/** Whether the banner is in the page at all: once its open state is known, and not under a modal on mobile. */
export const selectBannerShown = (snapshot: BannerSnapshot): boolean =>
  !snapshot.matches({ disclosure: 'pending' }) && !snapshot.hasTag('hiddenByModal');

/**
 * Whether a modal on a mobile screen hides the banner (spec section 4). It keeps its place, unseen and out
 * of reach, so nothing under it moves when the modal opens or closes (decision 0038).
 */
export const selectBannerHiddenByModal = (snapshot: BannerSnapshot): boolean => snapshot.hasTag('hiddenByModal');

/** Whether the kept open state is still unread (the page shows the banner as it opens by default meanwhile). */
export const selectBannerPending = (snapshot: BannerSnapshot): boolean => snapshot.matches({ disclosure: 'pending' });

/** Whether the banner shows its text (aria-expanded of its toggle). */
export const selectBannerExpanded = (snapshot: BannerSnapshot): boolean => snapshot.hasTag('expanded');

/** The service messages for this page (their pages and exclusions, spec section 4). */
export const messagesForPage = (messages: readonly ServiceMessage[], pathname: string): ServiceMessage[] => messages.filter((message) => showsOnPage(message, pathname));

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * A message's description as plain lines of text, one per paragraph, line break or list item: what the
 * page shows before the browser can sanitise the editor's HTML (on the server there is no DOM for
 * DOMPurify). Rendered as text, never as HTML, so nothing of the markup reaches the page.
 */
export function descriptionLinesOf(message: ServiceMessage): string[] {
  return message.attributes.description
    .replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .split(/<\/?(?:p|br|li|div|ul|ol|h[1-6])\b[^>]*>/i)
    .map((part) =>
      part
        .replace(/<[^>]*>/g, '')
        .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (entity, name: string) =>
          name.startsWith('#x') || name.startsWith('#X') ? String.fromCodePoint(parseInt(name.slice(2), 16)) : name.startsWith('#') ? String.fromCodePoint(Number(name.slice(1))) : (ENTITIES[name.toLowerCase()] ?? entity),
        )
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((line) => line !== '');
}
