import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { AUTH_LIMITS } from '../../contract/auth';
import type { Locale } from '../../contract/locales';
import type { LoginEntryMode } from '../../machines/login/login.types';
import { selectIsRestoring, selectIsSignedIn } from '../../machines/session/session.selectors';
import { mayOpenLoginDialog, mayPromptGoogle, opensLoginDialog } from '../../services/auth/dialog-rules';
import { isFlagSet, PERSISTED_KEYS, PERSISTED_LIFETIMES_MS, setFlag } from '../../services/auth/persisted-values';
import { providersQuery } from '../../services/auth/queries';
import { isSignInPopup } from '../../services/auth/social';
import { hasConsent } from '../../services/consent/consent';
import { reportError } from '../../services/errors/report';
import { ANCHORS } from '../../services/navigation/paths';
import { useConsent } from './consent/use-consent';
import { useFlag } from './flags-context';
import { LoginControlContext, SessionActorContext, useLoginControl } from './session-context';
import type * as LoginRuntimeModule from './login-runtime';
import type { LoginActorRef, LoginControl } from './session-context';

type LoginRuntime = typeof LoginRuntimeModule;

interface HostState extends LoginControl {
  runtime: LoginRuntime | null;
}

/**
 * Keeps the sign-in machine and dialog out of the page's first load (they are most of sign-in's code):
 * they load the first time they are needed, and a request to open the dialog made before that is kept
 * and carried out once they are there. Links to #open-login-popup and a page address ending in it are
 * handled here, so they work from the first click.
 */
export function LoginHost({ locale, children }: { locale: Locale; children: ReactNode }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [runtime, setRuntime] = useState<LoginRuntime | null>(null);
  const [actor, setActor] = useState<LoginActorRef | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const loading = useRef<Promise<LoginRuntime> | null>(null);
  const pendingOpen = useRef<{ mode?: LoginEntryMode } | null>(null);
  // The language the machine starts in (later changes reach it as events, see login-runtime.tsx).
  const localeNow = useRef(locale);
  useEffect(() => {
    localeNow.current = locale;
  }, [locale]);

  const load = useCallback(() => {
    setLoadFailed(false);
    loading.current ??= import('./login-runtime').then(
      (module) => {
        setRuntime(() => module);
        return module;
      },
      (error: unknown) => {
        loading.current = null;
        reportError(error, 'login: loading the sign-in');
        setLoadFailed(true);
        throw error;
      },
    );
    loading.current.catch(() => undefined);
  }, []);

  // One machine for the site, from the moment the code is there until the shell goes.
  useEffect(() => {
    if (!runtime) return undefined;
    const created = runtime.createLoginActor(queryClient, localeNow.current);
    setActor(created);
    return () => {
      created.stop();
      setActor(null);
    };
  }, [runtime, queryClient]);

  useEffect(() => {
    const pending = pendingOpen.current;
    if (!actor || !pending) return;
    pendingOpen.current = null;
    actor.send(pending.mode ? { type: 'dialog.open', mode: pending.mode } : { type: 'dialog.open' });
  }, [actor]);

  const open = useCallback(
    (mode?: LoginEntryMode) => {
      if (actor) {
        actor.send(mode ? { type: 'dialog.open', mode } : { type: 'dialog.open' });
        return;
      }
      pendingOpen.current = mode ? { mode } : {};
      load();
    },
    [actor, load],
  );

  const control = useMemo<HostState>(() => ({ actor, open, load, runtime }), [actor, open, load, runtime]);
  return (
    <LoginControlContext.Provider value={control}>
      <LoginLinks open={open} />
      {children}
      {runtime && actor ? <runtime.LoginOverlay locale={locale} /> : null}
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
    </LoginControlContext.Provider>
  );
}

function useHostState(): HostState {
  return useLoginControl() as HostState;
}

/** What a refused sign-in leaves behind once the dialog has closed; nothing before sign-in was loaded. */
export function LoginNoticeSlot() {
  const { runtime, actor } = useHostState();
  return runtime && actor ? <runtime.LoginNotice /> : null;
}

/** Links to #open-login-popup, and a page address ending in it, open the dialog. */
function LoginLinks({ open }: { open: (mode?: LoginEntryMode) => void }) {
  const signedIn = SessionActorContext.useSelector(selectIsSignedIn);
  const restoring = SessionActorContext.useSelector(selectIsRestoring);
  const router = useRouter();
  const { pathname, hash } = useLocation();

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a') : null;
      if (!link || !opensLoginDialog(link.getAttribute('href'))) return;
      event.preventDefault();
      if (mayOpenLoginDialog(router.state.location.pathname, signedIn)) open();
    };
    // Capture: before the router's own link handling.
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [open, router, signedIn]);

  // Once the stored token has been read.
  useEffect(() => {
    if (restoring || `#${hash}` !== ANCHORS.openLoginPopup) return;
    if (mayOpenLoginDialog(pathname, signedIn)) open();
  }, [open, restoring, hash, pathname, signedIn]);

  return null;
}

/** Whether a modal overlay is open on the page (the sign-in dialog, or any other modal). */
function overlayOpen(): boolean {
  return document.querySelector('dialog[open], [aria-modal="true"]:not([hidden])') !== null;
}

/**
 * The Google one-tap prompt: 500 ms after a page opens, when mayPromptGoogle allows it. Shown at most
 * once a day (the login-shown flag); its button starts the same Google sign-in as the dialog's.
 */
function GooglePrompt() {
  const { runtime, actor, load } = useHostState();
  const queryClient = useQueryClient();
  const signedIn = SessionActorContext.useSelector(selectIsSignedIn);
  const restoring = SessionActorContext.useSelector(selectIsRestoring);
  const googleFlag = useFlag('Google Sign-In');
  // Without consent to social sign-in nothing is planned: no providers request, no sign-in code loaded.
  const consented = useConsent('socialSignIn');
  const location = useLocation();
  const [wanted, setWanted] = useState(false);
  const conditions = { pathname: location.pathname, search: location.search as Record<string, unknown>, signedOut: !restoring && !signedIn, consented };
  const allowedHere = mayPromptGoogle({ ...conditions, googleAvailable: googleFlag, shownRecently: false, overlayOpen: false });

  useEffect(() => {
    if (!allowedHere || wanted || isSignInPopup()) return undefined;
    let cancelled = false;
    const timer = window.setTimeout(() => {
      void queryClient
        .fetchQuery(providersQuery())
        .then((providers) => {
          const googleAvailable = providers.some((entry) => entry.provider === 'google' && entry.enabled);
          const shownRecently = isFlagSet(PERSISTED_KEYS.loginShown, Date.now());
          const now = { googleAvailable, shownRecently, overlayOpen: overlayOpen(), consented: hasConsent('socialSignIn') };
          if (cancelled || !mayPromptGoogle({ ...conditions, ...now })) return;
          setFlag(PERSISTED_KEYS.loginShown, PERSISTED_LIFETIMES_MS.loginShown, Date.now());
          load();
          setWanted(true);
        })
        .catch((error: unknown) => reportError(error, 'login: Google prompt'));
    }, AUTH_LIMITS.googlePromptDelayMs);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
    // The prompt is planned again on each page (the path), not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [allowedHere, location.pathname, wanted, queryClient, load]);

  if (!wanted || !allowedHere || !runtime || !actor) return null;
  return <runtime.GoogleOneTapPrompt onDismiss={() => setWanted(false)} />;
}
