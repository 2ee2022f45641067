import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { ECOMMERCE_PATHS } from '../../src/contract/ecommerce';
import { ErrorBodySchema } from '../../src/contract/errors';
import {
  AddonsResponseSchema,
  BenefitsResponseSchema,
  CheapestRoomResponseSchema,
  ChildPolicyResponseSchema,
  ParseDeeplinkResponseSchema,
  type Rate,
  RateContentResponseSchema,
  RatePolicyResponseSchema,
  RatesResponseSchema,
  RoomContentResponseSchema,
  RoomRateDetailsResponseSchema,
  RoomsResponseSchema,
  SEARCH_PATHS,
  UpgradableRoomsResponseSchema,
} from '../../src/contract/search';
import { TEST_TODAY, useTestDatabase } from '../../test/bff/database';
import { createMemoryLogger } from '../../test/bff/memory-logger';
import { createApp } from '../app';
import { addDays, businessDate } from '../lib/calendar';
import { setNights } from './test-inventory';

/*
 * Rooms and rates of one hotel, add-ons, benefits, deep links, the nightly breakdown, the child policy
 * and the content of rooms and rates, through the app on one seeded database. Today is TEST_TODAY in
 * Berlin (2 March 2026); April dates are in summer time (+02:00).
 */

const database = useTestDatabase();
const today = businessDate(TEST_TODAY);
const day = (offset: number) => addDays(today, offset);
let app: ReturnType<typeof createApp>;

// Wednesday 1 April to Friday 3 April 2026 at the Steigenberger Hotel Berlin Tiergarten.
const START = day(30);
const END = day(32);
const PRICES: Record<string, number> = { SGL: 8000, STD: 10_000, SUP: 12_000, STE: 20_000 };

beforeAll(async () => {
  app = createApp({ db: database.db, logger: createMemoryLogger(), version: 'test', now: () => TEST_TODAY });
  for (const [typeCode, price] of Object.entries(PRICES)) {
    await setNights(database.db, { hotelCode: 'SBTG', typeCode, from: START, to: END, available: 3, price });
  }
  await setNights(database.db, { hotelCode: 'SHDB', from: day(20), to: day(22), available: 3, price: 10_000 });
});

