import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validToken } from '../../../test/auth/tokens';
import { MEMBER_PROFILE } from '../../../test/auth/members';
import { createAuthChannel } from './auth-channel';
import { InvalidInputError, RateLimitedError, StepUpRequiredError } from './errors';
import {
  confirmEmailChange,
  fieldsRefused,
  isBillingLimitReached,
  keepProfile,
  requestEmailChange,
  resendEmailChangeCode,
} from './profile-queries';
import { requestStepUpCode, verifyStepUpCode } from './step-up';
import { memberKeys, subjectOf } from './queries';

/*
 * The profile's calls as the BFF answers them: the step-up header on the email request, the step-up and
 * limit answers read as the errors the machines decide on, and a changed profile kept in the cache.
 */

const access = { token: validToken(Date.now(), { sub: 'guid-1' }), channel: createAuthChannel(() => Promise.reject(new Error('no refresh'))) };

interface Seen {
  path: string;
  body: unknown;
  stepUp: string | null;
}

function answering(status: number, body: unknown, headers: Record<string, string> = {}) {
  const seen: Seen[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push({ path: new URL(String(input), 'http://site.test').pathname, body: init?.body ? JSON.parse(String(init.body)) : null, stepUp: new Headers(init?.headers).get('X-Step-Up-Token') });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
    }),
  );
  return seen;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the step-up and the email change’s calls', () => {
  it('asks for a step-up code in the page’s language and gives the token a right code earns', async () => {
    const seen = answering(202, { data: { accepted: true } });
    await requestStepUpCode(access, 'de');
    expect(seen).toEqual([{ path: '/bff/auth/step-up/code', body: { locale: 'de' }, stepUp: null }]);
    answering(200, { data: { step_up_token: 'su-1', expires_in: 300 } });
    await expect(verifyStepUpCode(access, '123456')).resolves.toEqual({ step_up_token: 'su-1', expires_in: 300 });
  });

  it('sends the new address with the step-up token, and reads a refusal for want of one as StepUpRequiredError', async () => {
    const seen = answering(403, { error: { code: 'step_up_required', message: 'Confirm it is you first' } });
    const error = await requestEmailChange(access, 'new@example.com', 'su-1').catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(StepUpRequiredError);
    expect(seen).toEqual([{ path: '/bff/members/update-profile-email-request', body: { email: 'new@example.com' }, stepUp: 'su-1' }]);
    // Another 403 (a request from another site) is not a step-up.
    answering(403, { error: { code: 'forbidden', message: 'No' } });
    expect(await requestEmailChange(access, 'new@example.com', null).catch((failure: unknown) => failure)).not.toBeInstanceOf(StepUpRequiredError);
  });

  it('reads a limit on codes with the seconds to wait the BFF gave', async () => {
    answering(429, { error: { code: 'bad_request', message: 'Too many attempts.' } }, { 'retry-after': '600' });
    const limited = await resendEmailChangeCode(access).catch((failure: unknown) => failure);
    expect(limited).toBeInstanceOf(RateLimitedError);
    expect((limited as RateLimitedError).retryAfterSeconds).toBe(600);
    answering(429, { error: { code: 'bad_request', message: 'Too many attempts.' } });
    expect(((await resendEmailChangeCode(access).catch((failure: unknown) => failure)) as RateLimitedError).retryAfterSeconds).toBeNull();
  });

  it('reads a refused code as the fields the BFF named, and answers the profile with the new token', async () => {
    answering(400, { error: { code: 'bad_request', message: 'Invalid', issues: [{ path: 'code', message: 'The code is not valid or has expired.' }] } });
    const refused = await confirmEmailChange(access, '111111').catch((failure: unknown) => failure);
    expect(refused).toBeInstanceOf(InvalidInputError);
    expect(fieldsRefused(refused)).toEqual(['code']);
    expect(fieldsRefused(new Error('offline'))).toEqual([]);
    const profile = { ...MEMBER_PROFILE, email: 'new@example.com' };
    answering(200, { data: { profile, token: 'new-token' } });
    await expect(confirmEmailChange(access, '123456')).resolves.toEqual({ profile, token: 'new-token' });
  });
});

describe('the profile’s other answers', () => {
  it('keeps a changed profile under the member’s key, and tells the billing limit from other failures', async () => {
    const queryClient = new QueryClient();
    keepProfile(queryClient, access, MEMBER_PROFILE);
    expect(queryClient.getQueryData(memberKeys.profile(subjectOf(access)))).toEqual(MEMBER_PROFILE);
    answering(409, { error: { code: 'conflict', message: 'You can keep at most 10 billing addresses' } });
    const conflict = await resendEmailChangeCode(access).catch((failure: unknown) => failure);
    expect(isBillingLimitReached(conflict)).toBe(true);
    expect(isBillingLimitReached(new Error('offline'))).toBe(false);
  });
});
