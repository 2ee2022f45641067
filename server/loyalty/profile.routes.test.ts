import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MEMBER_PATHS, MemberStatusResponseSchema } from '../../src/contract/auth';
import { BFF_PREFIX } from '../../src/contract/content';
import { ErrorBodySchema } from '../../src/contract/errors';
import { LOCALES } from '../../src/contract/locales';
import {
  buyVoucherPath,
  DailypointProfileResponseSchema,
  dailypointProfilePath,
  LOYALTY_LIMITS,
  LOYALTY_PATHS,
  PointsClaimsResponseSchema,
  PointsStatusResponseSchema,
} from '../../src/contract/loyalty';
import { TEST_TODAY } from '../../test/bff/database';
import { DEMO_MEMBERS } from '../db/seed/members';
import { type Answer, useCommerceTests } from '../ecommerce/testing';
import { addDays, businessDate } from '../lib/calendar';
import { expectLedgerConsistent } from './testing';

/*
 * The loyalty system's profile of the member (dailypoint-profile), the member-status helper beside it,
 * and the limit on requests for missing points, through app.request() on the seeded demo members: Anna
 * (DP1000000001, Gold, 12,500 points, 860 pending, CRS-700001) and Omar (DP1000000002, Silver, 2,300).
 */

const suite = useCommerceTests();
const { t, tokens } = suite;
const today = businessDate(TEST_TODAY);
const HOUR = 60 * 60 * 1000;
const ANNA_ID = 'DP1000000001';
const OMAR_ID = 'DP1000000002';

/** Both members signed in now (an access token lasts minutes: a test that moves the clock signs in again). */
const signIn = async () => ({ anna: await t.tokenOf(DEMO_MEMBERS.withPassword), omar: await t.tokenOf(DEMO_MEMBERS.codeOnly) });

const errorOf = (answer: Answer) => v.parse(ErrorBodySchema, answer.body).error;
const issuesOf = (answer: Answer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  const error = errorOf(answer);
  expect(error.code).toBe('bad_request');
  return (error.issues ?? []).map((issue) => issue.path);
};

describe('dailypoint-profile', () => {
  it('answers 401 without a token, and with a token that is not one', async () => {
    const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer not-a-token' }];
    for (const headers of attempts) {
      const answer = await t.call('GET', dailypointProfilePath(ANNA_ID), undefined, headers);
      expect(answer.status).toBe(401);
      expect(errorOf(answer).code).toBe('unauthorized');
    }
  });

  it('refuses an id that is not a dailypoint master id with 400 and the issue', async () => {
    for (const id of ['DP123', 'dp1000000001', 'XX1000000001', 'DP10000000011', '1000000001']) {
      expect(issuesOf(await t.get(dailypointProfilePath(id), tokens.anna)), id).toEqual(['id']);
    }
  });

  it("answers the member's own profile: master id, level, points, pending points and CRS id", async () => {
    const anna = await t.get(dailypointProfilePath(ANNA_ID), tokens.anna);
    expect(anna.status).toBe(200);
    expect(v.parse(DailypointProfileResponseSchema, anna.body).data).toEqual({
      dailypointMasterId: ANNA_ID,
      rewardLevel: { code: 'DB', name: 'Gold' },
      points: 12_500,
      pendingPoints: 860,
      crsId: 'CRS-700001',
    });
    const omar = await t.get(dailypointProfilePath(OMAR_ID), tokens.omar);
    expect(v.parse(DailypointProfileResponseSchema, omar.body).data).toEqual({
      dailypointMasterId: OMAR_ID,
      rewardLevel: { code: 'DA', name: 'Silver' },
      points: 2_300,
      pendingPoints: 0,
      crsId: null,
    });
  });

  it("answers 404 for another member's id exactly as for an id nobody has", async () => {
    const other = await t.get(dailypointProfilePath(OMAR_ID), tokens.anna);
    const unknown = await t.get(dailypointProfilePath('DP9999999999'), tokens.anna);
    expect(other.status).toBe(404);
    expect(other.body).toEqual(unknown.body);
    expect(errorOf(other)).toEqual({ code: 'not_found', message: 'No such profile' });
  });
});

