import * as v from 'valibot';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ECOMMERCE_PATHS,
  ModificationResponseSchema,
  type Order,
  OrderResponseSchema,
  RecentOrdersCountResponseSchema,
} from '../../src/contract/ecommerce';
import { useTestDatabase } from '../../test/bff/database';
import { DEMO_MEMBERS } from '../db/seed/members';
import { setNights } from '../search/test-inventory';
import { type Answer, availableRooms, codeOf, type CommerceTestApp, createCommerceTestApp, day, START, STAY, stdRoom } from './testing';

/*
 * Orders after payment: who may read them, cancelling while free cancellation applies (the room goes
 * back), the count of recent bookings, and modification (re-priced, re-checked, nights moved, number kept).
 */

const database = useTestDatabase();
let t: CommerceTestApp;
let anna: string;
let omar: string;

const orderOf = (answer: Answer): Order => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return v.parse(OrderResponseSchema, answer.body).data;
};

beforeAll(async () => {
  t = createCommerceTestApp(database.db);
  anna = await t.tokenOf(DEMO_MEMBERS.withPassword);
  omar = await t.tokenOf(DEMO_MEMBERS.codeOnly);
});

beforeEach(async () => {
  t.setNow(new Date('2026-03-02T09:00:00Z'));
  await setNights(database.db, { hotelCode: 'SBTG', from: START, to: day(36), available: 5, price: 10_000 });
});

async function book(options: { rate?: string; token?: string; key: string }): Promise<Order> {
  const cart = await t.readyToPay(await t.createCart({ ...STAY, room_stays: [stdRoom(options.rate)] }, options.token), {
    token: options.token,
  });
  const paid = await t.pay(cart.cart_id, options.key, options.token);
  const orderId = (paid.body as { data: { order_id: string } }).data.order_id;
  return orderOf(await t.get(ECOMMERCE_PATHS.order(orderId), options.token));
}

describe('orders', () => {
  it("shows a member's order only to the member; a guest's to anyone with its id", async () => {
    const order = await book({ token: anna, key: 'order-anna-1' });
    expect(order.customer.sso_guid).not.toBeNull();
    expect((await t.get(ECOMMERCE_PATHS.order(order.order_id), omar)).status).toBe(404);
    expect((await t.get(ECOMMERCE_PATHS.order(order.order_id))).status).toBe(404);
    const guest = await book({ key: 'order-guest-1' });
    expect(orderOf(await t.get(ECOMMERCE_PATHS.order(guest.order_id), omar)).order_id).toBe(guest.order_id);
    expect((await t.get(ECOMMERCE_PATHS.order('nope'))).status).toBe(400);
  });

  it('counts the bookings of the last 24 hours at a hotel', async () => {
    const count = async () =>
      v.parse(RecentOrdersCountResponseSchema, (await t.get(ECOMMERCE_PATHS.recentOrdersCount('SBTG'))).body).data.count;
    const before = await count();
    await book({ key: 'order-count-1' });
    expect(await count()).toBe(before + 1);
    t.advance(24 * 3_600_000 + 1);
    expect(await count()).toBe(0);
    expect((await t.get(ECOMMERCE_PATHS.recentOrdersCount('NOPE1'))).status).toBe(404);
    expect((await t.get(ECOMMERCE_PATHS.recentOrdersCount('x'))).status).toBe(400);
  });

  it('cancels while free cancellation applies and gives the room back; not afterwards, not a non-refundable rate', async () => {
    const order = await book({ key: 'order-cancel-1' });
    const number = order.stays[0]?.room_stays[0]?.reservation_number ?? '';
    expect(await availableRooms(database.db, 'SBTG', 'STD', START)).toBe(4);
    const cancelled = orderOf(await t.post(ECOMMERCE_PATHS.cancelReservation(order.order_id, number), {}));
    expect(cancelled.stays[0]?.room_stays[0]).toMatchObject({ status: 'cancelled', cancellable: false });
    expect(await availableRooms(database.db, 'SBTG', 'STD', START)).toBe(5);
    // Again: the same answer, the room not given back twice.
    expect(orderOf(await t.post(ECOMMERCE_PATHS.cancelReservation(order.order_id, number), {})).stays[0]?.room_stays[0]?.status).toBe(
      'cancelled',
    );
    expect(await availableRooms(database.db, 'SBTG', 'STD', START)).toBe(5);
    expect((await t.post(ECOMMERCE_PATHS.cancelReservation(order.order_id, 'SBTG-NOPE'), {})).status).toBe(404);

    const prepaid = await book({ rate: 'S07', key: 'order-cancel-2' });
    const refused = await t.post(
      ECOMMERCE_PATHS.cancelReservation(prepaid.order_id, prepaid.stays[0]?.room_stays[0]?.reservation_number ?? ''),
      {},
    );
    expect([refused.status, codeOf(refused)]).toEqual([409, 'not_cancellable']);

    const late = await book({ key: 'order-cancel-3' });
    t.setNow(new Date(`${START}T17:00:00Z`));
    const tooLate = await t.post(
      ECOMMERCE_PATHS.cancelReservation(late.order_id, late.stays[0]?.room_stays[0]?.reservation_number ?? ''),
      {},
    );
    expect(codeOf(tooLate)).toBe('not_cancellable');
  });
});

