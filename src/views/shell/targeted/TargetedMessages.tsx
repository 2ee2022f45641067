import { useSelector } from '@xstate/react';
import type { TargetedRef } from '../../../machines/app/app.types';
import { selectMessageOnScreen } from '../../../machines/targeted/targeted.selectors';
import { TargetedNotification, TargetedPopup } from './TargetedMessageViews';
import './targeted.css';

export interface TargetedMessagesProps {
  actor: TargetedRef;
}

/**
 * The message the targeted-message flow shows: a notification beside the page or a popup over it.
 * Loaded on demand by TargetedMessagesHost, which places it (a notification inside the page's live
 * region); closing it, however the visitor does, is the flow's `message.close`.
 */
export default function TargetedMessages({ actor }: TargetedMessagesProps) {
  const onScreen = useSelector(actor, selectMessageOnScreen);
  if (onScreen === null) return null;
  const close = () => actor.send({ type: 'message.close' });
  return onScreen.kind === 'notification' ? (
    <TargetedNotification key={onScreen.message.id} cta={onScreen.cta} message={onScreen.message} onClose={close} />
  ) : (
    <TargetedPopup key={onScreen.message.id} cta={onScreen.cta} message={onScreen.message} closing={onScreen.closing} onClose={close} />
  );
}
