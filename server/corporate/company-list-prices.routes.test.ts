import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { BFF_PREFIX } from '../../src/contract/content';
import { CalendarResponseSchema, HotelSearchResponseSchema, SEARCH_PATHS } from '../../src/contract/search';
import { TEST_TODAY, useTestDatabase } from '../../test/bff/database';
import { addDays, businessDate } from '../lib/calendar';
import { setNights } from '../search/test-inventory';
import { type CorporateTestApp, createCorporateTestApp } from './testing';

/*
 * Company rates in the hotel list and the price calendar (decision record 0061): for a member enrolled
 * with a company, the member price of hotels-v2 and the calendar's nightly price are the lowest of the
 * member rates and the company rate, marked `company: { name }` when the company rate is the lower one.
 * Everyone else gets the very bytes a visitor gets, whatever was asked before on the same app.
 *
 * The seed's member saver rates (84 % of the room's price, early booker 76 %) are cheaper than every demo
 * company rate, so an ordinary search would never show one. At SBTG they are raised to 88 % here, before the
 * catalogue is first read: Northwind (85 %) is then the lowest, Contoso (90 %) is not. A business search
 * (refundable rates only) leaves out those prepaid rates anyway: there both companies are below the member
 * flexible rate (95 %). Every room of SBTG costs 100.00 a night.
 */

const database = useTestDatabase();
let t: CorporateTestApp;
const today = businessDate(TEST_TODAY);
const START = addDays(today, 30);
const END = addDays(today, 32);
const twoAdults = [{ adults: 2, childAges: [] as number[] }];
const listBody = { location: 'SBTG', startDate: START, endDate: END, rooms: twoAdults };
const businessListBody = { ...listBody, business: true };
const calendarBody = { hotelCode: 'SBTG', startDate: START, endDate: END, adults: 2 };

const NORTHWIND = { name: 'Northwind Traders' };
const CONTOSO = { name: 'Contoso' };

let northwind: string;
let contoso: string;
let noCompany: string;

beforeAll(async () => {
  t = createCorporateTestApp(database.db);
  await database.db.execute(sql`
    UPDATE rate_plans SET price_factor_bps = 8800
    WHERE rate_code IN ('HRWPR1', 'HRWADV') AND hotel_id = (SELECT id FROM hotels WHERE hotel_code = 'SBTG')
  `);
  await setNights(database.db, { hotelCode: 'SBTG', from: START, to: END, available: 3, price: 10_000 });
  northwind = await t.tokenOf('list.member@example.com');
  expect((await t.enrolWithCode('list.member@northwind.example', northwind, '198.51.100.92')).status).toBe(201);
  contoso = await t.tokenOf('list.contoso@example.com');
  expect((await t.enrolWithCode('list.contoso@contoso.example', contoso, '198.51.100.93')).status).toBe(201);
  noCompany = await t.tokenOf('list.nobody@example.com');
});

/** The answer's text exactly as sent (status 200 expected). */
async function text(path: string, body: unknown, token?: string): Promise<string> {
  const response = await t.app.request(`${BFF_PREFIX}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = await response.text();
  expect(response.status, answer.slice(0, 300)).toBe(200);
  return answer;
}

async function hotel(body: unknown, token?: string) {
  const [result] = v.parse(HotelSearchResponseSchema, JSON.parse(await text(SEARCH_PATHS.hotels, body, token))).data.hotels;
  return result;
}

async function nights(token?: string) {
  return v.parse(CalendarResponseSchema, JSON.parse(await text(SEARCH_PATHS.calendar, calendarBody, token))).data.days;
}

describe('company rates in the hotel list', () => {
  it('gives a Northwind member the company rate as the member price, marked with the company', async () => {
    const result = await hotel(listBody, northwind);
    expect(result?.company).toEqual(NORTHWIND);
    expect(result?.memberPrice).toMatchObject({ avgPerNightWithTax: 85, totalWithTax: 170 });
    // The standard price is the non-member rates' as for anyone.
    expect(result?.nonMemberPrice).toEqual((await hotel(listBody))?.nonMemberPrice);
  });

  it('keeps the member rates’ price, unmarked, where they are lower than the company rate', async () => {
    const visitor = await hotel(listBody);
    expect(visitor?.memberPrice).toMatchObject({ avgPerNightWithTax: 88 });
    expect(visitor?.company).toBeUndefined();
    // Contoso's 90 % is above the member saver rate's 88 %: the member sees exactly what a visitor sees.
    expect(await text(SEARCH_PATHS.hotels, listBody, contoso)).toBe(await text(SEARCH_PATHS.hotels, listBody));
  });

  it('compares with the refundable member rates on a business search', async () => {
    expect(await hotel(businessListBody)).toMatchObject({ memberPrice: { avgPerNightWithTax: 95 } });
    expect(await hotel(businessListBody, northwind)).toMatchObject({ memberPrice: { avgPerNightWithTax: 85 }, company: NORTHWIND });
    expect(await hotel(businessListBody, contoso)).toMatchObject({ memberPrice: { avgPerNightWithTax: 90 }, company: CONTOSO });
  });

  it('sorts and filters by the price the member sees', async () => {
    const berlin = { ...listBody, location: 'Berlin', minPrice: 80, maxPrice: 86 };
    const codes = async (token?: string) =>
      v.parse(HotelSearchResponseSchema, JSON.parse(await text(SEARCH_PATHS.hotels, berlin, token))).data.hotels.map((result) => result.hotelCode);
    expect(await codes(northwind)).toContain('SBTG');
    expect(await codes()).not.toContain('SBTG');
  });
});

describe('company rates in the price calendar', () => {
  it('gives a Northwind member the company rate’s nightly price, marked; the member rates’ where the company’s is not lower', async () => {
    expect((await nights(northwind)).map((night) => [night.price, night.company])).toEqual([
      [85, NORTHWIND],
      [85, NORTHWIND],
    ]);
    const visitor = await nights();
    expect(visitor.map((night) => night.price)).toEqual([88, 88]);
    expect(visitor.some((night) => 'company' in night)).toBe(false);
    expect(await text(SEARCH_PATHS.calendar, calendarBody, contoso)).toBe(await text(SEARCH_PATHS.calendar, calendarBody));
  });
});

describe('kept answers', () => {
  it('never give one company’s prices to a visitor, another company or a member of none, in any order', async () => {
    const bodies = [
      [SEARCH_PATHS.hotels, { ...listBody, sortBy: 'name' }],
      [SEARCH_PATHS.hotels, { ...businessListBody, sortBy: 'name' }],
      [SEARCH_PATHS.calendar, { ...calendarBody, adults: 1 }],
    ] as const;
    for (const [path, body] of bodies) {
      // Fresh requests (not asked above), each asked twice so that its answer is kept from then on.
      const twice = async (token?: string) => {
        const first = await text(path, body, token);
        expect(await text(path, body, token), path).toBe(first);
        return first;
      };
      const ofNorthwind = await twice(northwind);
      const ofVisitor = await twice();
      const ofContoso = await twice(contoso);
      expect(ofNorthwind).toContain('"company":{"name":"Northwind Traders"}');
      expect(ofVisitor).not.toContain('"company"');
      expect(ofContoso).not.toContain('Northwind');
      expect(await text(path, body, noCompany)).toBe(ofVisitor);
      expect(await text(path, body, 'not-a-token')).toBe(ofVisitor);
      expect(await text(path, body, northwind)).toBe(ofNorthwind);
      expect(await text(path, body)).toBe(ofVisitor);
      expect(await text(path, body, contoso)).toBe(ofContoso);
    }
  });
});
