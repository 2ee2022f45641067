import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ECOMMERCE_PATHS, type Modification, ModificationResponseSchema, type Order } from '../../src/contract/ecommerce';
import { TEST_CARDS } from '../../test/bff/fake-payments';
import { members } from '../db/schema';
import { DEMO_MEMBERS } from '../db/seed/members';
import { setNights } from '../search/test-inventory';
import {
  addRefundableDepositRate,
  type Answer,
  availableRooms,
  codeOf,
  day,
  REFUNDABLE_DEPOSIT_RATE,
  START,
  useCommerceTests,
} from './testing';

/*
 * Reservation modification: the proposal re-priced and re-checked (the reservation's own room counting
 * as free), the room types and rates it could change to, completion moving the nights under the same
 * reservation number, and the prepaid difference charged or refunded exactly once.
 */

const suite = useCommerceTests({ nightsUntil: day(36), prepare: (db) => addRefundableDepositRate(db) });
const { t, tokens } = suite;

const modificationOf = (answer: Answer): Modification => {
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return v.parse(ModificationResponseSchema, answer.body).data;
};
const start = async (order: Order, token?: string) =>
  modificationOf(
    await t.post(
      ECOMMERCE_PATHS.modifications,
      { order_id: order.order_id, reservation_number: order.stays[0]?.room_stays[0]?.reservation_number },
      token,
      t.access(order.order_id),
    ),
  );
const edit = (modification: Modification, body: Record<string, unknown>, token?: string) =>
  t.put(ECOMMERCE_PATHS.modificationRoomStay(modification.modification_id, modification.room_stay_id), body, token, t.access(modification.order_id));
const complete = (modification: Modification, token?: string) =>
  t.post(ECOMMERCE_PATHS.modificationComplete(modification.modification_id), {}, token, t.access(modification.order_id));
const optionOf = (modification: Modification, roomTypeCode: string) =>
  modification.options?.find((option) => option.room_type_code === roomTypeCode);
const priceOf = (modification: Modification, roomTypeCode: string, rateCode: string) =>
  optionOf(modification, roomTypeCode)?.rates.find((rate) => rate.rate_code === rateCode)?.price_with_tax;

describe('reservation modification', () => {
  it('re-prices new dates, moves the nights on completion and keeps the reservation number', async () => {
    const order = await t.book({ key: 'modify-1' });
    const room = order.stays[0]?.room_stays[0];
    const started = await t.post(
      ECOMMERCE_PATHS.modifications,
      { order_id: order.order_id, reservation_number: room?.reservation_number },
      undefined,
      t.access(order.order_id),
    );
    expect(started.status).toBe(201);
    const modification = modificationOf(started);
    expect(modification).toMatchObject({ status: 'open', available: true, price_difference: 0 });
    expect(modification.original.price_with_tax).toBe(200);

    const edited = modificationOf(await edit(modification, { check_in_date: day(31), check_out_date: day(34) }));
    expect(edited.proposed).toMatchObject({ check_in_date: day(31), check_out_date: day(34), price_with_tax: 300 });
    expect(edited).toMatchObject({ available: true, price_difference: 100 });

    await setNights(suite.db, { hotelCode: 'SBTG', typeCode: 'STD', from: day(33), to: day(34), available: 0 });
    const blocked = modificationOf(await edit(modification, {}));
    expect(blocked.available).toBe(false);
    expect(optionOf(blocked, 'STD')).toBeUndefined();
    const refused = await complete(modification);
    expect([refused.status, codeOf(refused)]).toEqual([409, 'modification_unavailable']);

    await setNights(suite.db, { hotelCode: 'SBTG', typeCode: 'STD', from: day(33), to: day(34), available: 1 });
    expect((await complete(modification)).status).toBe(200);
    expect(await availableRooms(suite.db, 'SBTG', 'STD', START)).toBe(5);
    expect(await availableRooms(suite.db, 'SBTG', 'STD', day(31))).toBe(4);
    expect(await availableRooms(suite.db, 'SBTG', 'STD', day(33))).toBe(0);
    const changed = t.orderOf(await t.get(ECOMMERCE_PATHS.order(order.order_id), undefined, t.access(order.order_id)));
    expect(changed.stays[0]).toMatchObject({ check_in_date: day(31), check_out_date: day(34) });
    expect(changed.stays[0]?.room_stays[0]).toMatchObject({ reservation_number: room?.reservation_number, price_with_tax: 300 });
    expect(changed).toMatchObject({ amount_to_pay_total: 300, amount_at_hotel: 300 });
    expect(codeOf(await complete(modification))).toBe('modification_unavailable');
  });

  it('checks input and ownership', async () => {
    const order = await t.book({ token: tokens.anna, key: 'modify-2' });
    const number = order.stays[0]?.room_stays[0]?.reservation_number;
    expect(
      (await t.post(ECOMMERCE_PATHS.modifications, { order_id: order.order_id, reservation_number: number }, tokens.omar)).status,
    ).toBe(404);
    expect((await t.post(ECOMMERCE_PATHS.modifications, { order_id: 'x', reservation_number: number }, tokens.anna)).status).toBe(400);
    const started = await start(order, tokens.anna);
    expect((await edit(started, { check_in_date: day(33), check_out_date: day(31) }, tokens.anna)).status).toBe(400);
    expect((await edit(started, { adults_count: 9 }, tokens.anna)).status).toBe(400);
    expect((await edit(started, {}, tokens.omar)).status).toBe(404);
    const prepaid = await t.book({ rate: 'S07', key: 'modify-3' });
    const refused = await t.post(
      ECOMMERCE_PATHS.modifications,
      { order_id: prepaid.order_id, reservation_number: prepaid.stays[0]?.room_stays[0]?.reservation_number },
      undefined,
      t.access(prepaid.order_id),
    );
    expect(codeOf(refused)).toBe('modification_unavailable');
  });
});

