import { type QueryClient, queryOptions, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Locale } from '../../contract/locales';
import type { NewsletterStatusItem } from '../../contract/member-preferences';
import { statusOf } from './errors';
import { writeStoredNewsletters } from './newsletter-storage';
import {
  chooseBrand,
  choosePreference,
  fetchBrandPreferences,
  fetchNewsletterStatuses,
  fetchPreferenceCenter,
  setNewsletter,
  setPreferenceCenterNewsletter,
} from './preferences-api';
import { authenticatedRetry, MEMBER_QUERY_ROOT, MEMBER_STALE_MS, memberKeys, subjectOf } from './queries';
import type { AuthAccess } from './requests';

/**
 * Queries and changes of the preferences page, the preference centre and the newsletter confirmation
 * (only those pages import them). The member's lists live under MEMBER_QUERY_ROOT like every member
 * query. Each change is saved at once and written into every cached list of the member that shows it, the
 * lists the targeted-message filters read included (memberKeys.preferences and memberKeys.newsletters):
 * "preferences selected" and "newsletter subscribed" follow the member's choice without a new request.
 */

export const preferenceKeys = {
  /** The member's preferences: the list the targeted messages read too (labels per locale). */
  preferences: memberKeys.preferences,
  brandPreferences: (subject: string, locale: Locale) => [...MEMBER_QUERY_ROOT, subject, 'brand-preferences', locale] as const,
  /** Newsletters with their double opt-in status; memberKeys.newsletters holds the same without it. */
  newsletterStatuses: (subject: string, locale: Locale) => [...MEMBER_QUERY_ROOT, subject, 'newsletter-statuses', locale] as const,
  /** Not a member query: whoever holds the link reads it, signed in or not. */
  preferenceCenter: (token: string, locale: Locale) => ['preference-center', token, locale] as const,
};

/** The cached lists of one kind for the member, in every locale (a key without its locale). */
const memberListsOf = (access: AuthAccess, kind: string): QueryKey => [...MEMBER_QUERY_ROOT, subjectOf(access), kind];

/** Writes a change into every cached list of that kind: the item of that name, its label kept. */
function changeCachedItems<T extends { name: string }>(queryClient: QueryClient, lists: QueryKey, name: string, change: (item: T) => T): void {
  queryClient.setQueriesData<T[]>({ queryKey: lists }, (items) => items?.map((item) => (item.name === name ? change(item) : item)));
}

export const brandPreferencesQuery = (access: AuthAccess, locale: Locale) =>
  queryOptions({
    queryKey: preferenceKeys.brandPreferences(subjectOf(access), locale),
    queryFn: ({ signal }) => fetchBrandPreferences(access, locale, { signal }),
    enabled: access.token !== null,
    retry: authenticatedRetry,
    staleTime: MEMBER_STALE_MS,
  });

/** The member's newsletters with their status; each read also keeps the spec's `newsletters` entry in step. */
export const newsletterStatusesQuery = (access: AuthAccess, locale: Locale) =>
  queryOptions({
    queryKey: preferenceKeys.newsletterStatuses(subjectOf(access), locale),
    queryFn: async ({ signal }) => {
      const items = await fetchNewsletterStatuses(access, locale, { signal });
      writeStoredNewsletters(items);
      return items;
    },
    enabled: access.token !== null,
    retry: authenticatedRetry,
    // A subscription is confirmed from a mail, mostly in another tab: back on this one, it is read again.
    staleTime: 0,
  });

export interface Choice {
  name: string;
  active: boolean;
}

/** Chooses or unchooses one preference; the member's cached lists follow the answer. */
export function useChoosePreference(access: AuthAccess, locale: Locale) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, active }: Choice) => choosePreference(access, name, active, locale),
    onSuccess: (chosen) => changeCachedItems(queryClient, memberListsOf(access, 'preferences'), chosen.name, (item) => ({ ...item, active: chosen.active })),
  });
}

/** Chooses or unchooses one brand; the member's cached lists follow the answer. */
export function useChooseBrand(access: AuthAccess) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, active }: Choice) => chooseBrand(access, name, active),
    onSuccess: (chosen) => changeCachedItems(queryClient, memberListsOf(access, 'brand-preferences'), chosen.name, (item) => ({ ...item, active: chosen.active })),
  });
}

