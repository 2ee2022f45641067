import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeEach, describe, expect, it } from 'vitest';
import { MEMBER_PATHS, MemberStatusResponseSchema } from '../../src/contract/auth';
import { ErrorBodySchema } from '../../src/contract/errors';
import {
  BuyVoucherResponseSchema,
  buyVoucherPath,
  LOYALTY_PATHS,
  MemberBookingsResponseSchema,
  MembershipLevelsResponseSchema,
  memberVoucherPath,
  MemberVoucherResponseSchema,
  MemberVouchersResponseSchema,
  PointsClaimResponseSchema,
  PointsClaimsResponseSchema,
  pointsClaimPath,
  PointsHistoryResponseSchema,
  PointsStatusResponseSchema,
  RewardsResponseSchema,
} from '../../src/contract/loyalty';
import { TEST_TODAY } from '../../test/bff/database';
import { pointsClaims, pointsLedger, rateLimitBuckets, vouchers } from '../db/schema';
import { DEMO_LOYALTY } from '../db/seed/loyalty';
import { DEMO_MEMBERS } from '../db/seed/members';
import { type Answer, useCommerceTests } from '../ecommerce/testing';
import { addDays, businessDate } from '../lib/calendar';
import { balanceOf, expectLedgerConsistent, memberIdOf } from './testing';

/*
 * The member area's rewards routes through app.request(), on the seeded demo members: Anna (Gold, 12,500
 * points and a few years of history) and Omar (Silver, 2,300). Every change is followed by the ledger's
 * invariant: the stored balance is the sum of the entries.
 */

const suite = useCommerceTests();
const { t, tokens } = suite;
const today = businessDate(TEST_TODAY);
const P = LOYALTY_PATHS;

function dataOf<T>(schema: v.GenericSchema<unknown, { data: T }>, answer: Answer, status = 200): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return v.parse(schema, answer.body).data;
}
const errorOf = (answer: Answer) => v.parse(ErrorBodySchema, answer.body).error;
const consistent = async () => {
  await expectLedgerConsistent(suite.db, DEMO_MEMBERS.withPassword);
  await expectLedgerConsistent(suite.db, DEMO_MEMBERS.codeOnly);
};

describe('who may call', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', P.pointsStatus],
    ['GET', `${P.pointsHistory}?year=2025`],
    ['GET', `${P.membershipLevels}?locale=en`],
    ['GET', P.vouchers],
    ['GET', memberVoucherPath(DEMO_LOYALTY.omarVoucherId)],
    ['GET', `${P.rewards}?locale=en`],
    ['POST', buyVoucherPath('stay-voucher-25')],
    ['POST', P.requestPoints, { hotelCode: 'SMSB', arrivalDate: addDays(today, -22), departureDate: addDays(today, -20), reservationNumber: 'SMSB-ANNA7PAS' }],
    ['GET', P.requestPoints],
    ['GET', pointsClaimPath(DEMO_LOYALTY.omarClaimId)],
    ['GET', P.bookings],
  ];

  it.each(routes)('%s %s answers 401 without a token, and with a token that is not one', async (method, path, body) => {
    const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer not-a-token' }];
    for (const headers of attempts) {
      const answer = await t.call(method, path, body, headers);
      expect(answer.status).toBe(401);
      expect(errorOf(answer).code).toBe('unauthorized');
    }
  });

  it("answers 404 for another member's voucher and request, as for unknown ones", async () => {
    const [annaVoucher] = await suite.db.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.id, DEMO_LOYALTY.annaBonusVoucherId));
    expect(annaVoucher).toBeDefined();
    expect((await t.get(memberVoucherPath(DEMO_LOYALTY.annaBonusVoucherId), tokens.omar)).status).toBe(404);
    expect((await t.get(memberVoucherPath(DEMO_LOYALTY.omarVoucherId), tokens.anna)).status).toBe(404);
    expect((await t.get(memberVoucherPath('5f0d3e1a-0000-4000-8000-000000000000'), tokens.anna)).status).toBe(404);
    const other = await t.get(pointsClaimPath(DEMO_LOYALTY.omarClaimId), tokens.anna);
    expect(other.status).toBe(404);
    expect(errorOf(other)).toEqual({ code: 'not_found', message: 'No such request' });
    // The owners see their own.
    expect(dataOf(MemberVoucherResponseSchema, await t.get(memberVoucherPath(DEMO_LOYALTY.omarVoucherId), tokens.omar))).toMatchObject({ category: 'Bonus', status: 'valid' });
    expect(dataOf(PointsClaimResponseSchema, await t.get(pointsClaimPath(DEMO_LOYALTY.omarClaimId), tokens.omar))).toMatchObject({ status: 'submitted', reason: 'review' });
    // Lists hold only the caller's own.
    const annaVouchers = dataOf(MemberVouchersResponseSchema, await t.get(P.vouchers, tokens.anna));
    expect(annaVouchers.map((voucher) => voucher.id)).not.toContain(DEMO_LOYALTY.omarVoucherId);
    const annaClaims = dataOf(PointsClaimsResponseSchema, await t.get(P.requestPoints, tokens.anna));
    expect(annaClaims.map((claim) => claim.id)).not.toContain(DEMO_LOYALTY.omarClaimId);
  });
});

