import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ECOMMERCE_LIMITS, ECOMMERCE_PATHS } from '../../src/contract/ecommerce';
import { TEST_CARDS } from '../../test/bff/fake-payments';
import { vouchers } from '../db/schema';
import { DEMO_MEMBERS } from '../db/seed/members';
import { DEMO_VOUCHERS } from '../db/seed/vouchers';
import { availableRooms, codeOf, day, START, STAY, stdRoom, useCommerceTests } from './testing';

/*
 * A public voucher (no member) is anyone's, on any number of bookings: never held by one cart, never used
 * up. A member's own voucher is used once: applying it takes nothing, paying claims it (one payment wins),
 * a payment that fails or whose hold ran out gives it back, the order redeems it. The race of two payments
 * for one voucher is in concurrency.test.ts (PostgreSQL).
 */

const suite = useCommerceTests();
const { t, tokens } = suite;
const stdFree = () => availableRooms(suite.db, 'SBTG', 'STD', START);
const HOLD_MS = ECOMMERCE_LIMITS.holdMinutes * 60_000;

async function cartWith(code: string, options: { card?: string; token?: string } = {}) {
  const cart = await t.createCart({ ...STAY, room_stays: [stdRoom()] }, options.token);
  t.cartOf(await t.post(ECOMMERCE_PATHS.vouchers(cart.cart_id), { code }, options.token));
  return t.readyToPay(t.cartOf(await t.get(ECOMMERCE_PATHS.cart(cart.cart_id), options.token)), options);
}

const redirectPaymentId = (result: { status: string; redirect_url?: string }) => result.redirect_url?.split('/').at(-1) ?? '';

describe('public vouchers', () => {
  it('are never held by one cart: while one payment with WELCOME50 waits at the provider, others apply and pay with it', async () => {
    const waiting = await cartWith('WELCOME50', { card: TEST_CARDS.challenge });
    expect(waiting).toMatchObject({ amount_to_pay_total: 150 });
    expect(t.resultOf(await t.pay(waiting.cart_id, 'public-waiting-1')).status).toBe('action_required');

    const second = await cartWith('welcome50');
    expect(second.vouchers.map((voucher) => voucher.code)).toEqual(['WELCOME50']);
    expect(t.resultOf(await t.pay(second.cart_id, 'public-second-1')).status).toBe('succeeded');
    // Paid once, still anyone's: a third booking takes it off too, and pays with it.
    const third = await cartWith('WELCOME50');
    expect(third).toMatchObject({ amount_to_pay_total: 150 });
    expect(t.resultOf(await t.pay(third.cart_id, 'public-third-1')).status).toBe('succeeded');
    const [row] = await suite.db.select().from(vouchers).where(eq(vouchers.id, DEMO_VOUCHERS.welcome.id));
    expect(row).toMatchObject({ cartId: null, redeemedOrderId: null });
  });

  it('stay applicable 27 minutes after an abandoned cart listed them and left its payment at the provider', async () => {
    const abandoned = await cartWith('BONUS20', { card: TEST_CARDS.challenge });
    expect(t.resultOf(await t.pay(abandoned.cart_id, 'public-abandoned-1')).status).toBe('action_required');
    t.advance(27 * 60_000);
    const other = await t.createCart({ ...STAY, room_stays: [stdRoom()] });
    expect(t.cartOf(await t.post(ECOMMERCE_PATHS.vouchers(other.cart_id), { code: 'BONUS20' })).vouchers).toHaveLength(1);
  });
});

