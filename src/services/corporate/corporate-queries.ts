/**
 * The enrolment page's queries and mutations: a company admin's invites (whether they may invite, the
 * invites sent, sending more). The enrolment itself is a flow (src/machines/enrolment). Like every member
 * query they live under MEMBER_QUERY_ROOT, keyed by the member, so signing out removes them.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { OtpCodeRequestSchema } from '../../contract/auth';
import type { InvitesConfig } from '../../contract/corporate';
import type { Locale } from '../../contract/locales';
import { InvalidInputError, statusOf } from '../account/errors';
import { authenticatedRetry, MEMBER_QUERY_ROOT, MEMBER_STALE_MS, subjectOf } from '../account/queries';
import type { AuthAccess } from '../bff/request';
import { corporateCodeOf, fetchInvitesConfig, sendInvites } from './api';

export const corporateKeys = {
  invitesConfig: (subject: string) => [...MEMBER_QUERY_ROOT, subject, 'invites-config'] as const,
};

/** Whether the member may invite colleagues, their company, the lock, and the invites they sent. */
export const invitesConfigQuery = (access: AuthAccess) =>
  queryOptions({
    queryKey: corporateKeys.invitesConfig(subjectOf(access)),
    queryFn: ({ signal }) => fetchInvitesConfig(access, { signal }),
    enabled: access.token !== null,
    retry: authenticatedRetry,
    staleTime: MEMBER_STALE_MS,
  });

/** The emails typed in the invite form: one per line, or separated by commas, semicolons or spaces. */
export const splitEmails = (typed: string): string[] =>
  typed
    .split(/[\s,;]+/)
    .map((email) => email.trim().toLowerCase())
    .filter((email) => email !== '');

/** What keeps typed invites from being sent: none, too many, not an address (the contract's email rule), or not on the company's domains. */
export type InviteProblem = { kind: 'required' } | { kind: 'tooMany'; max: number } | { kind: 'format'; emails: string[] } | { kind: 'domain'; emails: string[] };

export function inviteProblem(emails: readonly string[], domains: readonly string[], max: number): InviteProblem | null {
  if (emails.length === 0) return { kind: 'required' };
  if (emails.length > max) return { kind: 'tooMany', max };
  const malformed = emails.filter((email) => !v.safeParse(OtpCodeRequestSchema.entries.email, email).success);
  if (malformed.length > 0) return { kind: 'format', emails: malformed };
  const elsewhere = emails.filter((email) => !domains.includes(email.slice(email.lastIndexOf('@') + 1)));
  return elsewhere.length > 0 ? { kind: 'domain', emails: elsewhere } : null;
}

/** Why invites were not sent: locked meanwhile (409), refused addresses (422/400), no admin (403), or no usable answer. */
export type InviteFailure = 'locked' | 'domain' | 'forbidden' | 'tooMany' | 'failed';

export function inviteFailureOf(error: unknown): InviteFailure {
  const code = corporateCodeOf(error);
  if (code === 'invites_locked') return 'locked';
  if (code === 'invite_domain_not_allowed' || error instanceof InvalidInputError) return 'domain';
  const status = statusOf(error);
  if (status === 403) return 'forbidden';
  if (status === 429) return 'tooMany';
  return 'failed';
}

/** Sending invites (one request); the invites sent join the list at its top. */
export function useSendInvites(access: AuthAccess, locale: Locale) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emails: string[]) => sendInvites(access, { emails, locale }),
    onSuccess: (sent) =>
      queryClient.setQueryData(corporateKeys.invitesConfig(subjectOf(access)), (config: InvitesConfig | undefined) => {
        if (!config) return config;
        const resent = new Set(sent.map((invite) => invite.email));
        return { ...config, invites: [...sent, ...config.invites.filter((invite) => !resent.has(invite.email))] };
      }),
  });
}

/**
 * The member's company changed (enrolled, left): the invites and every search answer are read again, so
 * the company's rate shows (or goes) at once rather than when the cached prices grow stale.
 */
export function refreshAfterCompanyChange(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [...MEMBER_QUERY_ROOT], predicate: (query) => query.queryKey.includes('invites-config') }),
    queryClient.invalidateQueries({ queryKey: ['search'] }),
  ]).then(() => undefined);
}
