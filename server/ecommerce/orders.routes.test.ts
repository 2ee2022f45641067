import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MEMBER_PATHS, MemberStatusResponseSchema } from '../../src/contract/auth';
import { ECOMMERCE_PATHS, ORDER_ACCESS_HEADER, OrderAccessResponseSchema, RecentOrdersCountResponseSchema } from '../../src/contract/ecommerce';
import { members } from '../db/schema';
import { addDays } from '../lib/calendar';
import { DEMO_MEMBERS } from '../db/seed/members';
import {
  addRefundableDepositRate,
  availableRooms,
  codeOf,
  END,
  REFUNDABLE_DEPOSIT_RATE,
  START,
  TRAVELLER,
  useCommerceTests,
} from './testing';

/*
 * Orders after payment: who may read them, cancelling while free cancellation applies (the room goes
 * back, a prepaid room is refunded once), the count of recent bookings, and the points a member's
 * booking earns (pending until check-out, then credited; never credited for a cancelled room).
 */

const suite = useCommerceTests({ prepare: (db) => addRefundableDepositRate(db) });
const { t, tokens } = suite;

const cancel = (order: { order_id: string; stays: { room_stays: { reservation_number: string }[] }[] }, token?: string) =>
  t.post(ECOMMERCE_PATHS.cancelReservation(order.order_id, order.stays[0]?.room_stays[0]?.reservation_number ?? ''), {}, token, t.access(order.order_id));

describe('orders', () => {
  it("shows a member's order only to the member; a guest's only with its access key", async () => {
    const order = await t.book({ token: tokens.anna, key: 'order-anna-1' });
    expect(order.customer.sso_guid).not.toBeNull();
    expect((await t.get(ECOMMERCE_PATHS.order(order.order_id), tokens.omar)).status).toBe(404);
    expect((await t.get(ECOMMERCE_PATHS.order(order.order_id))).status).toBe(404);
    const guest = await t.book({ key: 'order-guest-1' });
    expect(t.orderOf(await t.get(ECOMMERCE_PATHS.order(guest.order_id), tokens.omar, t.access(guest.order_id))).order_id).toBe(guest.order_id);
    expect((await t.get(ECOMMERCE_PATHS.order(guest.order_id), tokens.omar)).status).toBe(404);
    expect((await t.get(ECOMMERCE_PATHS.order('nope'))).status).toBe(400);
  });

  it('counts the bookings of the last 24 hours at a hotel', async () => {
    const count = async () =>
      v.parse(RecentOrdersCountResponseSchema, (await t.get(ECOMMERCE_PATHS.recentOrdersCount('SBTG'))).body).data.count;
    const before = await count();
    await t.book({ key: 'order-count-1' });
    expect(await count()).toBe(before + 1);
    t.advance(24 * 3_600_000 + 1);
    expect(await count()).toBe(0);
    expect((await t.get(ECOMMERCE_PATHS.recentOrdersCount('NOPE1'))).status).toBe(404);
    expect((await t.get(ECOMMERCE_PATHS.recentOrdersCount('x'))).status).toBe(400);
  });

  it('cancels while free cancellation applies and gives the room back; not afterwards, not a non-refundable rate', async () => {
    const order = await t.book({ key: 'order-cancel-1' });
    const number = order.stays[0]?.room_stays[0]?.reservation_number ?? '';
    expect(await availableRooms(suite.db, 'SBTG', 'STD', START)).toBe(4);
    const access = t.access(order.order_id);
    const cancelled = t.orderOf(await t.post(ECOMMERCE_PATHS.cancelReservation(order.order_id, number), {}, undefined, access));
    expect(cancelled.stays[0]?.room_stays[0]).toMatchObject({ status: 'cancelled', cancellable: false });
    expect(await availableRooms(suite.db, 'SBTG', 'STD', START)).toBe(5);
    // Again: the same answer, the room not given back twice.
    expect(t.orderOf(await t.post(ECOMMERCE_PATHS.cancelReservation(order.order_id, number), {}, undefined, access)).stays[0]?.room_stays[0]?.status).toBe(
      'cancelled',
    );
    expect(await availableRooms(suite.db, 'SBTG', 'STD', START)).toBe(5);
    expect((await t.post(ECOMMERCE_PATHS.cancelReservation(order.order_id, 'SBTG-NOPE'), {}, undefined, access)).status).toBe(404);

    const prepaid = await t.book({ rate: 'S07', key: 'order-cancel-2' });
    const refused = await cancel(prepaid);
    expect([refused.status, codeOf(refused)]).toEqual([409, 'not_cancellable']);

    const late = await t.book({ key: 'order-cancel-3' });
    t.setNow(new Date(`${START}T17:00:00Z`));
    // The key from paying has expired by now: the guest looks the booking up again.
    const lateNumber = late.stays[0]?.room_stays[0]?.reservation_number ?? '';
    const found = await t.post(ECOMMERCE_PATHS.orderLookup, { reservation_number: lateNumber, last_name: TRAVELLER.last_name });
    const { access_key: key } = v.parse(OrderAccessResponseSchema, found.body).data;
    const tooLate = await t.post(ECOMMERCE_PATHS.cancelReservation(late.order_id, lateNumber), {}, undefined, { [ORDER_ACCESS_HEADER]: key });
    expect(codeOf(tooLate)).toBe('not_cancellable');
  });
});


