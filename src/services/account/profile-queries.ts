import { queryOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { STEP_UP_HEADER } from '../../contract/step-up';
import type { MemberProfile } from '../../contract/auth';
import type { Locale } from '../../contract/locales';
import {
  type BillingAddress,
  type BillingAddressRequest,
  billingAddressPath,
  BillingAddressResponseSchema,
  BillingAddressesResponseSchema,
  CountriesResponseSchema,
  EmailChangedResponseSchema,
  MEMBER_PROFILE_PATHS,
  ProfileResponseSchema,
  StatesResponseSchema,
  type UpdateAddressRequest,
  type UpdateBirthdayRequest,
  type UpdateNameRequest,
  type UpdateProfileRequest,
} from '../../contract/member-profile';
import { inLocale } from './api';
import { InvalidInputError, statusOf } from './errors';
import { authenticatedRetry, MEMBER_QUERY_ROOT, MEMBER_STALE_MS, memberKeys, subjectOf } from './queries';
import { AnyAnswerSchema, callAuthorized, type AuthAccess } from './requests';

/**
 * The member's profile as the profile page reads and changes it (spec section 7 "Members": profile
 * updates, billing addresses, countries, states), and the calls behind the changes that need a one-time
 * code (birthday, name, email) and the step-up (src/contract/account-security.ts). Views use the queries
 * and mutation hooks; the machines' live bindings use the calls.
 */
type Signal = { signal?: AbortSignal };

export const profileKeys = {
  billingAddresses: (subject: string) => [...MEMBER_QUERY_ROOT, subject, 'billing-addresses'] as const,
  /** The route needs the member's token, so the lists live (and leave) with the member's other queries. */
  countries: (subject: string, locale: Locale) => [...MEMBER_QUERY_ROOT, subject, 'countries', locale] as const,
  states: (subject: string, country: string) => [...MEMBER_QUERY_ROOT, subject, 'states', country] as const,
};

// ---------- reads ----------

const fetchCountries = async (access: AuthAccess, locale: Locale, options: Signal = {}) =>
  (await callAuthorized(inLocale(MEMBER_PROFILE_PATHS.countries, locale), CountriesResponseSchema, access, options)).data;

const fetchStates = async (access: AuthAccess, country: string, options: Signal = {}) =>
  (await callAuthorized(`${MEMBER_PROFILE_PATHS.states}?${new URLSearchParams({ country }).toString()}`, StatesResponseSchema, access, options)).data;

const fetchBillingAddresses = async (access: AuthAccess, options: Signal = {}) =>
  (await callAuthorized(MEMBER_PROFILE_PATHS.billingAddresses, BillingAddressesResponseSchema, access, options)).data;

/** Reference data: the same for a day, kept for the visit. */
const LIST_STALE_MS = 24 * 60 * 60 * 1000;

/** Every country with its name in the locale, sorted by that name, each saying whether it has states. */
export const countriesQuery = (access: AuthAccess, locale: Locale) =>
  queryOptions({
    queryKey: profileKeys.countries(subjectOf(access), locale),
    queryFn: ({ signal }) => fetchCountries(access, locale, { signal }),
    enabled: access.token !== null,
    retry: authenticatedRetry,
    staleTime: LIST_STALE_MS,
  });

/** The states of a country that has them; asked only for such a country (`null`: none chosen). */
export const statesQuery = (access: AuthAccess, country: string | null) =>
  queryOptions({
    queryKey: profileKeys.states(subjectOf(access), country ?? ''),
    queryFn: ({ signal }) => fetchStates(access, country ?? '', { signal }),
    enabled: access.token !== null && country !== null,
    retry: authenticatedRetry,
    staleTime: LIST_STALE_MS,
  });

/** The member's billing addresses, oldest first. */
export const billingAddressesQuery = (access: AuthAccess) =>
  queryOptions({
    queryKey: profileKeys.billingAddresses(subjectOf(access)),
    queryFn: ({ signal }) => fetchBillingAddresses(access, { signal }),
    enabled: access.token !== null,
    retry: authenticatedRetry,
    staleTime: MEMBER_STALE_MS,
  });

// ---------- changes without a code ----------

const NO_FIELDS: readonly string[] = [];
/** The fields a change's 400 named (the BFF's issues, by path), for the form to mark; none for other failures. */
export const fieldsRefused = (error: unknown): readonly string[] => (error instanceof InvalidInputError ? error.fields : NO_FIELDS);

/** A billing address refused because the member keeps the most there may be (409). */
export const isBillingLimitReached = (error: unknown): boolean => statusOf(error) === 409;

const profileOf = async (path: string, access: AuthAccess, body: unknown, options: Signal = {}): Promise<MemberProfile> =>
  (await callAuthorized(path, ProfileResponseSchema, access, { body, ...options })).data;

/** The profile a change answered becomes the cached one at once (the page shows it without a request). */
export function keepProfile(queryClient: QueryClient, access: AuthAccess, profile: MemberProfile): void {
  queryClient.setQueryData(memberKeys.profile(subjectOf(access)), profile);
}

/** Phone (null removes it) and the language of mails; `onSaved` hears the profile as it is now. */
export function useSaveProfileDetails(access: AuthAccess, onSaved: (profile: MemberProfile) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => profileOf(MEMBER_PROFILE_PATHS.profile, access, body),
    onSuccess: (profile) => {
      keepProfile(queryClient, access, profile);
      onSaved(profile);
    },
  });
}

