import { describe, expect, it } from 'vitest';
import { ECOMMERCE_PATHS } from '../../src/contract/ecommerce';
import { TEST_CARDS } from '../../test/bff/fake-payments';
import { DEMO_VOUCHERS } from '../db/seed/vouchers';
import { availableRooms, codeOf, START, STAY, stdRoom, useCommerceTests } from './testing';

/*
 * A single-use voucher is held by a cart only while that cart is being paid: applying it takes nothing,
 * paying claims it (one payment wins), a payment that fails gives it back, the order redeems it. The
 * race of two payments for one voucher is in concurrency.test.ts (PostgreSQL).
 */

const suite = useCommerceTests();
const { t, tokens } = suite;
const stdFree = () => availableRooms(suite.db, 'SBTG', 'STD', START);

async function cartWith(code: string, options: { card?: string; token?: string } = {}) {
  const cart = await t.createCart({ ...STAY, room_stays: [stdRoom()] }, options.token);
  t.cartOf(await t.post(ECOMMERCE_PATHS.vouchers(cart.cart_id), { code }, options.token));
  return t.readyToPay(t.cartOf(await t.get(ECOMMERCE_PATHS.cart(cart.cart_id), options.token)), options);
}

describe('public single-use vouchers', () => {
  it('are held by a cart only while it is being paid: another cart applies and pays with it, a failed payment gives it back', async () => {
    const abandoned = await cartWith('BONUS20');
    expect(abandoned.vouchers.map((voucher) => voucher.code)).toEqual(['BONUS20']);
    // The first cart is never paid: another applies the code at once (not a day later) and pays with it...
    const waiting = await cartWith('BONUS20', { card: TEST_CARDS.challenge });
    expect(waiting).toMatchObject({ amount_to_pay_total: 180 });
    const challenge = t.resultOf(await t.pay(waiting.cart_id, 'voucher-waiting-1'));
    expect(challenge.status).toBe('action_required');
    // ...and while that payment waits for the guest, the voucher is theirs: not applied, not paid elsewhere.
    const third = await t.createCart({ ...STAY, room_stays: [stdRoom()] });
    expect(codeOf(await t.post(ECOMMERCE_PATHS.vouchers(third.cart_id), { code: 'BONUS20' }))).toBe('voucher_invalid');
    const before = t.payments?.authorizations.length ?? 0;
    const refused = await t.pay(abandoned.cart_id, 'voucher-abandoned-1');
    expect([refused.status, codeOf(refused)]).toEqual([409, 'voucher_unavailable']);
    expect(t.payments?.authorizations.length).toBe(before);
    expect(await stdFree()).toBe(4);
    expect(t.cartOf(await t.get(ECOMMERCE_PATHS.cart(abandoned.cart_id))).status).toBe('open');

    // The guest fails the challenge: the voucher is free again and the first cart pays with it.
    const paymentId = challenge.status === 'action_required' ? (challenge.redirect_url.split('/').at(-1) ?? '') : '';
    const failed = t.payments?.complete(paymentId, 'authentication_failed');
    expect((await t.call('POST', ECOMMERCE_PATHS.paymentNotifications, failed?.body, failed?.headers)).status).toBe(200);
    expect(t.resultOf(await t.pay(abandoned.cart_id, 'voucher-abandoned-1')).status).toBe('succeeded');
    // Used: it is gone from the other carts and cannot be applied again.
    expect(t.cartOf(await t.get(ECOMMERCE_PATHS.cart(waiting.cart_id))).vouchers).toEqual([]);
    expect(codeOf(await t.post(ECOMMERCE_PATHS.vouchers(third.cart_id), { code: 'BONUS20' }))).toBe('voucher_invalid');
  });

  it('are applied by another cart at once while the first only lists them (no day of waiting)', async () => {
    const left = await cartWith('WELCOME50');
    const other = await t.createCart({ ...STAY, room_stays: [stdRoom()] });
    expect(t.cartOf(await t.post(ECOMMERCE_PATHS.vouchers(other.cart_id), { code: 'WELCOME50' })).vouchers).toHaveLength(1);
    t.cartOf(await t.del(ECOMMERCE_PATHS.voucher(left.cart_id, DEMO_VOUCHERS.welcome.id)));
  });
});

describe("a member's own voucher", () => {
  it('is applied only by its member, claimed by paying, and redeemed once', async () => {
    const first = await cartWith(DEMO_VOUCHERS.anna.code, { token: tokens.anna });
    expect(first).toMatchObject({ amount_to_pay_total: 100 });
    const second = await cartWith(DEMO_VOUCHERS.anna.code, { token: tokens.anna });
    expect(t.resultOf(await t.pay(first.cart_id, 'member-voucher-1', tokens.anna)).status).toBe('succeeded');
    expect(t.cartOf(await t.get(ECOMMERCE_PATHS.cart(second.cart_id), tokens.anna))).toMatchObject({ vouchers: [], amount_to_pay_total: 200 });
    const another = await t.createCart({ ...STAY, room_stays: [stdRoom()] }, tokens.anna);
    expect(codeOf(await t.post(ECOMMERCE_PATHS.voucher(another.cart_id, DEMO_VOUCHERS.anna.id), {}, tokens.anna))).toBe('voucher_invalid');
  });
});
