import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { ECOMMERCE_LIMITS, ECOMMERCE_PATHS } from '../../src/contract/ecommerce';
import { useTestDatabase } from '../../test/bff/database';
import { createFakePayments, type FakePayments, TEST_CARDS } from '../../test/bff/fake-payments';
import { paymentIntents } from '../db/schema';
import { setNights } from '../search/test-inventory';
import { PAY_LEASE_MS } from './payments';
import { availableRooms, type CommerceTestApp, createCommerceTestApp, END, START } from './testing';

/*
 * Payments interrupted between the authorisation and the order (the process died, or the request hangs):
 * a retry with the same Idempotency-Key after PAY_LEASE_MS, or the recovery that runs with the purge,
 * finishes the order while the hold is valid and voids the authorisation otherwise. The clock is the
 * app's (no waiting); the interruption is an authorisation whose caller never hears back, so the database
 * is left exactly as a process that died right after the provider answered leaves it.
 */

const database = useTestDatabase();

/** The fake provider, with a switch that makes the next authorisation reach the provider and never come back. */
function interruptiblePayments(): FakePayments & { interruptNext(when: 'after' | 'before'): void } {
  const fake = createFakePayments();
  const authorize = fake.authorize.bind(fake);
  let interrupt: 'after' | 'before' | null = null;
  return Object.assign(fake, {
    interruptNext(when: 'after' | 'before') {
      interrupt = when;
    },
    async authorize(request: Parameters<FakePayments['authorize']>[0]) {
      const now = interrupt;
      interrupt = null;
      if (now === 'before') return new Promise<never>(() => {});
      const status = await authorize(request);
      if (now === 'after') return new Promise<never>(() => {});
      return status;
    },
  });
}

async function setup(): Promise<{ t: CommerceTestApp; payments: ReturnType<typeof interruptiblePayments> }> {
  const payments = interruptiblePayments();
  const t = createCommerceTestApp(database.db, { payments });
  await setNights(database.db, { hotelCode: 'SBTG', from: START, to: END, available: 5, price: 10_000 });
  return { t, payments };
}

const stdFree = () => availableRooms(database.db, 'SBTG', 'STD', START);
const intentsOf = (cartId: string) => database.db.select().from(paymentIntents).where(eq(paymentIntents.cartId, cartId));

/** Starts a payment that is interrupted (never answers) and waits until the provider has been asked. */
async function interruptedPay(t: CommerceTestApp, payments: ReturnType<typeof interruptiblePayments>, cartId: string, key: string, when: 'after' | 'before' = 'after') {
  const calls = payments.authorizations.length;
  payments.interruptNext(when);
  void t.pay(cartId, key);
  if (when === 'after') await vi.waitFor(() => expect(payments.authorizations.length).toBe(calls + 1), { timeout: 20_000 });
  else await vi.waitFor(async () => expect((await intentsOf(cartId))[0]?.state).toBe('authorizing'), { timeout: 20_000 });
}

