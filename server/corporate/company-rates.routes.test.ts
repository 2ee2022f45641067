import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { CORPORATE_PATHS } from '../../src/contract/corporate';
import { CartResponseSchema, ECOMMERCE_PATHS } from '../../src/contract/ecommerce';
import {
  CalendarResponseSchema,
  CheapestRoomResponseSchema,
  HotelSearchResponseSchema,
  type Rate,
  RatesResponseSchema,
  RoomRateDetailsResponseSchema,
  RoomsResponseSchema,
  SEARCH_PATHS,
} from '../../src/contract/search';
import { TEST_TODAY, useTestDatabase } from '../../test/bff/database';
import { addDays, businessDate } from '../lib/calendar';
import { setNights } from '../search/test-inventory';
import { type Answer, type CorporateTestApp, createCorporateTestApp } from './testing';

/*
 * Company rates (decision record 0056): a member enrolled with Northwind Traders sees its rate
 * CORP_NORTHWIND (85 % of the room's price, breakfast included) beside the hotel's rates and can book it;
 * nobody else sees or books it, and the answers search keeps never carry it to anyone else.
 */

const database = useTestDatabase();
let t: CorporateTestApp;
const today = businessDate(TEST_TODAY);
const START = addDays(today, 30);
const END = addDays(today, 32);
const stay = { hotelCode: 'SBTG', startDate: START, endDate: END, rooms: [{ adults: 2, childAges: [] }] };
const RATE = 'CORP_NORTHWIND';

let enrolled: string;
let notEnrolled: string;

beforeAll(async () => {
  t = createCorporateTestApp(database.db);
  await setNights(database.db, { hotelCode: 'SBTG', typeCode: 'STD', from: START, to: END, available: 3, price: 10_000 });
  enrolled = await t.tokenOf('rate.member@example.com');
  expect((await t.enrolWithCode('rate.member@northwind.example', enrolled, '198.51.100.90')).status).toBe(201);
  notEnrolled = await t.tokenOf('no.company@example.com');
});

const post = (path: string, body: unknown, token?: string) => t.call('POST', path, { body, ...(token ? { token } : {}) });

function ok<TSchema extends v.GenericSchema>(answer: Answer, schema: TSchema, status = 200): v.InferOutput<TSchema> {
  expect(answer.status, JSON.stringify(answer.body).slice(0, 400)).toBe(status);
  return v.parse(schema, answer.body);
}

async function ratesOf(token?: string): Promise<Rate[]> {
  const { data } = ok(await post(SEARCH_PATHS.rates, { ...stay, typeCode: 'STD' }, token), RatesResponseSchema);
  return data.rooms[0]?.rates ?? [];
}

async function roomRatesOf(token?: string): Promise<Rate[]> {
  const { data } = ok(await post(SEARCH_PATHS.rooms, stay, token), RoomsResponseSchema);
  return data.rooms[0]?.offers.find((offer) => offer.typeCode === 'STD')?.rates ?? [];
}

const companyRate = (rates: readonly Rate[]) => rates.find((rate) => rate.rateCode === RATE);