async function post(path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const response = await app.request(`/bff${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function postOk<TSchema extends v.GenericSchema>(path: string, body: unknown, schema: TSchema): Promise<v.InferOutput<TSchema>> {
  const answer = await post(path, body);
  expect(answer.status, JSON.stringify(answer.body).slice(0, 400)).toBe(200);
  return v.parse(schema, answer.body);
}

async function failing(path: string, body: unknown, status: number): Promise<{ code: string; paths: string[] }> {
  const answer = await post(path, body);
  expect(answer.status, JSON.stringify(answer.body).slice(0, 400)).toBe(status);
  const { error } = v.parse(ErrorBodySchema, answer.body);
  return { code: error.code, paths: (error.issues ?? []).map((issue) => issue.path) };
}

async function getOk<TSchema extends v.GenericSchema>(path: string, schema: TSchema): Promise<v.InferOutput<TSchema>> {
  const response = await app.request(`/bff${path}`);
  const body: unknown = await response.json();
  expect(response.status, JSON.stringify(body).slice(0, 300)).toBe(200);
  expect(response.headers.get('cache-control')).toBe('public, max-age=300');
  return v.parse(schema, body);
}

const stay = { hotelCode: 'SBTG', startDate: START, endDate: END };
const rooms = (body: Record<string, unknown>) => postOk(SEARCH_PATHS.rooms, body, RoomsResponseSchema).then((answer) => answer.data);
const rate = (rates: readonly Rate[], code: string): Rate => {
  const found = rates.find((candidate) => candidate.rateCode === code);
  if (!found) throw new Error(`No rate ${code}`);
  return found;
};

describe('POST /bff/search/rooms', () => {
  it('lists the room types that take each room’s guests, cheapest first, with all their rates', async () => {
    const data = await rooms({ ...stay, rooms: [{ adults: 2, childAges: [5] }] });
    expect(data).toMatchObject({ hotelCode: 'SBTG', hotelName: 'Steigenberger Hotel Berlin Tiergarten', nights: 2, currency: 'EUR' });
    expect(data.rooms).toHaveLength(1);
    const offers = data.rooms[0]?.offers ?? [];
    // The single room takes no child.
    expect(offers.map((offer) => [offer.typeCode, offer.available, offer.min_amnt_with_tax])).toEqual([
      ['STD', true, 84],
      ['SUP', true, 100.8],
      ['STE', true, 168],
    ]);
    const standard = offers[0];
    expect(standard).toMatchObject({ typeSaleName: 'Standard Room', maxAdults: 2, maxChildren: 1, maxOccupancy: 3 });
    expect(standard?.image).toEqual({ url: '/bff/content/room-images/SBTG/STD.svg', alt: 'Standard Room' });
    expect(standard?.rates.map((entry) => entry.rateCode)).toEqual(['HRWPR1', 'S07', 'HRW1X', 'AX', 'HRWBB', 'BB1']);
  });

  it('prices each rate for the room: averages and totals with and without VAT, city tax, points', async () => {
    const data = await rooms({ ...stay, rooms: [{ adults: 2, childAges: [5] }] });
    const rates = data.rooms[0]?.offers[0]?.rates ?? [];
    expect(rate(rates, 'HRWPR1')).toEqual({
      rateCode: 'HRWPR1',
      name: 'Member Saver Rate (prepaid)',
      currencyCode: 'EUR',
      avg_amnt_with_tax: 84,
      avg_amnt_no_tax: 78.5,
      total_with_tax: 168,
      city_tax: 20,
      isMemberRate: true,
      isBreakfastIncluded: false,
      guaranteePolicy: { type: 1002, guaranteePolicyCode: 'DEP100', description: 'Prepaid: the full amount is charged when you book.' },
      cancellationPolicy: { cancellationPolicyCode: 'NONREF', description: 'Non-refundable.', freeCancellationUntil: null },
      pair: 'S07',
      iconDeposit: true,
      // 84.00 a night: 168 points, rounded up to 170 (pricing.ts, nightPointsPrice).
      pointsPrice: 340,
      pointsEarned: 157,
    });
    expect(rate(rates, 'HRW1X')).toMatchObject({
      avg_amnt_with_tax: 95,
      avg_amnt_no_tax: 88.79,
      total_with_tax: 190,
      guaranteePolicy: { type: 1000, guaranteePolicyCode: 'HOLD18' },
      cancellationPolicy: { cancellationPolicyCode: 'CXL18', freeCancellationUntil: '2026-04-01T18:00:00+02:00' },
      iconDeposit: false,
      pointsPrice: 380,
      pointsEarned: 177,
    });
    expect(rate(rates, 'HRWBB')).toMatchObject({
      isBreakfastIncluded: true,
      guaranteePolicy: { type: 1001, guaranteePolicyCode: 'GCC' },
      cancellationPolicy: { cancellationPolicyCode: 'CXL1D', freeCancellationUntil: '2026-03-31T18:00:00+02:00' },
    });
  });

  it('prices points per room type and rate, from each one’s cash price', async () => {
    const data = await rooms({ ...stay, rooms: [{ adults: 2, childAges: [] }] });
    const offers = data.rooms[0]?.offers ?? [];
    const memberRates = offers.flatMap((offer) => offer.rates.filter((entry) => entry.isMemberRate).map((entry) => ({ room: offer.typeSaleName, ...entry })));
    expect(memberRates.length).toBeGreaterThan(3);
    for (const entry of memberRates) {
      expect(entry.pointsPrice).toBe(Math.ceil((entry.avg_amnt_with_tax * 2) / 10) * 10 * 2);
    }
    expect(new Set(memberRates.map((entry) => entry.pointsPrice)).size).toBeGreaterThan(2);
    const standard = offers[0]?.rates ?? [];
    const other = offers[1]?.rates ?? [];
    expect(rate(standard, 'HRW1X').pointsPrice).toBeLessThan(rate(other, 'HRW1X').pointsPrice);
    expect(rate(standard, 'HRWPR1').pointsPrice).toBeLessThan(rate(standard, 'HRW1X').pointsPrice);
  });

  it('pairs member and non-member rates both ways, and marks the prepaid ones with the deposit icon', async () => {
    const data = await rooms({ ...stay, rooms: [{ adults: 2, childAges: [] }] });
    const rates = data.rooms[0]?.offers[0]?.rates ?? [];
    const pairs = Object.fromEntries(rates.map((entry) => [entry.rateCode, [entry.isMemberRate, entry.pair, entry.iconDeposit]]));
    expect(pairs).toEqual({
      HRW1X: [true, 'AX', false],
      AX: [false, 'HRW1X', false],
      HRWPR1: [true, 'S07', true],
      S07: [false, 'HRWPR1', true],
      HRWBB: [true, 'BB1', false],
      BB1: [false, 'HRWBB', false],
    });
    for (const entry of rates.filter((candidate) => !candidate.isMemberRate)) expect([entry.pointsPrice, entry.pointsEarned]).toEqual([0, 0]);
    // A non-member rate nobody pairs with has no pair; cancellation deadlines are in the hotel's zone.
    const dubai = await rooms({ hotelCode: 'SHDB', startDate: day(20), endDate: day(22), rooms: [{ adults: 1, childAges: [] }] });
    const dubaiRates = dubai.rooms[0]?.offers[0]?.rates ?? [];
    expect(rate(dubaiRates, 'CORP')).toMatchObject({ isMemberRate: false, pair: null });
    expect(rate(dubaiRates, 'HRWADV')).toMatchObject({ pair: 'ADV14', iconDeposit: true });
    expect(rate(dubaiRates, 'HRW1X').cancellationPolicy.freeCancellationUntil).toBe('2026-03-22T18:00:00+04:00');
    // A long-stay rate needs 7 nights.
    expect(dubaiRates.map((entry) => entry.rateCode)).not.toContain('HRWLS');
    expect(dubaiRates.map((entry) => entry.rateCode)).not.toContain('LS7');
  });

  it('gives a guest a bookable standard rate beside every member rate, paired as the table says', async () => {
    const data = await rooms({
      ...stay,
      rooms: [
        { adults: 2, childAges: [] },
        { adults: 1, childAges: [4] },
      ],
    });
    for (const room of data.rooms) {
      for (const offer of room.offers.filter((candidate) => candidate.available)) {
        const memberRates = offer.rates.filter((entry) => entry.isMemberRate);
        expect(memberRates.length).toBeGreaterThan(0);
        for (const memberRate of memberRates) {
          // The standard rate is in the same room type's offer and names the member rate back.
          expect(rate(offer.rates, memberRate.pair ?? '')).toMatchObject({ isMemberRate: false, pair: memberRate.rateCode });
        }
      }
    }
    // The spec's pairs: HRW1X to AX, HRWPR1 to S07.
    const first = data.rooms[0]?.offers[0]?.rates ?? [];
    expect([rate(first, 'HRW1X').pair, rate(first, 'HRWPR1').pair]).toEqual(['AX', 'S07']);
    // A guest (no token) books the standard rates of both rooms; the member rate asks them to sign in.
    const cart = (rateCode: string) =>
      app.request(`/bff${ECOMMERCE_PATHS.carts}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          hotel_code: 'SBTG',
          check_in_date: START,
          check_out_date: END,
          locale: 'en',
          room_stays: data.rooms.map((room) => ({
            room_type_code: room.offers[0]?.typeCode,
            rate_code: rateCode,
            adults_count: room.roomIndex === 0 ? 2 : 1,
            child_ages: room.roomIndex === 0 ? [] : [4],
          })),
        }),
      });
    expect((await cart('AX')).status).toBe(201);
    expect((await cart('HRW1X')).status).toBe(401);
  });

  it('checks every limit of a room type: adults, children and all guests together', async () => {
    const kinds = async (adults: number, childAges: number[]) => (await rooms({ ...stay, rooms: [{ adults, childAges }] })).rooms[0]?.offers.map((offer) => offer.typeCode).sort();
    // SGL 1/0/1, STD and SUP 2/1/3, STE 4/2/5 (adults/children/guests).
    expect(await kinds(1, [])).toEqual(['SGL', 'STD', 'STE', 'SUP']);
    expect(await kinds(1, [3, 5])).toEqual(['STE']);
    expect(await kinds(3, [])).toEqual(['STE']);
    expect(await kinds(4, [2])).toEqual(['STE']);
    expect(await kinds(4, [2, 3])).toEqual([]);
  });

  it('counts a child of 12 or older as an adult, for the room types and for the city tax', async () => {
    const data = await rooms({ ...stay, rooms: [{ adults: 2, childAges: [13] }] });
    const offers = data.rooms[0]?.offers ?? [];
    expect(offers.map((offer) => offer.typeCode)).toEqual(['STE']);
    expect(offers[0]?.rates.every((entry) => entry.city_tax === 30)).toBe(true);
  });

  it('shows only rates points can pay for when paying with points, in the requested language and currency', async () => {
    const data = await rooms({ ...stay, rooms: [{ adults: 2, childAges: [] }], payWithPoints: true, locale: 'de', currency: 'JPY' });
    const rates = data.rooms[0]?.offers[0]?.rates ?? [];
    expect(rates.map((entry) => entry.rateCode)).toEqual(['HRWPR1', 'HRW1X', 'HRWBB']);
    expect(rates[0]).toMatchObject({
      name: 'Mitglieder-Spartarif (Vorauszahlung)',
      currencyCode: 'JPY',
      avg_amnt_with_tax: 13_608,
      guaranteePolicy: { description: 'Vorauszahlung: Der volle Betrag wird bei der Buchung belastet.' },
    });
    expect(data.currency).toBe('JPY');
    expect(data.rooms[0]?.offers[0]?.typeSaleName).toBe('Standardzimmer');
  });

  it('lists a room type without rooms free as unavailable, without rates, after the others', async () => {
    const [start, end] = [day(33), day(35)];
    for (const [typeCode, price] of Object.entries(PRICES)) {
      await setNights(database.db, { hotelCode: 'SBTG', typeCode, from: start, to: end, available: 2, price });
    }
    await setNights(database.db, { hotelCode: 'SBTG', typeCode: 'STD', from: day(34), to: end, available: 0 });
    const data = await rooms({ hotelCode: 'SBTG', startDate: start, endDate: end, rooms: [{ adults: 2, childAges: [] }] });
    expect(data.rooms[0]?.offers.map((offer) => [offer.typeCode, offer.available, offer.min_amnt_with_tax, offer.rates.length])).toEqual([
      ['SUP', true, 100.8, 6],
      ['STE', true, 168, 6],
      ['STD', false, null, 0],
    ]);
  });

  it('offers a room type to a room only if the other rooms of the search can still be booked', async () => {
    const [start, end] = [day(36), day(37)];
    await setNights(database.db, { hotelCode: 'SBTG', from: start, to: end, available: 0, price: 10_000 });
    await setNights(database.db, { hotelCode: 'SBTG', typeCode: 'STD', from: start, to: end, available: 1 });
    await setNights(database.db, { hotelCode: 'SBTG', typeCode: 'SUP', from: start, to: end, available: 1 });
    const twoRooms = [
      { adults: 2, childAges: [] },
      { adults: 2, childAges: [] },
    ];
    const both = await rooms({ hotelCode: 'SBTG', startDate: start, endDate: end, rooms: twoRooms });
    for (const room of both.rooms) {
      expect(
        room.offers
          .filter((offer) => offer.available)
          .map((offer) => offer.typeCode)
          .sort(),
      ).toEqual(['STD', 'SUP']);
    }
    await setNights(database.db, { hotelCode: 'SBTG', typeCode: 'SUP', from: start, to: end, available: 0 });
    const oneLeft = await rooms({ hotelCode: 'SBTG', startDate: start, endDate: end, rooms: twoRooms });
    expect(oneLeft.rooms.flatMap((room) => room.offers.filter((offer) => offer.available))).toEqual([]);
    const oneRoom = await rooms({ hotelCode: 'SBTG', startDate: start, endDate: end, rooms: [twoRooms[0]] });
    expect(oneRoom.rooms[0]?.offers.filter((offer) => offer.available).map((offer) => offer.typeCode)).toEqual(['STD']);
  });

  it('lists nothing as available at a hotel that cannot be booked for the stay, and 404 for an unknown hotel', async () => {
    const external = await rooms({ hotelCode: 'PHHV', startDate: day(40), endDate: day(42), rooms: [{ adults: 2, childAges: [] }] });
    expect(external.rooms[0]?.offers.length).toBeGreaterThan(0);
    expect(external.rooms[0]?.offers.every((offer) => !offer.available && offer.rates.length === 0)).toBe(true);
    const unknown = await failing(SEARCH_PATHS.rooms, { ...stay, hotelCode: 'NOPE', rooms: [{ adults: 1, childAges: [] }] }, 404);
    expect(unknown.code).toBe('not_found');
  });

  it('rejects bad rooms and dates with the field named', async () => {
    const ten = Array.from({ length: 10 }, () => ({ adults: 1, childAges: [] }));
    expect((await failing(SEARCH_PATHS.rooms, { ...stay, rooms: ten }, 400)).paths).toEqual(['rooms']);
    expect((await failing(SEARCH_PATHS.rooms, { ...stay, endDate: START, rooms: [{ adults: 1, childAges: [] }] }, 400)).paths).toEqual(['endDate']);
    expect((await failing(SEARCH_PATHS.rooms, { ...stay, rooms: [{ adults: 1, childAges: [18] }] }, 400)).paths).toEqual(['rooms.0.childAges.0']);
    expect((await failing(SEARCH_PATHS.rooms, { ...stay, currency: 'BTC', rooms: [{ adults: 1, childAges: [] }] }, 400)).paths).toEqual(['currency']);
  });
});

