import { and, asc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MEMBER_PATHS, MemberStatusResponseSchema } from '../../src/contract/auth';
import { type Cart, ECOMMERCE_PATHS, ModificationResponseSchema, type Order } from '../../src/contract/ecommerce';
import { LOYALTY_PATHS, PointsClaimResponseSchema, PointsHistoryResponseSchema, PointsStatusResponseSchema } from '../../src/contract/loyalty';
import { memberLevelChanges, members, pointsLedger } from '../db/schema';
import { DEMO_MEMBERS } from '../db/seed/members';
import { day, END, START, STAY, stdRoom, useCommerceTests } from '../ecommerce/testing';
import { addDays } from '../lib/calendar';
import { setNights } from '../search/test-inventory';
import { requalifyYear } from './qualification';
import { balanceOf, expectLedgerConsistent, memberIdOf } from './testing';

/*
 * The booking journey writes the points ledger in its own transactions: pending points at booking, the
 * credit after check-out (which counts toward the level and upgrades at once), paying with points and the
 * refund of a cancellation, a change of the stay. Then the daily expiry and the year end. Every step keeps
 * the stored balance equal to the sum of the entries.
 */

const suite = useCommerceTests({ nightsUntil: day(36) });
const { t, tokens } = suite;
const ANNA = DEMO_MEMBERS.withPassword;
const OMAR = DEMO_MEMBERS.codeOnly;

const entriesOf = async (email: string) =>
  suite.db
    .select()
    .from(pointsLedger)
    .where(eq(pointsLedger.memberId, await memberIdOf(suite.db, email)))
    .orderBy(asc(pointsLedger.id));
const newEntries = async (email: string, before: number) => (await entriesOf(email)).slice(before);
const consistent = async () => {
  await expectLedgerConsistent(suite.db, ANNA);
  await expectLedgerConsistent(suite.db, OMAR);
};
const cancel = (order: Order, token: string) =>
  t.post(ECOMMERCE_PATHS.cancelReservation(order.order_id, order.stays[0]?.room_stays[0]?.reservation_number ?? ''), {}, token);
const statusOf = async (token: string) => v.parse(PointsStatusResponseSchema, (await t.get(LOYALTY_PATHS.pointsStatus, token)).body).data;
/** A moment on the day after a check-out (UTC), when the maintenance job credits the stay. */
const dayAfter = (checkOut: string) => new Date(`${addDays(checkOut, 1)}T01:00:00Z`);

/** A member's booking of the usual stay on a member rate, with the green option when asked. */
async function bookMemberRate(token: string, key: string, options: { green?: boolean; method?: string; stay?: typeof STAY } = {}): Promise<Order> {
  const cart: Cart = await t.createCart({ ...(options.stay ?? STAY), room_stays: [stdRoom('HRW1X')] }, token);
  if (options.green) {
    const room = cart.stays[0]?.room_stays[0];
    const stay = cart.stays[0];
    if (!room || !stay) throw new Error('cart without room');
    t.cartOf(await t.put(ECOMMERCE_PATHS.roomStay(cart.cart_id, stay.stay_id, room.room_stay_id), { receive_points_for_green_option: true }, token));
  }
  const ready = await t.readyToPay(cart, { token, ...(options.method ? { method: options.method } : {}) });
  const paid = t.resultOf(await t.pay(ready.cart_id, key, token));
  if (paid.status !== 'succeeded') throw new Error(`expected an order, got ${JSON.stringify(paid)}`);
  return t.orderOf(await t.get(ECOMMERCE_PATHS.order(paid.order_id), token));
}

describe('expiry', () => {
  it("writes off points past their validity with the daily job (Anna's 500 points valid until 30 April)", async () => {
    // 30 April is the points' last day in Berlin until 22:00 UTC. (This run also credits the seeded stay ahead.)
    t.setNow(new Date('2026-04-30T20:00:00Z'));
    await t.runMaintenance();
    const before = (await entriesOf(ANNA)).length;
    const balance = await balanceOf(suite.db, ANNA);
    expect((await entriesOf(ANNA)).filter((entry) => entry.kind === 'expired').map((entry) => entry.postedOn)).toEqual(['2025-07-01']);
    t.setNow(new Date('2026-04-30T22:30:00Z'));
    expect((await t.runMaintenance()).pointsExpired).toBe(1);
    expect(await newEntries(ANNA, before)).toMatchObject([{ kind: 'expired', points: -500, balanceAfter: balance - 500, postedOn: '2026-05-01' }]);
    expect(await balanceOf(suite.db, ANNA)).toBe(balance - 500);
    // Once: another run the same day writes off nothing more.
    await t.runMaintenance();
    expect(await entriesOf(ANNA)).toHaveLength(before + 1);
    await consistent();
  });
});