describe('bad input', () => {
  const issuesOf = async (answer: Answer | Promise<Answer>) => {
    const resolved = await answer;
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(400);
    const error = errorOf(resolved);
    expect(error.code).toBe('bad_request');
    return (error.issues ?? []).map((issue) => issue.path);
  };

  it('refuses a year that is not one, a locale we do not have, ids that are not ids', async () => {
    expect(await issuesOf(t.get(`${P.pointsHistory}?year=twenty`, tokens.anna))).toEqual(['year']);
    expect(await issuesOf(t.get(`${P.pointsHistory}?year=1999`, tokens.anna))).toEqual(['year']);
    expect(await issuesOf(t.get(`${P.membershipLevels}?locale=xx`, tokens.anna))).toEqual(['locale']);
    expect(await issuesOf(t.get(`${P.rewards}?locale=xx`, tokens.anna))).toEqual(['locale']);
    expect(await issuesOf(t.get(memberVoucherPath('not-a-uuid'), tokens.anna))).toEqual(['voucherId']);
    expect(await issuesOf(t.get(pointsClaimPath('42'), tokens.anna))).toEqual(['claimId']);
    expect(await issuesOf(t.post(buyVoucherPath('Stay_Voucher!'), undefined, tokens.anna))).toEqual(['rewardId']);
  });

  it('refuses a request for points with missing fields, a bad hotel code, impossible dates or a departure before the arrival', async () => {
    expect((await issuesOf(t.post(P.requestPoints, {}, tokens.anna))).sort()).toEqual(['arrivalDate', 'departureDate', 'hotelCode', 'reservationNumber']);
    const request = { hotelCode: 'SMSB', arrivalDate: addDays(today, -22), departureDate: addDays(today, -20), reservationNumber: 'SMSB-ANNA7PAS' };
    expect(await issuesOf(t.post(P.requestPoints, { ...request, hotelCode: 'smsb!' }, tokens.anna))).toEqual(['hotelCode']);
    expect(await issuesOf(t.post(P.requestPoints, { ...request, departureDate: '2026-02-30' }, tokens.anna))).toEqual(['departureDate']);
    expect(await issuesOf(t.post(P.requestPoints, { ...request, departureDate: request.arrivalDate }, tokens.anna))).toEqual(['departureDate']);
    expect(await issuesOf(t.post(P.requestPoints, { ...request, reservationNumber: 'a b' }, tokens.anna))).toEqual(['reservationNumber']);
    // Known only to the server: the hotel, and whether the stay is over and recent enough.
    expect(await issuesOf(t.post(P.requestPoints, { ...request, hotelCode: 'NOPE1' }, tokens.anna))).toEqual(['hotelCode']);
    expect(await issuesOf(t.post(P.requestPoints, { ...request, arrivalDate: today, departureDate: addDays(today, 2) }, tokens.anna))).toEqual(['departureDate']);
    expect(await issuesOf(t.post(P.requestPoints, { ...request, arrivalDate: addDays(today, -400), departureDate: addDays(today, -398) }, tokens.anna))).toEqual(['departureDate']);
    expect(await suite.db.select().from(pointsClaims).where(eq(pointsClaims.memberId, await memberIdOf(suite.db, DEMO_MEMBERS.withPassword)))).toHaveLength(1);
  });
});

