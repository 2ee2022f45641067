import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { TargetedMessage } from '../../../contract/content';
import type { Locale } from '../../../contract/locales';
import { targetedMessagesMachine } from '../../../machines/targeted/targeted.machine';
import { selectMessageOnScreen } from '../../../machines/targeted/targeted.selectors';
import type { PageFacts, VisitorFacts } from '../../../machines/targeted/targeted.types';
import { hasConsent } from '../../../services/consent/consent';
import { readSeenIds, writeSeenIds } from '../../../services/content/targeted-messages';
import { TargetedNotification, TargetedPopup } from './TargetedMessageViews';
import './targeted.css';

export interface TargetedMessagesProps {
  locale: Locale;
  messages: readonly TargetedMessage[];
  page: PageFacts;
  visitor: VisitorFacts;
  /** How many times a member has signed in since the page opened: each new one is the onLogin trigger. */
  logins: number;
  host: string;
}

/** Mouse, touch and key activity (spec section 4): any of them starts the inactivity period again. */
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'wheel', 'touchstart', 'keydown'] as const;

/**
 * Runs the targeted-message machine for the page and shows its message: a notification beside the page
 * or a popup over it. Loaded on demand by TargetedMessagesHost once there are messages to consider; it
 * reports the page, the visitor, sign-ins, activity and scrolling to the machine and renders what the
 * machine shows. Seen ids are kept only with consent to targeted messages.
 */
export default function TargetedMessages({ locale, messages, page, visitor, logins, host }: TargetedMessagesProps) {
  const [machine] = useState(() =>
    targetedMessagesMachine.provide({
      actions: {
        persistSeen: (_, { seenIds }) => {
          if (hasConsent('targetedMessages')) writeSeenIds(seenIds);
        },
      },
    }),
  );
  // Rendered only in the browser, after the page was taken over: storage may be read here.
  const actor = useActorRef(machine, { input: { messages, seenIds: readSeenIds(), page, visitor, host, now: Date.now } });

  // A sign-in that happened before this part of the page had loaded still counts: from none.
  const sent = useRef({ messages, page, visitor, logins: 0 });
  useEffect(() => {
    const last = sent.current;
    if (messages !== last.messages) actor.send({ type: 'messages.updated', messages });
    if (page !== last.page) actor.send({ type: 'page.changed', page });
    if (logins !== last.logins) actor.send({ type: 'visitor.loggedIn', visitor });
    else if (visitor !== last.visitor) actor.send({ type: 'visitor.changed', visitor });
    sent.current = { messages, page, visitor, logins };
  }, [actor, messages, page, visitor, logins]);

  useEffect(() => {
    const active = () => actor.send({ type: 'visitor.active' });
    const scrolled = () => actor.send({ type: 'page.scrolled' });
    const options = { passive: true, capture: true } as const;
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, active, options);
    window.addEventListener('scroll', scrolled, options);
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, active, options);
      window.removeEventListener('scroll', scrolled, options);
    };
  }, [actor]);

  const onScreen = useSelector(actor, selectMessageOnScreen);
  const close = () => actor.send({ type: 'message.close' });
  return (
    <>
      {/* Present before a notification arrives, so screen readers announce it when it does. */}
      <div className="targeted-notifications" aria-live="polite">
        {onScreen?.kind === 'notification' ? <TargetedNotification key={onScreen.message.id} locale={locale} message={onScreen.message} onClose={close} /> : null}
      </div>
      {onScreen?.kind === 'popup' ? (
        <TargetedPopup key={onScreen.message.id} locale={locale} message={onScreen.message} closing={onScreen.closing} onClose={close} />
      ) : null}
    </>
  );
}