describe('POST /bff/search/rates', () => {
  it('gives one room type’s rates for each room of the search, or says it does not fit', async () => {
    const { data } = await postOk(
      SEARCH_PATHS.rates,
      {
        ...stay,
        typeCode: 'SUP',
        rooms: [
          { adults: 2, childAges: [] },
          { adults: 3, childAges: [] },
        ],
      },
      RatesResponseSchema,
    );
    expect(data).toMatchObject({ hotelCode: 'SBTG', typeCode: 'SUP', typeSaleName: 'Superior Room', nights: 2, currency: 'EUR' });
    expect(data.rooms.map((room) => [room.roomIndex, room.fits, room.available, room.rates.length])).toEqual([
      [0, true, true, 6],
      [1, false, false, 0],
    ]);
    expect(rate(data.rooms[0]?.rates ?? [], 'HRW1X').avg_amnt_with_tax).toBe(114);
  });

  it('answers 404 for a room type the hotel does not have and 400 for a malformed one', async () => {
    expect((await failing(SEARCH_PATHS.rates, { ...stay, typeCode: 'FAM', rooms: [{ adults: 1, childAges: [] }] }, 404)).code).toBe('not_found');
    expect((await failing(SEARCH_PATHS.rates, { ...stay, typeCode: 'std', rooms: [{ adults: 1, childAges: [] }] }, 400)).paths).toEqual(['typeCode']);
  });
});