describe('reservation modification', () => {
  it('re-prices new dates, moves the nights on completion and keeps the reservation number', async () => {
    const order = await book({ key: 'modify-1' });
    const room = order.stays[0]?.room_stays[0];
    const started = await t.post(ECOMMERCE_PATHS.modifications, { order_id: order.order_id, reservation_number: room?.reservation_number });
    expect(started.status).toBe(201);
    const modification = v.parse(ModificationResponseSchema, started.body).data;
    expect(modification).toMatchObject({ status: 'open', available: true, price_difference: 0 });
    expect(modification.original.price_with_tax).toBe(200);

    const path = ECOMMERCE_PATHS.modificationRoomStay(modification.modification_id, modification.room_stay_id);
    const edited = v.parse(ModificationResponseSchema, (await t.put(path, { check_in_date: day(31), check_out_date: day(34) })).body).data;
    expect(edited.proposed).toMatchObject({ check_in_date: day(31), check_out_date: day(34), price_with_tax: 300 });
    expect(edited).toMatchObject({ available: true, price_difference: 100 });

    await setNights(database.db, { hotelCode: 'SBTG', typeCode: 'STD', from: day(33), to: day(34), available: 0 });
    const blocked = v.parse(ModificationResponseSchema, (await t.put(path, {})).body).data;
    expect(blocked.available).toBe(false);
    const refused = await t.post(ECOMMERCE_PATHS.modificationComplete(modification.modification_id), {});
    expect([refused.status, codeOf(refused)]).toEqual([409, 'modification_unavailable']);

    await setNights(database.db, { hotelCode: 'SBTG', typeCode: 'STD', from: day(33), to: day(34), available: 1 });
    const done = await t.post(ECOMMERCE_PATHS.modificationComplete(modification.modification_id), {});
    expect(done.status).toBe(200);
    expect(await availableRooms(database.db, 'SBTG', 'STD', START)).toBe(5);
    expect(await availableRooms(database.db, 'SBTG', 'STD', day(31))).toBe(4);
    expect(await availableRooms(database.db, 'SBTG', 'STD', day(33))).toBe(0);
    const changed = orderOf(await t.get(ECOMMERCE_PATHS.order(order.order_id)));
    expect(changed.stays[0]).toMatchObject({ check_in_date: day(31), check_out_date: day(34) });
    expect(changed.stays[0]?.room_stays[0]).toMatchObject({ reservation_number: room?.reservation_number, price_with_tax: 300 });
    expect(changed).toMatchObject({ amount_to_pay_total: 300, amount_at_hotel: 300 });
    expect(codeOf(await t.post(ECOMMERCE_PATHS.modificationComplete(modification.modification_id), {}))).toBe('modification_unavailable');
  });

  it('checks input and ownership', async () => {
    const order = await book({ token: anna, key: 'modify-2' });
    const number = order.stays[0]?.room_stays[0]?.reservation_number;
    expect((await t.post(ECOMMERCE_PATHS.modifications, { order_id: order.order_id, reservation_number: number }, omar)).status).toBe(404);
    expect((await t.post(ECOMMERCE_PATHS.modifications, { order_id: 'x', reservation_number: number }, anna)).status).toBe(400);
    const started = v.parse(
      ModificationResponseSchema,
      (await t.post(ECOMMERCE_PATHS.modifications, { order_id: order.order_id, reservation_number: number }, anna)).body,
    ).data;
    const path = ECOMMERCE_PATHS.modificationRoomStay(started.modification_id, started.room_stay_id);
    expect((await t.put(path, { check_in_date: day(33), check_out_date: day(31) }, anna)).status).toBe(400);
    expect((await t.put(path, { adults_count: 9 }, anna)).status).toBe(400);
    const bigger = v.parse(ModificationResponseSchema, (await t.put(path, { room_type_code: 'SUP' }, anna)).body).data;
    expect(bigger.proposed.room_type_code).toBe('SUP');
    expect(bigger.price_difference).toBeGreaterThanOrEqual(0);
    expect((await t.put(path, {}, omar)).status).toBe(404);
    const prepaid = await book({ rate: 'S07', key: 'modify-3' });
    const refused = await t.post(ECOMMERCE_PATHS.modifications, {
      order_id: prepaid.order_id,
      reservation_number: prepaid.stays[0]?.room_stays[0]?.reservation_number,
    });
    expect(codeOf(refused)).toBe('modification_unavailable');
  });
});
