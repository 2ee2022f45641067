import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useMemo } from 'react';
import { selectOverlayMayShow } from '../../../machines/app/app.selectors';
import { createLiveGooglePromptLogic } from '../../../machines/google-prompt/google-prompt.live';
import { selectPromptReady, selectPromptVisible } from '../../../machines/google-prompt/google-prompt.selectors';
import { useFlagSource } from '../../shell/flags-context';
import { useAppSelector, useAppSystem, useLoginControl } from '../../shell/session-context';

const mayShowPrompt = selectOverlayMayShow('googlePrompt');

const GoogleOneTapPrompt = lazy(() => import('./login-runtime').then((module) => ({ default: module.GoogleOneTapPrompt })));

/**
 * The Google one-tap prompt (machines/google-prompt): planned on each page, shown at most once a day; its
 * button starts the same Google sign-in as the dialog's. Its machine starts in the browser only, and its code loads only with consent to social sign-in (LoginHost).
 * The app follows it as one of the overlays: it shows when the app lets it (one at a time, none before
 * the visitor has seen search results).
 */
export default function GooglePrompt() {
  const { app } = useAppSystem();
  const queryClient = useQueryClient();
  const router = useRouter();
  const flags = useFlagSource();
  const logic = useMemo(() => {
    const page = {
      read: () => ({ pathname: router.state.location.pathname, search: router.state.location.search as Record<string, unknown> }),
      subscribe: (onChange: () => void) => router.subscribe('onResolved', onChange),
    };
    return createLiveGooglePromptLogic({ app, page, flags, queryClient });
  }, [app, router, flags, queryClient]);
  // The prompt tells the app itself when it starts and stops (its live logic), so the app follows it as an overlay.
  const prompt = useActorRef(logic);
  const mayShow = useAppSelector(mayShowPrompt);
  const visible = useSelector(prompt, selectPromptVisible) && mayShow;
  const ready = useSelector(prompt, selectPromptReady);
  const { actor } = useLoginControl();
  if (!visible || !actor) return null;
  return (
    <Suspense fallback={null}>
      <GoogleOneTapPrompt ready={ready} onStart={() => prompt.send({ type: 'prompt.start' })} onDismiss={() => prompt.send({ type: 'prompt.dismiss' })} />
    </Suspense>
  );
}