describe('refunds', () => {
  it('refunds a cancelled refundable prepaid room through the provider once, however often the cancel is sent', async () => {
    const order = await t.book({ rate: REFUNDABLE_DEPOSIT_RATE, key: 'refund-1' });
    expect(order).toMatchObject({ amount_paid: 180, amount_at_hotel: 0 });
    const refundsBefore = t.payments?.refunds.length ?? 0;
    const cancelled = t.orderOf(await cancel(order));
    expect(cancelled).toMatchObject({ amount_refunded: 180 });
    expect(cancelled.stays[0]?.room_stays[0]?.status).toBe('cancelled');
    for (let time = 0; time < 2; time++) expect(t.orderOf(await cancel(order)).amount_refunded).toBe(180);
    expect(t.payments?.refunds.slice(refundsBefore).map((refund) => refund.amountMinor)).toEqual([18_000]);
    expect(await availableRooms(suite.db, 'SBTG', 'STD', START)).toBe(5);
  });

  it('sends a refund whose first call failed again with the next cancel, and only once', async () => {
    const order = await t.book({ rate: REFUNDABLE_DEPOSIT_RATE, key: 'refund-2' });
    const refundsBefore = t.payments?.refunds.length ?? 0;
    t.payments?.failNext(1);
    // The cancellation stands (the room is back); the refund is owed.
    expect(t.orderOf(await cancel(order)).stays[0]?.room_stays[0]?.status).toBe('cancelled');
    expect(t.payments?.refunds.length).toBe(refundsBefore);
    expect(t.logger.lines.some((line) => line.msg === 'refund failed')).toBe(true);
    await cancel(order);
    await cancel(order);
    expect(t.payments?.refunds.slice(refundsBefore).map((refund) => refund.amountMinor)).toEqual([18_000]);
  });
});

describe('points earned', () => {
  const balance = async (email: string = DEMO_MEMBERS.withPassword) =>
    (await suite.db.select({ points: members.points }).from(members).where(eq(members.email, email)))[0]?.points ?? -1;
  const setBalance = (points: number) => suite.db.update(members).set({ points }).where(eq(members.email, DEMO_MEMBERS.withPassword));
  const statusPoints = async (token: string) =>
    v.parse(MemberStatusResponseSchema, (await t.get(`${MEMBER_PATHS.status}?locale=en`, token)).body).data.dailypointStatus.rewards_points;

  /** A moment on the day after the usual stay's check-out (END), UTC. */
  const dayAfterCheckOut = (hour: number) => new Date(`${addDays(END, 1)}T${String(hour).padStart(2, '0')}:30:00Z`);
  /** A session begun now: the suite's tokens have expired by the time the stay is over. */
  const freshToken = () => t.tokenOf(DEMO_MEMBERS.withPassword);

  it("keeps a member rate's points pending until check-out, then credits them once and shows them in the member status", async () => {
    await setBalance(1_000);
    const order = await t.book({ rate: 'HRW1X', token: tokens.anna, key: 'points-earn-1' });
    // Two nights at 95 EUR with 7 % VAT: 2 × 88.79 EUR without tax, one point per full euro.
    expect(order).toMatchObject({ points_earned: 177, points_pending: true });
    expect(await balance()).toBe(1_000);
    expect(await statusPoints(tokens.anna)).toBe(1_000);
    // On the check-out day the stay is not over yet.
    t.setNow(new Date(`${END}T23:00:00Z`));
    expect((await t.runMaintenance()).pointsCredited).toBe(0);
    expect(await balance()).toBe(1_000);
    t.setNow(dayAfterCheckOut(0));
    expect((await t.runMaintenance()).pointsCredited).toBe(1);
    const token = await freshToken();
    expect(await balance()).toBe(1_177);
    expect(await statusPoints(token)).toBe(1_177);
    expect(t.orderOf(await t.get(ECOMMERCE_PATHS.order(order.order_id), token))).toMatchObject({ points_earned: 177, points_pending: false });
    // Credited once: later runs leave the balance as it is.
    t.setNow(dayAfterCheckOut(5));
    expect((await t.runMaintenance()).pointsCredited).toBe(0);
    expect(await balance()).toBe(1_177);
  });

  it('never credits the points of a reservation cancelled before the stay, and takes nothing back for it', async () => {
    await setBalance(1_000);
    const order = await t.book({ rate: 'HRW1X', token: tokens.anna, key: 'points-cancel-1' });
    const cancelled = t.orderOf(await cancel(order, tokens.anna));
    expect(cancelled).toMatchObject({ points_earned: 0, points_pending: false });
    expect(await balance()).toBe(1_000);
    t.setNow(dayAfterCheckOut(1));
    expect((await t.runMaintenance()).pointsCredited).toBe(0);
    expect(await balance()).toBe(1_000);
    expect(await statusPoints(await freshToken())).toBe(1_000);
  });

  it('earns nothing for a guest, nor for a member on a non-member rate', async () => {
    const omarBefore = await balance(DEMO_MEMBERS.codeOnly);
    expect((await t.book({ key: 'points-guest-1' })).points_earned).toBe(0);
    expect((await t.book({ rate: 'AX', token: tokens.omar, key: 'points-non-member-rate-1' })).points_earned).toBe(0);
    expect(await balance(DEMO_MEMBERS.codeOnly)).toBe(omarBefore);
  });

  it('leaves the balance alone when a booking whose points are still pending is cancelled', async () => {
    await setBalance(0);
    const order = await t.book({ rate: 'HRW1X', token: tokens.anna, key: 'points-spent-1' });
    expect(await balance()).toBe(0);
    await setBalance(50);
    expect(t.orderOf(await cancel(order, tokens.anna)).stays[0]?.room_stays[0]?.status).toBe('cancelled');
    expect(await balance()).toBe(50);
  });
});
