import { afterEach, describe, expect, it, vi } from 'vitest';
import { validToken } from '../../../test/auth/tokens';
import { HttpError } from '../bff/client';
import { clearPromoCode, confirmMembershipCancellation, fetchDataExport, redeemPromoCode, requestMembershipCancellation } from './account-api';
import { accountKeys, dataExportFailureOf, memberPromoCodeQuery, promoCodeFailureOf, promoCodeProblem } from './account-queries';
import { createAuthChannel } from './auth-channel';
import { InvalidInputError } from './errors';
import type { AuthAccess } from './requests';

const TOKEN = validToken(Date.now(), { sub: 'guid-7' });
const access: AuthAccess = { token: TOKEN, channel: createAuthChannel(() => Promise.reject(new Error('no refresh in these tests'))) };

interface Seen {
  path: string;
  method: string;
  authorization: string | null;
  body: unknown;
}

/** A BFF that answers once and records what it was asked. */
function answerOnce(status: number, body: unknown) {
  const seen: Seen[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push({
        path: new URL(String(input), 'http://site.test').pathname,
        method: init?.method ?? 'GET',
        authorization: new Headers(init?.headers).get('authorization'),
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return seen;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const SPRING = { code: 'SPRING25', percentOff: 25, stayFrom: '2027-03-01', stayUntil: '2027-05-31', brands: [], applies: true };

describe('the promo code', () => {
  it('checks a typed code by the contract’s rule before it is sent', () => {
    expect(promoCodeProblem('')).toBe('required');
    expect(promoCodeProblem('   ')).toBe('required');
    expect(promoCodeProblem('ab')).toBe('format');
    expect(promoCodeProblem('SPRING 25')).toBe('format');
    expect(promoCodeProblem('spring25')).toBeNull();
    expect(promoCodeProblem(' SPRING25 ')).toBeNull();
  });

  it('words why a code was not taken', () => {
    expect(promoCodeFailureOf(new InvalidInputError(['code']))).toBe('format');
    expect(promoCodeFailureOf(new HttpError(404))).toBe('unknown');
    expect(promoCodeFailureOf(new HttpError(409))).toBe('expired');
    expect(promoCodeFailureOf(new HttpError(503))).toBe('failed');
    expect(promoCodeFailureOf(new TypeError('offline'))).toBe('failed');
  });

  it('redeems with the member’s token and removes with PUT null', async () => {
    const redeemed = answerOnce(200, { data: SPRING });
    expect(await redeemPromoCode(access, 'spring25')).toEqual(SPRING);
    expect(redeemed).toEqual([{ path: '/bff/members/redeem-promo-code', method: 'POST', authorization: `Bearer ${TOKEN}`, body: { code: 'spring25' } }]);

    const cleared = answerOnce(200, { data: null });
    expect(await clearPromoCode(access)).toBeNull();
    expect(cleared).toEqual([{ path: '/bff/members/promo-code', method: 'PUT', authorization: `Bearer ${TOKEN}`, body: { code: null } }]);
  });

  it('is a member query: keyed by the member, not run without a token', () => {
    expect(memberPromoCodeQuery(access).queryKey).toEqual(accountKeys.promoCode('guid-7'));
    expect(accountKeys.promoCode('guid-7')).toEqual(['member', 'guid-7', 'promo-code']);
    expect(memberPromoCodeQuery({ ...access, token: null }).enabled).toBe(false);
  });
});

describe('the member’s data file', () => {
  it('is fetched with the member’s token and named after the day it was made in Berlin', async () => {
    const file = { generatedAt: '2026-11-28T23:30:00.000Z', profile: { email: 'anna@example.com' }, orders: [] };
    const seen = answerOnce(200, file);
    const saved = await fetchDataExport(access);
    expect(seen).toEqual([{ path: '/bff/members/export', method: 'GET', authorization: `Bearer ${TOKEN}`, body: undefined }]);
    // 23:30 UTC is already the next day in Berlin.
    expect(saved.fileName).toBe('h-rewards-data-2026-11-29.json');
    expect(saved.type).toBe('application/json');
    // Everything the BFF sent, as it sent it.
    expect(JSON.parse(saved.content)).toEqual(file);
  });

  it('refuses an answer that is not the data file', async () => {
    answerOnce(200, { data: 'not a file' });
    await expect(fetchDataExport(access)).rejects.toThrow();
  });

  it('words why it was not made', async () => {
    answerOnce(429, { error: { code: 'too_many_requests', message: 'Too many requests' } });
    const failure = await fetchDataExport(access).catch((error: unknown) => error);
    expect(dataExportFailureOf(failure)).toBe('tooMany');
    expect(dataExportFailureOf(new HttpError(500))).toBe('failed');
  });
});

describe('leaving', () => {
  it('asks for a code with a POST and answers what leaving means', async () => {
    const summary = { points: 1_200, vouchers: 2, upcomingBookings: 1, pointsLost: true, bookingsKept: true };
    const seen = answerOnce(200, { data: { codeSent: true, summary } });
    expect(await requestMembershipCancellation(access)).toEqual(summary);
    expect(seen).toEqual([{ path: '/bff/members/cancel-membership', method: 'POST', authorization: `Bearer ${TOKEN}`, body: undefined }]);
  });

  it('confirms with the code and the locale; a wrong code is an InvalidInputError', async () => {
    const seen = answerOnce(200, { data: { status: 'cancelled', upcomingBookingsKept: 1 } });
    expect(await confirmMembershipCancellation(access, { code: '123456', locale: 'de' })).toEqual({ status: 'cancelled', upcomingBookingsKept: 1 });
    expect(seen[0]).toMatchObject({ path: '/bff/members/confirm-membership-cancellation', method: 'POST', body: { code: '123456', locale: 'de' } });

    answerOnce(400, { error: { code: 'bad_request', message: 'The code is not valid or has expired', issues: [{ path: 'code', message: 'Enter the code from the latest mail' }] } });
    await expect(confirmMembershipCancellation(access, { code: '000000', locale: 'de' })).rejects.toBeInstanceOf(InvalidInputError);
  });
});