describe('paying with points', () => {
  it('enters the points spent with the order, and enters them back when the booking is cancelled', async () => {
    const before = (await entriesOf(ANNA)).length;
    const balance = await balanceOf(suite.db, ANNA);
    const order = await bookMemberRate(tokens.anna, 'ledger-points-1', { method: 'points' });
    const price = order.points_paid;
    expect(price).toBeGreaterThan(0);
    const number = order.stays[0]?.room_stays[0]?.reservation_number;
    const [spent, ...rest] = await newEntries(ANNA, before);
    expect(rest).toEqual([]);
    expect(spent).toMatchObject({ kind: 'redeemed', points: -price, balanceAfter: balance - price, orderId: order.order_id, reservationNumber: number, arrivalDate: START, departureDate: END });
    expect(await balanceOf(suite.db, ANNA)).toBe(balance - price);
    await consistent();

    expect((await cancel(order, tokens.anna)).status).toBe(200);
    const [refunded, ...others] = await newEntries(ANNA, before + 1);
    expect(others).toEqual([]);
    expect(refunded).toMatchObject({ kind: 'refunded', points: price, pendingPoints: 0, balanceAfter: balance, orderId: order.order_id, reservationNumber: number });
    expect(await balanceOf(suite.db, ANNA)).toBe(balance);
    // A repeated cancel enters nothing more.
    expect((await cancel(order, tokens.anna)).status).toBe(200);
    expect(await entriesOf(ANNA)).toHaveLength(before + 2);
    await consistent();
  });
});

describe('points earned by a stay', () => {
  it('are pending from the booking, credited after check-out with the green option apart, and shown in the history', async () => {
    const before = (await entriesOf(ANNA)).length;
    const balance = await balanceOf(suite.db, ANNA);
    const { pending: pendingBefore, progress: progressBefore } = await statusOf(tokens.anna);
    const order = await bookMemberRate(tokens.anna, 'ledger-earn-1', { green: true });
    // Two nights at 95 EUR with 7 % VAT: 177 points, and 500 for the green option.
    expect(order).toMatchObject({ points_earned: 677, points_pending: true });
    expect((await newEntries(ANNA, before)).map((entry) => [entry.kind, entry.points, entry.pendingPoints])).toEqual([
      ['earned', 0, 177],
      ['green', 0, 500],
    ]);
    expect(await statusOf(tokens.anna)).toMatchObject({ balance, pending: pendingBefore + 677 });
    await consistent();

    t.setNow(dayAfter(END));
    expect((await t.runMaintenance()).pointsCredited).toBe(1);
    const token = await t.tokenOf(ANNA);
    const credited = await newEntries(ANNA, before + 2);
    expect(credited.map((entry) => [entry.kind, entry.points, entry.pendingPoints, entry.qualifyingNights, entry.qualifyingPoints])).toEqual([
      ['earned', 177, -177, 2, 177],
      ['green', 500, -500, 0, 500],
    ]);
    expect(await statusOf(token)).toMatchObject({ balance: balance + 677, pending: pendingBefore, progress: { nights: progressBefore.nights + 2, points: progressBefore.points + 677 } });
    const history = v.parse(PointsHistoryResponseSchema, (await t.get(LOYALTY_PATHS.pointsHistory, token)).body).data;
    // (The expiry test above wrote entries in May; this test's clock is back at the start of April.)
    expect(history.entries.filter((entry) => entry.orderId === order.order_id && entry.points > 0)).toMatchObject([
      { kind: 'green', points: 500, hotel: { code: 'SBTG', name: 'Steigenberger Hotel Berlin Tiergarten' }, reservationNumber: order.stays[0]?.room_stays[0]?.reservation_number },
      { kind: 'earned', points: 177, qualifyingNights: 2, stay: { arrivalDate: START, departureDate: END }, orderId: order.order_id },
    ]);
    const status = v.parse(MemberStatusResponseSchema, (await t.get(`${MEMBER_PATHS.status}?locale=en`, token)).body).data;
    expect(status.dailypointStatus.rewards_points).toBe(balance + 677);
    await consistent();

    // A stay that earned its points cannot be asked for again.
    const claim = await t.post(
      LOYALTY_PATHS.requestPoints,
      { hotelCode: 'SBTG', arrivalDate: START, departureDate: END, reservationNumber: order.stays[0]?.room_stays[0]?.reservation_number },
      token,
    );
    expect(v.parse(PointsClaimResponseSchema, claim.body).data).toMatchObject({ status: 'rejected', reason: 'already_earned', points: 0 });
    expect(await balanceOf(suite.db, ANNA)).toBe(balance + 677);
  });

  it('are withdrawn from the pending points when the booking is cancelled before the stay', async () => {
    const before = (await entriesOf(ANNA)).length;
    const balance = await balanceOf(suite.db, ANNA);
    const order = await bookMemberRate(tokens.anna, 'ledger-earn-cancel-1');
    expect((await cancel(order, tokens.anna)).status).toBe(200);
    expect((await newEntries(ANNA, before)).map((entry) => [entry.kind, entry.points, entry.pendingPoints])).toEqual([
      ['earned', 0, 177],
      ['refunded', 0, -177],
    ]);
    expect(await balanceOf(suite.db, ANNA)).toBe(balance);
    t.setNow(dayAfter(END));
    await t.runMaintenance();
    expect(await balanceOf(suite.db, ANNA)).toBe(balance);
    await consistent();
  });

  it('change with the booking: a longer stay enters the difference as pending', async () => {
    const before = (await entriesOf(ANNA)).length;
    const order = await bookMemberRate(tokens.anna, 'ledger-modify-1');
    const started = v.parse(
      ModificationResponseSchema,
      (await t.post(ECOMMERCE_PATHS.modifications, { order_id: order.order_id, reservation_number: order.stays[0]?.room_stays[0]?.reservation_number }, tokens.anna)).body,
    ).data;
    expect((await t.put(ECOMMERCE_PATHS.modificationRoomStay(started.modification_id, started.room_stay_id), { check_out_date: day(33) }, tokens.anna)).status).toBe(200);
    expect((await t.post(ECOMMERCE_PATHS.modificationComplete(started.modification_id), {}, tokens.anna)).status).toBe(200);
    expect((await newEntries(ANNA, before)).map((entry) => [entry.kind, entry.points, entry.pendingPoints])).toEqual([
      ['earned', 0, 177],
      ['adjusted', 0, 89],
    ]);
    await consistent();
    expect((await cancel(order, tokens.anna)).status).toBe(200);
    await consistent();
  });
});

