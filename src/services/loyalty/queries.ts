import { queryOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Locale } from '../../contract/locales';
import { authenticatedRetry, MEMBER_QUERY_ROOT, MEMBER_STALE_MS, subjectOf } from '../account/queries';
import { statusOf } from '../account/errors';
import type { AuthAccess } from '../account/requests';
import { fetchMemberBookings, fetchMemberVouchers, fetchMembershipLevels, fetchPointsHistory, fetchPointsStatus, fetchRewards, fetchPointsClaims, fetchClaimHotels, fetchMissingPoints, fetchStayVouchers, redeemStayVoucher, fetchOldBookings, hideOldBooking, fetchMemberSpecials, removeExternalReservation } from './api';

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
  rewards: (subject: string, locale: Locale) => [...MEMBER_QUERY_ROOT, subject, 'rewards', locale] as const,
  vouchers: (subject: string) => [...MEMBER_QUERY_ROOT, subject, 'vouchers'] as const,
  claims: (subject: string) => [...MEMBER_QUERY_ROOT, subject, 'points-claims'] as const,
  missingPoints: (subject: string) => [...MEMBER_QUERY_ROOT, subject, 'missing-points'] as const,
  stayVouchers: (subject: string) => [...MEMBER_QUERY_ROOT, subject, 'stay-vouchers'] as const,
  oldBookings: (subject: string) => [...MEMBER_QUERY_ROOT, subject, 'old-bookings'] as const,
  specials: (subject: string, locale: Locale) => [...MEMBER_QUERY_ROOT, subject, 'specials', locale] as const,
};

/**
 * After points were spent or granted: every loyalty answer of the member that shows a balance or what it
 * bought or asked for (points status, history, rewards, vouchers, bookings, requests) is read again. The header's balance belongs to the
 * session, which the caller tells apart.
 */
export function refreshLoyalty(queryClient: QueryClient, access: AuthAccess): Promise<void> {
  const subject = subjectOf(access);
  const parts = ['points-status', 'points-history', 'rewards', 'vouchers', 'bookings', 'points-claims', 'missing-points'];
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) => queryKey[0] === MEMBER_QUERY_ROOT[0] && queryKey[1] === subject && parts.includes(String(queryKey[2])),
  });
}

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

/** The rewards catalogue in the locale, each marked whether the balance covers it. */
export const rewardsQuery = (access: AuthAccess, locale: Locale) =>
  queryOptions({
    queryKey: loyaltyKeys.rewards(subjectOf(access), locale),
    queryFn: ({ signal }) => fetchRewards(access, locale, { signal }),
    enabled: access.token !== null,
    retry: authenticatedRetry,
    staleTime: LOYALTY_STALE_MS,
  });

/** The member's vouchers of every category and status. */
export const memberVouchersQuery = (access: AuthAccess) =>
  queryOptions({
    queryKey: loyaltyKeys.vouchers(subjectOf(access)),
    queryFn: ({ signal }) => fetchMemberVouchers(access, { signal }),
    enabled: access.token !== null,
    retry: authenticatedRetry,
    staleTime: LOYALTY_STALE_MS,
  });

/** The member's requests for missing points with their status. */
export const pointsClaimsQuery = (access: AuthAccess) =>
  queryOptions({
    queryKey: loyaltyKeys.claims(subjectOf(access)),
    queryFn: ({ signal }) => fetchPointsClaims(access, { signal }),
    enabled: access.token !== null,
    retry: authenticatedRetry,
    staleTime: LOYALTY_STALE_MS,
  });

/**
 * The hotels a stay can be claimed at (the content's hotel list): only the request form reads it, so it
 * stays out of the content queries every page loads.
 */
export const claimHotelsQuery = (locale: Locale) =>
  queryOptions({
    queryKey: ['content', 'hotels-for-dropdown', locale] as const,
    queryFn: ({ signal }) => fetchClaimHotels(locale, { signal }),
    staleTime: 5 * 60 * 1000,
  });

/** The member's past stays that earned no points (booked here or added), each with its request. */
export const missingPointsQuery = (access: AuthAccess) =>
  queryOptions({
    queryKey: loyaltyKeys.missingPoints(subjectOf(access)),
    queryFn: ({ signal }) => fetchMissingPoints(access, { signal }),
    enabled: access.token !== null,
    retry: authenticatedRetry,
    staleTime: LOYALTY_STALE_MS,
  });

/** The member's stay vouchers (nights given as a gift), valid ones first. */
export const stayVouchersQuery = (access: AuthAccess) =>
  queryOptions({
    queryKey: loyaltyKeys.stayVouchers(subjectOf(access)),
    queryFn: ({ signal }) => fetchStayVouchers(access, { signal }),
    enabled: access.token !== null,
    retry: authenticatedRetry,
    staleTime: LOYALTY_STALE_MS,
  });

/** Why a stay voucher's code was not taken: its format, unknown, redeemed or expired, too many tries, or anything else. */
export type StayVoucherFailure = 'format' | 'unknown' | 'taken' | 'tooMany' | 'failed';

export function stayVoucherFailureOf(error: unknown): StayVoucherFailure {
  const status = statusOf(error);
  if (status === 400) return 'format';
  if (status === 404) return 'unknown';
  if (status === 409) return 'taken';
  if (status === 429) return 'tooMany';
  return 'failed';
}

/** Redeeming a stay voucher's code (one request); the member's stay vouchers are read again after it. */
export function useRedeemStayVoucher(access: AuthAccess) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => redeemStayVoucher(access, code),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loyaltyKeys.stayVouchers(subjectOf(access)) }),
  });
}

/** The member's bookings made on the old website. */
export const oldBookingsQuery = (access: AuthAccess) =>
  queryOptions({
    queryKey: loyaltyKeys.oldBookings(subjectOf(access)),
    queryFn: ({ signal }) => fetchOldBookings(access, { signal }),
    enabled: access.token !== null,
    retry: authenticatedRetry,
    staleTime: MEMBER_STALE_MS,
  });

/** Hiding a booking of the old website (one request); the list is read again after it. */
export function useHideOldBooking(access: AuthAccess) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reservationNumber: string) => hideOldBooking(access, reservationNumber),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loyaltyKeys.oldBookings(subjectOf(access)) }),
  });
}

/** The member's offers (promotions and the level's benefits), in the locale. */
export const memberSpecialsQuery = (access: AuthAccess, locale: Locale) =>
  queryOptions({
    queryKey: loyaltyKeys.specials(subjectOf(access), locale),
    queryFn: ({ signal }) => fetchMemberSpecials(access, locale, { signal }),
    enabled: access.token !== null,
    retry: authenticatedRetry,
    staleTime: LOYALTY_STALE_MS,
  });

/** Removing a booking the member added from the reservation system (one request); their bookings are read again after it. */
export function useRemoveAddedBooking(access: AuthAccess) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reservationNumber: string) => removeExternalReservation(access, reservationNumber),
    onSuccess: () => refreshLoyalty(queryClient, access),
  });
}
