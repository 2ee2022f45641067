import { beforeAll, describe, expect, it } from 'vitest';
import { BFF_PREFIX } from '../../src/contract/content';
import { TEST_TODAY } from '../../test/bff/database';
import { createMemoryLogger } from '../../test/bff/memory-logger';
import { createApp } from '../app';
import { defaultAuthSettings } from '../auth/settings';
import { DEMO_STAYS } from '../db/seed/stays';
import { useCommerceTests } from '../ecommerce/testing';
import { createMaintenanceJobs } from '../maintenance/purge';
import { HOTEL_DESK_PATH } from './hotel-desk-page';
import { createPmsTestApp, type PmsTestApp } from './testing';

/*
 * The demo's hotel desk: the seeded arrivals and guests in house, the key handed over through the PMS, a
 * charge posted to a folio, and the room card's link that the hotel checkout exchanges. Off (404) when the
 * development outbox is off; a form sent from another site is refused.
 */

const commerce = useCommerceTests();
let t: PmsTestApp;

beforeAll(() => {
  t = createPmsTestApp(commerce.db, commerce.t);
});

const DESK = `${BFF_PREFIX}${HOTEL_DESK_PATH}`;
const SAME_ORIGIN = { origin: 'http://localhost' };

async function page(app: { request: PmsTestApp['app']['request'] } = t.app) {
  const response = await app.request(DESK);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = SAME_ORIGIN) {
  return t.app.request(`${DESK}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(fields).toString() });
}

describe('the demo hotel desk', () => {
  it('is not there when the development outbox is off', async () => {
    const off = createApp({ db: commerce.db, logger: createMemoryLogger(), version: 'test', auth: { settings: defaultAuthSettings({ devOutbox: false }) } });
    expect((await page(off)).status).toBe(404);
    const answer = await off.request(`${DESK}/check-in`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...SAME_ORIGIN }, body: `stay_id=${DEMO_STAYS.omarArriving.id}` });
    expect(answer.status).toBe(404);
    expect((await t.pms.stay(DEMO_STAYS.omarArriving.id))?.status).toBe('expected');
  });

  it('keeps the demo stays on the calendar (a maintenance job) only where the development outbox is on', async () => {
    const jobsOf = (devOutbox: boolean) => {
      const maintenance = createMaintenanceJobs();
      createApp({ db: commerce.db, logger: createMemoryLogger(), version: 'test', maintenance, auth: { settings: defaultAuthSettings({ devOutbox }) } });
      return maintenance.run(TEST_TODAY, createMemoryLogger());
    };
    // Seeded today: nothing to move, but the job is there.
    expect(await jobsOf(true)).toHaveProperty('demo-stays', 0);
    expect(await jobsOf(false)).not.toHaveProperty('demo-stays');
  });

  it('lists the arrivals with a key button and the guests in house with balances and the room card', async () => {
    const desk = await page();
    expect(desk.status).toBe(200);
    expect(desk.headers.get('content-type')).toMatch(/^text\/html/);
    expect(desk.headers.get('Cache-Control')).toBe('no-store');
    expect(desk.headers.get('Content-Security-Policy')).toContain("form-action 'self'");
    expect(desk.headers.get('Referrer-Policy')).toBe('same-origin');
    expect(desk.text).toContain(`Omar Haddad, ${DEMO_STAYS.omarArriving.reservationNumber}`);
    expect(desk.text).toContain('Hand over the key');
    expect(desk.text).toContain(`Anna Schmidt, ${DEMO_STAYS.annaInHouse.reservationNumber}`);
    expect(desk.text).toContain('Post charge');
    expect(desk.text).toContain('src="data:image/png;base64,');
    // The room card's link carries a link token of the stay, which the hotel checkout exchanges.
    const link = /href="([^"]*\/en\/checkout\/redirect\?token=[^"]+)"/.exec(desk.text)?.[1] ?? '';
    const token = new URL(link.replaceAll('&amp;', '&')).searchParams.get('token') ?? '';
    expect(await t.stayTokens.verifyLinkToken(token)).toEqual(expect.any(String));
    expect(await t.stayTokens.verifyAccessKey(token)).toBeNull();
  });

  it('hands over the key: the stay is in house with a room', async () => {
    const stay = await t.bookStay();
    const answer = await post('/check-in', { stay_id: stay.id });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`${DESK}?done=checked-in#stay-${stay.id}`);
    const inHouse = await t.pms.stay(stay.id);
    expect(inHouse?.status).toBe('in_house');
    expect(inHouse?.roomNumber).toMatch(/^\d{3}$/);
    expect((await page()).text).toContain(`Room <strong>${inHouse?.roomNumber}</strong>`);
  });

  it('posts a charge to the folio chosen', async () => {
    const stay = await t.stayInHouse();
    const before = await t.pms.folio(stay.id);
    const answer = await post('/charges', { stay_id: stay.id, kind: 'minibar', amount: '12,50', folio: 'business' });
    expect(answer.status).toBe(303);
    const after = await t.pms.folio(stay.id);
    expect(after.balances).toEqual({ private: before.balances.private, business: before.balances.business + 1_250 });
    expect(after.charges.find((charge) => charge.kind === 'minibar')).toMatchObject({ kind: 'minibar', description: 'Minibar', folio: 'business', amountMinor: 1_250 });
  });

  it('refuses a form from another site and bad input, and changes nothing', async () => {
    const stay = await t.stayInHouse();
    const before = await t.pms.folio(stay.id);
    expect((await post('/charges', { stay_id: stay.id, kind: 'minibar', amount: '5', folio: 'private' }, { origin: 'https://elsewhere.example' })).status).toBe(403);
    for (const fields of [
      { stay_id: stay.id, kind: 'room', amount: '5', folio: 'private' },
      { stay_id: stay.id, kind: 'minibar', amount: '-5', folio: 'private' },
      { stay_id: stay.id, kind: 'minibar', amount: '0', folio: 'private' },
      { stay_id: stay.id, kind: 'minibar', amount: '5', folio: 'elsewhere' },
      { stay_id: 'not-a-stay', kind: 'minibar', amount: '5', folio: 'private' },
    ]) {
      const answer = await post('/charges', fields);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('bad_request');
    }
    expect((await post('/check-in', { stay_id: '00000000-0000-4000-8000-000000000000' })).headers.get('location')).toBe(`${DESK}?done=not-found`);
    expect((await t.pms.folio(stay.id)).version).toBe(before.version);
  });
});
