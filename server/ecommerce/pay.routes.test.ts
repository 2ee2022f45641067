import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { OUTBOX_PATH } from '../../src/contract/auth';
import { ECOMMERCE_LIMITS, ECOMMERCE_PATHS, ORDER_ACCESS_HEADER, OrderResponseSchema } from '../../src/contract/ecommerce';
import { TEST_CARDS } from '../../test/bff/fake-payments';
import { members } from '../db/schema';
import { DEMO_MEMBERS } from '../db/seed/members';
import { purgeExpired } from '../maintenance/purge';
import { setNights } from '../search/test-inventory';
import {
  availableRooms,
  codeOf,
  day,
  END,
  START,
  STAY,
  stdRoom,
  TRAVELLER,
  useCommerceTests,
} from './testing';

/*
 * Paying: card outcomes by the provider's test cards, idempotency, holds (taken at payment, given back
 * on decline, kept for a challenge and released when it runs out), notifications and the read that asks
 * the provider, points, and the order with its reservation numbers and confirmation mail.
 */

const suite = useCommerceTests();
const stdFree = () => availableRooms(suite.db, 'SBTG', 'STD', START);
const { t, tokens } = suite;

describe('pay with a card', () => {
  it('needs an Idempotency-Key, a traveller and a payment method', async () => {
    const cart = await t.createCart({ ...STAY, room_stays: [stdRoom()] });
    expect((await t.post(ECOMMERCE_PATHS.pay(cart.cart_id), { locale: 'en' })).status).toBe(400);
    expect((await t.pay(cart.cart_id, 'short')).status).toBe(400);
    expect((await t.pay(cart.cart_id, 'key-bad-body-1', undefined, { locale: 'xx' })).status).toBe(400);
    const noTraveller = await t.pay(cart.cart_id, 'key-no-traveller');
    expect([noTraveller.status, codeOf(noTraveller)]).toEqual([422, 'traveller_missing']);
    const stay = cart.stays[0];
    await t.put(ECOMMERCE_PATHS.roomStay(cart.cart_id, stay?.stay_id ?? '', stay?.room_stays[0]?.room_stay_id ?? ''), {
      traveller: TRAVELLER,
    });
    const noMethod = await t.pay(cart.cart_id, 'key-no-method');
    expect([noMethod.status, codeOf(noMethod)]).toEqual([422, 'payment_method_missing']);
    expect((await t.pay('3f1c2b7e-3d44-4b8a-9a51-1a2b3c4d5e99', 'key-unknown-cart')).status).toBe(404);
    expect(await stdFree()).toBe(5);
  });

  it('books with a good card: one order, reservation numbers, the room taken, a mail, nothing charged for a hold rate', async () => {
    const cart = await t.readyCart();
    const before = t.payments?.authorizations.length ?? 0;
    const result = t.resultOf(await t.pay(cart.cart_id, 'key-good-card-1'));
    expect(result.status).toBe('succeeded');
    const orderId = result.status === 'succeeded' ? result.order_id : '';
    expect(t.payments?.authorizations.slice(before).map((request) => request.amountMinor)).toEqual([0]);
    expect(await stdFree()).toBe(4);
    const access = { [ORDER_ACCESS_HEADER]: (result.status === 'succeeded' && result.access_key) || '' };
    const order = v.parse(OrderResponseSchema, (await t.get(ECOMMERCE_PATHS.order(orderId), undefined, access)).body).data;
    expect(order).toMatchObject({ cart_id: cart.cart_id, amount_paid: 0, amount_at_hotel: 200, payment_method: 'card' });
    const room = order.stays[0]?.room_stays[0];
    expect(room?.reservation_number).toMatch(/^SBTG-[A-Z2-9]{8}$/);
    expect(room).toMatchObject({ status: 'confirmed', cancellable: true });
    const paidCart = t.cartOf(await t.get(ECOMMERCE_PATHS.cart(cart.cart_id)));
    expect(paidCart).toMatchObject({ status: 'ordered', order_id: orderId });
    const outbox = (await t.get(`${OUTBOX_PATH}?to=${TRAVELLER.email}`)).body as { data: { subject: string; text: string }[] };
    expect(outbox.data[0]?.text).toContain(room?.reservation_number ?? 'none');
    expect(codeOf(await t.pay(cart.cart_id, 'key-good-card-2'))).toBe('cart_not_open');
    expect(codeOf(await t.put(ECOMMERCE_PATHS.cart(cart.cart_id), { currency: 'USD' }))).toBe('cart_not_open');
  });

  it('captures a deposit rate at once', async () => {
    const cart = await t.readyCart({ rate: 'S07' });
    const result = t.resultOf(await t.pay(cart.cart_id, 'key-deposit-1'));
    expect(result.status).toBe('succeeded');
    expect(t.payments?.captures.at(-1)?.amountMinor).toBe(17_600);
    const order = v.parse(
      OrderResponseSchema,
      (await t.get(ECOMMERCE_PATHS.order(result.status === 'succeeded' ? result.order_id : ''), undefined, { [ORDER_ACCESS_HEADER]: (result.status === 'succeeded' && result.access_key) || '' }))
        .body,
    ).data;
    expect(order).toMatchObject({ amount_paid: 176, amount_at_hotel: 0 });
  });

  it('answers a retry with the first answer and never authorises twice; another body with the key is 409', async () => {
    const cart = await t.readyCart();
    const before = t.payments?.authorizations.length ?? 0;
    const first = await t.pay(cart.cart_id, 'key-retry-1');
    const again = await t.pay(cart.cart_id, 'key-retry-1');
    expect(again).toEqual(first);
    expect((t.payments?.authorizations.length ?? 0) - before).toBe(1);
    const conflict = await t.pay(cart.cart_id, 'key-retry-1', undefined, { locale: 'de' });
    expect([conflict.status, codeOf(conflict)]).toEqual([409, 'idempotency_conflict']);
  });

  it('keeps the cart after a decline, gives the room back, and pays with another card', async () => {
    const cart = await t.readyCart({ card: TEST_CARDS.declined });
    expect(t.resultOf(await t.pay(cart.cart_id, 'key-decline-1'))).toEqual({ status: 'declined', reason: 'declined' });
    expect(await stdFree()).toBe(5);
    const open = t.cartOf(await t.get(ECOMMERCE_PATHS.cart(cart.cart_id)));
    expect(open).toMatchObject({ status: 'open', last_decline_reason: 'declined' });
    expect(open.stays[0]?.room_stays[0]?.traveller?.email).toBe(TRAVELLER.email);
    await t.put(ECOMMERCE_PATHS.creditCard(cart.cart_id), { credit_card_id: t.payments?.tokenFor(TEST_CARDS.success) });
    expect(t.resultOf(await t.pay(cart.cart_id, 'key-decline-2')).status).toBe('succeeded');
    expect(await stdFree()).toBe(4);
  });

  it('says why a card failed: insufficient funds, expired card', async () => {
    for (const [card, reason] of [
      [TEST_CARDS.insufficientFunds, 'insufficient_funds'],
      [TEST_CARDS.expired, 'expired_card'],
    ] as const) {
      const cart = await t.readyCart({ card, rate: 'S07' });
      expect(t.resultOf(await t.pay(cart.cart_id, `key-${reason}`))).toEqual({ status: 'declined', reason });
    }
    expect(await stdFree()).toBe(5);
  });

  it('charges nothing when the room went meanwhile (409 room_unavailable)', async () => {
    const cart = await t.readyCart();
    await setNights(suite.db, { hotelCode: 'SBTG', typeCode: 'STD', from: END, to: day(33), available: 5 });
    await setNights(suite.db, { hotelCode: 'SBTG', typeCode: 'STD', from: day(31), to: END, available: 0 });
    const before = t.payments?.authorizations.length ?? 0;
    const gone = await t.pay(cart.cart_id, 'key-gone-1');
    expect([gone.status, codeOf(gone)]).toEqual([409, 'room_unavailable']);
    expect(t.payments?.authorizations.length).toBe(before);
    expect(await stdFree()).toBe(5);
    expect(t.cartOf(await t.get(ECOMMERCE_PATHS.cart(cart.cart_id))).status).toBe('open');
  });

  it('answers 503 and takes nothing when the provider is down; the same key can be sent again', async () => {
    const cart = await t.readyCart();
    t.payments?.failNext(1);
    expect((await t.pay(cart.cart_id, 'key-down-1')).status).toBe(503);
    expect(await stdFree()).toBe(5);
    expect(t.resultOf(await t.pay(cart.cart_id, 'key-down-1')).status).toBe('succeeded');
  });
});

