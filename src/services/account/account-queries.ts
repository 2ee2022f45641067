/**
 * The profile page's account queries and mutations: the member's promo code (read, redeemed, removed)
 * and the file of the member's data. Like every member query they live under MEMBER_QUERY_ROOT, keyed
 * by the member, so signing out removes them and another member never sees them.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { RedeemPromoCodeRequestSchema } from '../../contract/member-account';
import type { MemberPromoCode } from '../../contract/member-account';
import { clearPromoCode, fetchDataExport, fetchMemberPromoCode, redeemPromoCode } from './account-api';
import type { DataExportFile } from './account-api';
import { InvalidInputError, statusOf } from './errors';
import { authenticatedRetry, MEMBER_QUERY_ROOT, MEMBER_STALE_MS, subjectOf } from './queries';
import type { AuthAccess } from './requests';

export type { DataExportFile };

export const accountKeys = {
  promoCode: (subject: string) => [...MEMBER_QUERY_ROOT, subject, 'promo-code'] as const,
};

/** The member's promo code (null: none). */
export const memberPromoCodeQuery = (access: AuthAccess) =>
  queryOptions({
    queryKey: accountKeys.promoCode(subjectOf(access)),
    queryFn: ({ signal }) => fetchMemberPromoCode(access, { signal }),
    enabled: access.token !== null,
    retry: authenticatedRetry,
    staleTime: MEMBER_STALE_MS,
  });

/** What keeps a typed code from being sent: nothing typed, or not 3 to 32 letters or digits (the contract's rule). */
export type PromoCodeProblem = 'required' | 'format';

export function promoCodeProblem(typed: string): PromoCodeProblem | null {
  if (typed.trim() === '') return 'required';
  return v.safeParse(RedeemPromoCodeRequestSchema, { code: typed }).success ? null : 'format';
}

/** Why a code was not taken: not a code (400), unknown (404), expired (409), or no usable answer. */
export type PromoCodeFailure = 'format' | 'unknown' | 'expired' | 'failed';

export function promoCodeFailureOf(error: unknown): PromoCodeFailure {
  if (error instanceof InvalidInputError) return 'format';
  const status = statusOf(error);
  if (status === 404) return 'unknown';
  if (status === 409) return 'expired';
  return 'failed';
}

/** Redeeming a code (one request); the answer is the member's promo code from then on. */
export function useRedeemPromoCode(access: AuthAccess) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => redeemPromoCode(access, code.trim()),
    onSuccess: (promoCode: MemberPromoCode) => queryClient.setQueryData(accountKeys.promoCode(subjectOf(access)), promoCode),
  });
}

/** Removing the member's promo code (one request). */
export function useClearPromoCode(access: AuthAccess) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => clearPromoCode(access),
    onSuccess: () => queryClient.setQueryData(accountKeys.promoCode(subjectOf(access)), null),
  });
}

/** Why the data file was not made: asked for too often this hour (429), or no usable answer. */
export type DataExportFailure = 'tooMany' | 'failed';

export const dataExportFailureOf = (error: unknown): DataExportFailure => (statusOf(error) === 429 ? 'tooMany' : 'failed');

/**
 * Fetching the member's data file (one request per press); saving it is the page's (a download is DOM
 * work). Never retried: each request counts against the hourly limit.
 */
export function useDataExport(access: AuthAccess) {
  return useMutation({ mutationFn: (): Promise<DataExportFile> => fetchDataExport(access) });
}
