import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect } from 'react';
import { selectOverlayMayShow } from '../../../machines/app/app.selectors';
import type { TargetedRef } from '../../../machines/app/app.types';
import { selectIsReady, selectKindOnScreen } from '../../../machines/targeted/targeted.selectors';
import { useAppSelector } from '../session-context';

const TargetedMessages = lazy(() => import('./TargetedMessages'));

const mayShowTargeted = selectOverlayMayShow('targeted');

/** Mouse, touch and key activity (spec section 4): any of them starts the inactivity period again. */
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'wheel', 'touchstart', 'keydown'] as const;

/**
 * The shell's place for targeted messages (spec section 4). The app runs their flow (`targeted`) once
 * the visitor may be shown them; until then nothing is here. The message views are loaded only when
 * the flow brings up a message, and it shows only when the app lets it: one overlay at a time, none
 * before the visitor has seen search results (machines/app/app.overlays.ts).
 */
export function TargetedMessagesHost() {
  const targeted = useAppSelector((snapshot) => snapshot.context.targeted);
  const mayShow = useAppSelector(mayShowTargeted);
  return targeted ? <TargetedMessagesOf actor={targeted} mayShow={mayShow} /> : null;
}

/**
 * The flow's message on screen, and the page's activity and scrolling reported to it. `mayShow`: the app
 * lets the message be the overlay on screen now; until then the flow's message waits, unseen.
 */
export function TargetedMessagesOf({ actor, mayShow }: { actor: TargetedRef; mayShow: boolean }) {
  const ready = useSelector(actor, selectIsReady);
  const flowKind = useSelector(actor, selectKindOnScreen);
  const kind = mayShow ? flowKind : null;

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
