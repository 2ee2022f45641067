import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useMemo } from 'react';
import type { ReactNode } from 'react';
import type { Locale } from '../../../contract/locales';
import { createLiveGooglePromptLogic } from '../../../machines/google-prompt/google-prompt.live';
import { selectPromptReady, selectPromptVisible } from '../../../machines/google-prompt/google-prompt.selectors';
import { useFlagSource } from '../../shell/flags-context';
import { useAppSystem, useLoginControl } from '../../shell/session-context';

const LoginOverlay = lazy(() => import('./login-runtime').then((module) => ({ default: module.LoginOverlay })));
const LoginNotice = lazy(() => import('./login-runtime').then((module) => ({ default: module.LoginNotice })));
const GoogleOneTapPrompt = lazy(() => import('./login-runtime').then((module) => ({ default: module.GoogleOneTapPrompt })));

/**
 * The sign-in dialog's place on every page. Its machine is the app's `login` actor, loaded and started by
 * the app the first time someone asks to sign in; its views are their own chunk, rendered from then on.
 * Links to #open-login-popup reach the app from the edge (src/app-actor.ts), so they work from the first click.
 */
export function LoginHost({ locale, children }: { locale: Locale; children: ReactNode }) {
  const { t } = useLingui();
  const { actor, open, loadFailed } = useLoginControl();
  return (
    <>
      {children}
      {actor ? (
        <Suspense fallback={null}>
          <LoginOverlay locale={locale} />
        </Suspense>
      ) : null}
      <GooglePrompt />
      {loadFailed ? (
        <div className="login-notice login-notice--floating" role="alert">
          <p>{t`Sign in could not be loaded. Check your connection and try again.`}</p>
          <p className="login-notice__actions">
            <button type="button" className="button button--primary" onClick={() => open()}>
              {t`Try again`}
            </button>
          </p>
        </div>
      ) : null}
    </>
  );
}

/** What a refused sign-in leaves behind once the dialog has closed; nothing before sign-in was loaded. */
export function LoginNoticeSlot() {
  const { actor } = useLoginControl();
  return actor ? (
    <Suspense fallback={null}>
      <LoginNotice />
    </Suspense>
  ) : null;
}


/**
 * The Google one-tap prompt (machines/google-prompt): planned on each page, shown at most once a day; its
 * button starts the same Google sign-in as the dialog's. Its machine starts in the browser only.
 */
function GooglePrompt() {
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
  const prompt = useActorRef(logic);
  const visible = useSelector(prompt, selectPromptVisible);
  const ready = useSelector(prompt, selectPromptReady);
  const { actor } = useLoginControl();
  if (!visible || !actor) return null;
  return (
    <Suspense fallback={null}>
      <GoogleOneTapPrompt ready={ready} onStart={() => prompt.send({ type: 'prompt.start' })} onDismiss={() => prompt.send({ type: 'prompt.dismiss' })} />
    </Suspense>
  );
}