describe('POST /bff/search/cheapest-room', () => {
  it('books every room on its cheapest member rate, with the paired non-member rates beside', async () => {
    const { data } = await postOk(
      SEARCH_PATHS.cheapestRoom,
      {
        ...stay,
        rooms: [
          { adults: 2, childAges: [] },
          { adults: 1, childAges: [] },
        ],
      },
      CheapestRoomResponseSchema,
    );
    expect(data).toMatchObject({ hotelCode: 'SBTG', nights: 2, currency: 'EUR', available: true, unavailableReason: null, minimumStay: null });
    expect(data.rooms.map((room) => [room.roomIndex, room.typeCode, room.rate.rateCode, room.rate.total_with_tax, room.pairedRate?.rateCode])).toEqual([
      [0, 'STD', 'HRWPR1', 168, 'S07'],
      [1, 'SGL', 'HRWPR1', 134.4, 'S07'],
    ]);
    expect(data.memberTotal).toEqual({ currency: 'EUR', totalWithTax: 302.4, totalWithoutTax: 282.6, avgPerNightWithTax: 151.2, avgPerNightWithoutTax: 141.3, cityTax: 30 });
    expect(data.nonMemberTotal).toEqual({ currency: 'EUR', totalWithTax: 316.8, totalWithoutTax: 296.06, avgPerNightWithTax: 158.4, avgPerNightWithoutTax: 148.03, cityTax: 30 });
  });

  it('says why a hotel cannot be booked', async () => {
    await setNights(database.db, { hotelCode: 'PDHH', from: day(50), to: day(52), available: 3, price: 20_000 });
    const { data } = await postOk(
      SEARCH_PATHS.cheapestRoom,
      { hotelCode: 'PDHH', startDate: day(50), endDate: day(51), rooms: [{ adults: 2, childAges: [] }] },
      CheapestRoomResponseSchema,
    );
    expect(data).toMatchObject({ available: false, unavailableReason: 'minimum_stay', minimumStay: 2, rooms: [], memberTotal: null, nonMemberTotal: null });
    await setNights(database.db, { hotelCode: 'SBTG', from: day(44), to: day(45), available: 0 });
    const soldOut = await postOk(
      SEARCH_PATHS.cheapestRoom,
      { hotelCode: 'SBTG', startDate: day(44), endDate: day(45), rooms: [{ adults: 2, childAges: [] }] },
      CheapestRoomResponseSchema,
    );
    expect(soldOut.data).toMatchObject({ available: false, unavailableReason: 'sold_out' });
  });
});

