import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ANALYTICS_PATHS, StoredAnalyticsEventsResponseSchema } from '../../src/contract/analytics';
import { useTestDatabase } from '../../test/bff/database';
import { createAuthTestApp } from '../auth/testing';

const database = useTestDatabase({ seed: false });

const pageView = {
  type: 'page_view',
  at: Date.UTC(2026, 2, 2, 8, 0),
  date: '02-03-2026',
  pathname: '/en/hotels/JAZAMS',
  locale: 'en',
  pageType: 'Hotel',
  customParameters: { param1: 'jaz_amsterdam', param2: 'JAZAMS', param3: 'jaz' },
};
const errorEvent = {
  type: 'error',
  at: Date.UTC(2026, 2, 2, 8, 1),
  date: '02-03-2026',
  pathname: '/en/booking/check-out',
  locale: 'en',
  errorMessage: 'checkout: Request failed with status code 502',
  cartId: 'cart-1',
};

describe('POST /bff/analytics/events', () => {
  it('stores every event of a batch with its attribution, and tests read them back', async () => {
    const test = createAuthTestApp(database.db);
    const anonymousId = `anon-${crypto.randomUUID()}`;
    const answer = await test.post(ANALYTICS_PATHS.events, { anonymousId, context: { trvReference: 'ref-1' }, events: [pageView, errorEvent] });
    expect(answer).toMatchObject({ status: 202, body: { accepted: 2 } });

    const stored = await test.get(`${ANALYTICS_PATHS.events}?anonymousId=${anonymousId}`);
    expect(stored.status).toBe(200);
    const { data } = v.parse(StoredAnalyticsEventsResponseSchema, stored.body);
    expect(data.map((row) => row.event)).toEqual([errorEvent, pageView]);
    expect(data.every((row) => row.context?.trvReference === 'ref-1' && row.receivedAt === test.now().toISOString())).toBe(true);

    const errors = await test.get(`${ANALYTICS_PATHS.events}?anonymousId=${anonymousId}&type=error`);
    expect(v.parse(StoredAnalyticsEventsResponseSchema, errors.body).data.map((row) => row.event.type)).toEqual(['error']);
  });

  it('stores an experiment_viewed event and lets tests read it by type', async () => {
    const test = createAuthTestApp(database.db);
    const anonymousId = `anon-${crypto.randomUUID()}`;
    const viewed = { type: 'experiment_viewed', at: Date.UTC(2026, 2, 2, 8, 2), date: '02-03-2026', pathname: '/en/', experimentKey: 'layout-experiment', variationKey: '3' };
    expect(await test.post(ANALYTICS_PATHS.events, { anonymousId, events: [viewed, pageView] })).toMatchObject({ status: 202, body: { accepted: 2 } });
    const stored = await test.get(`${ANALYTICS_PATHS.events}?anonymousId=${anonymousId}&type=experiment_viewed`);
    expect(v.parse(StoredAnalyticsEventsResponseSchema, stored.body).data.map((row) => row.event)).toEqual([viewed]);
  });

  it.each([
    ['no events', { anonymousId: 'anon-12345678', events: [] }, 'events'],
    ['an unknown event type', { anonymousId: 'anon-12345678', events: [{ ...pageView, type: 'purchase' }] }, 'events.0.type'],
    ['a date not in dd-LL-yyyy', { anonymousId: 'anon-12345678', events: [{ ...pageView, date: '2026-03-02' }] }, 'events.0.date'],
    ['an unknown page-type group', { anonymousId: 'anon-12345678', events: [{ ...pageView, pageType: 'Spa' }] }, 'events.0.pageType'],
    ['a web vital not rated good', { anonymousId: 'anon-12345678', events: [{ type: 'web_vital', at: 1, date: '01-01-2026', pathname: '/', name: 'LCP', value: 5000, rating: 'poor' }] }, 'events.0.rating'],
    ['an error message too long', { anonymousId: 'anon-12345678', events: [{ ...errorEvent, errorMessage: 'x'.repeat(501) }] }, 'events.0.errorMessage'],
    ['a malformed anonymous id', { anonymousId: 'a b', events: [pageView] }, 'anonymousId'],
    ['an experiment_viewed event without its variation', { anonymousId: 'anon-12345678', events: [{ type: 'experiment_viewed', at: 1, date: '01-01-2026', pathname: '/', experimentKey: 'layout-experiment' }] }, 'events.0.variationKey'],
    ['more than 50 events', { anonymousId: 'anon-12345678', events: Array.from({ length: 51 }, () => pageView) }, 'events'],
  ])('refuses %s with 400', async (_, body, path) => {
    const test = createAuthTestApp(database.db);
    const answer = await test.post(ANALYTICS_PATHS.events, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { code: 'bad_request', issues: expect.arrayContaining([expect.objectContaining({ path })]) } });
  });

  it('refuses malformed JSON with 400 and a body over 64 KiB with 413', async () => {
    const test = createAuthTestApp(database.db);
    expect((await test.post(ANALYTICS_PATHS.events, '{"anonymousId":')).status).toBe(400);
    const huge = { anonymousId: 'anon-12345678', events: [{ ...pageView, pathname: 'x'.repeat(70_000) }] };
    const answer = await test.post(ANALYTICS_PATHS.events, huge);
    expect(answer.status).toBe(413);
    const stored = await test.get(`${ANALYTICS_PATHS.events}?anonymousId=anon-12345678`);
    expect(v.parse(StoredAnalyticsEventsResponseSchema, stored.body).data).toEqual([]);
  });

  it('lets one address post 120 batches a minute: the 121st gets 429 with Retry-After, other addresses go on', async () => {
    const test = createAuthTestApp(database.db);
    const batch = (anonymousId: string) => ({ anonymousId, events: [pageView] });
    const busy = '203.0.113.90';
    for (let index = 0; index < 120; index += 1) {
      expect((await test.post(ANALYTICS_PATHS.events, batch('anon-busy-address'), { from: busy })).status, `request ${index + 1}`).toBe(202);
    }
    const refused = await test.post(ANALYTICS_PATHS.events, batch('anon-refused-batch'), { from: busy });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.body).toMatchObject({ error: { code: 'bad_request' } });
    // Counted before the body is read: oversized or malformed requests are refused the same way.
    expect((await test.post(ANALYTICS_PATHS.events, '{"anonymousId":', { from: busy })).status).toBe(429);
    const stored = await test.get(`${ANALYTICS_PATHS.events}?anonymousId=anon-refused-batch`);
    expect(v.parse(StoredAnalyticsEventsResponseSchema, stored.body).data).toEqual([]);

    expect((await test.post(ANALYTICS_PATHS.events, batch('anon-other-address'), { from: '203.0.113.91' })).status).toBe(202);

    test.advance(60 * 1000);
    expect((await test.post(ANALYTICS_PATHS.events, batch('anon-busy-address'), { from: busy })).status).toBe(202);
  });

  it('has no GET where the development outbox is off', async () => {
    const test = createAuthTestApp(database.db, { settings: { devOutbox: false } });
    expect((await test.get(ANALYTICS_PATHS.events)).status).toBe(404);
    expect((await test.post(ANALYTICS_PATHS.events, { anonymousId: 'anon-12345678', events: [pageView] })).status).toBe(202);
  });
});
