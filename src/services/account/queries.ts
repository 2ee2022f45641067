import { queryOptions, useMutation } from '@tanstack/react-query';
import { AUTH_LIMITS } from '../../contract/auth';
import type { RegisterRequest } from '../../contract/auth';
import type { Locale } from '../../contract/locales';
import { completeProfile, fetchNewsletters, fetchPreferences, fetchProfile, fetchProviders, fetchStatus, register } from './api';
import type { CompleteProfileBody } from './api';
import { InvalidInputError, statusOf } from './errors';
import { keepRegistrationProof } from './registration-proofs';
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

const MEMBER_STALE_MS = 5 * 60 * 1000;

const subjectOf = (access: AuthAccess) => tokenSubject(access.token) ?? 'signed-out';

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

type RegisterAnswer = Awaited<ReturnType<typeof register>>;

/**
 * Becoming a member (one request). The answer's registration proof is kept under the email: the
 * activation link, opened in this browser, sends it back so the password chosen here is set then.
 */
export function useRegistration(callbacks: { onSuccess?: (answer: RegisterAnswer) => void; onError?: (error: Error) => void } = {}) {
  return useMutation({
    mutationFn: async (body: RegisterRequest) => {
      const answer = await register(body);
      if (answer.registration_proof) keepRegistrationProof(body.email, answer.registration_proof);
      return answer;
    },
    ...(callbacks.onSuccess ? { onSuccess: callbacks.onSuccess } : {}),
    ...(callbacks.onError ? { onError: callbacks.onError } : {}),
  });
}

/** The fields a refused request named (a 400 with issues), or null when it failed for another reason. */
export const refusedFieldsOf = (error: unknown): readonly string[] | null => (error instanceof InvalidInputError ? error.fields : null);

/** Why a registration failed, as the page words it. */
export interface RegistrationFailure {
  reason: 'accountExists' | 'linkExpired' | 'invalidFields' | 'failed';
  /** An account exists, or the registration token is no longer valid: signing in is the way on. */
  offerSignIn: boolean;
}

export function registrationFailureOf(error: unknown): RegistrationFailure {
  const status = statusOf(error);
  const fields = refusedFieldsOf(error);
  const offerSignIn = status === 409 || status === 401;
  if (status === 409) return { reason: 'accountExists', offerSignIn };
  if (status === 401 || fields?.includes('registration_token')) return { reason: 'linkExpired', offerSignIn };
  return { reason: fields ? 'invalidFields' : 'failed', offerSignIn };
}

export type { CompleteProfileBody };

/** A signed-in member completes their profile (one request, with the member's token). */
export function useCompleteProfile(access: AuthAccess, callbacks: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  return useMutation({
    mutationFn: (body: CompleteProfileBody) => completeProfile(body, access),
    ...(callbacks.onSuccess ? { onSuccess: callbacks.onSuccess } : {}),
    ...(callbacks.onError ? { onError: callbacks.onError } : {}),
  });
}