describe('member status', () => {
  it('answers the level and the balance in every locale, with the CRS id', async () => {
    for (const locale of LOCALES) {
      const answer = await t.get(`${MEMBER_PATHS.status}?locale=${locale}`, tokens.anna);
      expect(v.parse(MemberStatusResponseSchema, answer.body).data, locale).toEqual({
        dailypointStatus: { reward_level: 'Gold', rewards_points: 12_500 },
        strapiStatus: { crs_id: 'CRS-700001' },
      });
    }
    expect(issuesOf(await t.get(`${MEMBER_PATHS.status}?locale=xx`, tokens.anna))).toEqual(['locale']);
    expect((await t.get(MEMBER_PATHS.status)).status).toBe(401);
  });

  it("follows the ledger's balance: after a reward is bought, status, profile and points status agree", async () => {
    expect((await t.post(buyVoucherPath('stay-voucher-25'), undefined, tokens.anna)).status).toBe(201);
    const balance = v.parse(PointsStatusResponseSchema, (await t.get(LOYALTY_PATHS.pointsStatus, tokens.anna)).body).data.balance;
    expect(balance).toBe(10_000);
    const status = v.parse(MemberStatusResponseSchema, (await t.get(`${MEMBER_PATHS.status}?locale=de`, tokens.anna)).body).data;
    expect(status.dailypointStatus.rewards_points).toBe(balance);
    const profile = v.parse(DailypointProfileResponseSchema, (await t.get(dailypointProfilePath(ANNA_ID), tokens.anna)).body).data;
    expect(profile.points).toBe(balance);
    await expectLedgerConsistent(suite.db, DEMO_MEMBERS.withPassword);
  });
});

describe('the limit on requests for missing points', () => {
  const request = (n: number) => ({
    hotelCode: 'SMSB',
    arrivalDate: addDays(today, -30),
    departureDate: addDays(today, -28),
    reservationNumber: `EXT-LIMIT-${n}`,
  });
  const raw = (token: string, body: unknown) =>
    t.app.request(`${BFF_PREFIX}${LOYALTY_PATHS.requestPoints}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it(`takes ${LOYALTY_LIMITS.claimsPerHour} requests a member and hour, then answers 429 with Retry-After until the hour is over`, async () => {
    // An hour of its own, so counts of other tests do not mix in (TEST_TODAY is 09:00 UTC, a window's start).
    t.setNow(new Date(TEST_TODAY.getTime() + 2 * HOUR));
    let k = await signIn();
    const statuses: number[] = [];
    // Refused requests count as well: every request reaching the route is one a hotel might look into.
    statuses.push((await t.post(LOYALTY_PATHS.requestPoints, { ...request(0), hotelCode: 'NOPE1' }, k.omar)).status);
    for (let n = 1; n < LOYALTY_LIMITS.claimsPerHour; n += 1) statuses.push((await t.post(LOYALTY_PATHS.requestPoints, request(n), k.omar)).status);
    expect(statuses).toEqual([400, ...Array<number>(LOYALTY_LIMITS.claimsPerHour - 1).fill(201)]);

    t.advance(15 * 60 * 1000);

    k = await signIn();
    const refused = await raw(k.omar, request(99));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(45 * 60));
    expect(v.parse(ErrorBodySchema, await refused.json()).error).toEqual({
      code: 'bad_request',
      message: 'Too many attempts. Please wait a moment and try again.',
    });
    // Nothing was stored for the refused request; the list is still there, and another member is not held up.
    const claims = v.parse(PointsClaimsResponseSchema, (await t.get(LOYALTY_PATHS.requestPoints, k.omar)).body).data;
    expect(claims.map((claim) => claim.reservationNumber)).not.toContain('EXT-LIMIT-99');
    expect((await t.post(LOYALTY_PATHS.requestPoints, request(50), k.anna)).status).toBe(201);

    // The next hour takes requests again.
    t.advance(45 * 60 * 1000);
    k = await signIn();
    expect((await t.post(LOYALTY_PATHS.requestPoints, request(99), k.omar)).status).toBe(201);
  });

  it('does not count the list of requests', async () => {
    t.setNow(new Date(TEST_TODAY.getTime() + 4 * HOUR));
    const k = await signIn();
    for (let n = 0; n < LOYALTY_LIMITS.claimsPerHour + 2; n += 1) expect((await t.get(LOYALTY_PATHS.requestPoints, k.omar)).status).toBe(200);
    expect((await t.post(LOYALTY_PATHS.requestPoints, request(200), k.omar)).status).toBe(201);
  });
});