/** The member's address; `onSaved` hears the profile as it is now. */
export function useSaveAddress(access: AuthAccess, onSaved: (profile: MemberProfile) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAddressRequest) => profileOf(MEMBER_PROFILE_PATHS.address, access, body),
    onSuccess: (profile) => {
      keepProfile(queryClient, access, profile);
      onSaved(profile);
    },
  });
}

/** A billing address added (no id) or replaced (its id); the list is read again after it. */
export function useSaveBillingAddress(access: AuthAccess) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: BillingAddressRequest }): Promise<BillingAddress> =>
      (
        await callAuthorized(id ? billingAddressPath(id) : MEMBER_PROFILE_PATHS.billingAddresses, BillingAddressResponseSchema, access, {
          method: id ? 'PUT' : 'POST',
          body,
        })
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.billingAddresses(subjectOf(access)) }),
  });
}

/** A billing address removed; the list is read again after it. */
export function useRemoveBillingAddress(access: AuthAccess) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await callAuthorized(billingAddressPath(id), AnyAnswerSchema, access, { method: 'DELETE' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.billingAddresses(subjectOf(access)) }),
  });
}

// ---------- changes with a one-time code (called by the machines' live bindings) ----------

const mailCode = async (path: string, access: AuthAccess, body: unknown, options: Signal & { headers?: Record<string, string> } = {}): Promise<void> => {
  await callAuthorized(path, AnyAnswerSchema, access, { body, ...options });
};

/** Mails a code for a birthday change to the member's address. */
export const requestBirthdayCode = (access: AuthAccess, options: Signal = {}) => mailCode(MEMBER_PROFILE_PATHS.birthdayCode, access, {}, options);
export const changeBirthday = (access: AuthAccess, body: UpdateBirthdayRequest, options: Signal = {}) =>
  profileOf(MEMBER_PROFILE_PATHS.birthday, access, body, options);

/** Mails a code for a name change to the member's address. */
export const requestNameCode = (access: AuthAccess, options: Signal = {}) => mailCode(MEMBER_PROFILE_PATHS.nameCode, access, {}, options);
export const changeName = (access: AuthAccess, body: UpdateNameRequest, options: Signal = {}) => profileOf(MEMBER_PROFILE_PATHS.name, access, body, options);

/**
 * Asks to move the account to `email`: the new address gets a code (or, when taken, a notice: the answer
 * is the same). The route wants a step-up token: without a valid one it fails with StepUpRequiredError.
 */
export const requestEmailChange = (access: AuthAccess, email: string, stepUpToken: string | null, options: Signal = {}) =>
  mailCode(MEMBER_PROFILE_PATHS.emailRequest, access, { email }, { ...options, ...(stepUpToken ? { headers: { [STEP_UP_HEADER]: stepUpToken } } : {}) });

/** Mails the code again to the address asked for (409 when no change was asked for). */
export const resendEmailChangeCode = (access: AuthAccess, options: Signal = {}) => mailCode(MEMBER_PROFILE_PATHS.emailCode, access, {}, options);

/** Confirms the new address with its code: the profile, and the session's new token (the old one names the old address). */
export const confirmEmailChange = async (access: AuthAccess, code: string, options: Signal = {}) =>
  (await callAuthorized(MEMBER_PROFILE_PATHS.email, EmailChangedResponseSchema, access, { body: { code }, ...options })).data;