describe('payments that need the guest', () => {
  it('holds the room through a 3-D Secure challenge and books on the signed notification', async () => {
    const cart = await t.readyCart({ card: TEST_CARDS.challenge });
    const result = t.resultOf(await t.pay(cart.cart_id, 'key-3ds-1'));
    if (result.status !== 'action_required') throw new Error(`expected a challenge, got ${result.status}`);
    expect(result.redirect_url).toMatch(/^https:\/\/psp\.test\/challenge\//);
    expect(Date.parse(result.hold_expires_at) - t.now().getTime()).toBe(ECOMMERCE_LIMITS.holdMinutes * 60_000);
    expect(await stdFree()).toBe(4);
    const pending = t.cartOf(await t.get(ECOMMERCE_PATHS.cart(cart.cart_id)));
    expect(pending).toMatchObject({ status: 'payment_pending', hold_expires_at: result.hold_expires_at });

    const paymentId = result.redirect_url.split('/').at(-1) ?? '';
    const notification = t.payments?.complete(paymentId, 'authorized');
    const forged = await t.call('POST', ECOMMERCE_PATHS.paymentNotifications, notification?.body, {
      'content-type': 'application/json',
      'x-psp-signature': 'ab'.repeat(32),
    });
    expect(forged.status).toBe(400);
    for (let time = 0; time < 2; time++) {
      expect((await t.call('POST', ECOMMERCE_PATHS.paymentNotifications, notification?.body, notification?.headers)).status).toBe(200);
    }
    const ordered = t.cartOf(await t.get(ECOMMERCE_PATHS.cart(cart.cart_id)));
    expect(ordered.status).toBe('ordered');
    expect(await stdFree()).toBe(4);
  });

  it('finishes the payment on reading the cart when the notification never came', async () => {
    const cart = await t.readyCart({ card: TEST_CARDS.challenge });
    const result = t.resultOf(await t.pay(cart.cart_id, 'key-lost-1'));
    const paymentId = result.status === 'action_required' ? (result.redirect_url.split('/').at(-1) ?? '') : '';
    t.payments?.complete(paymentId, 'authorized');
    expect(t.cartOf(await t.get(ECOMMERCE_PATHS.cart(cart.cart_id))).status).toBe('ordered');
  });

  it('gives the room back when the guest cancels a PayPal approval', async () => {
    const cart = await t.readyCart({ method: 'paypal' });
    const result = t.resultOf(await t.pay(cart.cart_id, 'key-paypal-1'));
    expect(result.status).toBe('action_required');
    const paymentId = result.status === 'action_required' ? (result.redirect_url.split('/').at(-1) ?? '') : '';
    const notification = t.payments?.complete(paymentId, 'cancelled');
    expect((await t.call('POST', ECOMMERCE_PATHS.paymentNotifications, notification?.body, notification?.headers)).status).toBe(200);
    expect(await stdFree()).toBe(5);
    expect(t.cartOf(await t.get(ECOMMERCE_PATHS.cart(cart.cart_id)))).toMatchObject({ status: 'open', last_decline_reason: 'cancelled' });
  });

  it('releases a hold that ran out (purge), opens the cart, and cancels a late authorisation', async () => {
    const cart = await t.readyCart({ method: 'ideal' });
    const result = t.resultOf(await t.pay(cart.cart_id, 'key-expire-1'));
    expect(await stdFree()).toBe(4);
    t.advance(ECOMMERCE_LIMITS.holdMinutes * 60_000 - 1);
    expect((await purgeExpired(suite.db, t.now())).inventoryHolds).toBe(0);
    t.advance(1);
    expect((await purgeExpired(suite.db, t.now())).inventoryHolds).toBe(1);
    expect(await stdFree()).toBe(5);
    expect(t.cartOf(await t.get(ECOMMERCE_PATHS.cart(cart.cart_id)))).toMatchObject({ status: 'open', hold_expires_at: null });
    const paymentId = result.status === 'action_required' ? (result.redirect_url.split('/').at(-1) ?? '') : '';
    const late = t.payments?.complete(paymentId, 'authorized');
    expect((await t.call('POST', ECOMMERCE_PATHS.paymentNotifications, late?.body, late?.headers)).status).toBe(200);
    expect(t.payments?.cancellations).toContain(paymentId);
    expect(t.cartOf(await t.get(ECOMMERCE_PATHS.cart(cart.cart_id))).status).toBe('open');
  });

  it('starts an Apple Pay session through the provider', async () => {
    const answer = await t.post(ECOMMERCE_PATHS.applePaySession, {
      validation_url: 'https://apple-pay-gateway.apple.com/paymentservices/startSession',
      domain: 'example.com',
    });
    expect(answer.status).toBe(200);
    expect((await t.post(ECOMMERCE_PATHS.applePaySession, { validation_url: 'not a url', domain: 'example.com' })).status).toBe(400);
  });
});

describe('pay with points', () => {
  const pointsOf = async () =>
    (await suite.db.select({ points: members.points }).from(members).where(eq(members.email, DEMO_MEMBERS.withPassword)))[0]?.points ??
    0;

  it('prices each rate in points from its own cash price, and debits exactly that', async () => {
    const flexible = await t.readyCart({ rate: 'HRW1X', method: 'points', token: tokens.anna });
    const saver = await t.readyCart({ rate: 'HRWPR1', method: 'points', token: tokens.anna });
    // 100 EUR nights: 95.00 on the flexible member rate is 190 points a night, 84.00 on the saver rate 168, rounded up to 170.
    expect([flexible.points_to_pay_total, saver.points_to_pay_total]).toEqual([380, 340]);
    await suite.db.update(members).set({ points: 1_000 }).where(eq(members.email, DEMO_MEMBERS.withPassword));
    expect(t.resultOf(await t.pay(saver.cart_id, 'key-points-saver', tokens.anna)).status).toBe('succeeded');
    expect(await pointsOf()).toBe(660);
  });

  it('debits the points with the order, and declines when the balance is short', async () => {
    const cart = await t.readyCart({ rate: 'HRW1X', method: 'points', token: tokens.anna });
    const price = cart.points_to_pay_total;
    await suite.db
      .update(members)
      .set({ points: price + 10 })
      .where(eq(members.email, DEMO_MEMBERS.withPassword));
    expect(t.resultOf(await t.pay(cart.cart_id, 'key-points-1', tokens.anna)).status).toBe('succeeded');
    expect(await pointsOf()).toBe(10);
    expect(await stdFree()).toBe(4);
    const short = await t.readyCart({ rate: 'HRW1X', method: 'points', token: tokens.anna });
    const declined = t.resultOf(await t.pay(short.cart_id, 'key-points-2', tokens.anna));
    expect(declined).toEqual({ status: 'declined', reason: 'insufficient_points' });
    expect(await pointsOf()).toBe(10);
    expect(await stdFree()).toBe(4);
    expect(t.cartOf(await t.get(ECOMMERCE_PATHS.cart(short.cart_id), tokens.anna))).toMatchObject({
      status: 'open',
      last_decline_reason: 'insufficient_points',
    });
  });
});
