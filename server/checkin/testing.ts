import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, beforeEach, expect } from 'vitest';
import {
  type Checkin,
  CHECKIN_ACCESS_HEADER,
  CHECKIN_PATHS,
  CheckinPayResponseSchema,
  type CheckinPayResult,
  CheckinResponseSchema,
  type PersonalDetailsRequest,
  StartCheckinResponseSchema,
} from '../../src/contract/checkin';
import { BFF_PREFIX } from '../../src/contract/content';
import { TEST_TODAY, useTestDatabase } from '../../test/bff/database';
import { createFakePayments, type FakePayments } from '../../test/bff/fake-payments';
import { createMemoryLogger } from '../../test/bff/memory-logger';
import { createApp } from '../app';
import { createAuth } from '../auth/core';
import { defaultAuthSettings } from '../auth/settings';
import type { Database } from '../db/database';
import { members, outboxMails } from '../db/schema';
import { DEMO_MEMBERS } from '../db/seed/members';
import { addDays, businessDate } from '../lib/calendar';
import { createMaintenanceJobs } from '../maintenance/purge';
import { stayAccessTokensOf } from '../pms/stay-access';
import {
  type PmsStay,
  type PropertyManagementPort,
  PropertyManagementUnavailableError,
  type StayFolio,
} from '../ports/property-management';

/**
 * Online check-in tests: the app with a property-management system the test controls (stays it adds,
 * a switch that makes it unreachable), the in-memory payment provider, a clock the test sets, and
 * helpers that walk a check-in from start to pay.
 */

export const TODAY = businessDate(TEST_TODAY);
export const day = (offset: number) => addDays(TODAY, offset);

export interface Answer {
  status: number;
  body: unknown;
}

export const codeOf = (answer: Answer) => (answer.body as { error?: { code?: string } }).error?.code;
export const issuesOf = (answer: Answer) => (answer.body as { error?: { issues?: { path: string; message: string }[] } }).error?.issues ?? [];

/** A hotel's system in memory: stays the test adds; `down` makes every call fail as an unreachable system does. */
export interface FakePropertyManagement extends PropertyManagementPort {
  down: boolean;
  add(stay: Partial<PmsStay> & { hotelCode: string }): PmsStay;
  update(stayId: string, change: Partial<PmsStay>): void;
  /** Every call of staysArriving, with its dates. */
  readonly arrivingCalls: [string, string][];
}

export function createFakePropertyManagement(): FakePropertyManagement {
  const stays = new Map<string, PmsStay>();
  const arrivingCalls: [string, string][] = [];
  const fake = {
    down: false,
    arrivingCalls,
    add(stay: Partial<PmsStay> & { hotelCode: string }): PmsStay {
      const id = stay.id ?? randomUUID();
      const full: PmsStay = {
        id,
        reservationNumber: stay.reservationNumber ?? `${stay.hotelCode}-${id.slice(0, 8).toUpperCase()}`,
        hotelCode: stay.hotelCode,
        status: stay.status ?? 'expected',
        arrivalDate: stay.arrivalDate ?? day(1),
        departureDate: stay.departureDate ?? day(3),
        roomNumber: stay.roomNumber ?? null,
        roomTypeName: stay.roomTypeName ?? 'Superior Room',
        guest: stay.guest ?? { firstName: 'Gina', lastName: 'Guest', email: 'gina.guest@example.com', memberId: null },
        adults: stay.adults ?? 2,
        children: stay.children ?? 0,
        currency: stay.currency ?? 'EUR',
        checkedInAt: null,
        checkedOutAt: null,
        booked: stay.booked ?? { roomTotalMinor: 30_000, cityTaxMinor: 2_000, prepaidMinor: 10_000, paidWithPoints: false },
      };
      stays.set(id, full);
      return full;
    },
    update(stayId: string, change: Partial<PmsStay>) {
      const stay = stays.get(stayId);
      if (stay) stays.set(stayId, { ...stay, ...change });
    },
  };
  const reachable = () => {
    if (fake.down) throw new PropertyManagementUnavailableError();
  };
  const unsupported = () => Promise.reject(new Error('not used by online check-in'));
  const port: PropertyManagementPort = {
    async findStay(reservationNumber, lastName) {
      reachable();
      return [...stays.values()].find((stay) => stay.reservationNumber === reservationNumber && stay.guest.lastName.toLowerCase() === lastName.trim().toLowerCase());
    },
    async stay(stayId) {
      reachable();
      return stays.get(stayId);
    },
    async stayOfReservation(reservationNumber) {
      reachable();
      return [...stays.values()].find((stay) => stay.reservationNumber === reservationNumber);
    },
    async staysArriving(from, to) {
      reachable();
      arrivingCalls.push([from, to]);
      return [...stays.values()].filter((stay) => stay.status === 'expected' && stay.arrivalDate >= from && stay.arrivalDate <= to);
    },
    async staysInHouse() {
      reachable();
      return [...stays.values()].filter((stay) => stay.status === 'in_house');
    },
    async folio(stayId): Promise<StayFolio> {
      reachable();
      const stay = stays.get(stayId);
      if (!stay) throw new Error('no stay');
      return { stay, version: 0, charges: [], payments: [], balances: { private: 0, business: 0 } };
    },
    checkIn: unsupported,
    postCharge: unsupported,
    moveCharge: unsupported,
    recordPayment: unsupported,
    checkOut: unsupported,
  };
  return Object.assign(fake, port);
}