describe('points status and history', () => {
  it("answers Anna's balance, pending points, the points running out within 90 days, her level and this year's progress", async () => {
    const status = dataOf(PointsStatusResponseSchema, await t.get(P.pointsStatus, tokens.anna));
    expect(status).toEqual({
      balance: 12_500,
      // The booking ahead: 360 points for three nights on a member rate and 500 for the green option.
      pending: 860,
      expiring: { withinDays: 90, points: 500, dates: [{ date: '2026-04-30', points: 500 }] },
      level: { code: 'DB', name: 'Gold', order: 7 },
      progress: {
        year: 2026,
        nights: 0,
        points: 0,
        keep: { met: false, nightsNeeded: 30, pointsNeeded: 7_500 },
        next: { level: { code: 'DI', name: 'Platinum', order: 8 }, nights: 40, points: 10_000, nightsNeeded: 40, pointsNeeded: 10_000 },
      },
    });
    await consistent();
  });

  it('lists a year newest first, with hotel names and reservation numbers, and the years beside it', async () => {
    const thisYear = dataOf(PointsHistoryResponseSchema, await t.get(P.pointsHistory, tokens.anna));
    expect(thisYear).toMatchObject({ year: 2026, previousYear: 2025, nextYear: null });
    expect(thisYear.entries.map((entry) => [entry.kind, entry.points, entry.pendingPoints])).toEqual([
      ['green', 0, 500],
      ['earned', 0, 360],
      ['refunded', 0, -200],
      ['earned', 0, 200],
      ['redeemed', -2_500, 0],
      ['redeemed', -3_000, 0],
    ]);
    expect(thisYear.entries[1]).toMatchObject({
      hotel: { code: 'SKDO', name: 'Steigenberger Hotel Köln Dom' },
      reservationNumber: 'SKDO-ANNA7UPC',
      stay: { arrivalDate: addDays(today, 45), departureDate: addDays(today, 48) },
      orderId: DEMO_LOYALTY.annaUpcomingOrderId,
    });
    expect(thisYear.entries[5]).toMatchObject({ reward: { id: 'spa-credit-30', name: '30 EUR spa and wellness credit' } });

    const german = dataOf(PointsHistoryResponseSchema, await t.get(`${P.pointsHistory}?year=2026&locale=de`, tokens.anna));
    expect(german.entries[5]?.reward?.name).toBe('30 EUR Spa- und Wellness-Guthaben');

    const lastYear = dataOf(PointsHistoryResponseSchema, await t.get(`${P.pointsHistory}?year=2025`, tokens.anna));
    expect(lastYear).toMatchObject({ year: 2025, previousYear: 2024, nextYear: 2026 });
    const kinds = new Set(lastYear.entries.map((entry) => entry.kind));
    for (const kind of ['earned', 'green', 'claimed', 'expired']) expect(kinds).toContain(kind);
    const claimed = lastYear.entries.find((entry) => entry.kind === 'claimed');
    expect(claimed).toMatchObject({ points: 760, qualifyingNights: 2, hotel: { code: 'SHDX' }, reservationNumber: 'EXT-4471902' });

    const empty = dataOf(PointsHistoryResponseSchema, await t.get(`${P.pointsHistory}?year=2020`, tokens.anna));
    expect(empty).toEqual({ year: 2020, entries: [], previousYear: null, nextYear: 2023 });
  });
});

describe('membership levels', () => {
  it('lists every level by level_order with thresholds and benefits in the asked language, the member’s own marked', async () => {
    const levels = dataOf(MembershipLevelsResponseSchema, await t.get(`${P.membershipLevels}?locale=de`, tokens.anna));
    expect(levels.map((level) => [level.order, level.code, level.name, level.nights, level.points, level.current])).toEqual([
      [4, 'DP', 'Star', 0, 0, false],
      [5, 'DA', 'Silver', 10, 2_500, false],
      [6, 'DX', 'Prestige', 20, 5_000, false],
      [7, 'DB', 'Gold', 30, 7_500, true],
      [8, 'DI', 'Platinum', 40, 10_000, false],
      [9, 'DD', 'Diamond', 60, 15_000, false],
    ]);
    expect(levels[0]?.benefits.map((benefit) => benefit.name)).toContain('Kostenloses WLAN');
    expect(levels[5]?.benefits.length).toBeGreaterThan(levels[0]?.benefits.length ?? 0);
    const omars = dataOf(MembershipLevelsResponseSchema, await t.get(P.membershipLevels, tokens.omar));
    expect(omars.find((level) => level.current)?.name).toBe('Silver');
    expect(omars[0]?.benefits.map((benefit) => benefit.name)).toContain('Free Wi-Fi');
  });
});