/**
 * A newsletter's new status in every cached list of the member (with and without the status), and in
 * the spec's `newsletters` entry.
 */
function keepNewsletter(queryClient: QueryClient, access: AuthAccess, locale: Locale, changed: NewsletterStatusItem): void {
  changeCachedItems<NewsletterStatusItem>(queryClient, memberListsOf(access, 'newsletter-statuses'), changed.name, (item) => ({
    ...item,
    active: changed.active,
    status: changed.status,
  }));
  changeCachedItems<{ name: string; active: boolean }>(queryClient, memberListsOf(access, 'newsletters'), changed.name, (item) => ({ ...item, active: changed.active }));
  const statuses = queryClient.getQueryData(newsletterStatusesQuery(access, locale).queryKey);
  if (statuses) writeStoredNewsletters(statuses);
}

export interface NewsletterChange {
  name: string;
  subscribed: boolean;
}

/**
 * Subscribes (pending until the mailed link is followed; asking again while pending mails a new link) or
 * unsubscribes at once.
 */
export function useSetNewsletter(access: AuthAccess, locale: Locale) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, subscribed }: NewsletterChange) => setNewsletter(access, name, subscribed, locale),
    onSuccess: (changed) => keepNewsletter(queryClient, access, locale, changed),
  });
}

/** Why a change was not saved: too many confirmation mails to the address this hour, or anything else. */
export type SaveFailure = 'tooMany' | 'failed';
export const saveFailureOf = (error: unknown): SaveFailure => (statusOf(error) === 429 ? 'tooMany' : 'failed');

/**
 * Whatever the member's newsletters were, they are read again: after a confirmation link or a change in
 * the preference centre (which may be the signed-in member's own email).
 */
export function refreshMemberNewsletters(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) => queryKey[0] === MEMBER_QUERY_ROOT[0] && (queryKey[2] === 'newsletters' || queryKey[2] === 'newsletter-statuses'),
  });
}

/** The preference centre's email and newsletters, read with the link's token only. */
export const preferenceCenterQuery = (token: string, locale: Locale) =>
  queryOptions({
    queryKey: preferenceKeys.preferenceCenter(token, locale),
    queryFn: ({ signal }) => fetchPreferenceCenter(token, locale, { signal }),
  });

/** A link the BFF does not (or no longer) accept, or a failure worth trying again. */
export type PreferenceCenterFailure = 'invalidLink' | 'failed';
export const preferenceCenterFailureOf = (error: unknown): PreferenceCenterFailure => (statusOf(error) === 401 ? 'invalidLink' : 'failed');

function keepCentreNewsletter(queryClient: QueryClient, token: string, locale: Locale, changed: NewsletterStatusItem): void {
  queryClient.setQueryData(preferenceCenterQuery(token, locale).queryKey, (centre) =>
    centre ? { ...centre, newsletters: centre.newsletters.map((item) => (item.name === changed.name ? { ...item, active: changed.active, status: changed.status } : item)) } : centre,
  );
}

/** Subscribes (active at once) or unsubscribes the link's email from one newsletter. */
export function useSetPreferenceCenterNewsletter(token: string, locale: Locale) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, subscribed }: NewsletterChange) => setPreferenceCenterNewsletter(token, name, subscribed, locale),
    onSuccess: (changed) => {
      keepCentreNewsletter(queryClient, token, locale, changed);
      return refreshMemberNewsletters(queryClient);
    },
  });
}

/**
 * Unsubscribes the link's email from every newsletter named, at once. Whatever happened, the list is read
 * again afterwards, so one refused request never leaves the page guessing.
 */
export function useUnsubscribeAllAtPreferenceCenter(token: string, locale: Locale) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (names: readonly string[]) => Promise.all(names.map((name) => setPreferenceCenterNewsletter(token, name, false, locale))),
    onSuccess: (changed) => {
      for (const item of changed) keepCentreNewsletter(queryClient, token, locale, item);
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: preferenceKeys.preferenceCenter(token, locale) });
      await refreshMemberNewsletters(queryClient);
    },
  });
}
