import type * as Oidc from 'oidc-client-ts';
import type { Locale } from '../../contract/locales';
import { onAnyConsentChange } from '../consent/consent';
import { localizedPath, ROUTES } from '../navigation/paths';
import { SOCIAL_ERROR_MESSAGES } from './errors';

/**
 * Social sign-in in the browser. Google and Apple: the OpenID Connect authorization-code flow with PKCE
 * (oidc-client-ts) in a popup whose redirect_uri is our own login page, `/{locale}/account/login`. The
 * popup comes back to our origin and hands the answer to the opener with postMessage, so nothing depends
 * on third-party cookies; the ID token is then posted to the BFF, which verifies it against the issuer.
 * The provider's tokens are kept in memory only (never in web storage).
 */

export interface OidcProviderConfig {
  issuer: string;
  clientId: string;
}

type OidcModule = typeof Oidc;
let oidc: OidcModule | null = null;
let loading: Promise<OidcModule> | null = null;

/**
 * Loads oidc-client-ts ahead of a click (when the sign-in dialog opens): the popup must open within the
 * click itself, or the browser blocks it, so the library has to be there already.
 */
export function prepareSocialSignIn(): Promise<OidcModule> {
  loading ??= import('oidc-client-ts').then((module) => {
    oidc = module;
    return module;
  });
  return loading;
}

/**
 * Calls `onChange` when the consent choice changes, in this tab (chooseConsent) or in another (the storage
 * event): granting social sign-in is what lets its library load.
 */
export function onSocialConsentChange(onChange: () => void): () => void {
  return onAnyConsentChange(onChange);
}

/** The redirect_uri of the popup: the login page in the visitor's language. */
export function oidcRedirectUri(origin: string, locale: Locale): string {
  return `${origin}${localizedPath(locale, ROUTES.account.login)}`;
}

function createManager(module: OidcModule, config: OidcProviderConfig, redirectUri: string): Oidc.UserManager {
  const memory = new module.InMemoryWebStorage();
  return new module.UserManager({
    authority: config.issuer,
    client_id: config.clientId,
    redirect_uri: redirectUri,
    popup_redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    loadUserInfo: false,
    automaticSilentRenew: false,
    monitorSession: false,
    // The provider's user stays in memory; the state of the running sign-in must survive the popup's own
    // page load, so it stays in the default state store (localStorage, removed when the sign-in ends).
    userStore: new module.WebStorageStateStore({ store: memory }),
  });
}

/**
 * Signs in with the provider in a popup and gives its ID token (null when the provider gave none).
 * Call it from the click: it opens the popup synchronously when the library is loaded.
 */
export async function signInWithPopup(config: OidcProviderConfig, redirectUri: string): Promise<{ idToken: string | null }> {
  const module = oidc ?? (await prepareSocialSignIn());
  const user = await createManager(module, config, redirectUri).signinPopup();
  return { idToken: user.id_token ?? null };
}

/** Whether a login page's query is the provider's answer to our authorization request (the redirect_uri). */
export function isOidcCallback(query: { code?: string; state?: string; id_token?: string }): boolean {
  return Boolean(query.code && query.state && !query.id_token);
}

/** Whether this page runs in the sign-in popup opened by another page of ours. */
export function isSignInPopup(): boolean {
  try {
    return typeof window !== 'undefined' && window.opener != null && window.opener !== window;
  } catch {
    return false;
  }
}

/** In the popup: passes the provider's answer to the page that opened it, which closes the popup. */
export async function completePopupSignIn(url: string): Promise<void> {
  const module = await prepareSocialSignIn();
  // Only the popup navigator is used here; the opener holds the real settings and the request's state.
  const manager = new module.UserManager({ authority: new URL(url).origin, client_id: 'popup-callback', redirect_uri: url.split('?')[0] ?? url });
  await manager.signinPopupCallback(url);
}

// ---------- Facebook ----------

export type FacebookStatus = { status: 'connected'; accessToken: string; userID: string } | { status: 'not_authorized' | 'unknown' };

interface FacebookSdk {
  login(callback: (response: { status: string; authResponse?: { accessToken: string; userID: string } | null }) => void, options?: { scope: string }): void;
}

/**
 * Facebook's login status from its JavaScript SDK. The site does not load that SDK (it would need its
 * own consent category and script source), so this reports 'Facebook API is not initialized' (spec
 * section 8) until it does.
 */
export function facebookLoginStatus(): Promise<FacebookStatus> {
  const sdk = typeof window === 'undefined' ? undefined : (window as unknown as { FB?: FacebookSdk }).FB;
  if (!sdk) return Promise.reject(new Error(SOCIAL_ERROR_MESSAGES.facebookNotInitialized));
  return new Promise((resolve) => {
    sdk.login(
      (response) => {
        if (response.status === 'connected' && response.authResponse) {
          resolve({ status: 'connected', accessToken: response.authResponse.accessToken, userID: response.authResponse.userID });
        } else {
          resolve({ status: response.status === 'not_authorized' ? 'not_authorized' : 'unknown' });
        }
      },
      { scope: 'email' },
    );
  });
}
