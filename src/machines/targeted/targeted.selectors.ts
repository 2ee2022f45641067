import type { TargetedMessage } from '../../contract/content';
import { callToActionHref } from '../../services/content/targeted-messages';
import type { TargetedContext, TargetedTag } from './targeted.types';

/** What the selectors read: a machine snapshot, or a hand-made object of the same shape (tests). */
interface TargetedSnapshot {
  context: Pick<TargetedContext, 'current' | 'locale'>;
  hasTag: (tag: TargetedTag) => boolean;
}

export interface MessageOnScreen {
  message: TargetedMessage;
  kind: 'notification' | 'popup';
  /** A closed popup on its way out (the popup close delay). */
  closing: boolean;
  /** Where its call to action leads (a page of the site, in the page's language, or an https address), if anywhere. */
  cta: { href: string; internal: boolean } | null;
}

/** The message on screen and how it shows, or null when there is none. */
export function selectMessageOnScreen(snapshot: TargetedSnapshot): MessageOnScreen | null {
  const message = snapshot.context.current;
  if (message === null) return null;
  const kind = snapshot.hasTag('popup') ? 'popup' : snapshot.hasTag('notification') ? 'notification' : null;
  if (kind === null) return null;
  return { message, kind, closing: snapshot.hasTag('closing'), cta: callToActionHref(snapshot.context.locale, message.attributes.ctaLink) };
}

/** How the message on screen shows (a value that changes only when the view does), or null. */
export function selectKindOnScreen(snapshot: TargetedSnapshot): MessageOnScreen['kind'] | null {
  return selectMessageOnScreen(snapshot)?.kind ?? null;
}

/** Every fact is known and the triggers run: the place for notifications can be in the page. */
export const selectIsReady = (snapshot: Pick<TargetedSnapshot, 'hasTag'>): boolean => snapshot.hasTag('ready');