describe('modification options', () => {
  it('lists the room types free on every night with the rates that apply, member rates only for members', async () => {
    // The hotel is full on the booked nights: the reservation's own room still counts as free for it.
    const guestOrder = await t.book({ key: 'options-1' });
    const memberOrder = await t.book({ token: tokens.anna, key: 'options-2', rate: 'HRW1X' });
    await setNights(suite.db, { hotelCode: 'SBTG', typeCode: 'STD', from: START, to: day(32), available: 0 });
    const guest = await start(guestOrder);
    expect(guest.available).toBe(true);
    const std = optionOf(guest, 'STD');
    expect(std?.rates.map((rate) => rate.rate_code)).toContain('AX');
    // Priced for the whole stay as the proposal would be: the booked room and rate cost what it was booked for.
    expect(priceOf(guest, 'STD', 'AX')).toBe(guest.original.price_with_tax);
    const guestRates = guest.options?.flatMap((option) => option.rates) ?? [];
    expect(guestRates.some((rate) => rate.is_member_rate)).toBe(false);
    // LS7 needs seven nights: it does not apply to two.
    expect(guestRates.some((rate) => rate.rate_code === 'LS7')).toBe(false);

    const member = await start(memberOrder, tokens.anna);
    expect(member.options?.flatMap((option) => option.rates).some((rate) => rate.is_member_rate)).toBe(true);
    // Another room type sold out on one night is not offered.
    const other = member.options?.find((option) => option.room_type_code !== 'STD');
    if (!other) throw new Error('expected another room type');
    await setNights(suite.db, { hotelCode: 'SBTG', typeCode: other.room_type_code, from: day(31), to: day(32), available: 0 });
    expect(optionOf(modificationOf(await edit(member, {}, tokens.anna)), other.room_type_code)).toBeUndefined();
  });

  it('re-prices and completes a change of room type under the same number; a room type that is gone answers available false', async () => {
    const order = await t.book({ key: 'options-3' });
    const number = order.stays[0]?.room_stays[0]?.reservation_number;
    const modification = await start(order);
    const other = modification.options?.find(
      (option) => option.room_type_code !== 'STD' && option.rates.some((rate) => rate.rate_code === 'AX'),
    );
    if (!other) throw new Error('expected another room type on AX');
    const proposed = modificationOf(await edit(modification, { room_type_code: other.room_type_code }));
    const price = priceOf(modification, other.room_type_code, 'AX') ?? -1;
    expect(proposed).toMatchObject({ available: true, price_difference: price - 200 });
    expect(proposed.proposed).toMatchObject({ room_type_code: other.room_type_code, price_with_tax: price });

    await setNights(suite.db, { hotelCode: 'SBTG', typeCode: other.room_type_code, from: START, to: day(31), available: 0 });
    const gone = modificationOf(await edit(modification, {}));
    expect(gone.available).toBe(false);
    expect(codeOf(await complete(modification))).toBe('modification_unavailable');

    await setNights(suite.db, { hotelCode: 'SBTG', typeCode: other.room_type_code, from: START, to: day(31), available: 2 });
    expect((await complete(modification)).status).toBe(200);
    expect(await availableRooms(suite.db, 'SBTG', 'STD', START)).toBe(5);
    expect(await availableRooms(suite.db, 'SBTG', other.room_type_code, START)).toBe(1);
    const changed = t.orderOf(await t.get(ECOMMERCE_PATHS.order(order.order_id), undefined, t.access(order.order_id)));
    expect(changed.stays[0]?.room_stays[0]).toMatchObject({
      reservation_number: number,
      room_type_code: other.room_type_code,
      price_with_tax: price,
    });
    expect(changed.amount_to_pay_total).toBe(price);
  });
});

