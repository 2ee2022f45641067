import { queryOptions } from '@tanstack/react-query';
import { AUTH_LIMITS } from '../../contract/auth';
import type { Locale } from '../../contract/locales';
import { fetchDemoMailbox, fetchNewsletters, fetchPreferences, fetchProfile, fetchProviders, fetchStatus } from './api';
import { statusOf } from './errors';
import type { AuthAccess } from './requests';
import { tokenSubject } from './token';

/**
 * Authenticated queries (spec section 4): they run only while a member is signed in, retry at most 3
 * times and never after a 401 (the request layer has already tried a refresh and told the session to log
 * out, see requests.ts). All of them live under MEMBER_QUERY_ROOT, so logging out removes them at once.
 */
export const MEMBER_QUERY_ROOT = ['member'] as const;

/** Keys carry the member's guid (the token's subject): another member signing in never sees cached data. */
export const memberKeys = {
  all: MEMBER_QUERY_ROOT,
  profile: (subject: string) => [...MEMBER_QUERY_ROOT, subject, 'profile'] as const,
  status: (subject: string) => [...MEMBER_QUERY_ROOT, subject, 'status'] as const,
  /** Per locale: the labels are in it. */
  preferences: (subject: string, locale: Locale) => [...MEMBER_QUERY_ROOT, subject, 'preferences', locale] as const,
  newsletters: (subject: string, locale: Locale) => [...MEMBER_QUERY_ROOT, subject, 'newsletters', locale] as const,
};

/** Retries of an authenticated query: at most AUTH_LIMITS.authenticatedQueryRetries, never on 401. */
export function authenticatedRetry(failureCount: number, error: unknown): boolean {
  return statusOf(error) !== 401 && failureCount < AUTH_LIMITS.authenticatedQueryRetries;
}

export const MEMBER_STALE_MS = 5 * 60 * 1000;

/** Who a member query is for: the token's subject, so one member's cached answers are never another's. */
export const subjectOf = (access: AuthAccess) => tokenSubject(access.token) ?? 'signed-out';

export const memberProfileQuery = (access: AuthAccess) =>
  queryOptions({
    queryKey: memberKeys.profile(subjectOf(access)),
    queryFn: ({ signal }) => fetchProfile(access, { signal }),
    enabled: access.token !== null,
    retry: authenticatedRetry,
    staleTime: MEMBER_STALE_MS,
  });

export const memberStatusQuery = (access: AuthAccess) =>
  queryOptions({
    queryKey: memberKeys.status(subjectOf(access)),
    queryFn: ({ signal }) => fetchStatus(access, { signal }),
    enabled: access.token !== null,
    retry: authenticatedRetry,
    staleTime: MEMBER_STALE_MS,
  });

export const memberPreferencesQuery = (access: AuthAccess, locale: Locale) =>
  queryOptions({
    queryKey: memberKeys.preferences(subjectOf(access), locale),
    queryFn: ({ signal }) => fetchPreferences(access, locale, { signal }),
    enabled: access.token !== null,
    retry: authenticatedRetry,
    staleTime: MEMBER_STALE_MS,
  });

export const memberNewslettersQuery = (access: AuthAccess, locale: Locale) =>
  queryOptions({
    queryKey: memberKeys.newsletters(subjectOf(access), locale),
    queryFn: ({ signal }) => fetchNewsletters(access, locale, { signal }),
    enabled: access.token !== null,
    retry: authenticatedRetry,
    staleTime: MEMBER_STALE_MS,
  });

/** Which social sign-ins are on, with the issuer and client id the browser signs in with (public). */
export const providersQuery = () =>
  queryOptions({
    queryKey: ['auth', 'providers'],
    queryFn: ({ signal }) => fetchProviders({ signal }),
    staleTime: 10 * 60 * 1000,
  });

/** Where the demo's mailbox page is (null outside the demo); the sign-in dialog links it. */
export const demoMailboxQuery = () =>
  queryOptions({
    queryKey: ['dev', 'demo-mailbox'],
    queryFn: ({ signal }) => fetchDemoMailbox({ signal }),
    staleTime: Infinity,
  });