describe('POST /bff/search/upgradable-rooms', () => {
  it('offers the dearer room types that take the same guests, on the same rate, smallest extra first', async () => {
    const { data } = await postOk(
      SEARCH_PATHS.upgradableRooms,
      { ...stay, rooms: [{ adults: 2, childAges: [] }], typeCode: 'STD', rateCode: 'HRW1X' },
      UpgradableRoomsResponseSchema,
    );
    expect(data.current).toMatchObject({ typeCode: 'STD', typeSaleName: 'Standard Room', rate: { rateCode: 'HRW1X', avg_amnt_with_tax: 95 } });
    expect(data.upgrades.map((upgrade) => [upgrade.typeCode, upgrade.rate.rateCode, upgrade.extraPerNightWithTax, upgrade.extraTotalWithTax])).toEqual([
      ['SUP', 'HRW1X', 19, 38],
      ['STE', 'HRW1X', 95, 190],
    ]);
    expect(data.upgrades[0]).toMatchObject({ maxAdults: 2, maxChildren: 1, maxOccupancy: 3, image: { alt: 'Superior Room' } });
  });

  it('answers 404 for an unknown rate, 409 when the chosen room cannot be booked, 400 for a room not in the search', async () => {
    const body = { ...stay, rooms: [{ adults: 2, childAges: [] }], typeCode: 'STD', rateCode: 'HRW1X' };
    expect((await failing(SEARCH_PATHS.upgradableRooms, { ...body, rateCode: 'NOPE' }, 404)).code).toBe('not_found');
    expect((await failing(SEARCH_PATHS.upgradableRooms, { ...body, typeCode: 'SGL' }, 409)).code).toBe('conflict');
    expect((await failing(SEARCH_PATHS.upgradableRooms, { ...body, roomIndex: 1 }, 400)).paths).toEqual(['roomIndex']);
  });
});

describe('promo codes on rooms, rates, cheapest room and upgrades', () => {
  // Wednesday 10 June to Friday 12 June 2026, in SUMMER10's window.
  const summer = { hotelCode: 'SBTG', startDate: '2026-06-10', endDate: '2026-06-12' };
  const one = [{ adults: 1, childAges: [] }];

  beforeAll(async () => {
    for (const [typeCode, price] of Object.entries(PRICES)) {
      await setNights(database.db, { hotelCode: 'SBTG', typeCode, from: summer.startDate, to: summer.endDate, available: 3, price });
    }
  });

  it('takes a valid code’s percentage off every rate of every room type', async () => {
    const plain = await rooms({ ...summer, rooms: one });
    expect(plain.promo).toBeNull();
    const reduced = await rooms({ ...summer, rooms: one, promo: 'Summer10' });
    expect(reduced.promo).toEqual({ code: 'SUMMER10', status: 'applied' });
    const std = (data: typeof plain) => data.rooms[0]?.offers.find((offer) => offer.typeCode === 'STD')?.rates ?? [];
    // Flexible rate 100.00 a night, member flexible 95.00: 90.00 and 85.50 with the code; VAT out of those.
    expect(rate(std(reduced), 'AX')).toMatchObject({ avg_amnt_with_tax: 90, total_with_tax: 180, avg_amnt_no_tax: 84.11, city_tax: 10 });
    expect(rate(std(reduced), 'HRW1X')).toMatchObject({ avg_amnt_with_tax: 85.5, pointsPrice: rate(std(plain), 'HRW1X').pointsPrice });
    for (const entry of std(plain)) {
      expect(rate(std(reduced), entry.rateCode).total_with_tax, entry.rateCode).toBe(Math.round(entry.total_with_tax * 90) / 100);
    }
  });

  it('says so and changes nothing for codes that are unknown, expired or for other brands', async () => {
    const plain = await rooms({ ...summer, rooms: one });
    const offers = (data: typeof plain) => data.rooms.map((room) => room.offers);
    for (const [promo, status] of [
      ['NOSUCHCODE', 'unknown'],
      ['WINTER25', 'expired'],
      ['ZLEEP15', 'notApplicable'],
    ] as const) {
      const data = await rooms({ ...summer, rooms: one, promo });
      expect(data.promo, promo).toEqual({ code: promo, status });
      expect(offers(data)).toEqual(offers(plain));
    }
  });

  it('reduces the rates of one room type, the cheapest booking and the upgrades alike', async () => {
    const { data: rates } = await postOk(SEARCH_PATHS.rates, { ...summer, typeCode: 'SUP', rooms: one, promo: 'SUMMER10' }, RatesResponseSchema);
    expect(rates.promo).toEqual({ code: 'SUMMER10', status: 'applied' });
    // Member flexible on the superior room: 95 % of 120.00 = 114.00, less 10 %.
    expect(rate(rates.rooms[0]?.rates ?? [], 'HRW1X').avg_amnt_with_tax).toBe(102.6);
    const plainCheapest = await postOk(SEARCH_PATHS.cheapestRoom, { ...summer, rooms: one }, CheapestRoomResponseSchema);
    const { data: cheapest } = await postOk(SEARCH_PATHS.cheapestRoom, { ...summer, rooms: one, promo: 'SUMMER10' }, CheapestRoomResponseSchema);
    expect(cheapest.promo).toEqual({ code: 'SUMMER10', status: 'applied' });
    expect(cheapest.memberTotal?.totalWithTax).toBe(Math.round((plainCheapest.data.memberTotal?.totalWithTax ?? 0) * 90) / 100);
    expect(cheapest.memberTotal?.cityTax).toBe(plainCheapest.data.memberTotal?.cityTax);
    const { data: upgrades } = await postOk(
      SEARCH_PATHS.upgradableRooms,
      { ...summer, rooms: one, typeCode: 'STD', rateCode: 'AX', promo: 'SUMMER10' },
      UpgradableRoomsResponseSchema,
    );
    expect(upgrades.promo).toEqual({ code: 'SUMMER10', status: 'applied' });
    expect(upgrades.current.rate.avg_amnt_with_tax).toBe(90);
    // Superior instead of standard: 108.00 instead of 90.00 a night.
    expect(upgrades.upgrades.find((upgrade) => upgrade.typeCode === 'SUP')?.extraPerNightWithTax).toBe(18);
  });
});