/** A registration a German guest at a German hotel may send. */
export const GERMAN_GUEST: PersonalDetailsRequest = {
  first_name: 'Gina',
  last_name: 'Guest',
  date_of_birth: '1990-05-17',
  nationality: 'DE',
  street: 'Lindenstraße 5',
  postal_code: '10969',
  city: 'Berlin',
  country: 'DE',
  arrival_time: '16:30',
  purpose: 'leisure',
};

export const ORIGIN = 'http://localhost:3000';
export const RETURN_URL = `${ORIGIN}/en/checkin/personal-details?step=return`;

export function createCheckinTestApp(db: Database, options: { propertyManagement?: FakePropertyManagement; payments?: FakePayments | null } = {}) {
  let now = new Date(TEST_TODAY);
  const pms = options.propertyManagement ?? createFakePropertyManagement();
  const payments = options.payments === null ? undefined : (options.payments ?? createFakePayments());
  const logger = createMemoryLogger();
  const maintenance = createMaintenanceJobs();
  const settings = defaultAuthSettings({ devOutbox: true });
  const app = createApp({
    db,
    logger,
    maintenance,
    version: 'test',
    now: () => now,
    auth: { settings },
    propertyManagement: pms,
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
  const access = (key: string | undefined): Record<string, string> => (key ? { [CHECKIN_ACCESS_HEADER]: key } : {});

  const t = {
    app,
    logger,
    pms,
    payments,
    call,
    now: () => now,
    setNow(date: Date) {
      now = new Date(date);
    },
    runMaintenance: () => maintenance.run(now, logger),
    access,
    async tokenOf(email: string): Promise<string> {
      const [member] = await db.select().from(members).where(eq(members.email, email));
      if (!member) throw new Error(`No member ${email}`);
      const { session } = await auth.sessions.create(member.id);
      return auth.tokens.accessToken({ memberGuid: member.guid, sessionId: session.sessionId, email: member.email });
    },
    async memberId(email: string): Promise<number> {
      const [member] = await db.select({ id: members.id }).from(members).where(eq(members.email, email));
      if (!member) throw new Error(`No member ${email}`);
      return member.id;
    },
    start: (body: unknown, headers: Record<string, string> = {}) => call('POST', CHECKIN_PATHS.start, body, headers),
    /** The token of the stay's pre-arrival mail link. */
    linkToken: (stay: PmsStay) => stayAccessTokensOf(auth).linkToken(stay.id, new Date(now.getTime() + 30 * 24 * 60 * 60 * 1000)),
    /**
     * Starts with the mail's link token (the lookup by name is rate limited per address, and every test
     * calls from the same one): 200 expected; the check-in and its key.
     */
    async started(stay: PmsStay): Promise<{ checkin: Checkin; key: string }> {
      const answer = await t.start({ token: await t.linkToken(stay) });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const data = v.parse(StartCheckinResponseSchema, answer.body).data;
      return { checkin: data.checkin, key: data.access_key };
    },
    get: (checkinId: string, headers: Record<string, string>) => call('GET', CHECKIN_PATHS.checkin(checkinId), undefined, headers),
    details: (checkinId: string, body: unknown, headers: Record<string, string>) => call('PUT', CHECKIN_PATHS.personalDetails(checkinId), body, headers),
    method: (checkinId: string, method: string, headers: Record<string, string>) => call('PUT', CHECKIN_PATHS.paymentMethod(checkinId), { payment_method: method }, headers),
    pay: (checkinId: string, key: string, body: Record<string, unknown>, headers: Record<string, string>) =>
      call('POST', CHECKIN_PATHS.pay(checkinId), { locale: 'en', redirect_url: RETURN_URL, ...body }, { 'idempotency-key': key, ...headers }),
    checkinOf(answer: Answer): Checkin {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return v.parse(CheckinResponseSchema, answer.body).data;
    },
    payResultOf(answer: Answer): CheckinPayResult {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return v.parse(CheckinPayResponseSchema, answer.body).data;
    },
    /** A check-in with the registration saved and card chosen: ready to pay. */
    async readyToPay(stay: PmsStay, details: PersonalDetailsRequest = GERMAN_GUEST): Promise<{ checkin: Checkin; key: string }> {
      const { checkin, key } = await t.started(stay);
      t.checkinOf(await t.details(checkin.id, details, access(key)));
      const ready = t.checkinOf(await t.method(checkin.id, 'card', access(key)));
      return { checkin: ready, key };
    },
    /** The outbox mails of a kind, newest first. */
    async mails(kind: 'pre_arrival' | 'checkin_confirmation', to?: string) {
      const rows = await db.select().from(outboxMails).where(eq(outboxMails.kind, kind)).orderBy(desc(outboxMails.createdAt));
      return to ? rows.filter((row) => row.recipient === to) : rows;
    },
  };
  return t;
}

export type CheckinTestApp = ReturnType<typeof createCheckinTestApp>;

/** One database and app for a test file, the clock at the test day before each test, the hotel's system reachable. */
export function useCheckinTests() {
  const database = useTestDatabase();
  let app: CheckinTestApp | undefined;
  const tokens = { anna: '', omar: '' };
  beforeAll(async () => {
    app = createCheckinTestApp(database.db);
    tokens.anna = await app.tokenOf(DEMO_MEMBERS.withPassword);
    tokens.omar = await app.tokenOf(DEMO_MEMBERS.codeOnly);
  });
  beforeEach(() => {
    app?.setNow(new Date(TEST_TODAY));
    if (app) app.pms.down = false;
  });
  const ready = (): CheckinTestApp => {
    if (!app) throw new Error('The app is not ready: use it inside tests or hooks');
    return app;
  };
  return {
    get db() {
      return database.db;
    },
    t: new Proxy({} as CheckinTestApp, { get: (_, key) => Reflect.get(ready(), key) }),
    tokens,
  };
}
