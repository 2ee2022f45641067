import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, beforeEach, expect } from 'vitest';
import { BFF_PREFIX } from '../../src/contract/content';
import {
  type Cart,
  CartResponseSchema,
  ECOMMERCE_PATHS,
  ORDER_ACCESS_HEADER,
  type Order,
  OrderResponseSchema,
  PayResponseSchema,
  type PayResult,
  type Traveller,
} from '../../src/contract/ecommerce';
import { TEST_TODAY, useTestDatabase } from '../../test/bff/database';
import { createFakePayments, type FakePayments, TEST_CARDS } from '../../test/bff/fake-payments';
import { createMemoryLogger } from '../../test/bff/memory-logger';
import { createApp } from '../app';
import { createAuth } from '../auth/core';
import { defaultAuthSettings } from '../auth/settings';
import type { Database } from '../db/database';
import { resultRows } from '../db/rows';
import { hotels, members, ratePlans } from '../db/schema';
import { createMaintenanceJobs } from '../maintenance/purge';
import { DEMO_MEMBERS } from '../db/seed/members';
import { addDays, businessDate } from '../lib/calendar';
import { setNights } from '../search/test-inventory';

/**
 * The app for booking tests: a clock the test sets (no waiting), the in-memory payment provider (or
 * none), the development outbox on, and helpers that walk a cart to payment.
 */

export const TODAY = businessDate(TEST_TODAY);
export const day = (offset: number) => addDays(TODAY, offset);

export interface Answer {
  status: number;
  body: unknown;
}

/** The stay most tests book: two nights a month ahead at the Steigenberger Hotel Berlin Tiergarten. */
export const START = day(30);
export const END = day(32);
export const STAY = { hotel_code: 'SBTG', check_in_date: START, check_out_date: END };
/** A standard room for two adults on a rate (the flexible non-member rate unless told). */
export const stdRoom = (rate = 'AX') => ({ room_type_code: 'STD', rate_code: rate, adults_count: 2, child_ages: [] as number[] });
/** The code of an error answer (the commerce codes are beyond ErrorBodySchema's list). */
export const codeOf = (answer: Answer) => (answer.body as { error: { code: string } }).error.code;

/** 200 expected; the answer's data as the schema reads it. */
function dataOf<T>(schema: v.GenericSchema<unknown, { data: T }>, answer: Answer): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return v.parse(schema, answer.body).data;
}

export const TRAVELLER: Traveller = { first_name: 'Gina', last_name: 'Guest', email: 'gina.guest@example.com' };

export function createCommerceTestApp(db: Database, options: { payments?: FakePayments | null } = {}) {
  let now = new Date(TEST_TODAY);
  const payments = options.payments === null ? undefined : (options.payments ?? createFakePayments());
  const logger = createMemoryLogger();
  const maintenance = createMaintenanceJobs();
  const app = createApp({
    db,
    logger,
    maintenance,
    version: 'test',
    now: () => now,
    auth: { settings: defaultAuthSettings({ devOutbox: true }) },
    ...(payments ? { payments } : {}),
  });
  const auth = createAuth({ db, logger, now: () => now });

  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const response = await app.request(`${BFF_PREFIX}${path}`, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  }
  const bearer = (token: string | undefined): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});
  /** The access keys of the guest orders booked with `book`, by order id. */
  const accessKeys = new Map<string, string>();

  const t = {
    app,
    logger,
    payments,
    /** Runs the jobs the schedule runs with the purge (the recovery of payments) at the test's clock. */
    runMaintenance: () => maintenance.run(now, logger),
    call,
    get: (path: string, token?: string, headers: Record<string, string> = {}) => call('GET', path, undefined, { ...bearer(token), ...headers }),
    post: (path: string, body: unknown, token?: string, headers: Record<string, string> = {}) =>
      call('POST', path, body, { ...bearer(token), ...headers }),
    put: (path: string, body: unknown, token?: string, headers: Record<string, string> = {}) =>
      call('PUT', path, body, { ...bearer(token), ...headers }),
    /** Keeps a guest order's access key (from a pay answer that waited for the guest) for `access`. */
    rememberAccess(orderId: string, key: string | undefined) {
      if (key) accessKeys.set(orderId, key);
    },
    /** The order access header of a guest order booked with `book` (none for a member's). */
    access(orderId: string): Record<string, string> {
      const key = accessKeys.get(orderId);
      return key ? { [ORDER_ACCESS_HEADER]: key } : {};
    },
    del: (path: string, token?: string) => call('DELETE', path, undefined, bearer(token)),
    now: () => now,
    setNow(date: Date) {
      now = new Date(date);
    },
    advance(milliseconds: number) {
      now = new Date(now.getTime() + milliseconds);
    },
    /** A session token of the member with this email. */
    async tokenOf(email: string): Promise<string> {
      const [member] = await db.select().from(members).where(eq(members.email, email));
      if (!member) throw new Error(`No member ${email}`);
      const { session } = await auth.sessions.create(member.id);
      return auth.tokens.accessToken({ memberGuid: member.guid, sessionId: session.sessionId, email: member.email });
    },
    /** POST cart: 201 expected; the cart. */
    async createCart(request: Record<string, unknown>, token?: string): Promise<Cart> {
      const answer = await t.post(ECOMMERCE_PATHS.carts, { locale: 'en', ...request }, token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return v.parse(CartResponseSchema, answer.body).data;
    },
    /** 200 expected; the cart answered. */
    cartOf: (answer: Answer): Cart => dataOf(CartResponseSchema, answer),
    /** Traveller on every room, card payment with this test card: ready to pay. */
    async readyToPay(cart: Cart, options: { card?: string; method?: string; token?: string } = {}): Promise<Cart> {
      const stay = cart.stays[0];
      if (!stay) throw new Error('cart without stay');
      for (const room of stay.room_stays) {
        t.cartOf(
          await t.put(ECOMMERCE_PATHS.roomStay(cart.cart_id, stay.stay_id, room.room_stay_id), { traveller: TRAVELLER }, options.token),
        );
      }
      const method = options.method ?? 'card';
      let ready = t.cartOf(await t.put(ECOMMERCE_PATHS.paymentMethod(cart.cart_id), { payment_method: method }, options.token));
      if (method === 'card' && payments) {
        ready = t.cartOf(
          await t.put(
            ECOMMERCE_PATHS.creditCard(cart.cart_id),
            { credit_card_id: payments.tokenFor(options.card ?? TEST_CARDS.success) },
            options.token,
          ),
        );
      }
      return ready;
    },
    pay(cartId: string, key: string, token?: string, body: Record<string, unknown> = {}) {
      return t.post(ECOMMERCE_PATHS.pay(cartId), { locale: 'en', ...body }, token, { 'idempotency-key': key });
    },
    /** A cart for the usual stay with one standard room on `rate`, ready to pay. */
    async readyCart(options: { rate?: string; card?: string; method?: string; token?: string } = {}): Promise<Cart> {
      return t.readyToPay(await t.createCart({ ...STAY, room_stays: [stdRoom(options.rate)] }, options.token), options);
    },
    /** 200 expected; the pay result. */
    resultOf: (answer: Answer): PayResult => dataOf(PayResponseSchema, answer),
    /** 200 expected; the order. */
    orderOf: (answer: Answer): Order => dataOf(OrderResponseSchema, answer),
    /** Books the usual stay (paid with the good card) and answers the order. */
    async book(options: { rate?: string; token?: string; key: string }): Promise<Order> {
      const cart = await t.readyCart(options);
      const paid = t.resultOf(await t.pay(cart.cart_id, options.key, options.token));
      if (paid.status !== 'succeeded') throw new Error(`expected an order, got ${paid.status}`);
      if (paid.access_key) accessKeys.set(paid.order_id, paid.access_key);
      return t.orderOf(await t.get(ECOMMERCE_PATHS.order(paid.order_id), options.token, t.access(paid.order_id)));
    },
  };
  return t;
}

