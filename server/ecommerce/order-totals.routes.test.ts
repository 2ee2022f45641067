import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ECOMMERCE_PATHS, ModificationResponseSchema, type Order, OrderAccessResponseSchema } from '../../src/contract/ecommerce';
import { type Answer, STAY, stdRoom, TRAVELLER, useCommerceTests } from './testing';

/*
 * What an order shows follows every change: its status, total, what is due at the hotel and the city
 * tax after a room is cancelled or changed; what was bought with it (add-ons, insurance) and the hotel's
 * practical details; and the lookup of "manage my booking", forgiving in how a guest types and silent
 * about which detail was wrong.
 */

const suite = useCommerceTests();
const { t } = suite;

const roomsOf = (order: Order) => order.stays.flatMap((stay) => stay.room_stays);
const sum = (amounts: number[]) => Math.round(amounts.reduce((total, amount) => total + amount, 0) * 100) / 100;
const read = async (order: Order) => t.orderOf(await t.get(ECOMMERCE_PATHS.order(order.order_id), undefined, t.access(order.order_id)));
const cancel = async (order: Order, reservationNumber: string) =>
  t.orderOf(await t.post(ECOMMERCE_PATHS.cancelReservation(order.order_id, reservationNumber), {}, undefined, t.access(order.order_id)));

/** Two standard rooms on the flexible rate (paid at the hotel): the first with breakfast, and insurance on the booking. */
async function bookTwoRooms(key: string, options: { breakfast?: boolean; insurance?: boolean } = {}): Promise<Order> {
  const cart = await t.createCart({ ...STAY, room_stays: [stdRoom(), stdRoom()] });
  const stay = cart.stays[0];
  const first = stay?.room_stays[0];
  if (!stay || !first) throw new Error('cart without rooms');
  if (options.breakfast) {
    t.cartOf(
      await t.put(ECOMMERCE_PATHS.roomStay(cart.cart_id, stay.stay_id, first.room_stay_id), { addons: [{ addon_code: 'BREAKFAST' }] }),
    );
  }
  if (options.insurance) t.cartOf(await t.post(ECOMMERCE_PATHS.insurance(cart.cart_id, 'cancellation'), {}));
  const ready = await t.readyToPay(cart);
  const paid = t.resultOf(await t.pay(ready.cart_id, key));
  if (paid.status !== 'succeeded') throw new Error(`expected an order, got ${paid.status}`);
  t.rememberAccess(paid.order_id, paid.access_key);
  return t.orderOf(await t.get(ECOMMERCE_PATHS.order(paid.order_id), undefined, t.access(paid.order_id)));
}

