import type { TargetedMessage } from '../../contract/content';
import type { TargetedContext, TargetedTag } from './targeted.types';

/** What the selectors read: a machine snapshot, or a hand-made object of the same shape (tests). */
interface TargetedSnapshot {
  context: Pick<TargetedContext, 'current'>;
  hasTag: (tag: TargetedTag) => boolean;
}

export interface MessageOnScreen {
  message: TargetedMessage;
  kind: 'notification' | 'popup';
  /** A closed popup on its way out (the popup close delay). */
  closing: boolean;
}

/** The message on screen and how it shows, or null when there is none. */
export function selectMessageOnScreen(snapshot: TargetedSnapshot): MessageOnScreen | null {
  const message = snapshot.context.current;
  if (message === null) return null;
  const kind = snapshot.hasTag('popup') ? 'popup' : snapshot.hasTag('notification') ? 'notification' : null;
  if (kind === null) return null;
  return { message, kind, closing: snapshot.hasTag('closing') };
}
