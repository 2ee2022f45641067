import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AUTH_PATHS, LoginResponseSchema } from '../../src/contract/auth';
import { BFF_PREFIX } from '../../src/contract/content';
import { CartResponseSchema, ECOMMERCE_PATHS } from '../../src/contract/ecommerce';
import { MEMBER_PATHS } from '../../src/contract/auth';
import { fillPath, routesOf, sampleBodies } from '../../test/bff/bad-input';
import { TEST_TODAY, useTestDatabase } from '../../test/bff/database';
import { createFakePayments } from '../../test/bff/fake-payments';
import { createMemoryLogger } from '../../test/bff/memory-logger';
import { createApp } from '../app';
import { refreshCookieOf } from '../auth/testing';
import { defaultAuthSettings } from '../auth/settings';
import { DEMO_MEMBERS, DEMO_PASSWORD } from '../db/seed/members';
import { addDays, businessDate } from '../lib/calendar';

/**
 * No cache may keep an answer with tokens or personal data. Every BFF route answers `no-store` unless it
 * serves public content and says so itself; the walk reads the routes from the app, so a new route is
 * held to the rule without touching this file.
 */

const database = useTestDatabase();
const FIRST_DAY = addDays(businessDate(TEST_TODAY), 30);

/** Public answers that set their own Cache-Control: the content of brands, hotels, rooms and rates, the sign-in providers and our public keys. */
const PUBLIC = [/^\/bff\/content\//, /^\/bff\/auth\/providers$/, /^\/bff\/auth\/jwks\.json$/];

function testApp() {
  return createApp({
    db: database.db,
    logger: createMemoryLogger(),
    version: 'test',
    now: () => TEST_TODAY,
    auth: { settings: defaultAuthSettings({ devOutbox: true, trustProxy: true }) },
    payments: createFakePayments(),
  });
}

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

describe('Cache-Control on BFF answers', () => {
  it('is no-store on sign-in, refresh, profile, carts and cards', async () => {
    const app = testApp();
    const login = await app.request(`${BFF_PREFIX}${AUTH_PATHS.passwordLogin}`, json({ email: DEMO_MEMBERS.withPassword, password: DEMO_PASSWORD }));
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');
    const result = v.parse(LoginResponseSchema, await login.json()).data;
    if (result.result !== 'Authenticated') throw new Error(`expected a session, got ${result.result}`);
    const bearer = { authorization: `Bearer ${result.token}` };

    const cookie = refreshCookieOf(login.headers);
    const refresh = await app.request(`${BFF_PREFIX}${AUTH_PATHS.refresh}`, json({}, { cookie: cookie?.header ?? '' }));
    expect(refresh.headers.get('cache-control')).toBe('no-store');

    const profile = await app.request(`${BFF_PREFIX}${MEMBER_PATHS.profile}`, { headers: bearer });
    expect(profile.status).toBe(200);
    expect(profile.headers.get('cache-control')).toBe('no-store');

    const samples = sampleBodies(FIRST_DAY, {});
    const created = await app.request(`${BFF_PREFIX}${ECOMMERCE_PATHS.carts}`, json(samples['POST /bff/ecommerce/cart'], bearer));
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const cart = v.parse(CartResponseSchema, await created.json()).data;
    const read = await app.request(`${BFF_PREFIX}${ECOMMERCE_PATHS.cart(cart.cart_id)}`, { headers: bearer });
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toBe('no-store');

    const cards = await app.request(`${BFF_PREFIX}${ECOMMERCE_PATHS.creditCards}`, { headers: bearer });
    expect(cards.status).toBe(200);
    expect(cards.headers.get('cache-control')).toBe('no-store');
  });

  it('is no-store on every route but public content, whatever the answer', async () => {
    const app = testApp();
    const login = await app.request(`${BFF_PREFIX}${AUTH_PATHS.passwordLogin}`, json({ email: DEMO_MEMBERS.withPassword, password: DEMO_PASSWORD }));
    const result = v.parse(LoginResponseSchema, await login.json()).data;
    const token = result.result === 'Authenticated' ? result.token : '';
    const samples = sampleBodies(FIRST_DAY, {});
    const cacheable: string[] = [];
    const routes = routesOf(app.routes);
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      const sample = samples[key];
      const response = await app.request(fillPath(route.path, {}), {
        method: route.method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        ...(route.method === 'GET' ? {} : { body: JSON.stringify(sample ?? {}) }),
      });
      const header = response.headers.get('cache-control');
      if (PUBLIC.some((pattern) => pattern.test(route.path))) continue;
      if (header !== 'no-store') cacheable.push(`${key} ${response.status}: ${header ?? 'no Cache-Control'}`);
    }
    expect(routes.length).toBeGreaterThan(50);
    expect(cacheable).toEqual([]);
  });
});