describe('levels and the year end', () => {
  const levelOf = async (email: string) => (await suite.db.select({ code: members.rewardLevelCode }).from(members).where(eq(members.email, email)))[0]?.code;

  it('upgrades at once when a credited stay reaches the next threshold (Omar: 2 + 18 nights this year make Prestige)', async () => {
    const [from, to] = [day(60), day(78)];
    await setNights(suite.db, { hotelCode: 'SBTG', typeCode: 'STD', from, to, available: 5, price: 10_000 });
    expect(await levelOf(OMAR)).toBe('DA');
    expect((await statusOf(tokens.omar)).progress).toMatchObject({ nights: 2, next: { level: { name: 'Prestige' }, nightsNeeded: 18 } });
    await bookMemberRate(tokens.omar, 'ledger-level-1', { stay: { hotel_code: 'SBTG', check_in_date: from, check_out_date: to } });
    expect(await levelOf(OMAR)).toBe('DA');

    t.setNow(dayAfter(to));
    expect((await t.runMaintenance()).pointsCredited).toBeGreaterThanOrEqual(1);
    expect(await levelOf(OMAR)).toBe('DX');
    const omarId = await memberIdOf(suite.db, OMAR);
    const changes = await suite.db.select().from(memberLevelChanges).where(and(eq(memberLevelChanges.memberId, omarId), eq(memberLevelChanges.reason, 'upgrade')));
    expect(changes).toMatchObject([{ fromCode: 'DA', toCode: 'DX', year: 2026 }]);
    const token = await t.tokenOf(OMAR);
    expect(await statusOf(token)).toMatchObject({ level: { name: 'Prestige' }, progress: { nights: 20, keep: { met: true } } });
    const status = v.parse(MemberStatusResponseSchema, (await t.get(`${MEMBER_PATHS.status}?locale=en`, token)).body).data;
    expect(status.dailypointStatus.reward_level).toBe('Prestige');
    await consistent();
  });

  it('at the year end keeps a level the year reached and lowers one it did not by one level, once', async () => {
    expect(await levelOf(ANNA)).toBe('DB');
    t.setNow(new Date('2026-12-31T23:30:00Z'));
    const counts = await t.runMaintenance();
    expect(counts.levelsRequalified).toBeGreaterThanOrEqual(2);
    // Anna's year fell short of Gold: Prestige. Omar reached Prestige this year: he keeps it.
    expect(await levelOf(ANNA)).toBe('DX');
    expect(await levelOf(OMAR)).toBe('DX');
    const annaId = await memberIdOf(suite.db, ANNA);
    expect(await suite.db.select().from(memberLevelChanges).where(and(eq(memberLevelChanges.memberId, annaId), eq(memberLevelChanges.year, 2026)))).toMatchObject([
      { fromCode: 'DB', toCode: 'DX', reason: 'requalification' },
    ]);
    // Run again (the job, or the function for that year end): nothing moves further.
    expect((await t.runMaintenance()).levelsRequalified).toBe(0);
    expect(await requalifyYear(suite.db, 2026, t.now())).toMatchObject({ members: 0 });
    expect(await levelOf(ANNA)).toBe('DX');
    await consistent();
  });
});