describe('vouchers and rewards', () => {
  it("lists Anna's vouchers of each category: valid first, the one running out within 30 days flagged, then used and expired", async () => {
    const list = dataOf(MemberVouchersResponseSchema, await t.get(P.vouchers, tokens.anna));
    expect(new Set(list.map((voucher) => voucher.category))).toEqual(new Set(['Voucher', 'Bonus', 'Other']));
    expect(list.map((voucher) => voucher.status)).toEqual(['valid', 'valid', 'valid', 'used', 'expired']);
    expect(list[0]).toMatchObject({ id: DEMO_LOYALTY.annaBonusVoucherId, category: 'Bonus', amount: 20, currency: 'EUR', validUntil: addDays(today, 20), expiringSoon: true });
    expect(list.filter((voucher) => voucher.expiringSoon)).toHaveLength(1);
    expect(list.find((voucher) => voucher.code === 'ANNA-GIFT-100')).toMatchObject({ category: 'Voucher', amount: 100, status: 'valid' });
  });

  it('lists the rewards catalogue in the asked language with what the member can afford', async () => {
    const anna = dataOf(RewardsResponseSchema, await t.get(`${P.rewards}?locale=de`, tokens.anna));
    expect(anna.map((reward) => [reward.id, reward.category, reward.points, reward.amount, reward.affordable])).toEqual([
      ['stay-voucher-25', 'Voucher', 2_500, 25, true],
      ['stay-voucher-50', 'Voucher', 5_000, 50, true],
      ['stay-voucher-100', 'Voucher', 9_500, 100, true],
      ['spa-credit-30', 'Other', 3_000, 30, true],
    ]);
    expect(anna[0]?.name).toBe('25 EUR Rabatt auf einen Aufenthalt');
    const omar = dataOf(RewardsResponseSchema, await t.get(P.rewards, tokens.omar));
    expect(omar.map((reward) => reward.affordable)).toEqual([false, false, false, false]);
  });

  it('buys a reward: the points spent and the voucher made together, shown in the list, the history and the member status', async () => {
    const bought = dataOf(BuyVoucherResponseSchema, await t.post(`${buyVoucherPath('stay-voucher-50')}?locale=en`, undefined, tokens.anna), 201);
    expect(bought).toMatchObject({
      reward: { id: 'stay-voucher-50', name: '50 EUR off a stay', points: 5_000 },
      balance: 7_500,
      voucher: { category: 'Voucher', amount: 50, currency: 'EUR', status: 'valid', validUntil: addDays(today, 365), expiringSoon: false },
    });
    expect(bought.voucher.code).toMatch(/^RW-[A-HJ-NP-Z2-9]{8}$/);
    expect(await balanceOf(suite.db, DEMO_MEMBERS.withPassword)).toBe(7_500);
    expect(dataOf(MemberVouchersResponseSchema, await t.get(P.vouchers, tokens.anna)).map((voucher) => voucher.id)).toContain(bought.voucher.id);
    const [entry] = dataOf(PointsHistoryResponseSchema, await t.get(P.pointsHistory, tokens.anna)).entries;
    expect(entry).toMatchObject({ kind: 'redeemed', points: -5_000, balanceAfter: 7_500, date: today, reward: { id: 'stay-voucher-50', voucherId: bought.voucher.id } });
    const status = v.parse(MemberStatusResponseSchema, (await t.get(`${MEMBER_PATHS.status}?locale=en`, tokens.anna)).body).data;
    expect(status.dailypointStatus).toEqual({ reward_level: 'Gold', rewards_points: 7_500 });
    await consistent();
  });

  it('refuses a reward the balance does not cover with 409 and spends nothing; an unknown reward is 404', async () => {
    const before = await suite.db.select().from(vouchers);
    const refused = await t.post(buyVoucherPath('stay-voucher-25'), undefined, tokens.omar);
    expect(refused.status).toBe(409);
    expect(errorOf(refused)).toEqual({ code: 'insufficient_points', message: 'Not enough points: this reward costs 2,500 points and your balance is 2,300 points' });
    expect(await balanceOf(suite.db, DEMO_MEMBERS.codeOnly)).toBe(2_300);
    expect(await suite.db.select().from(vouchers)).toHaveLength(before.length);
    const omarId = await memberIdOf(suite.db, DEMO_MEMBERS.codeOnly);
    expect(await suite.db.select().from(pointsLedger).where(and(eq(pointsLedger.memberId, omarId), eq(pointsLedger.kind, 'redeemed')))).toHaveLength(0);
    expect((await t.post(buyVoucherPath('free-suite'), undefined, tokens.anna)).status).toBe(404);
    await consistent();
  });
});

