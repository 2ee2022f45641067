import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { OUTBOX_PATH } from '../../src/contract/auth';
import {
  ECOMMERCE_PATHS,
  ModificationResponseSchema,
  ORDER_ACCESS_HEADER,
  ORDER_LINK_PARAMS,
  OrderAccessResponseSchema,
  type Order,
} from '../../src/contract/ecommerce';
import { ACCESS_KEY_LIFETIME_MS, LINK_AFTER_STAY_MS } from './order-access';
import { type Answer, END, TRAVELLER, useCommerceTests } from './testing';

/*
 * A guest's booking needs its second secret: the order id alone (in addresses, mails and logs) opens
 * nothing. The access key comes with the pay answer, from the confirmation mail's signed link, or from
 * the lookup by reservation number and last name or email; it never shows in the logs.
 */

const suite = useCommerceTests();
const { t } = suite;

const numberOf = (order: Order) => order.stays[0]?.room_stays[0]?.reservation_number ?? '';
const header = (key: string) => ({ [ORDER_ACCESS_HEADER]: key });
const accessOf = (answer: Answer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return v.parse(OrderAccessResponseSchema, answer.body).data;
};
const keyOf = (order: Order) => t.access(order.order_id)[ORDER_ACCESS_HEADER] ?? '';

/** The three things a guest does with a booking, with these headers: view, start a change, cancel. */
async function statuses(order: Order, headers: Record<string, string>): Promise<number[]> {
  const view = await t.get(ECOMMERCE_PATHS.order(order.order_id), undefined, headers);
  const modify = await t.post(ECOMMERCE_PATHS.modifications, { order_id: order.order_id, reservation_number: numberOf(order) }, undefined, headers);
  const cancel = await t.post(ECOMMERCE_PATHS.cancelReservation(order.order_id, numberOf(order)), {}, undefined, headers);
  return [view.status, modify.status, cancel.status];
}

/** The link of the confirmation mail of this booking, from the outbox. */
async function mailLink(order: Order): Promise<URL> {
  const outbox = (await t.get(`${OUTBOX_PATH}?to=${TRAVELLER.email}`)).body as { data: { text: string }[] };
  const mail = outbox.data.find((candidate) => candidate.text.includes(numberOf(order)));
  const link = mail?.text.match(/https?:\/\/\S+\/booking\/confirmation\S*/)?.[0];
  if (!link) throw new Error('no confirmation link in the mail');
  return new URL(link);
}