/**
 * One database and app for a test file: two signed-in members (Anna, Omar), the clock at the test day
 * before each test, and the usual stay's nights at SBTG reset to 5 rooms at 100 EUR (`nightsUntil`
 * extends them). `prepare` changes the database before the app first reads the content.
 */
export function useCommerceTests(options: { nightsUntil?: string; prepare?: (db: Database) => Promise<void> } = {}) {
  const database = useTestDatabase();
  let app: CommerceTestApp | undefined;
  const tokens = { anna: '', omar: '' };
  beforeAll(async () => {
    await options.prepare?.(database.db);
    app = createCommerceTestApp(database.db);
    tokens.anna = await app.tokenOf(DEMO_MEMBERS.withPassword);
    tokens.omar = await app.tokenOf(DEMO_MEMBERS.codeOnly);
  });
  beforeEach(async () => {
    app?.setNow(new Date(TEST_TODAY));
    await setNights(database.db, { hotelCode: 'SBTG', from: START, to: options.nightsUntil ?? END, available: 5, price: 10_000 });
  });
  const ready = (): CommerceTestApp => {
    if (!app) throw new Error('The app is not ready: use it inside tests or hooks');
    return app;
  };
  return {
    get db() {
      return database.db;
    },
    /** The file's app, usable at module level: every property is read from the app made in beforeAll. */
    t: new Proxy({} as CommerceTestApp, { get: (_, key) => Reflect.get(ready(), key) }),
    /** Session tokens of the demo members with a password (Anna) and with sign-in codes only (Omar), set in beforeAll. */
    tokens,
  };
}

/**
 * A prepaid rate that can be cancelled free until the day before arrival, added to one hotel for tests of
 * refunds (the seed's deposit rates are all non-refundable, and search's tests count on the seed's rates).
 */
export const REFUNDABLE_DEPOSIT_RATE = 'DEPFLX';
export async function addRefundableDepositRate(db: Database, hotelCode = 'SBTG'): Promise<void> {
  const [hotel] = await db.select({ id: hotels.id }).from(hotels).where(eq(hotels.hotelCode, hotelCode));
  if (!hotel) throw new Error(`No hotel ${hotelCode}`);
  await db.insert(ratePlans).values({
    hotelId: hotel.id,
    rateCode: REFUNDABLE_DEPOSIT_RATE,
    name: { en: 'Prepaid Flexible Rate' },
    isMemberRate: false,
    breakfastIncluded: false,
    guaranteePolicyCode: 'DEP100',
    cancellationPolicyCode: 'CXL1D',
    priceFactorBps: 9_000,
    pointsPerNight: 0,
  });
}

export type CommerceTestApp = ReturnType<typeof createCommerceTestApp>;

/** Rooms of a type free on a night, read from the database. */
export async function availableRooms(db: Database, hotelCode: string, typeCode: string, date: string): Promise<number> {
  const [row] = resultRows<{ available_rooms: number }>(
    await db.execute(sql`
      SELECT ri.available_rooms FROM room_inventory ri JOIN room_types rt ON rt.id = ri.room_type_id JOIN hotels h ON h.id = rt.hotel_id
      WHERE h.hotel_code = ${hotelCode} AND rt.type_code = ${typeCode} AND ri.stay_date = ${date}::date
    `),
  );
  return row?.available_rooms ?? -1;
}