describe('POST /bff/search/addons', () => {
  const addons = (body: Record<string, unknown>) => postOk(SEARCH_PATHS.addons, body, AddonsResponseSchema).then((answer) => answer.data);

  it('prices every add-on for the room stay by its pricing mode, the hotel’s own included', async () => {
    // Two adults and two children, of whom the 13-year-old counts as an adult; two nights.
    const data = await addons({ hotelCode: 'SHDB', startDate: day(20), endDate: day(22), adults: 2, childAges: [4, 13] });
    expect(data).toMatchObject({ hotelCode: 'SHDB', nights: 2, currency: 'EUR' });
    expect(data.addons.map((addon) => [addon.code, addon.pricing, addon.unitPrice, addon.price, addon.hotelOnly])).toEqual([
      ['BREAKFAST', 'per_adult_per_night', 24, 144, false],
      ['KIDS_BREAKFAST', 'per_child_per_night', 12, 24, false],
      ['PARKING', 'per_night', 25, 50, false],
      ['PET', 'per_night', 15, 30, false],
      ['LATE_CHECKOUT', 'per_stay', 30, 30, false],
      ['EARLY_CHECKIN', 'per_stay', 30, 30, false],
      ['WELCOME_DRINK', 'per_person', 9, 36, false],
      ['HALF_BOARD', 'per_person_per_night', 39, 312, false],
      ['AIRPORT_TRANSFER', 'per_person', 45, 180, true],
    ]);
  });

  it('leaves out what is priced per child when there is none, and converts the currency', async () => {
    const data = await addons({ hotelCode: 'SBTG', startDate: START, endDate: END, adults: 1, childAges: [], currency: 'OMR', locale: 'de' });
    const codes = data.addons.map((addon) => addon.code);
    expect(codes).not.toContain('KIDS_BREAKFAST');
    expect(codes).not.toContain('AIRPORT_TRANSFER');
    expect(data.addons[0]).toEqual({
      code: 'BREAKFAST',
      name: 'Frühstücksbuffet',
      pricing: 'per_adult_per_night',
      unitPrice: 10.008,
      price: 20.016,
      currency: 'OMR',
      hotelOnly: false,
    });
  });

  it('rejects a bad room and answers 404 for an unknown hotel', async () => {
    expect((await failing(SEARCH_PATHS.addons, { hotelCode: 'SBTG', startDate: START, endDate: END, adults: 0, childAges: [] }, 400)).paths).toEqual(['adults']);
    expect((await failing(SEARCH_PATHS.addons, { hotelCode: 'NOPE', startDate: START, endDate: END, adults: 1, childAges: [] }, 404)).code).toBe('not_found');
  });
});

describe('POST /bff/search/benefits', () => {
  it('offers the green option for 500 points on stays of two nights or more', async () => {
    const { data } = await postOk(SEARCH_PATHS.benefits, { ...stay, locale: 'de' }, BenefitsResponseSchema);
    expect(data).toEqual({
      hotelCode: 'SBTG',
      nights: 2,
      benefits: [
        { code: 'GREEN_OPTION', name: 'Grüne Option', description: 'Verzichten Sie während Ihres Aufenthalts auf die Zimmerreinigung und erhalten Sie 500 Punkte.', points: 500 },
      ],
    });
    const oneNight = await postOk(SEARCH_PATHS.benefits, { hotelCode: 'SBTG', startDate: START, endDate: day(31) }, BenefitsResponseSchema);
    expect(oneNight.data.benefits).toEqual([]);
  });
});

