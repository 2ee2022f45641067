import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { validToken } from '../../../test/auth/tokens';
import { MAIN_NEWSLETTER_ID, type NewsletterItem, type PreferenceItem } from '../../contract/auth';
import type { NewsletterStatusItem } from '../../contract/member-preferences';
import { HttpError } from '../bff/client';
import { createAuthChannel } from './auth-channel';
import { InvalidInputError } from './errors';
import { NEWSLETTERS_KEY } from './newsletter-storage';
import { confirmNewsletter } from './preferences-api';
import {
  newsletterStatusesQuery,
  preferenceCenterFailureOf,
  preferenceCenterQuery,
  refreshMemberNewsletters,
  saveFailureOf,
  useChoosePreference,
  useSetNewsletter,
  useSetPreferenceCenterNewsletter,
} from './preferences-queries';
import { memberKeys, memberNewslettersQuery, memberPreferencesQuery } from './queries';
import type { AuthAccess } from './requests';

/*
 * The preferences page's queries and changes against a stubbed BFF: each change is written into every
 * cached list of the member that shows it, above all the two the targeted-message filters read
 * ("preferences selected", "newsletter subscribed"), and the spec's `newsletters` entry follows.
 */

const SUBJECT = 'guid-prefs';
const access: AuthAccess = { token: validToken(Date.now(), { sub: SUBJECT }), channel: createAuthChannel(() => Promise.reject(new Error('no refresh'))) };

const preference = (name: string, label: string, active: boolean): PreferenceItem => ({ name, label, active });
const newsletter = (status: NewsletterStatusItem['status']): NewsletterStatusItem => ({
  name: MAIN_NEWSLETTER_ID,
  label: 'H Rewards newsletter',
  active: status === 'active',
  dailypointId: 'DPNL-1001',
  status,
});

type Answer = { status?: number; body: unknown };
let answers: ((url: URL, init?: RequestInit) => Answer | undefined)[];
let requests: { method: string; path: string; authorization: string | null; body: unknown }[];

