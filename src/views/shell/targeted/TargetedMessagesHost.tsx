import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect } from 'react';
import type { TargetedRef } from '../../../machines/app/app.types';
import { selectIsReady, selectKindOnScreen } from '../../../machines/targeted/targeted.selectors';
import { useAppSelector } from '../session-context';

const TargetedMessages = lazy(() => import('./TargetedMessages'));

/** Mouse, touch and key activity (spec section 4): any of them starts the inactivity period again. */
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'wheel', 'touchstart', 'keydown'] as const;

/**
 * The shell's place for targeted messages (spec section 4). The app runs their flow (`targeted`) once
 * the visitor may be shown them; until then nothing is here. The message views are loaded only when
 * the flow brings up a message.
 */
export function TargetedMessagesHost() {
  const targeted = useAppSelector((snapshot) => snapshot.context.targeted);
  return targeted ? <TargetedMessagesOf actor={targeted} /> : null;
}

/** The flow's message on screen, and the page's activity and scrolling reported to it. */
export function TargetedMessagesOf({ actor }: { actor: TargetedRef }) {
  const ready = useSelector(actor, selectIsReady);
  const kind = useSelector(actor, selectKindOnScreen);

  // DOM work: the window's activity and scroll events reach the flow (its inactivity and scroll triggers).
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

  if (!ready) return null;
  const message = kind ? (
    <Suspense fallback={null}>
      <TargetedMessages actor={actor} />
    </Suspense>
  ) : null;
  return (
    <>
      {/* Present before a notification arrives, so screen readers announce it when it does. */}
      <div className="targeted-notifications" aria-live="polite">
        {kind === 'notification' ? message : null}
      </div>
      {kind === 'popup' ? message : null}
    </>
  );
}
