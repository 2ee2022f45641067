import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Cart, ECOMMERCE_PATHS, PayResponseSchema } from '../../src/contract/ecommerce';
import { useTestDatabase } from '../../test/bff/database';
import { members, vouchers } from '../db/schema';
import { DEMO_MEMBERS } from '../db/seed/members';
import { DEMO_VOUCHERS } from '../db/seed/vouchers';
import { setNights } from '../search/test-inventory';
import { availableRooms, type CommerceTestApp, createCommerceTestApp, day, stdRoom } from './testing';

/*
 * Races that only a real PostgreSQL can show: PGlite is one session, so concurrent requests on it run one
 * after the other and racy code would pass. Skipped without DATABASE_URL.
 */

const onPostgres = Boolean(process.env.DATABASE_URL);
const database = useTestDatabase();
let t: CommerceTestApp;

const statusOf = (body: unknown) => {
  const parsed = v.safeParse(PayResponseSchema, body);
  return parsed.success ? (parsed.output.data.status === 'declined' ? `declined:${parsed.output.data.reason}` : parsed.output.data.status) : JSON.stringify(body);
};

beforeAll(() => {
  t = createCommerceTestApp(database.db);
});

describe.skipIf(!onPostgres)('concurrent payments on PostgreSQL (PGlite runs one session: skipped there)', () => {
  it('200 payments for the last room of a night across 200 carts make exactly one order', { timeout: 600_000 }, async () => {
    const [start, end] = [day(50), day(52)];
    await setNights(database.db, { hotelCode: 'SBTG', typeCode: 'STD', from: start, to: end, available: 5, price: 10_000 });
    const carts: Cart[] = [];
    for (let index = 0; index < 200; index++) {
      const cart = await t.createCart({ hotel_code: 'SBTG', check_in_date: start, check_out_date: end, room_stays: [stdRoom('AX')] });
      carts.push(await t.readyToPay(cart));
    }
    // The second night has one room left.
    await setNights(database.db, { hotelCode: 'SBTG', typeCode: 'STD', from: day(51), to: end, available: 1 });
    const answers = await Promise.all(carts.map((cart, index) => t.pay(cart.cart_id, `race-${index}-key`)));
    const outcomes = answers.map((answer) => (answer.status === 200 ? statusOf(answer.body) : String(answer.status)));
    expect(outcomes.filter((outcome) => outcome === 'succeeded')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === '409')).toHaveLength(199);
    expect(await availableRooms(database.db, 'SBTG', 'STD', day(51))).toBe(0);
    expect(await availableRooms(database.db, 'SBTG', 'STD', start)).toBe(4);
  });

  it('5 concurrent retries with one Idempotency-Key make one authorisation and one answer', async () => {
    const [start, end] = [day(60), day(62)];
    await setNights(database.db, { hotelCode: 'SBTG', typeCode: 'STD', from: start, to: end, available: 5, price: 10_000 });
    const cart = await t.readyToPay(await t.createCart({ hotel_code: 'SBTG', check_in_date: start, check_out_date: end, room_stays: [stdRoom('S07')] }));
    const before = t.payments?.authorizations.length ?? 0;
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.pay(cart.cart_id, 'one-key-for-five')));
    expect((t.payments?.authorizations.length ?? 0) - before).toBe(1);
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(statusOf(answers[0]?.body)).toBe('succeeded');
    expect(await availableRooms(database.db, 'SBTG', 'STD', start)).toBe(4);
  });

  it('two concurrent points payments cannot overdraw the balance', async () => {
    const [start, end] = [day(70), day(72)];
    await setNights(database.db, { hotelCode: 'SBTG', typeCode: 'STD', from: start, to: end, available: 5, price: 10_000 });
    const token = await t.tokenOf(DEMO_MEMBERS.withPassword);
    const request = { hotel_code: 'SBTG', check_in_date: start, check_out_date: end, room_stays: [stdRoom('HRW1X')] };
    const carts = [
      await t.readyToPay(await t.createCart(request, token), { method: 'points', token }),
      await t.readyToPay(await t.createCart(request, token), { method: 'points', token }),
    ];
    const price = carts[0]?.points_to_pay_total ?? 0;
    expect(price).toBeGreaterThan(0);
    await database.db
      .update(members)
      .set({ points: Math.floor(price * 1.5) })
      .where(eq(members.email, DEMO_MEMBERS.withPassword));
    const answers = await Promise.all(carts.map((cart, index) => t.pay(cart.cart_id, `points-race-${index}`, token)));
    expect(answers.map((answer) => statusOf(answer.body)).sort()).toEqual(['declined:insufficient_points', 'succeeded']);
    const [member] = await database.db.select({ points: members.points }).from(members).where(eq(members.email, DEMO_MEMBERS.withPassword));
    expect(member?.points).toBe(Math.floor(price * 1.5) - price);
  });

  it("two concurrent payments with one single-use voucher (a member's own): one uses it, the other is refused before anything is authorised", async () => {
    const token = await t.tokenOf(DEMO_MEMBERS.withPassword);
    const [start, end] = [day(80), day(82)];
    await setNights(database.db, { hotelCode: 'SBTG', typeCode: 'STD', from: start, to: end, available: 5, price: 10_000 });
    const request = { hotel_code: 'SBTG', check_in_date: start, check_out_date: end, room_stays: [stdRoom('AX')] };
    const carts: Cart[] = [];
    for (let index = 0; index < 2; index++) {
      const cart = await t.createCart(request, token);
      t.cartOf(await t.post(ECOMMERCE_PATHS.vouchers(cart.cart_id), { code: DEMO_VOUCHERS.anna.code }, token));
      carts.push(await t.readyToPay(cart, { token }));
    }
    expect(carts.map((cart) => cart.vouchers.length)).toEqual([1, 1]);
    const before = t.payments?.authorizations.length ?? 0;
    const answers = await Promise.all(carts.map((cart, index) => t.pay(cart.cart_id, `voucher-race-${index}`, token)));
    const outcomes = answers.map((answer) => (answer.status === 200 ? statusOf(answer.body) : (answer.body as { error: { code: string } }).error.code));
    expect(outcomes.sort()).toEqual(['succeeded', 'voucher_unavailable']);
    expect((t.payments?.authorizations.length ?? 0) - before).toBe(1);
    const [voucher] = await database.db.select().from(vouchers).where(eq(vouchers.id, DEMO_VOUCHERS.anna.id));
    expect(voucher?.redeemedOrderId).not.toBeNull();
    expect(await availableRooms(database.db, 'SBTG', 'STD', start)).toBe(4);
  });
});

describe.skipIf(onPostgres)('on PGlite', () => {
  it('skips the concurrency tests: they need DATABASE_URL (PostgreSQL), PGlite serialises every request', () => {
    expect(onPostgres).toBe(false);
  });
});
