import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useRouter } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { fromPromise } from 'xstate';
import type { LoginResult } from '../../contract/auth';
import type { Locale } from '../../contract/locales';
import { loginMachine } from '../../machines/login/login.machine';
import type { AppleAuthorization, LoginInput, SocialPayload } from '../../machines/login/login.types';
import { selectIsRestoring, selectIsSignedIn } from '../../machines/session/session.selectors';
import { confirmPassword, loginWithApple, loginWithFacebook, loginWithGoogle, loginWithOtp, loginWithPassword, requestOtpCode, requestPasswordReset } from '../../services/auth/api';
import type { SocialProviderConfig } from '../../services/auth/api';
import { mayOpenLoginDialog, opensLoginDialog } from '../../services/auth/dialog-rules';
import { providersQuery } from '../../services/auth/queries';
import { facebookLoginStatus, oidcRedirectUri, signInWithPopup } from '../../services/auth/social';
import { reportError } from '../../services/errors/report';
import { ANCHORS, registrationHref } from '../../services/navigation/paths';
import { LoginActorContext, SessionActorContext } from './session-context';

/** The provider's OpenID Connect settings, from the providers answer the dialog loaded when it opened. */
function providerConfig(configs: SocialProviderConfig[] | undefined, provider: 'google' | 'apple') {
  const config = configs?.find((entry) => entry.provider === provider);
  return config?.enabled && config.issuer && config.clientId ? { issuer: config.issuer, clientId: config.clientId } : null;
}

function socialLogin(payload: SocialPayload, signal: AbortSignal): Promise<LoginResult> {
  if (payload.provider === 'google') return loginWithGoogle({ token: payload.token }, { signal });
  if (payload.provider === 'apple') return loginWithApple({ authorization: payload.authorization }, { signal });
  return loginWithFacebook({ accessToken: payload.accessToken, userID: payload.userID }, { signal });
}

/**
 * Runs the sign-in dialog's machine for the site and connects it: its login event hands the token to
 * the session; the session's sign-in closes the dialog and its end puts the dialog back to login mode;
 * links to #open-login-popup open it.
 */
export function LoginProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const queryClient = useQueryClient();
  const logic = useMemo(
    () =>
      loginMachine.provide({
        actors: {
          passwordLogin: fromPromise(({ input, signal }) => loginWithPassword(input, { signal })),
          requestOtpCode: fromPromise(async ({ input, signal }) => {
            await requestOtpCode(input, { signal });
            return null;
          }),
          verifyOtp: fromPromise(({ input, signal }) => loginWithOtp(input, { signal })),
          confirmPassword: fromPromise(({ input, signal }) => confirmPassword(input, { signal })),
          requestPasswordReset: fromPromise(async ({ input, signal }) => {
            await requestPasswordReset({ email: input.email, language: input.locale }, { signal });
            return null;
          }),
          // Started within the click, so the provider's popup is allowed to open (see services/auth/social.ts).
          googleCredential: fromPromise(async ({ input }) => {
            const config = providerConfig(queryClient.getQueryData(providersQuery().queryKey), 'google');
            if (!config) return { credential: null };
            const { idToken } = await signInWithPopup(config, oidcRedirectUri(window.location.origin, input.locale));
            return { credential: idToken };
          }),
          appleAuthorization: fromPromise(async ({ input }): Promise<{ authorization: AppleAuthorization | null }> => {
            const config = providerConfig(queryClient.getQueryData(providersQuery().queryKey), 'apple');
            if (!config) return { authorization: null };
            // The code was spent on the ID token by the browser's code exchange: only the ID token goes on.
            const { idToken } = await signInWithPopup(config, oidcRedirectUri(window.location.origin, input.locale));
            return { authorization: idToken ? { id_token: idToken } : null };
          }),
          facebookStatus: fromPromise(() => facebookLoginStatus()),
          socialLogin: fromPromise(({ input, signal }) => socialLogin(input, signal)),
        },
      }),
    [queryClient],
  );
  const [input] = useState<LoginInput>(() => ({ locale, report: reportError }));
  return (
    <LoginActorContext.Provider logic={logic} options={{ input }}>
      <LoginEffects locale={locale} />
      {children}
    </LoginActorContext.Provider>
  );
}

function LoginEffects({ locale }: { locale: Locale }) {
  const login = LoginActorContext.useActorRef();
  const session = SessionActorContext.useActorRef();
  const signedIn = SessionActorContext.useSelector(selectIsSignedIn);
  const restoring = SessionActorContext.useSelector(selectIsRestoring);
  const router = useRouter();
  const { pathname, hash } = useLocation();

  useEffect(() => {
    const subscriptions = [
      // The login event: the session checks the token and stores it.
      login.on('login.succeeded', (event) => session.send({ type: 'token.received', token: event.token })),
      login.on('registration.required', (event) => {
        void router.navigate({ href: registrationHref(locale, event.registrationToken) });
      }),
      // A valid token closes the dialog; the end of a session puts it back to login mode (spec section 4).
      session.on('session.signedIn', () => login.send({ type: 'dialog.close' })),
      // (Not when the page merely found no stored token: a sign-in may already be under way.)
      session.on('session.ended', (event) => {
        if (event.reason === 'logout' || event.reason === 'unauthorized' || event.reason === 'expired') login.send({ type: 'login.reset' });
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [login, session, router, locale]);

  useEffect(() => {
    login.send({ type: 'locale.changed', locale });
  }, [login, locale]);

  // Any link to #open-login-popup opens the dialog instead of navigating.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a') : null;
      if (!link || !opensLoginDialog(link.getAttribute('href'))) return;
      event.preventDefault();
      if (mayOpenLoginDialog(router.state.location.pathname, signedIn)) login.send({ type: 'dialog.open' });
    };
    // Capture: before the router's own link handling.
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [login, router, signedIn]);

  // A page address ending in #open-login-popup opens the dialog once the stored token has been read.
  useEffect(() => {
    if (restoring || `#${hash}` !== ANCHORS.openLoginPopup) return;
    if (mayOpenLoginDialog(pathname, signedIn)) login.send({ type: 'dialog.open' });
  }, [login, restoring, hash, pathname, signedIn]);

  return null;
}
