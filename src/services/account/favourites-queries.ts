import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { type Favourites, FavouritesResponseSchema, MEMBER_ACCOUNT_PATHS } from '../../contract/member-account';
import { fillPath } from '../bff/client';
import { authenticatedRetry, MEMBER_QUERY_ROOT, MEMBER_STALE_MS, subjectOf } from './queries';
import { callAuthorized } from './requests';
import type { AuthAccess, RequestOptions } from './requests';

/**
 * The member's favourite hotels (spec sections 3 and 7: "GET favourite ids", PUT and DELETE one). The list
 * is one query under MEMBER_QUERY_ROOT, keyed by the member, so signing out removes it; a change's answer
 * (the list as it is then) replaces it.
 */
export const favouritesKey = (subject: string) => [...MEMBER_QUERY_ROOT, subject, 'favourites'] as const;

type Signal = Pick<RequestOptions, 'signal'>;

/** The member's favourite hotel codes, newest first. */
export const fetchFavourites = async (access: AuthAccess, options: Signal = {}): Promise<Favourites> =>
  (await callAuthorized(MEMBER_ACCOUNT_PATHS.favourites, FavouritesResponseSchema, access, options)).data;

/** Adds a hotel to the favourites (PUT, idempotent) or removes it (DELETE); answers the list as it is then. */
export const setFavourite = async (access: AuthAccess, hotelCode: string, saved: boolean, options: Signal = {}): Promise<Favourites> =>
  (await callAuthorized(fillPath(MEMBER_ACCOUNT_PATHS.favourite, { hotelCode }), FavouritesResponseSchema, access, { ...options, method: saved ? 'PUT' : 'DELETE' })).data;

export const favouritesQuery = (access: AuthAccess) =>
  queryOptions({
    queryKey: favouritesKey(subjectOf(access)),
    queryFn: ({ signal }) => fetchFavourites(access, { signal }),
    enabled: access.token !== null,
    retry: authenticatedRetry,
    staleTime: MEMBER_STALE_MS,
  });

/**
 * Puts a change's answer in place of the member's list. A read of the list still on its way started
 * before the change was made: it is cancelled, so it cannot overwrite the newer answer when it arrives.
 */
export async function keepFavouritesAnswer(queryClient: QueryClient, access: AuthAccess, codes: Favourites): Promise<void> {
  const queryKey = favouritesKey(subjectOf(access));
  await queryClient.cancelQueries({ queryKey });
  queryClient.setQueryData(queryKey, codes);
}
