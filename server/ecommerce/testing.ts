import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { expect } from 'vitest';
import { BFF_PREFIX } from '../../src/contract/content';
import { type Cart, CartResponseSchema, ECOMMERCE_PATHS, type Traveller } from '../../src/contract/ecommerce';
import { TEST_TODAY } from '../../test/bff/database';
import { createFakePayments, type FakePayments, TEST_CARDS } from '../../test/bff/fake-payments';
import { createMemoryLogger } from '../../test/bff/memory-logger';
import { createApp } from '../app';
import { createAuth } from '../auth/core';
import { defaultAuthSettings } from '../auth/settings';
import type { Database } from '../db/database';
import { resultRows } from '../db/rows';
import { members } from '../db/schema';
import { addDays, businessDate } from '../lib/calendar';

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

export const TRAVELLER: Traveller = { first_name: 'Gina', last_name: 'Guest', email: 'gina.guest@example.com' };

export function createCommerceTestApp(db: Database, options: { payments?: FakePayments | null } = {}) {
  let now = new Date(TEST_TODAY);
  const payments = options.payments === null ? undefined : (options.payments ?? createFakePayments());
  const logger = createMemoryLogger();
  const app = createApp({
    db,
    logger,
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

  const t = {
    app,
    logger,
    payments,
    call,
    get: (path: string, token?: string) => call('GET', path, undefined, bearer(token)),
    post: (path: string, body: unknown, token?: string, headers: Record<string, string> = {}) =>
      call('POST', path, body, { ...bearer(token), ...headers }),
    put: (path: string, body: unknown, token?: string) => call('PUT', path, body, bearer(token)),
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
    cartOf(answer: Answer): Cart {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return v.parse(CartResponseSchema, answer.body).data;
    },
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
  };
  return t;
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