describe('missing points', () => {
  const past = DEMO_LOYALTY.annaPastStay;
  const request = {
    hotelCode: past.hotelCode,
    arrivalDate: addDays(today, -past.arrivalDaysAgo),
    departureDate: addDays(today, -past.departureDaysAgo),
    reservationNumber: past.reservationNumber.toLowerCase(),
  };
  // The file's tests all run in one hour of the clock: requests of earlier tests (the bad input above
  // included) would otherwise use up the hour's limit (server/loyalty/profile.routes.test.ts tests it).
  beforeEach(async () => {
    await suite.db.delete(rateLimitBuckets);
  });

  it("keeps another member's reservation to itself: the request waits for the hotel, and nothing is credited", async () => {
    const claim = dataOf(PointsClaimResponseSchema, await t.post(P.requestPoints, request, tokens.omar), 201);
    expect(claim).toMatchObject({ status: 'submitted', reason: 'review', points: 0, decidedAt: null, reservationNumber: past.reservationNumber });
    expect(await balanceOf(suite.db, DEMO_MEMBERS.codeOnly)).toBe(2_300);
  });

  it('approves at once a stay of the member’s own that is over and earned nothing, and credits it as claimed', async () => {
    const before = await balanceOf(suite.db, DEMO_MEMBERS.withPassword);
    const claim = dataOf(PointsClaimResponseSchema, await t.post(P.requestPoints, request, tokens.anna), 201);
    expect(claim).toMatchObject({
      status: 'approved',
      reason: 'credited',
      points: past.claimablePoints,
      hotel: { code: 'SMSB', name: 'Steigenberger Hotel München Schwabing' },
      reservationNumber: past.reservationNumber,
    });
    expect(await balanceOf(suite.db, DEMO_MEMBERS.withPassword)).toBe(before + past.claimablePoints);
    const [entry] = dataOf(PointsHistoryResponseSchema, await t.get(P.pointsHistory, tokens.anna)).entries;
    expect(entry).toMatchObject({ kind: 'claimed', points: past.claimablePoints, qualifyingNights: 2, reservationNumber: past.reservationNumber, orderId: past.orderId });
    const status = dataOf(PointsStatusResponseSchema, await t.get(P.pointsStatus, tokens.anna));
    expect(status.progress).toMatchObject({ nights: 2, points: past.claimablePoints });

    // Once only: asking again is refused, and the list shows the request.
    const again = await t.post(P.requestPoints, request, tokens.anna);
    expect(again.status).toBe(409);
    expect(errorOf(again).code).toBe('conflict');
    const claims = dataOf(PointsClaimsResponseSchema, await t.get(P.requestPoints, tokens.anna));
    expect(claims[0]).toMatchObject({ id: claim.id, status: 'approved' });
    expect(claims.map((item) => item.status)).toEqual(['approved', 'approved']);
    await consistent();
  });

  it('leaves a booking made elsewhere for the hotel to confirm', async () => {
    const elsewhere = await t.post(
      P.requestPoints,
      { hotelCode: 'ASN', arrivalDate: addDays(today, -9), departureDate: addDays(today, -7), reservationNumber: 'CRS-99812' },
      tokens.anna,
    );
    expect(dataOf(PointsClaimResponseSchema, elsewhere, 201)).toMatchObject({ status: 'submitted', reason: 'review', points: 0 });
    await consistent();
  });
});

describe('bookings', () => {
  it("lists Anna's bookings ahead, past and cancelled from her orders; Omar has none", async () => {
    const bookings = dataOf(MemberBookingsResponseSchema, await t.get(P.bookings, tokens.anna));
    expect(bookings.upcoming.map((booking) => booking.orderId)).toEqual([DEMO_LOYALTY.annaUpcomingOrderId]);
    expect(bookings.past.map((booking) => booking.orderId)).toEqual([DEMO_LOYALTY.annaPastStay.orderId]);
    expect(bookings.cancelled.map((booking) => booking.orderId)).toEqual([DEMO_LOYALTY.annaCancelledOrderId]);
    expect(bookings.upcoming[0]).toMatchObject({
      status: 'confirmed',
      hotel: { code: 'SKDO' },
      arrivalDate: addDays(today, 45),
      departureDate: addDays(today, 48),
      nights: 3,
      pointsEarned: 860,
      pointsPending: true,
      rooms: [{ reservationNumber: 'SKDO-ANNA7UPC', roomTypeName: 'Standardzimmer', rateName: 'Flexibler Mitgliedertarif', status: 'confirmed' }],
    });
    expect(bookings.past[0]).toMatchObject({ totalAmount: 199, pointsEarned: 0, pointsPending: false });
    expect(bookings.cancelled[0]).toMatchObject({ status: 'cancelled', totalAmount: 0 });
    expect(dataOf(MemberBookingsResponseSchema, await t.get(P.bookings, tokens.omar))).toEqual({ upcoming: [], past: [], cancelled: [] });
  });
});
