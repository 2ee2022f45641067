import { queryOptions } from '@tanstack/react-query';
import { ACCOUNT_SECURITY_PATHS, MemberSessionsResponseSchema, sessionPath, STEP_UP_HEADER } from '../../contract/account-security';
import { AUTH_PATHS, ConnectionsResponseSchema, type SocialProvider } from '../../contract/auth';
import { PASSKEY_PATHS, type Passkey, passkeyPath, PasskeyResponseSchema, PasskeysResponseSchema } from '../../contract/passkeys';
import type { Locale } from '../../contract/locales';
import { fillPath } from '../bff/client';
import type { SocialProviderConfig } from './api';
export { statusOf } from './errors';
import { authenticatedRetry, MEMBER_QUERY_ROOT, MEMBER_STALE_MS, subjectOf } from './queries';
import { AnyAnswerSchema, callAuthorized, type AuthAccess } from './requests';
import { facebookLoginStatus, oidcRedirectUri, prepareSocialSignIn, signInWithPopup } from './social';

/**
 * How a member signs in and where they are signed in (spec section 7 "Auth"; decision 0047): linked
 * social accounts, sessions, the password and passkeys, for the profile's security section.
 */
export const securityKeys = {
  connections: (access: AuthAccess) => [...MEMBER_QUERY_ROOT, subjectOf(access), 'connections'] as const,
};

export type Connection = Awaited<ReturnType<typeof fetchConnections>>[number];

const fetchConnections = async (access: AuthAccess, signal?: AbortSignal) =>
  (await callAuthorized(AUTH_PATHS.connections, ConnectionsResponseSchema, access, signal ? { signal } : {})).data;

/** The member's Google, Apple and Facebook links: whether each is connected, and with which address. */
export const connectionsQuery = (access: AuthAccess) =>
  queryOptions({
    queryKey: securityKeys.connections(access),
    queryFn: ({ signal }) => fetchConnections(access, signal),
    enabled: access.token !== null,
    retry: authenticatedRetry,
    staleTime: MEMBER_STALE_MS,
  });

/** Loads the sign-in library before a click that needs it (its popup must open within the click). */
export const prepareSocialLink = (): void => void prepareSocialSignIn();

/** Raised when the provider gave no proof (the popup was closed, or Facebook said no). */
export class SocialLinkCancelled extends Error {
  constructor() {
    super('The provider gave no sign-in');
    this.name = 'SocialLinkCancelled';
  }
}

/**
 * Signs in with the provider (a popup, or Facebook's SDK) and links that account to the member: the BFF
 * verifies the provider's proof as it does at sign-in. Answers the connections as they are then.
 */
export async function linkSocialAccount(provider: SocialProvider, access: AuthAccess, locale: Locale, providers: SocialProviderConfig[] | undefined): Promise<Connection[]> {
  const path = fillPath(AUTH_PATHS.link, { provider });
  if (provider === 'facebook') {
    const status = await facebookLoginStatus();
    if (status.status !== 'connected') throw new SocialLinkCancelled();
    return (await callAuthorized(path, ConnectionsResponseSchema, access, { method: 'PUT', body: { accessToken: status.accessToken, userID: status.userID } })).data;
  }
  const config = providers?.find((entry) => entry.provider === provider);
  if (!config?.enabled || !config.issuer || !config.clientId) throw new SocialLinkCancelled();
  const { idToken } = await signInWithPopup({ issuer: config.issuer, clientId: config.clientId }, oidcRedirectUri(window.location.origin, locale));
  if (!idToken) throw new SocialLinkCancelled();
  return (await callAuthorized(path, ConnectionsResponseSchema, access, { method: 'PUT', body: { token: idToken } })).data;
}

/** Removes the link; the member signs in another way from then on. */
export const unlinkSocialAccount = async (provider: SocialProvider, access: AuthAccess): Promise<Connection[]> =>
  (await callAuthorized(fillPath(AUTH_PATHS.link, { provider }), ConnectionsResponseSchema, access, { method: 'DELETE' })).data;

// ---------- sessions ----------

const fetchSessions = async (access: AuthAccess, signal?: AbortSignal) =>
  (await callAuthorized(ACCOUNT_SECURITY_PATHS.sessions, MemberSessionsResponseSchema, access, signal ? { signal } : {})).data;

/** Where the member is signed in: each browser with its device, first sign-in and last use. */
export const sessionsQuery = (access: AuthAccess) =>
  queryOptions({
    queryKey: [...MEMBER_QUERY_ROOT, subjectOf(access), 'sessions'] as const,
    queryFn: ({ signal }) => fetchSessions(access, signal),
    enabled: access.token !== null,
    retry: authenticatedRetry,
    // Sessions change elsewhere (another device signs in): read again whenever the section is shown.
    staleTime: 0,
  });

/** Ends one of the member's sessions: that browser is signed out at its next request. */
export const endSession = async (sessionId: string, access: AuthAccess): Promise<void> => {
  await callAuthorized(sessionPath(sessionId), AnyAnswerSchema, access, { method: 'DELETE' });
};

/** Ends every session of the member, this one included. */
export const signOutEverywhere = async (access: AuthAccess): Promise<void> => {
  await callAuthorized(ACCOUNT_SECURITY_PATHS.signOutEverywhere, AnyAnswerSchema, access, { method: 'POST' });
};

// ---------- passkeys ----------

/** The member's passkeys, the first added first. */
export const passkeysQuery = (access: AuthAccess) =>
  queryOptions({
    queryKey: [...MEMBER_QUERY_ROOT, subjectOf(access), 'passkeys'] as const,
    queryFn: async ({ signal }) => (await callAuthorized(PASSKEY_PATHS.passkeys, PasskeysResponseSchema, access, { signal })).data,
    enabled: access.token !== null,
    retry: authenticatedRetry,
    staleTime: MEMBER_STALE_MS,
  });

export const renamePasskey = async (id: string, name: string, access: AuthAccess): Promise<Passkey> =>
  (await callAuthorized(passkeyPath(id), PasskeyResponseSchema, access, { method: 'PATCH', body: { name } })).data;

/** Removes a passkey; answers the ones left. */
export const removePasskey = async (id: string, access: AuthAccess): Promise<Passkey[]> =>
  (await callAuthorized(passkeyPath(id), PasskeysResponseSchema, access, { method: 'DELETE' })).data;

// ---------- the password ----------

/** Sets a new password with a step-up token (STEP_UP_HEADER); the member's other sessions end. */
export const changePassword = async (
  access: AuthAccess,
  input: { password: string; confirmation: string; stepUpToken: string },
  options: { signal?: AbortSignal } = {},
): Promise<void> => {
  await callAuthorized(ACCOUNT_SECURITY_PATHS.password, AnyAnswerSchema, access, {
    method: 'POST',
    body: { password: input.password, password_confirmation: input.confirmation },
    headers: { [STEP_UP_HEADER]: input.stepUpToken },
    ...options,
  });
};
