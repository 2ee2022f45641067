import type { QueryClient } from '@tanstack/react-query';
import { fromCallback, fromPromise } from 'xstate';
import type { LoginResult } from '../../contract/auth';
import { confirmPassword, loginWithApple, loginWithFacebook, loginWithGoogle, loginWithOtp, loginWithPassword, requestOtpCode, requestPasswordReset } from '../../services/account/api';
import type { SocialProviderConfig } from '../../services/account/api';
import { signInWithPasskey } from '../../services/account/passkeys';
import { providersQuery } from '../../services/account/queries';
import { facebookLoginStatus, oidcRedirectUri, onSocialConsentChange, prepareSocialSignIn, signInWithPopup } from '../../services/account/social';
import { hasConsent } from '../../services/consent/consent';
import { loginMachine } from './login.machine';
import type { AppleAuthorization, SocialPayload } from './login.types';

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
 * The sign-in machine with the site's services bound; the app spawns it (as `login`) the first time
 * someone asks to sign in, on the login page, or for the Google prompt (this module is its own chunk).
 */
export function createLiveLoginLogic(queryClient: QueryClient) {
  return loginMachine.provide({
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
      // Started within the click, so the provider's popup is allowed to open (see services/account/social.ts).
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
      passkeyLogin: fromPromise(({ signal }) => signInWithPasskey(signal)),
      // Without consent to social sign-in nothing of the providers loads, not even the library; granting it
      // while the dialog is open shows the buttons at once, so the library loads then.
      prepareSocialSignIn: fromCallback(() => {
        let stopped = false;
        const prepareIfOffered = () => {
          if (stopped || !hasConsent('socialSignIn')) return;
          queryClient.fetchQuery(providersQuery()).then(
            (providers) => {
              if (!stopped && providers.some((entry) => (entry.provider === 'google' || entry.provider === 'apple') && entry.enabled)) void prepareSocialSignIn();
            },
            // No providers answer, no buttons: the dialog's own query shows that, nothing to load here.
            () => undefined,
          );
        };
        const stopListening = onSocialConsentChange(prepareIfOffered);
        prepareIfOffered();
        return () => {
          stopped = true;
          stopListening();
        };
      }),
    },
  });
}