describe('POST /bff/search/parse-deeplink', () => {
  const parse = (url: string, locale = 'en') => postOk(SEARCH_PATHS.parseDeeplink, { url, locale }, ParseDeeplinkResponseSchema).then((answer) => answer.data);

  it('reads a legacy path with arrival and nights', async () => {
    expect(await parse('/hotels/berlin?arrival=2027-03-05&nights=2&adults=2')).toEqual({
      format: 'legacy-path',
      query: { location: 'Berlin', startDate: '2027-03-05', endDate: '2027-03-07', rooms: '1', 'room-1-adults': '2' },
      href: '/en/find-a-hotel?location=Berlin&startDate=2027-03-05&endDate=2027-03-07&rooms=1&room-1-adults=2',
      warnings: [],
    });
    const cologne = await parse('/de/hotels/koeln?arrival=05.03.2027&departure=08.03.2027&rooms=2&adults=2,1&children=5,8', 'de');
    expect(cologne.query).toEqual({
      location: 'Köln',
      startDate: '2027-03-05',
      endDate: '2027-03-08',
      rooms: '2',
      'room-1-adults': '2',
      'room-2-adults': '1',
      'room-1-child-1': '5',
      'room-1-child-2': '8',
    });
    expect(cologne.href.startsWith('/de/find-a-hotel?location=K%C3%B6ln&')).toBe(true);
  });

  it('reads a partner link with a hotel code and dotted dates', async () => {
    expect(await parse('?hotel=SHDB&checkin=05.03.2027&checkout=07.03.2027&rooms=2')).toMatchObject({
      format: 'partner',
      query: { location: 'SHDB', startDate: '2027-03-05', endDate: '2027-03-07', rooms: '2', 'room-1-adults': '1', 'room-2-adults': '1' },
      warnings: [],
    });
  });

  it('keeps what it can of a broken link and says what it left out', async () => {
    const data = await parse('https://old.example.com/hotels/atlantis?arrival=31.02.2027&nights=2&adults=9');
    expect(data.format).toBe('legacy-path');
    expect(data.query).toEqual({ location: 'atlantis', rooms: '1', 'room-1-adults': '1' });
    expect(data.warnings).toHaveLength(3);
    expect((await parse('just some words')).format).toBe('unknown');
    expect((await failing(SEARCH_PATHS.parseDeeplink, { url: ' ' }, 400)).paths).toEqual(['url']);
  });
});

describe('POST /bff/ari-proxy/roomRateDetails', () => {
  const details = (body: Record<string, unknown>) => postOk(SEARCH_PATHS.roomRateDetails, body, RoomRateDetailsResponseSchema).then((answer) => answer.data);
  const base = { hotelCode: 'SBTG', typeCode: 'STD', rateCode: 'HRW1X', adults: 2, children: [] };

  it('breaks a room and rate down night by night', async () => {
    const [start, end] = [day(46), day(48)];
    await setNights(database.db, { hotelCode: 'SBTG', typeCode: 'STD', from: start, to: end, available: 2, price: 10_000 });
    await setNights(database.db, { hotelCode: 'SBTG', typeCode: 'STD', from: day(47), to: end, price: 12_000 });
    const data = await details({ ...base, startDate: start, endDate: end });
    expect(data).toMatchObject({ hotelCode: 'SBTG', typeCode: 'STD', rateCode: 'HRW1X', currency: 'EUR', fits: true, available: true });
    expect(data.nights).toEqual([
      { date: start, available: true, priceWithTax: 95, priceWithoutTax: 88.79, tax: 6.21, cityTax: 10 },
      { date: day(47), available: true, priceWithTax: 114, priceWithoutTax: 106.54, tax: 7.46, cityTax: 10 },
    ]);
    expect(data.total).toEqual({ currency: 'EUR', totalWithTax: 209, totalWithoutTax: 195.33, avgPerNightWithTax: 104.5, avgPerNightWithoutTax: 97.67, cityTax: 20 });
    // Points follow each night's price: 95.00 is 190 points, 114.00 is 228, rounded up to 230.
    expect([data.pointsPrice, data.pointsEarned]).toEqual([420, 195]);

    await setNights(database.db, { hotelCode: 'SBTG', typeCode: 'STD', from: day(47), to: end, available: 0 });
    const soldOut = await details({ ...base, startDate: start, endDate: end });
    expect(soldOut).toMatchObject({ available: false, total: null, pointsPrice: 0 });
    expect(soldOut.nights[1]).toMatchObject({ available: false, priceWithTax: null, priceWithoutTax: null, tax: null });
    expect(soldOut.nights[0]?.priceWithTax).toBe(95);
  });

  it('says when the room type does not take the guests, and 404 for unknown codes', async () => {
    const teenager = await details({ ...base, startDate: START, endDate: END, children: [14] });
    expect(teenager).toMatchObject({ fits: false, available: false, total: null });
    expect((await failing(SEARCH_PATHS.roomRateDetails, { ...base, rateCode: 'NOPE', startDate: START, endDate: END }, 404)).code).toBe('not_found');
    expect((await failing(SEARCH_PATHS.roomRateDetails, { ...base, typeCode: 'FAM', startDate: START, endDate: END }, 404)).code).toBe('not_found');
    expect((await failing(SEARCH_PATHS.roomRateDetails, { ...base, adults: 0, startDate: START, endDate: END }, 400)).paths).toEqual(['adults']);
  });
});