describe('order totals and status', () => {
  it('shows what was bought: add-ons per room, the insurance, and the hotel with its address, times and a map link', async () => {
    const order = await bookTwoRooms('totals-bought-1', { breakfast: true, insurance: true });
    const [first, second] = roomsOf(order);
    // Breakfast for two adults, two nights at 24 EUR; insurance 5 % of the rooms (2 × 200 EUR).
    expect(first?.addons.map((addon) => [addon.addon_code, addon.price])).toEqual([['BREAKFAST', 96]]);
    expect(second?.addons).toEqual([]);
    expect(order.insurance).toEqual({ product: 'cancellation', price: 20 });
    expect(order).toMatchObject({
      status: 'confirmed',
      amount_paid: 116,
      amount_at_hotel: 400,
      amount_to_pay_total: 516,
      voucher_discount: 0,
    });
    expect(order.hotel).toMatchObject({
      hotel_code: 'SBTG',
      name: 'Steigenberger Hotel Berlin Tiergarten',
      postal_code: '10787',
      city: 'Berlin',
      country_code: 'DE',
    });
    expect(order.hotel?.street).toMatch(/^Lichtensteinallee \d+$/);
    expect(order.hotel).toMatchObject({ check_in_from: '15:00', check_out_until: '12:00', time_zone: 'Europe/Berlin' });
    const map = new URL(order.hotel?.map_url ?? '');
    expect(map.origin).toBe('https://www.openstreetmap.org');
    expect(Number(map.searchParams.get('mlat'))).toBeCloseTo(order.hotel?.latitude ?? 0, 4);
    expect(Number(map.searchParams.get('mlon'))).toBeCloseTo(order.hotel?.longitude ?? 0, 4);
  });

  it('after one of two rooms is cancelled: partly cancelled, its price, add-ons and city tax gone from the totals, its add-ons refunded', async () => {
    const order = await bookTwoRooms('totals-cancel-1', { breakfast: true, insurance: true });
    const [first, second] = roomsOf(order);
    if (!first || !second) throw new Error('two rooms expected');
    expect(order.city_tax_total).toBe(sum([first.city_tax, second.city_tax]));
    expect(first.city_tax).toBeGreaterThan(0);

    const partly = await cancel(order, first.reservation_number);
    expect(partly).toMatchObject({
      status: 'partly_cancelled',
      amount_paid: 116,
      amount_refunded: 96,
      // The second room, paid at the hotel, and the insurance (bought, kept).
      amount_to_pay_total: 220,
      amount_at_hotel: 200,
      city_tax_total: second.city_tax,
    });
    // Read again, the order says the same.
    expect(await read(order)).toMatchObject({
      status: 'partly_cancelled',
      amount_at_hotel: 200,
      city_tax_total: second.city_tax,
      amount_to_pay_total: 220,
    });

    const all = await cancel(order, second.reservation_number);
    expect(all).toMatchObject({ status: 'cancelled', amount_refunded: 96, amount_to_pay_total: 20, amount_at_hotel: 0, city_tax_total: 0 });
  });

  it('after a room is changed: the totals and the city tax are those of the changed room', async () => {
    const order = await bookTwoRooms('totals-modify-1');
    const [first, second] = roomsOf(order);
    if (!first || !second) throw new Error('two rooms expected');
    const started = await t.post(
      ECOMMERCE_PATHS.modifications,
      { order_id: order.order_id, reservation_number: first.reservation_number },
      undefined,
      t.access(order.order_id),
    );
    const modification = v.parse(ModificationResponseSchema, started.body).data;
    // One adult instead of two: the city tax is charged per adult and night.
    const edit = ECOMMERCE_PATHS.modificationRoomStay(modification.modification_id, modification.room_stay_id);
    expect((await t.put(edit, { adults_count: 1 }, undefined, t.access(order.order_id))).status).toBe(200);
    expect(
      (await t.post(ECOMMERCE_PATHS.modificationComplete(modification.modification_id), {}, undefined, t.access(order.order_id))).status,
    ).toBe(200);

    const changed = await read(order);
    const [changedFirst, changedSecond] = roomsOf(changed);
    expect(changedFirst?.adults_count).toBe(1);
    expect(changedFirst?.city_tax).toBeLessThan(first.city_tax);
    expect(changed.status).toBe('confirmed');
    expect(changed.city_tax_total).toBe(sum([changedFirst?.city_tax ?? 0, changedSecond?.city_tax ?? 0]));
    expect(changed.amount_to_pay_total).toBe(sum([changedFirst?.price_with_tax ?? 0, changedSecond?.price_with_tax ?? 0]));
    expect(changed.amount_at_hotel).toBe(changed.amount_to_pay_total);

    // Cancelling the changed room takes its new amounts away, not the old ones.
    const partly = await cancel(changed, changedFirst?.reservation_number ?? '');
    expect(partly).toMatchObject({
      status: 'partly_cancelled',
      city_tax_total: second.city_tax,
      amount_to_pay_total: second.price_with_tax,
      amount_at_hotel: second.price_with_tax,
    });
  });
});

describe('manage my booking: the lookup', () => {
  const lookup = (body: Record<string, unknown>) => t.post(ECOMMERCE_PATHS.orderLookup, body);
  const orderIdOf = (answer: Answer) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return v.parse(OrderAccessResponseSchema, answer.body).data.order_id;
  };

  it('finds a booking whatever the case and spacing of the number, name or email', async () => {
    const order = await bookTwoRooms('lookup-typing-1');
    const number = roomsOf(order)[1]?.reservation_number ?? '';
    const [hotel = '', code = ''] = number.split('-');
    // Read out in groups, in lower case.
    const spaced = ` ${hotel.toLowerCase()} - ${code.slice(0, 4).toLowerCase()} ${code.slice(4)} `;
    expect(orderIdOf(await lookup({ reservation_number: spaced, last_name: `  ${TRAVELLER.last_name.toUpperCase()}  ` }))).toBe(
      order.order_id,
    );
    expect(orderIdOf(await lookup({ reservation_number: number, email: ` ${TRAVELLER.email.toUpperCase()} ` }))).toBe(order.order_id);
  });

  it('answers a wrong name, a wrong email and an unknown number alike, without saying which detail was wrong', async () => {
    const order = await bookTwoRooms('lookup-wrong-1');
    const number = roomsOf(order)[0]?.reservation_number ?? '';
    const wrongName = await lookup({ reservation_number: number, last_name: 'Gast' });
    const wrongEmail = await lookup({ reservation_number: number, email: 'someone.else@example.com' });
    const unknownNumber = await lookup({ reservation_number: 'SBTG-ZZZZZZZZ', last_name: TRAVELLER.last_name });
    for (const answer of [wrongName, wrongEmail, unknownNumber]) expect(answer.status).toBe(404);
    expect(wrongEmail.body).toEqual(wrongName.body);
    expect(unknownNumber.body).toEqual(wrongName.body);
    expect(JSON.stringify(wrongName.body)).not.toMatch(/name|email|number/i);
  });
});