describe('prepaid differences', () => {
  const chargesFor = (modification: Modification) =>
    t.payments?.authorizations
      .filter((request) => request.idempotencyKey === `modify:${modification.modification_id}`)
      .map((request) => request.amountMinor);

  it('charges a dearer stay of a deposit booking the difference once', async () => {
    const order = await t.book({ rate: REFUNDABLE_DEPOSIT_RATE, key: 'prepaid-up-1' });
    expect(order.amount_paid).toBe(180);
    const modification = modificationOf(await edit(await start(order), { check_out_date: day(33) }));
    expect(modification.price_difference).toBe(90);
    const capturesBefore = t.payments?.captures.length ?? 0;
    expect((await complete(modification)).status).toBe(200);
    expect(codeOf(await complete(modification))).toBe('modification_unavailable');
    expect(chargesFor(modification)).toEqual([9_000]);
    expect(t.payments?.captures.slice(capturesBefore).map((capture) => capture.amountMinor)).toEqual([9_000]);
    expect(t.orderOf(await t.get(ECOMMERCE_PATHS.order(order.order_id), undefined, t.access(order.order_id)))).toMatchObject({
      amount_paid: 270,
      amount_at_hotel: 0,
      amount_to_pay_total: 270,
    });
  });

  it('says so when the difference cannot be charged to the card, and changes nothing', async () => {
    // A card that asks for 3-D Secure on every payment: the guest is not there to answer for the difference.
    const cart = await t.readyCart({ rate: REFUNDABLE_DEPOSIT_RATE, card: TEST_CARDS.challenge });
    const result = t.resultOf(await t.pay(cart.cart_id, 'prepaid-3ds-1'));
    if (result.status !== 'action_required') throw new Error(`expected a challenge, got ${result.status}`);
    const notification = t.payments?.complete(result.redirect_url.split('/').at(-1) ?? '', 'authorized');
    expect((await t.call('POST', ECOMMERCE_PATHS.paymentNotifications, notification?.body, notification?.headers)).status).toBe(200);
    const orderId = t.cartOf(await t.get(ECOMMERCE_PATHS.cart(cart.cart_id))).order_id ?? '';
    // The key came with the answer that sent the guest to the challenge.
    t.rememberAccess(orderId, result.access_key);
    const order = t.orderOf(await t.get(ECOMMERCE_PATHS.order(orderId), undefined, t.access(orderId)));
    const modification = modificationOf(await edit(await start(order), { check_out_date: day(33) }));
    expect(modification.price_difference).toBe(90);

    const refused = await complete(modification);
    expect([refused.status, codeOf(refused)]).toEqual([409, 'modification_payment_failed']);
    expect(t.orderOf(await t.get(ECOMMERCE_PATHS.order(orderId), undefined, t.access(orderId))).stays[0]).toMatchObject({ check_out_date: order.stays[0]?.check_out_date });
  });

  it('refunds a cheaper stay of a deposit booking the difference once', async () => {
    const order = await t.book({ rate: REFUNDABLE_DEPOSIT_RATE, key: 'prepaid-down-1' });
    const modification = modificationOf(await edit(await start(order), { check_out_date: day(31) }));
    expect(modification.price_difference).toBe(-90);
    const refundsBefore = t.payments?.refunds.length ?? 0;
    expect((await complete(modification)).status).toBe(200);
    expect(codeOf(await complete(modification))).toBe('modification_unavailable');
    expect(chargesFor(modification)).toEqual([]);
    expect(t.payments?.refunds.slice(refundsBefore).map((refund) => refund.amountMinor)).toEqual([9_000]);
    expect(t.orderOf(await t.get(ECOMMERCE_PATHS.order(order.order_id), undefined, t.access(order.order_id)))).toMatchObject({ amount_refunded: 90, amount_to_pay_total: 90 });
  });

  it('refunds the whole prepaid price when the change goes to a rate paid at the hotel', async () => {
    const order = await t.book({ rate: REFUNDABLE_DEPOSIT_RATE, key: 'prepaid-to-hotel-1' });
    const refundsBefore = t.payments?.refunds.length ?? 0;
    const modification = modificationOf(await edit(await start(order), { rate_code: 'AX' }));
    expect(modification.price_difference).toBe(20);
    expect((await complete(modification)).status).toBe(200);
    expect(t.payments?.refunds.slice(refundsBefore).map((refund) => refund.amountMinor)).toEqual([18_000]);
    expect(t.orderOf(await t.get(ECOMMERCE_PATHS.order(order.order_id), undefined, t.access(order.order_id)))).toMatchObject({ amount_refunded: 180, amount_at_hotel: 200 });
  });
});