describe("a member's own voucher", () => {
  it('is applied only by its member, claimed by paying, and redeemed once; applied again it is "used"', async () => {
    const guestCart = await t.createCart({ ...STAY, room_stays: [stdRoom()] });
    expect(codeOf(await t.post(ECOMMERCE_PATHS.vouchers(guestCart.cart_id), { code: DEMO_VOUCHERS.anna.code }))).toBe('voucher_invalid');
    const first = await cartWith(DEMO_VOUCHERS.anna.code, { token: tokens.anna });
    expect(first).toMatchObject({ amount_to_pay_total: 100 });
    const second = await cartWith(DEMO_VOUCHERS.anna.code, { token: tokens.anna });
    expect(t.resultOf(await t.pay(first.cart_id, 'member-voucher-1', tokens.anna)).status).toBe('succeeded');
    expect(t.cartOf(await t.get(ECOMMERCE_PATHS.cart(second.cart_id), tokens.anna))).toMatchObject({ vouchers: [], amount_to_pay_total: 200 });
    const another = await t.createCart({ ...STAY, room_stays: [stdRoom()] }, tokens.anna);
    expect(codeOf(await t.post(ECOMMERCE_PATHS.voucher(another.cart_id, DEMO_VOUCHERS.anna.id), {}, tokens.anna))).toBe('voucher_used');
    expect(codeOf(await t.post(ECOMMERCE_PATHS.vouchers(another.cart_id), { code: DEMO_VOUCHERS.anna.code }, tokens.anna))).toBe('voucher_used');
  });

  it('is "in use" while another payment holds it, and free again once that hold ran out, before the purge opens the cart', async () => {
    // The test before used it up: the member gets it back unused.
    await suite.db.update(vouchers).set({ cartId: null, redeemedOrderId: null }).where(eq(vouchers.id, DEMO_VOUCHERS.anna.id));
    const waiting = await cartWith(DEMO_VOUCHERS.anna.code, { token: tokens.anna, card: TEST_CARDS.challenge });
    const challenge = t.resultOf(await t.pay(waiting.cart_id, 'member-waiting-1', tokens.anna));
    expect(challenge.status).toBe('action_required');
    const other = await t.createCart({ ...STAY, room_stays: [stdRoom()] }, tokens.anna);
    expect(codeOf(await t.post(ECOMMERCE_PATHS.vouchers(other.cart_id), { code: DEMO_VOUCHERS.anna.code }, tokens.anna))).toBe('voucher_unavailable');

    // The guest never comes back from the provider's page: past the hold, the claim counts for nothing.
    t.advance(HOLD_MS + 12 * 60_000);
    const anna = await t.tokenOf(DEMO_MEMBERS.withPassword);
    expect(t.cartOf(await t.post(ECOMMERCE_PATHS.vouchers(other.cart_id), { code: DEMO_VOUCHERS.anna.code }, anna)).vouchers).toHaveLength(1);
    const ready = await t.readyToPay(t.cartOf(await t.get(ECOMMERCE_PATHS.cart(other.cart_id), anna)), { token: anna });
    expect(t.resultOf(await t.pay(ready.cart_id, 'member-other-1', anna)).status).toBe('succeeded');
    const [row] = await suite.db.select().from(vouchers).where(eq(vouchers.id, DEMO_VOUCHERS.anna.id));
    expect(row?.cartId).toBe(other.cart_id);
    expect(row?.redeemedOrderId).not.toBeNull();
    // The late approval of the abandoned payment makes no order and takes nothing back.
    const late = t.payments?.complete(redirectPaymentId(challenge), 'authorized');
    await t.call('POST', ECOMMERCE_PATHS.paymentNotifications, late?.body, late?.headers);
    expect(t.cartOf(await t.get(ECOMMERCE_PATHS.cart(waiting.cart_id), anna)).order_id).toBeNull();
    expect(await stdFree()).toBe(4);
  });
});

describe('why a voucher is refused', () => {
  it('tells an unknown code from an expired voucher', async () => {
    await suite.db
      .insert(vouchers)
      .values({ id: '0b7e4a52-5d1c-4f0e-9b7a-3c2d1e0f00ee', code: 'SPRING-OLD', category: 'Voucher', amountMinor: 1_000, validUntil: day(-1) })
      .onConflictDoNothing();
    const cart = await t.createCart({ ...STAY, room_stays: [stdRoom()] });
    const unknown = await t.post(ECOMMERCE_PATHS.vouchers(cart.cart_id), { code: 'NOPE-123' });
    expect([unknown.status, codeOf(unknown)]).toEqual([409, 'voucher_invalid']);
    const expired = await t.post(ECOMMERCE_PATHS.vouchers(cart.cart_id), { code: 'spring-old' });
    expect([expired.status, codeOf(expired)]).toEqual([409, 'voucher_expired']);
    expect(t.cartOf(await t.get(ECOMMERCE_PATHS.cart(cart.cart_id))).vouchers).toEqual([]);
  });
});
