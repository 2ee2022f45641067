import { queryOptions } from '@tanstack/react-query';
import type { Locale } from '../../contract/locales';
import { authenticatedRetry, MEMBER_QUERY_ROOT, MEMBER_STALE_MS, subjectOf } from '../account/queries';
import type { AuthAccess } from '../account/requests';
import { fetchMemberBookings, fetchMembershipLevels, fetchPointsHistory, fetchPointsStatus } from './api';

/**
 * The member area's loyalty queries (points, levels, bookings). Only the member area's pages import them,
 * so their schemas stay out of the first load of every other page. Like every member query they live
 * under MEMBER_QUERY_ROOT, keyed by the member: signing out removes them, another member never sees them.
 */
export const loyaltyKeys = {
  pointsStatus: (subject: string) => [...MEMBER_QUERY_ROOT, subject, 'points-status'] as const,
  levels: (subject: string, locale: Locale) => [...MEMBER_QUERY_ROOT, subject, 'membership-levels', locale] as const,
  bookings: (subject: string) => [...MEMBER_QUERY_ROOT, subject, 'bookings'] as const,
  history: (subject: string, year: number | 'current', locale: Locale) => [...MEMBER_QUERY_ROOT, subject, 'points-history', year, locale] as const,
};

/** Points change with every booking and reward: kept a minute, asked again when a page is opened. */
const LOYALTY_STALE_MS = 60 * 1000;

/** Balance, pending and expiring points, level and progress (the overview, the header's points). */
export const pointsStatusQuery = (access: AuthAccess) =>
  queryOptions({
    queryKey: loyaltyKeys.pointsStatus(subjectOf(access)),
    queryFn: ({ signal }) => fetchPointsStatus(access, { signal }),
    enabled: access.token !== null,
    retry: authenticatedRetry,
    staleTime: LOYALTY_STALE_MS,
  });

/** Every level with its thresholds and benefits, named in the locale. */
export const membershipLevelsQuery = (access: AuthAccess, locale: Locale) =>
  queryOptions({
    queryKey: loyaltyKeys.levels(subjectOf(access), locale),
    queryFn: ({ signal }) => fetchMembershipLevels(access, locale, { signal }),
    enabled: access.token !== null,
    retry: authenticatedRetry,
    staleTime: MEMBER_STALE_MS,
  });

/** The member's bookings: upcoming, past and cancelled. */
export const memberBookingsQuery = (access: AuthAccess) =>
  queryOptions({
    queryKey: loyaltyKeys.bookings(subjectOf(access)),
    queryFn: ({ signal }) => fetchMemberBookings(access, { signal }),
    enabled: access.token !== null,
    retry: authenticatedRetry,
    staleTime: LOYALTY_STALE_MS,
  });

/** The points entries of a year (this year when none is given), explained. */
export const pointsHistoryQuery = (access: AuthAccess, year: number | undefined, locale: Locale) =>
  queryOptions({
    queryKey: loyaltyKeys.history(subjectOf(access), year ?? 'current', locale),
    queryFn: ({ signal }) => fetchPointsHistory(access, year, locale, { signal }),
    enabled: access.token !== null,
    retry: authenticatedRetry,
    staleTime: LOYALTY_STALE_MS,
  });