describe.skipIf(!process.env.DATABASE_URL)('concurrent completions on PostgreSQL (PGlite runs one session: skipped there)', () => {
  it('5 concurrent completions of a dearer prepaid change charge once and move the nights once', async () => {
    const order = await t.book({ rate: REFUNDABLE_DEPOSIT_RATE, key: 'race-modify-1' });
    const modification = modificationOf(await edit(await start(order), { check_out_date: day(33) }));
    const capturesBefore = t.payments?.captures.length ?? 0;
    const cancellationsBefore = t.payments?.cancellations.length ?? 0;
    const answers = await Promise.all(Array.from({ length: 5 }, () => complete(modification)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(t.payments?.captures.slice(capturesBefore).map((capture) => capture.amountMinor)).toEqual([9_000]);
    // The losers leave the winner's payment (the same provider payment, by the shared key) alone.
    expect(t.payments?.cancellations.slice(cancellationsBefore)).toEqual([]);
    expect(await availableRooms(suite.db, 'SBTG', 'STD', START)).toBe(4);
    expect(await availableRooms(suite.db, 'SBTG', 'STD', day(32))).toBe(4);
  });

  it('a cancel racing a completion gives the nights back once', async () => {
    const order = await t.book({ key: 'race-modify-2' });
    const modification = modificationOf(await edit(await start(order), { check_in_date: day(31), check_out_date: day(33) }));
    const number = order.stays[0]?.room_stays[0]?.reservation_number ?? '';
    await Promise.all([complete(modification), t.post(ECOMMERCE_PATHS.cancelReservation(order.order_id, number), {}, undefined, t.access(order.order_id))]);
    const nights = await Promise.all([START, day(31), day(32)].map((date) => availableRooms(suite.db, 'SBTG', 'STD', date)));
    expect(nights).toEqual([5, 5, 5]);
  });
});

describe('points of a changed booking', () => {
  const balance = async () => (await suite.db.select({ points: members.points }).from(members).where(eq(members.email, DEMO_MEMBERS.withPassword)))[0]?.points;

  it('changes only the pending points before the stay, and credits the new amount after check-out', async () => {
    await suite.db.update(members).set({ points: 1_000 }).where(eq(members.email, DEMO_MEMBERS.withPassword));
    const order = await t.book({ rate: 'HRW1X', token: tokens.anna, key: 'modify-points-1' });
    expect(order.points_earned).toBe(177);
    const modification = modificationOf(await edit(await start(order, tokens.anna), { check_out_date: day(33) }, tokens.anna));
    expect((await complete(modification, tokens.anna)).status).toBe(200);
    const changed = t.orderOf(await t.get(ECOMMERCE_PATHS.order(order.order_id), tokens.anna));
    // Three nights at 95 EUR with 7 % VAT: 3 × 88.79 EUR without tax.
    expect(changed).toMatchObject({ points_earned: 266, points_pending: true });
    expect(await balance()).toBe(1_000);
    t.setNow(new Date(`${day(34)}T00:30:00Z`));
    // Other bookings of this file whose stay has ended (some of them Anna's) are credited in the same run:
    // the balance grew by at least this order's new amount.
    expect((await t.runMaintenance()).pointsCredited).toBeGreaterThanOrEqual(1);
    expect(await balance()).toBeGreaterThanOrEqual(1_266);
  });
});