describe('a payment interrupted between authorisation and order', () => {
  it('is finished by a retry with the same key once its lease is over: one authorisation, one order, no 409', async () => {
    const { t, payments } = await setup();
    const cart = await t.readyCart({ rate: 'S07' });
    await interruptedPay(t, payments, cart.cart_id, 'interrupted-1');
    expect(await stdFree()).toBe(4);
    expect((await intentsOf(cart.cart_id)).map((intent) => intent.state)).toEqual(['authorizing']);

    t.advance(PAY_LEASE_MS);
    const retried = t.resultOf(await t.pay(cart.cart_id, 'interrupted-1'));
    expect(retried.status).toBe('succeeded');
    expect(payments.authorizations.filter((request) => request.reference === cart.cart_id)).toHaveLength(1);
    expect(payments.captures.at(-1)?.amountMinor).toBe(17_600);
    expect(t.cartOf(await t.get(ECOMMERCE_PATHS.cart(cart.cart_id))).status).toBe('ordered');
    expect((await intentsOf(cart.cart_id)).map((intent) => intent.state)).toEqual(['ordered']);
    // The answer is kept: another retry gets it again.
    expect(t.resultOf(await t.pay(cart.cart_id, 'interrupted-1'))).toEqual(retried);
    expect(await stdFree()).toBe(4);
  });

  it('is finished by the recovery on its own, and the retry gets the kept answer', async () => {
    const { t, payments } = await setup();
    const cart = await t.readyCart();
    await interruptedPay(t, payments, cart.cart_id, 'interrupted-2');
    t.advance(PAY_LEASE_MS - 1);
    expect((await t.runMaintenance()).paymentsRecovered).toBe(0);
    t.advance(1);
    expect((await t.runMaintenance()).paymentsRecovered).toBe(1);
    expect(t.cartOf(await t.get(ECOMMERCE_PATHS.cart(cart.cart_id))).status).toBe('ordered');
    expect(t.resultOf(await t.pay(cart.cart_id, 'interrupted-2')).status).toBe('succeeded');
    expect(payments.authorizations.filter((request) => request.reference === cart.cart_id)).toHaveLength(1);
  });

  it('is voided when its hold ran out before anyone came back: rooms back, the retry answers declined', async () => {
    const { t, payments } = await setup();
    const cart = await t.readyCart();
    await interruptedPay(t, payments, cart.cart_id, 'interrupted-3');
    t.advance(ECOMMERCE_LIMITS.holdMinutes * 60_000);
    expect((await t.runMaintenance()).paymentsRecovered).toBe(1);
    const paymentId = (await intentsOf(cart.cart_id))[0]?.providerPaymentId ?? 'none';
    expect(payments.cancellations).toContain(paymentId);
    expect((await intentsOf(cart.cart_id)).map((intent) => intent.state)).toEqual(['voided']);
    expect(await stdFree()).toBe(5);
    expect(t.cartOf(await t.get(ECOMMERCE_PATHS.cart(cart.cart_id)))).toMatchObject({ status: 'open', last_decline_reason: 'cancelled' });
    expect(t.resultOf(await t.pay(cart.cart_id, 'interrupted-3'))).toEqual({ status: 'declined', reason: 'cancelled' });
    // The guest pays again with a new attempt.
    expect(t.resultOf(await t.pay(cart.cart_id, 'interrupted-3b')).status).toBe('succeeded');
  });

  it('is sent to the provider again when the first call never reached it, and booked while the hold is valid', async () => {
    const { t, payments } = await setup();
    const cart = await t.readyCart();
    await interruptedPay(t, payments, cart.cart_id, 'interrupted-4', 'before');
    expect(payments.authorizations.filter((request) => request.reference === cart.cart_id)).toHaveLength(0);
    t.advance(PAY_LEASE_MS);
    expect(t.resultOf(await t.pay(cart.cart_id, 'interrupted-4')).status).toBe('succeeded');
    expect(payments.authorizations.filter((request) => request.reference === cart.cart_id)).toHaveLength(1);
  });

  it('answers 503 while the provider is down and finishes on the next retry', async () => {
    const { t, payments } = await setup();
    const cart = await t.readyCart();
    await interruptedPay(t, payments, cart.cart_id, 'interrupted-5');
    t.advance(PAY_LEASE_MS);
    payments.failNext(1);
    expect((await t.pay(cart.cart_id, 'interrupted-5')).status).toBe(503);
    expect(t.resultOf(await t.pay(cart.cart_id, 'interrupted-5')).status).toBe('succeeded');
  });
});

describe('payments that waited for the guest', () => {
  it('are booked by the recovery when the guest approved but neither the notification nor the guest came back', async () => {
    const { t, payments } = await setup();
    const cart = await t.readyCart({ card: TEST_CARDS.challenge });
    const result = t.resultOf(await t.pay(cart.cart_id, 'waiting-1'));
    const paymentId = result.status === 'action_required' ? (result.redirect_url.split('/').at(-1) ?? '') : '';
    payments.complete(paymentId, 'authorized');
    t.advance(PAY_LEASE_MS);
    await t.runMaintenance();
    expect((await intentsOf(cart.cart_id)).map((intent) => intent.state)).toEqual(['ordered']);
    expect(t.cartOf(await t.get(ECOMMERCE_PATHS.cart(cart.cart_id))).status).toBe('ordered');
  });

  it('are voided at the provider when the hold runs out, and a late approval is voided too', async () => {
    const { t, payments } = await setup();
    const cart = await t.readyCart({ method: 'paypal' });
    const result = t.resultOf(await t.pay(cart.cart_id, 'waiting-2'));
    const paymentId = result.status === 'action_required' ? (result.redirect_url.split('/').at(-1) ?? '') : '';
    t.advance(ECOMMERCE_LIMITS.holdMinutes * 60_000 - 1);
    await t.runMaintenance();
    expect(await stdFree()).toBe(4);
    t.advance(1);
    await t.runMaintenance();
    expect(payments.cancellations).toContain(paymentId);
    expect(await stdFree()).toBe(5);
    expect((await intentsOf(cart.cart_id)).map((intent) => intent.state)).toEqual(['voided']);
    const late = payments.complete(paymentId, 'authorized');
    expect((await t.call('POST', ECOMMERCE_PATHS.paymentNotifications, late.body, late.headers)).status).toBe(200);
    expect(t.cartOf(await t.get(ECOMMERCE_PATHS.cart(cart.cart_id))).status).toBe('open');
  });

  it('are voided when an authorisation arrives after the hold ran out but before the purge', async () => {
    const { t, payments } = await setup();
    const cart = await t.readyCart({ card: TEST_CARDS.challenge });
    const result = t.resultOf(await t.pay(cart.cart_id, 'waiting-3'));
    const paymentId = result.status === 'action_required' ? (result.redirect_url.split('/').at(-1) ?? '') : '';
    t.advance(ECOMMERCE_LIMITS.holdMinutes * 60_000);
    const late = payments.complete(paymentId, 'authorized');
    expect((await t.call('POST', ECOMMERCE_PATHS.paymentNotifications, late.body, late.headers)).status).toBe(200);
    expect(payments.cancellations).toContain(paymentId);
    expect(await stdFree()).toBe(5);
    expect(t.cartOf(await t.get(ECOMMERCE_PATHS.cart(cart.cart_id))).status).toBe('open');
  });
});
