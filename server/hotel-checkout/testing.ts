import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { expect } from 'vitest';
import { OUTBOX_PATH, OutboxResponseSchema } from '../../src/contract/auth';
import { BFF_PREFIX } from '../../src/contract/content';
import {
  CreateHotelCheckoutResponseSchema,
  HOTEL_CHECKOUT_ACCESS_HEADER,
  HOTEL_CHECKOUT_PATHS,
  type HotelCheckout,
  HotelCheckoutResponseSchema,
  type HotelCheckoutSession,
  HotelCheckoutSessionResponseSchema,
  HotelPayResponseSchema,
  type HotelPayResult,
} from '../../src/contract/hotel-checkout';
import { TEST_CARDS } from '../../test/bff/fake-payments';
import { createMemoryLogger } from '../../test/bff/memory-logger';
import { createApp } from '../app';
import { createOutboxMailer } from '../adapters/outbox-mailer';
import { defaultAuthSettings } from '../auth/settings';
import type { Database } from '../db/database';
import { members } from '../db/schema';
import { createMaintenanceJobs } from '../maintenance/purge';
import { createPmsTestApp, type PmsTestApp } from '../pms/testing';
import type { PmsStay, PropertyManagementPort } from '../ports/property-management';
import type { MailPort } from '../ports/mail';

/**
 * The hotel checkout's test app: stays booked and checked in through the site (server/pms/testing.ts),
 * and an app whose property-management system a test may wrap (to post a charge in the middle of a
 * payment) or replace (one that never answers). Both apps share the database, the clock and the payment
 * provider; the stay tokens are signed with the same server secret.
 */

export interface Answer {
  status: number;
  body: unknown;
}

export const P = HOTEL_CHECKOUT_PATHS;
export const codeOf = (answer: Answer) => (answer.body as { error?: { code?: string } }).error?.code;

export function createHotelCheckoutTestApp(
  db: Database,
  options: { pms?: (pms: PropertyManagementPort) => PropertyManagementPort; mail?: (outbox: MailPort) => MailPort } = {},
) {
  const base: PmsTestApp = createPmsTestApp(db);
  const maintenance = createMaintenanceJobs();
  const logger = createMemoryLogger();
  const outbox = createOutboxMailer({ db, logger, now: () => base.now() });
  const app = createApp({
    db,
    logger,
    maintenance,
    version: 'test',
    now: () => base.now(),
    auth: { settings: defaultAuthSettings({ devOutbox: true }), mail: options.mail ? options.mail(outbox) : outbox },
    ...(base.payments ? { payments: base.payments } : {}),
    propertyManagement: options.pms ? options.pms(base.pms) : base.pms,
  });
  const payments = base.payments;
  if (!payments) throw new Error('The test app has a payment provider');

  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer & { raw?: Buffer; type?: string | null }> {
    const response = await app.request(`${BFF_PREFIX}${path}`, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    const type = response.headers.get('content-type');
    if (type?.startsWith('application/pdf')) return { status: response.status, body: undefined, raw: Buffer.from(await response.arrayBuffer()), type };
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined, type };
  }
  const key = (accessKey: string | undefined): Record<string, string> => (accessKey ? { [HOTEL_CHECKOUT_ACCESS_HEADER]: accessKey } : {});
  const bearer = (token: string | undefined): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});
  let payKeys = 0;

  const t = {
    base,
    app,
    logger,
    payments,
    pms: base.pms,
    call,
    key,
    runMaintenance: () => maintenance.run(base.now(), logger),
    async tokenOf(email: string) {
      return base.tokenOf(email);
    },
    /** A stay in house (a guest's, or the member's of `token`), with these charges posted. */
    stayInHouse: base.stayInHouse.bind(base),
    /** A member's stay on the member rate (it earns points), checked in. */
    async memberStayInHouse(token: string): Promise<PmsStay> {
      const stay = await base.bookStay({ rate: 'HRW1X', token });
      return base.pms.checkIn(stay.id, base.now());
    },
    postCharge: base.postCharge.bind(base),
    /** The room card's link token of a stay (as the hotel desk prints it). */
    linkToken: (stayId: string) => base.stayTokens.linkToken(stayId, new Date(base.now().getTime() + 7 * 86_400_000)),
    /** POST hotel-checkout with the room's link: the checkout and the stay's access key. */
    async start(stay: PmsStay): Promise<{ checkout: HotelCheckout; accessKey: string }> {
      const answer = await call('POST', P.checkouts, { token: await t.linkToken(stay.id) });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const { checkout, access_key } = v.parse(CreateHotelCheckoutResponseSchema, answer.body).data;
      return { checkout, accessKey: access_key };
    },
    get: (path: string, accessKey?: string, token?: string) => call('GET', path, undefined, { ...key(accessKey), ...bearer(token) }),
    post: (path: string, body: unknown, accessKey?: string, token?: string) => call('POST', path, body, { ...key(accessKey), ...bearer(token) }),
    put: (path: string, body: unknown, accessKey?: string, token?: string) => call('PUT', path, body, { ...key(accessKey), ...bearer(token) }),
    checkoutOf(answer: Answer): HotelCheckout {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return v.parse(HotelCheckoutResponseSchema, answer.body).data;
    },
    sessionOf(answer: Answer): HotelCheckoutSession {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return v.parse(HotelCheckoutSessionResponseSchema, answer.body).data;
    },
    payResultOf(answer: Answer): HotelPayResult {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return v.parse(HotelPayResponseSchema, answer.body).data;
    },
    /** A session of the checkout with the card method chosen. */
    async cardSession(checkoutId: string, accessKey: string): Promise<HotelCheckoutSession> {
      const session = t.sessionOf(await t.post(P.session(checkoutId), undefined, accessKey));
      return t.sessionOf(await t.put(P.sessionPaymentMethod(session.id), { payment_method: 'card' }, accessKey));
    },
    pay(sessionId: string, accessKey: string | undefined, options: { card?: string; key?: string; body?: Record<string, unknown> } = {}) {
      const body = options.body ?? { payment_instrument_id: payments.tokenFor(options.card ?? TEST_CARDS.success), locale: 'en' };
      return call('POST', P.sessionPay(sessionId), body, { ...key(accessKey), 'idempotency-key': options.key ?? `hotel-pay-${++payKeys}-${Date.now().toString(36)}` });
    },
    /** The provider's notification of a finished challenge, posted to the BFF as the provider does. */
    async notify(paymentId: string, outcome: 'authorized' | 'declined') {
      const { body, headers } = payments.complete(paymentId, outcome);
      const response = await app.request(`${BFF_PREFIX}/ecommerce/payment/notifications`, { method: 'POST', body, headers });
      expect(response.status).toBe(200);
    },
    async outbox(to: string) {
      return v.parse(OutboxResponseSchema, (await call('GET', `${OUTBOX_PATH}?to=${encodeURIComponent(to)}`)).body).data;
    },
    async pointsOf(memberId: number): Promise<number> {
      const [row] = await db.select({ points: members.points }).from(members).where(and(eq(members.id, memberId)));
      return row?.points ?? 0;
    },
  };
  return t;
}

export type HotelCheckoutTestApp = ReturnType<typeof createHotelCheckoutTestApp>;