describe('guest access to an order', () => {
  it('opens nothing with the order id alone; view, change and cancel work with the key from the pay answer', async () => {
    const order = await t.book({ key: 'access-pay-1' });
    expect(await statuses(order, {})).toEqual([404, 404, 404]);
    // A key of another booking, an altered key and a garbled header open nothing either.
    const other = await t.book({ key: 'access-pay-2' });
    const key = keyOf(order);
    const altered = `${key.slice(0, -2)}${key.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const wrong of [keyOf(other), altered, 'garbled']) expect(await statuses(order, header(wrong))).toEqual([404, 404, 404]);

    const started = await t.post(ECOMMERCE_PATHS.modifications, { order_id: order.order_id, reservation_number: numberOf(order) }, undefined, header(key));
    const modification = v.parse(ModificationResponseSchema, started.body).data;
    // The modification's own id is no credential either.
    const edit = ECOMMERCE_PATHS.modificationRoomStay(modification.modification_id, modification.room_stay_id);
    expect((await t.put(edit, { adults_count: 1 })).status).toBe(404);
    expect((await t.post(ECOMMERCE_PATHS.modificationComplete(modification.modification_id), {})).status).toBe(404);
    expect((await t.put(edit, { adults_count: 1 }, undefined, header(key))).status).toBe(200);
    expect(await statuses(order, header(key))).toEqual([200, 201, 200]);
  });

  it('refuses a key once it has expired', async () => {
    const order = await t.book({ key: 'access-expiry-1' });
    t.advance(ACCESS_KEY_LIFETIME_MS - 1_000);
    expect((await t.get(ECOMMERCE_PATHS.order(order.order_id), undefined, t.access(order.order_id))).status).toBe(200);
    t.advance(2_000);
    expect((await t.get(ECOMMERCE_PATHS.order(order.order_id), undefined, t.access(order.order_id))).status).toBe(404);
  });

  it("exchanges the confirmation mail's link token for a key; an altered or expired token, or the token as a key, is refused", async () => {
    const order = await t.book({ key: 'access-mail-1' });
    const link = await mailLink(order);
    expect(link.pathname).toBe('/en/booking/confirmation');
    expect(link.searchParams.get(ORDER_LINK_PARAMS.orderId)).toBe(order.order_id);
    const token = link.searchParams.get(ORDER_LINK_PARAMS.token) ?? '';

    const access = accessOf(await t.post(ECOMMERCE_PATHS.orderAccess, { token }));
    expect(access.order_id).toBe(order.order_id);
    expect((await t.get(ECOMMERCE_PATHS.order(order.order_id), undefined, header(access.access_key))).status).toBe(200);
    // The link works again (a guest clicks it twice), and is itself no access key.
    expect(accessOf(await t.post(ECOMMERCE_PATHS.orderAccess, { token })).order_id).toBe(order.order_id);
    expect(await statuses(order, header(token))).toEqual([404, 404, 404]);

    const altered = `${token.slice(0, 4)}${token[4] === 'A' ? 'B' : 'A'}${token.slice(5)}`;
    expect((await t.post(ECOMMERCE_PATHS.orderAccess, { token: altered })).status).toBe(404);
    expect((await t.post(ECOMMERCE_PATHS.orderAccess, { token: keyOf(order) })).status).toBe(404);
    expect((await t.post(ECOMMERCE_PATHS.orderAccess, {})).status).toBe(400);
    // Valid until 30 days after check-out.
    t.setNow(new Date(Date.parse(`${END}T00:00:00Z`) + LINK_AFTER_STAY_MS + 1_000));
    expect((await t.post(ECOMMERCE_PATHS.orderAccess, { token })).status).toBe(404);
  });

  it('looks a booking up by reservation number and last name or email, answers 404 to a wrong name, and limits the tries', async () => {
    const order = await t.book({ key: 'access-lookup-1' });
    const number = numberOf(order);
    const byName = accessOf(await t.post(ECOMMERCE_PATHS.orderLookup, { reservation_number: number.toLowerCase(), last_name: '  guest ' }));
    expect(byName.order_id).toBe(order.order_id);
    expect((await t.get(ECOMMERCE_PATHS.order(order.order_id), undefined, header(byName.access_key))).status).toBe(200);
    expect(accessOf(await t.post(ECOMMERCE_PATHS.orderLookup, { reservation_number: number, email: TRAVELLER.email.toUpperCase() })).order_id).toBe(
      order.order_id,
    );
    expect((await t.post(ECOMMERCE_PATHS.orderLookup, { reservation_number: number, last_name: 'Gues' })).status).toBe(404);
    expect((await t.post(ECOMMERCE_PATHS.orderLookup, { reservation_number: 'SBTG-NOPE2345', last_name: 'Guest' })).status).toBe(404);
    expect((await t.post(ECOMMERCE_PATHS.orderLookup, { reservation_number: number })).status).toBe(400);
    // Five tries per reservation number in 15 minutes: the sixth is refused, even with the right name.
    for (const wrong of ['Gast', 'Gäst']) expect((await t.post(ECOMMERCE_PATHS.orderLookup, { reservation_number: number, last_name: wrong })).status).toBe(404);
    const limited = await t.post(ECOMMERCE_PATHS.orderLookup, { reservation_number: number, last_name: 'Guest' });
    expect(limited.status).toBe(429);
    t.advance(15 * 60_000);
    expect((await t.post(ECOMMERCE_PATHS.orderLookup, { reservation_number: number, last_name: 'Guest' })).status).toBe(200);
  });

  it('never writes an access key or a link token to the log', async () => {
    const order = await t.book({ key: 'access-log-1' });
    const token = (await mailLink(order)).searchParams.get(ORDER_LINK_PARAMS.token) ?? '';
    const exchanged = accessOf(await t.post(ECOMMERCE_PATHS.orderAccess, { token }));
    await statuses(order, header(exchanged.access_key));
    await t.get(ECOMMERCE_PATHS.order(order.order_id), undefined, header(`${exchanged.access_key}x`));
    const logged = JSON.stringify(t.logger.lines);
    expect(t.logger.lines.filter((line) => line.msg === 'request').length).toBeGreaterThan(5);
    for (const secret of [keyOf(order), exchanged.access_key, token]) {
      expect(secret.length).toBeGreaterThan(40);
      expect(logged).not.toContain(secret);
      expect(logged).not.toContain(secret.split('.').at(-1));
    }
  });
});