beforeEach(() => {
  answers = [];
  requests = [];
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://site.test');
      const headers = new Headers(init?.headers);
      requests.push({ method: init?.method ?? 'GET', path: `${url.pathname}${url.search}`, authorization: headers.get('authorization'), body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers.map((answerFor) => answerFor(url, init)).find(Boolean);
      return new Response(JSON.stringify(answer?.body ?? { error: { code: 'not_found', message: 'Not found' } }), {
        status: answer ? (answer.status ?? 200) : 404,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { queryClient, wrapper };
}

describe('choosing a preference', () => {
  it('saves it and writes it into the member’s lists in every locale, labels kept, as the targeted filters read them', async () => {
    const { queryClient, wrapper } = setup();
    queryClient.setQueryData(memberPreferencesQuery(access, 'en').queryKey, [preference('spa', 'Spa and wellness', false), preference('quiet-room', 'Quiet room', false)]);
    queryClient.setQueryData(memberPreferencesQuery(access, 'de').queryKey, [preference('spa', 'Spa und Wellness', false)]);
    // Another member's list is never touched.
    queryClient.setQueryData(memberKeys.preferences('someone-else', 'en'), [preference('spa', 'Spa and wellness', false)]);
    answers.push((url, init) => (url.pathname === '/bff/members/preferences/spa' && init?.method === 'POST' ? { body: { data: preference('spa', 'Spa and wellness', true) } } : undefined));

    const { result } = renderHook(() => useChoosePreference(access, 'en'), { wrapper });
    await act(() => result.current.mutateAsync({ name: 'spa', active: true }));

    expect(requests).toEqual([{ method: 'POST', path: '/bff/members/preferences/spa?locale=en', authorization: `Bearer ${access.token}`, body: undefined }]);
    expect(queryClient.getQueryData(memberPreferencesQuery(access, 'en').queryKey)).toEqual([preference('spa', 'Spa and wellness', true), preference('quiet-room', 'Quiet room', false)]);
    expect(queryClient.getQueryData(memberPreferencesQuery(access, 'de').queryKey)).toEqual([preference('spa', 'Spa und Wellness', true)]);
    expect(queryClient.getQueryData(memberKeys.preferences('someone-else', 'en'))).toEqual([preference('spa', 'Spa and wellness', false)]);
  });

  it('changes nothing cached when the BFF refuses', async () => {
    const { queryClient, wrapper } = setup();
    queryClient.setQueryData(memberPreferencesQuery(access, 'en').queryKey, [preference('spa', 'Spa and wellness', false)]);
    answers.push(() => ({ status: 500, body: { error: { code: 'internal', message: 'Failed' } } }));
    const { result } = renderHook(() => useChoosePreference(access, 'en'), { wrapper });
    await act(() => result.current.mutateAsync({ name: 'spa', active: true }).catch(() => undefined));
    // The mutation's state reaches the hook through React Query's scheduler: on a busy machine after act() returns.
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(queryClient.getQueryData(memberPreferencesQuery(access, 'en').queryKey)).toEqual([preference('spa', 'Spa and wellness', false)]);
  });
});

describe('newsletters', () => {
  it('reads the statuses and keeps the spec’s `newsletters` entry (name and active) in step', async () => {
    const { queryClient } = setup();
    answers.push((url) => (url.pathname === '/bff/members/newsletters' ? { body: { data: [newsletter('pending')] } } : undefined));
    const items = await queryClient.fetchQuery(newsletterStatusesQuery(access, 'en'));
    expect(items).toEqual([newsletter('pending')]);
    expect(JSON.parse(localStorage.getItem(NEWSLETTERS_KEY) ?? 'null')).toEqual([{ name: MAIN_NEWSLETTER_ID, active: false }]);
  });

  it('writes a confirmed or cancelled subscription into both lists of the member, and the entry', async () => {
    const { queryClient, wrapper } = setup();
    queryClient.setQueryData(newsletterStatusesQuery(access, 'en').queryKey, [newsletter('active')]);
    const targeted: NewsletterItem[] = [{ name: MAIN_NEWSLETTER_ID, label: 'H Rewards newsletter', active: true, dailypointId: 'DPNL-1001' }];
    queryClient.setQueryData(memberNewslettersQuery(access, 'en').queryKey, targeted);
    answers.push((url, init) => (url.pathname === `/bff/members/newsletters/${MAIN_NEWSLETTER_ID}` && init?.method === 'DELETE' ? { body: { data: newsletter('none') } } : undefined));

    const { result } = renderHook(() => useSetNewsletter(access, 'en'), { wrapper });
    await act(() => result.current.mutateAsync({ name: MAIN_NEWSLETTER_ID, subscribed: false }));

    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([`DELETE /bff/members/newsletters/${MAIN_NEWSLETTER_ID}?locale=en`]);
    expect(queryClient.getQueryData(newsletterStatusesQuery(access, 'en').queryKey)).toEqual([newsletter('none')]);
    // The targeted messages' list: no longer subscribed.
    expect(queryClient.getQueryData(memberNewslettersQuery(access, 'en').queryKey)).toEqual([{ ...targeted[0], active: false }]);
    expect(JSON.parse(localStorage.getItem(NEWSLETTERS_KEY) ?? 'null')).toEqual([{ name: MAIN_NEWSLETTER_ID, active: false }]);
  });

  it('reads the member’s newsletters again after a confirmation or a change in the preference centre', async () => {
    const { queryClient } = setup();
    queryClient.setQueryData(newsletterStatusesQuery(access, 'en').queryKey, [newsletter('pending')]);
    queryClient.setQueryData(memberNewslettersQuery(access, 'en').queryKey, []);
    queryClient.setQueryData(memberPreferencesQuery(access, 'en').queryKey, []);
    await refreshMemberNewsletters(queryClient);
    expect(queryClient.getQueryState(newsletterStatusesQuery(access, 'en').queryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(memberNewslettersQuery(access, 'en').queryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(memberPreferencesQuery(access, 'en').queryKey)?.isInvalidated).toBe(false);
  });

  it('words too many confirmation mails apart from any other failure', () => {
    expect(saveFailureOf(new HttpError(429))).toBe('tooMany');
    expect(saveFailureOf(new HttpError(500))).toBe('failed');
    expect(saveFailureOf(new TypeError('Failed to fetch'))).toBe('failed');
  });
});

describe('the confirmation link', () => {
  it('is sent once without a bearer token, even when asked for twice at once; a refusal is an InvalidInputError', async () => {
    answers.push((url) => (url.pathname === '/bff/members/newsletters/confirm' ? { body: { data: { newsletter: MAIN_NEWSLETTER_ID, status: 'active' } } } : undefined));
    const [first, second] = await Promise.all([confirmNewsletter('link-1'), confirmNewsletter('link-1')]);
    expect(first).toEqual({ newsletter: MAIN_NEWSLETTER_ID });
    expect(second).toEqual(first);
    expect(requests).toEqual([{ method: 'POST', path: '/bff/members/newsletters/confirm', authorization: null, body: { token: 'link-1' } }]);

    answers.unshift(() => ({ status: 400, body: { error: { code: 'bad_request', message: 'Not valid', issues: [{ path: 'token', message: 'Subscribe again' }] } } }));
    await expect(confirmNewsletter('link-1')).rejects.toBeInstanceOf(InvalidInputError);
  });
});

describe('the preference centre', () => {
  it('reads and changes the link’s newsletters with its token only, and tells an invalid link from other failures', async () => {
    const { queryClient, wrapper } = setup();
    answers.push((url, init) => {
      if (url.pathname === '/bff/members/preference-center/newsletters') return { body: { data: { email: 'reader@example.com', newsletters: [newsletter('active')] } } };
      if (url.pathname === `/bff/members/preference-center/newsletters/${MAIN_NEWSLETTER_ID}` && init?.method === 'DELETE') return { body: { data: newsletter('none') } };
      return undefined;
    });
    const centre = await queryClient.fetchQuery(preferenceCenterQuery('signed.link-token', 'de'));
    expect(centre.email).toBe('reader@example.com');
    const { result } = renderHook(() => useSetPreferenceCenterNewsletter('signed.link-token', 'de'), { wrapper });
    await act(() => result.current.mutateAsync({ name: MAIN_NEWSLETTER_ID, subscribed: false }));
    expect(queryClient.getQueryData(preferenceCenterQuery('signed.link-token', 'de').queryKey)?.newsletters).toEqual([newsletter('none')]);
    expect(requests.map((request) => [request.method, request.path, request.authorization])).toEqual([
      ['GET', '/bff/members/preference-center/newsletters?token=signed.link-token&locale=de', null],
      ['DELETE', `/bff/members/preference-center/newsletters/${MAIN_NEWSLETTER_ID}?token=signed.link-token&locale=de`, null],
    ]);

    expect(preferenceCenterFailureOf(new HttpError(401))).toBe('invalidLink');
    expect(preferenceCenterFailureOf(new HttpError(500))).toBe('failed');
  });
});