describe('POST /bff/ari-proxy/child-policy/age-breakdown', () => {
  it('says which children count as adults', async () => {
    const { data } = await postOk(SEARCH_PATHS.childPolicy, { hotelCode: 'SBTG', childAges: [0, 11, 12, 17] }, ChildPolicyResponseSchema);
    expect(data).toEqual({
      hotelCode: 'SBTG',
      adultFromAge: 12,
      ages: [
        { age: 0, countsAs: 'child' },
        { age: 11, countsAs: 'child' },
        { age: 12, countsAs: 'adult' },
        { age: 17, countsAs: 'adult' },
      ],
      countedAsAdults: 2,
      countedAsChildren: 2,
    });
  });

  it('rejects impossible ages and unknown hotels', async () => {
    expect((await failing(SEARCH_PATHS.childPolicy, { hotelCode: 'SBTG', childAges: [40] }, 400)).paths).toEqual(['childAges.0']);
    expect((await failing(SEARCH_PATHS.childPolicy, { hotelCode: 'sbtg', childAges: [] }, 400)).paths).toEqual(['hotelCode']);
    expect((await failing(SEARCH_PATHS.childPolicy, { hotelCode: 'NOPE', childAges: [] }, 404)).code).toBe('not_found');
  });
});

describe('GET content of rooms and rates', () => {
  it('gives a room type, localised', async () => {
    const { data } = await getOk('/content/room/SBTG/STD?locale=de', RoomContentResponseSchema);
    expect(data).toEqual({
      hotelCode: 'SBTG',
      typeCode: 'STD',
      typeSaleName: 'Standardzimmer',
      maxAdults: 2,
      maxChildren: 1,
      maxOccupancy: 3,
      image: { url: '/bff/content/room-images/SBTG/STD.svg', alt: 'Standardzimmer' },
    });
  });

  it('gives a rate with its pair, both ways', async () => {
    expect((await getOk('/content/rate/SBTG/HRW1X', RateContentResponseSchema)).data).toEqual({
      hotelCode: 'SBTG',
      rateCode: 'HRW1X',
      name: 'Member Flexible Rate',
      isMemberRate: true,
      isBreakfastIncluded: false,
      pair: 'AX',
      pointsPerNight: 300,
    });
    expect((await getOk('/content/rate/SBTG/AX?locale=fr', RateContentResponseSchema)).data).toMatchObject({ name: 'Tarif flexible', pair: 'HRW1X' });
    expect((await getOk('/content/rate/SHDB/CORP', RateContentResponseSchema)).data.pair).toBeNull();
  });

  it('gives a rate’s policies', async () => {
    expect((await getOk('/content/rate-policy/SBTG/HRWPR1', RatePolicyResponseSchema)).data).toEqual({
      hotelCode: 'SBTG',
      rateCode: 'HRWPR1',
      guaranteePolicy: { type: 1002, guaranteePolicyCode: 'DEP100', description: 'Prepaid: the full amount is charged when you book.' },
      cancellationPolicy: { cancellationPolicyCode: 'NONREF', description: 'Non-refundable.', freeUntilHoursBeforeArrival: null },
      iconDeposit: true,
      childPolicy: { adultFromAge: 12 },
    });
    expect((await getOk('/content/rate-policy/SBTG/HRWBB', RatePolicyResponseSchema)).data).toMatchObject({
      guaranteePolicy: { type: 1001 },
      cancellationPolicy: { cancellationPolicyCode: 'CXL1D', freeUntilHoursBeforeArrival: 24 },
      iconDeposit: false,
    });
  });

  it('answers 404 for unknown codes and 400 for malformed ones', async () => {
    for (const path of ['/content/room/SBTG/FAM', '/content/rate/SBTG/NOPE', '/content/rate-policy/NOPE/AX']) {
      const response = await app.request(`/bff${path}`);
      expect(response.status, path).toBe(404);
    }
    const malformed = await app.request('/bff/content/room/SBTG/std');
    expect(malformed.status).toBe(400);
    const { error } = v.parse(ErrorBodySchema, await malformed.json());
    expect(error.issues?.map((issue) => issue.path)).toEqual(['typeCode']);
  });
});

describe('every search route', () => {
  it('answers bad bodies with 400 and the issues, never with a 5xx', async () => {
    const bodies = ['{"hotelCode": ', 'null', '[]', '"SBTG"', '{}', JSON.stringify({ hotelCode: 42, startDate: 'soon', rooms: 'two' })];
    for (const path of Object.values(SEARCH_PATHS)) {
      for (const body of bodies) {
        const answer = await post(path, body);
        expect(answer.status, `${path} ${body}`).toBe(400);
        expect(v.parse(ErrorBodySchema, answer.body).error.issues?.length, `${path} ${body}`).toBeGreaterThan(0);
      }
    }
  });
});