describe('company rates in search', () => {
  it('shows the enrolled member the company rate, marked with the company, priced by its factor', async () => {
    const rate = companyRate(await ratesOf(enrolled));
    expect(rate).toMatchObject({
      rateCode: RATE,
      name: 'Northwind Traders company rate',
      company: { name: 'Northwind Traders' },
      isMemberRate: true,
      isBreakfastIncluded: true,
      avg_amnt_with_tax: 85,
      total_with_tax: 170,
      pointsPrice: 0,
      pair: null,
    });
    expect(rate?.guaranteePolicy.guaranteePolicyCode).toBe('GCC');
    expect(rate?.cancellationPolicy.cancellationPolicyCode).toBe('CXL18');
    expect(companyRate(await roomRatesOf(enrolled))?.company).toEqual({ name: 'Northwind Traders' });
    // No other rate carries the mark.
    expect((await ratesOf(enrolled)).filter((candidate) => candidate.company).map((candidate) => candidate.rateCode)).toEqual([RATE]);
  });

  it('never shows it to a visitor or a member of no company, before or after the member asked (the kept answers do not leak it)', async () => {
    // The same requests, in both orders around the enrolled member's.
    expect(companyRate(await ratesOf())).toBeUndefined();
    expect(companyRate(await ratesOf(notEnrolled))).toBeUndefined();
    expect(companyRate(await ratesOf(enrolled))).toBeDefined();
    expect(companyRate(await ratesOf())).toBeUndefined();
    expect(companyRate(await ratesOf(notEnrolled))).toBeUndefined();
    expect(companyRate(await roomRatesOf())).toBeUndefined();
    expect(companyRate(await roomRatesOf(enrolled))).toBeDefined();
    expect(companyRate(await roomRatesOf('not-a-token'))).toBeUndefined();
    const visitor = ok(await post(SEARCH_PATHS.rates, { ...stay, typeCode: 'STD' }), RatesResponseSchema);
    expect(JSON.stringify(visitor)).not.toContain('CORP_');
  });

  it('lowers the hotel list’s member price for the enrolled member only, and the calendar only where it is the lowest (0061)', async () => {
    // A business search leaves out the prepaid member rates (84 %): the company's 85 % is the lowest refundable one.
    const list = { location: 'SBTG', startDate: START, endDate: END, rooms: stay.rooms, business: true };
    const calendar = { hotelCode: 'SBTG', startDate: START, endDate: END, adults: 2 };
    const listed = async (token?: string) => ok(await post(SEARCH_PATHS.hotels, list, token), HotelSearchResponseSchema).data.hotels[0];
    const nights = async (token?: string) => ok(await post(SEARCH_PATHS.calendar, calendar, token), CalendarResponseSchema).data.days;
    for (let round = 0; round < 2; round += 1) {
      expect(await listed(enrolled)).toMatchObject({ company: { name: 'Northwind Traders' }, memberPrice: { avgPerNightWithTax: 85 } });
      for (const token of [undefined, notEnrolled]) expect(JSON.stringify(await listed(token))).not.toContain('company');
    }
    // In the calendar the member saver rate (84 %) stays below it: the enrolled member sees what everyone sees.
    expect(await nights(enrolled)).toEqual(await nights());
    expect((await nights(enrolled)).map((night) => night.price)).toEqual([84, 84]);
  });

  it('prices its nights for the enrolled member only; the cheapest room of anyone else never carries it', async () => {
    expect(JSON.stringify(ok(await post(SEARCH_PATHS.cheapestRoom, stay), CheapestRoomResponseSchema))).not.toContain('CORP_');
    expect(JSON.stringify(ok(await post(SEARCH_PATHS.cheapestRoom, stay, notEnrolled), CheapestRoomResponseSchema))).not.toContain('CORP_');
    const details = { hotelCode: 'SBTG', startDate: START, endDate: END, typeCode: 'STD', rateCode: RATE, adults: 2, children: [] };
    const detailed = ok(await post(SEARCH_PATHS.roomRateDetails, details, enrolled), RoomRateDetailsResponseSchema).data;
    expect(detailed.nights.map((night) => night.priceWithTax)).toEqual([85, 85]);
    expect((await post(SEARCH_PATHS.roomRateDetails, details)).status).toBe(404);
  });
});

describe('company rates at check-out', () => {
  const cart = { locale: 'en', hotel_code: 'SBTG', check_in_date: START, check_out_date: END };
  const room = { room_type_code: 'STD', rate_code: RATE, adults_count: 2, child_ages: [] };

  it('lets the enrolled member book it, marked in the cart', async () => {
    const created = ok(await post(ECOMMERCE_PATHS.carts, { ...cart, room_stays: [room] }, enrolled), CartResponseSchema, 201).data;
    const roomStay = created.stays[0]?.room_stays[0];
    expect(roomStay).toMatchObject({ rate_code: RATE, company: { name: 'Northwind Traders' }, price_with_tax: 170 });
    expect(roomStay?.reservation_info.breakfast_included).toBe(true);
    // Read again by the member: still priced on the company rate.
    const read = ok(await t.call('GET', ECOMMERCE_PATHS.cart(created.cart_id), { token: enrolled }), CartResponseSchema).data;
    expect(read.stays[0]?.room_stays[0]?.company).toEqual({ name: 'Northwind Traders' });
  });

  it('refuses it (422 company_rate_not_allowed) to a member of no company, to a visitor and after leaving the company', async () => {
    for (const token of [notEnrolled, undefined]) {
      const refused = await post(ECOMMERCE_PATHS.carts, { ...cart, room_stays: [room] }, token);
      expect(refused.status, JSON.stringify(refused.body)).toBe(422);
      expect((refused.body as { error: { code: string; issues: { path: string }[] } }).error).toMatchObject({
        code: 'company_rate_not_allowed',
        issues: [{ path: 'room_stays.0.rate_code' }],
      });
    }
    // Another company's rate is not the member's either.
    const contoso = await post(ECOMMERCE_PATHS.carts, { ...cart, room_stays: [{ ...room, rate_code: 'CORP_CONTOSO' }] }, enrolled);
    expect(contoso.status).toBe(422);

    const leaver = await t.tokenOf('rate.leaver@example.com');
    expect((await t.enrolWithCode('rate.leaver@northwind.example', leaver, '198.51.100.91')).status).toBe(201);
    const created = ok(await post(ECOMMERCE_PATHS.carts, { ...cart, room_stays: [room] }, leaver), CartResponseSchema, 201).data;
    expect((await t.call('DELETE', CORPORATE_PATHS.scimUser, { token: leaver })).status).toBe(204);
    expect(companyRate(await ratesOf(leaver))).toBeUndefined();
    const after = await t.call('GET', ECOMMERCE_PATHS.cart(created.cart_id), { token: leaver });
    expect(after.status).toBe(422);
  });
});
