import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { CartResponseSchema, ECOMMERCE_PATHS } from '../src/contract/ecommerce';
import { BFF_PREFIX } from '../src/contract/content';
import { type BadRequest, badRequests, type Fixtures } from '../test/bff/bad-input';
import { TEST_TODAY, useTestDatabase } from '../test/bff/database';
import { createMemoryLogger } from '../test/bff/memory-logger';
import { createTestPaymentProvider } from './adapters/test-payments';
import { createApp } from './app';
import { createAuth } from './auth/core';
import { defaultAuthSettings } from './auth/settings';
import { members } from './db/schema';
import { DEMO_MEMBERS } from './db/seed/members';
import { addDays, businessDate } from './lib/calendar';
import { MAX_ISSUES } from './middleware/validate';

/**
 * The wide fuzz: every route of the BFF (read from the app itself, so a new route is covered without
 * touching this file) gets malformed parameters, query strings and bodies: NUL bytes, halves of surrogate
 * pairs, broken escapes, impossible dates, country codes that grow when upper-cased, huge numbers, huge
 * lists, a 10 MB body, wrong types, empty objects. None may answer 5xx, and no refusal may be larger
 * than a few issues. The app runs with the bundled test payment provider, as `npm start` does.
 */

const database = useTestDatabase();
const FIRST_DAY = addDays(businessDate(TEST_TODAY), 30);
/** An answer to a bad request lists at most MAX_ISSUES issues: a few kilobytes at most. */
const MAX_REFUSAL_BYTES = 16 * 1024;

function fuzzApp() {
  const logger = createMemoryLogger();
  const now = () => TEST_TODAY;
  const provider = createTestPaymentProvider({ publicUrl: 'http://localhost', signingSecret: 'fuzz-signing-secret-of-some-length', logger, now, notify: async () => {} });
  const app = createApp({
    db: database.db,
    logger,
    version: 'test',
    now,
    auth: { settings: defaultAuthSettings({ devOutbox: true, trustProxy: true }) },
    payments: provider.port,
  });
  const auth = createAuth({ db: database.db, logger, now });
  return { app, logger, auth };
}

let fuzz: ReturnType<typeof fuzzApp>;
let fixtures: Fixtures;
let token = '';

async function signIn(): Promise<string> {
  const [member] = await database.db.select().from(members).where(eq(members.email, DEMO_MEMBERS.withPassword));
  if (!member) throw new Error('The seed has no member with a password');
  const { session } = await fuzz.auth.sessions.create(member.id);
  return fuzz.auth.tokens.accessToken({ memberGuid: member.guid, sessionId: session.sessionId, email: member.email });
}

let requestNumber = 0;
async function send(request: BadRequest): Promise<Response> {
  requestNumber += 1;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    // A new client address now and then, so that rate limits do not hide the routes behind a 429.
    'x-forwarded-for': `198.51.100.${requestNumber % 250}`,
  };
  if (request.signedIn) headers.authorization = `Bearer ${token}`;
  const response = await fuzz.app.request(`${request.path}`, { method: request.method, headers, ...(request.body !== undefined ? { body: request.body } : {}) });
  // Some routes end the session (logout, account changes): sign in again for the next request.
  if (response.status === 401 && request.signedIn) token = await signIn();
  return response;
}

beforeAll(async () => {
  fuzz = fuzzApp();
  token = await signIn();
  const created = await fuzz.app.request(`${BFF_PREFIX}${ECOMMERCE_PATHS.carts}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      hotel_code: 'SBTG',
      check_in_date: FIRST_DAY,
      check_out_date: addDays(FIRST_DAY, 2),
      room_stays: [{ room_type_code: 'STD', rate_code: 'AX', adults_count: 2, child_ages: [] }],
      locale: 'en',
    }),
  });
  expect(created.status).toBe(201);
  const cart = v.parse(CartResponseSchema, await created.json()).data;
  const stay = cart.stays[0];
  fixtures = { cartId: cart.cart_id, stayId: stay?.stay_id ?? '', roomStayId: stay?.room_stays[0]?.room_stay_id ?? '' };
});

describe('bad input on every BFF route', () => {
  it('reads the routes from the app: search, sign-in, members, booking, analytics', () => {
    const paths = fuzz.app.routes.map((route) => route.path);
    for (const path of ['/bff/search/rooms', '/bff/auth/login', '/bff/members/complete-profile', '/bff/ecommerce/cart/:cartId', '/bff/analytics/events']) {
      expect(paths).toContain(path);
    }
  });

  it('never answers 5xx, and refuses briefly', async () => {
    const requests = badRequests(fuzz.app.routes, fixtures, FIRST_DAY);
    const failures: string[] = [];
    for (const request of requests) {
      const response = await send(request);
      const text = await response.text();
      if (response.status >= 500) failures.push(`${response.status} ${request.label}: ${text.slice(0, 200)}`);
      else if (response.status >= 400 && text.length > MAX_REFUSAL_BYTES) failures.push(`${text.length} bytes ${request.label}`);
    }
    expect(failures, `${failures.length} of ${requests.length} bad requests failed`).toEqual([]);
    // Nothing reached the error handler: a bad request is no error of ours.
    expect(fuzz.logger.lines.filter((line) => line.msg === 'unhandled error').map((line) => line.path)).toEqual([]);
  }, 600_000);
});

describe('the limits that keep one request from holding the server', () => {
  const post = (path: string, body: string) =>
    fuzz.app.request(`${BFF_PREFIX}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const stay = () => ({ hotelCode: 'SBTG', startDate: FIRST_DAY, endDate: addDays(FIRST_DAY, 2) });

  it('refuses a body over 64 KiB on any route with 413 and the error body', async () => {
    const response = await post('/search/rooms', JSON.stringify({ ...stay(), rooms: [{ adults: 2, childAges: Array.from({ length: 100_000 }, () => '1') }] }));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('checks the length of a list before its items and lists at most 20 issues', async () => {
    const tooMany = await post('/search/rooms', JSON.stringify({ ...stay(), rooms: [{ adults: 2, childAges: Array.from({ length: 5_000 }, () => 'x') }] }));
    expect(tooMany.status).toBe(400);
    const { error } = (await tooMany.json()) as { error: { issues: { path: string; message: string }[] } };
    expect(error.issues).toEqual([{ path: 'rooms.0.childAges', message: 'At most 4 children per room' }]);
    // Many wrong fields at once: the answer stops at MAX_ISSUES.
    const rooms = Array.from({ length: 9 }, () => ({ adults: 'x', childAges: ['a', 'b', 'c', 'd'] }));
    const wrong = await post('/search/rooms', JSON.stringify({ ...stay(), rooms }));
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { issues: unknown[] } }).error.issues).toHaveLength(MAX_ISSUES);
  });

  it('answers 400 when the payment provider refuses an Apple Pay merchant validation', async () => {
    // A well-formed URL the provider does not take: Apple's validation URLs are https.
    const response = await post(ECOMMERCE_PATHS.applePaySession, JSON.stringify({ validation_url: 'http://apple-pay-gateway.apple.com/paymentservices/startSession', domain: 'hotels.example' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'bad_request' } });
  });

  it('refuses NUL and broken escapes in the path and the query with 400', async () => {
    for (const path of ['/content/hotel/%00', '/members/registration-source/%00', '/content/brands?locale=en%00', '/content/hotel/%E0%A4%A']) {
      const response = await fuzz.app.request(`${BFF_PREFIX}${path}`);
      expect(response.status, path).toBe(400);
      expect(await response.json(), path).toMatchObject({ error: { code: 'bad_request' } });
    }
  });
});
