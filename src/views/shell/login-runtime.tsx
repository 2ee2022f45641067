import type { QueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { createActor, fromPromise } from 'xstate';
import type { LoginResult } from '../../contract/auth';
import type { Locale } from '../../contract/locales';
import { loginMachine } from '../../machines/login/login.machine';
import type { AppleAuthorization, LoginInput, SocialPayload } from '../../machines/login/login.types';
import { confirmPassword, loginWithApple, loginWithFacebook, loginWithGoogle, loginWithOtp, loginWithPassword, requestOtpCode, requestPasswordReset } from '../../services/auth/api';
import type { SocialProviderConfig } from '../../services/auth/api';
import { providersQuery } from '../../services/auth/queries';
import { facebookLoginStatus, oidcRedirectUri, signInWithPopup } from '../../services/auth/social';
import { reportError } from '../../services/errors/report';
import { registrationHref } from '../../services/navigation/paths';
import { LoginDialog } from './LoginDialog';
import { SessionActorContext, useLoginActor } from './session-context';
import type { LoginActorRef } from './session-context';

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
 * The sign-in machine with the site's services, started (the LoginHost keeps it and stops it). This module
 * is loaded on demand: the first request to sign in, the login page, or the Google prompt.
 */
export function createLoginActor(queryClient: QueryClient, locale: Locale): LoginActorRef {
  const logic = loginMachine.provide({
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
  });
  const input: LoginInput = { locale, report: reportError };
  return createActor(logic, { input }).start();
}

/** The parts of sign-in that are on every page once loaded: the dialog, and its links to the session. */
export function LoginOverlay({ locale }: { locale: Locale }) {
  return (
    <>
      <LoginEffects locale={locale} />
      <LoginDialog locale={locale} />
    </>
  );
}

export { LoginNotice } from './LoginNotice';
export { GoogleOneTapPrompt } from './GoogleOneTapPrompt';
export { prepareSocialSignIn } from '../../services/auth/social';

function LoginEffects({ locale }: { locale: Locale }) {
  const login = useLoginActor();
  const session = SessionActorContext.useActorRef();
  const router = useRouter();

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

  return null;
}
