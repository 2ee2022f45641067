import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../src/contract/errors';
import {
  CalendarResponseSchema,
  type HotelResult,
  type HotelSearchRequest,
  HotelSearchResponseSchema,
  LocationSearchResponseSchema,
  SEARCH_LIMITS,
  SEARCH_PATHS,
} from '../../src/contract/search';
import { TEST_TODAY, useTestDatabase } from '../../test/bff/database';
import { createMemoryLogger } from '../../test/bff/memory-logger';
import { createApp } from '../app';
import { resultRows } from '../db/rows';
import { addDays, businessDate } from '../lib/calendar';
import { distanceKm } from './geo';
import { setNights } from './test-inventory';

/*
 * Location search, hotels-v2 and the price calendar through the app, on one seeded database. "Today" is
 * TEST_TODAY in Berlin (Monday 2 March 2026, 10:00); the nights a test looks at are set to known prices
 * and availability first, and each test uses nights of its own.
 */

const database = useTestDatabase();
const today = businessDate(TEST_TODAY);
const day = (offset: number) => addDays(today, offset);
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  // Ten more small cities and hotels, so that a location query can match more than the limits allow.
  await database.db.execute(sql`
    INSERT INTO cities (code, name, country_code, latitude, longitude, time_zone)
    SELECT 'sankt-' || n, jsonb_build_object('en', 'Sankt Testheim ' || n), 'DE', 50, 10, 'Europe/Berlin'
    FROM generate_series(1, 10) AS n
  `);
  await database.db.execute(sql`
    INSERT INTO hotels (hotel_code, name, brand_id, city_id, street, postal_code, latitude, longitude, time_zone, description)
    SELECT 'STX' || lpad(n::text, 2, '0'), 'Testhotel Sankt ' || n, (SELECT min(id) FROM brands), c.id,
           'Teststraße 1', '00000', 50, 10, 'Europe/Berlin', '{"en": "A test hotel."}'::jsonb
    FROM generate_series(1, 10) AS n JOIN cities c ON c.code = 'sankt-' || n
  `);
  app = createApp({ db: database.db, logger: createMemoryLogger(), version: 'test', now: () => TEST_TODAY });
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

async function badRequest(path: string, body: unknown): Promise<string[]> {
  const answer = await post(path, body);
  expect(answer.status, JSON.stringify(answer.body).slice(0, 400)).toBe(400);
  const { error } = v.parse(ErrorBodySchema, answer.body);
  expect(error.code).toBe('bad_request');
  return (error.issues ?? []).map((issue) => issue.path);
}

const twoAdults = [{ adults: 2, childAges: [] }];

function searchHotels(request: Partial<HotelSearchRequest> & Pick<HotelSearchRequest, 'location' | 'startDate' | 'endDate'>) {
  return postOk(SEARCH_PATHS.hotels, { rooms: twoAdults, ...request }, HotelSearchResponseSchema).then((answer) => answer.data);
}

function hotel(hotels: readonly HotelResult[], code: string): HotelResult {
  const found = hotels.find((candidate) => candidate.hotelCode === code);
  if (!found) throw new Error(`${code} is not in the result`);
  return found;
}

const BERLIN = ['HBBK', 'IBHB', 'MXBM', 'SBTG', 'ZLBF'];

describe('POST /bff/search/location', () => {
  const locate = async (query: string, locale = 'en') => (await postOk(SEARCH_PATHS.location, { query, locale }, LocationSearchResponseSchema)).data;

  it('finds a city without its accents and labels it in the locale', async () => {
    const { cities } = await locate('dusseldorf');
    expect(cities[0]).toEqual({ kind: 'city', value: 'Düsseldorf', label: 'Düsseldorf', detail: 'Germany', hotelCount: 2 });
  });

  it('finds a city by its name in any locale, and by the German spelling without umlauts', async () => {
    expect((await locate('koln')).cities[0]?.value).toBe('Cologne');
    expect((await locate('koeln')).cities[0]?.value).toBe('Cologne');
    expect((await locate('cologne', 'de')).cities[0]).toMatchObject({ value: 'Köln', detail: 'Deutschland', hotelCount: 3 });
    expect((await locate('monaco', 'it')).cities[0]?.value).toBe('Monaco di Baviera');
    expect((await locate('برلين', 'ar')).cities[0]).toMatchObject({ value: 'برلين', detail: 'ألمانيا' });
  });

  it('matches by prefix and forgives one typing mistake', async () => {
    for (const typed of ['ber', 'Berl', 'berln', 'berlni', 'berllin', 'bexlin']) {
      expect((await locate(typed)).cities[0]?.value, typed).toBe('Berlin');
    }
    expect((await locate('xyzzy')).cities).toEqual([]);
    // Two mistakes are too many.
    expect((await locate('bxrlxn')).cities).toEqual([]);
  });

  it('finds hotels by name, word or code, and a city’s hotels by the city’s name', async () => {
    expect((await locate('SHDB')).hotels[0]).toEqual({ kind: 'hotel', value: 'SHDB', label: 'Steigenberger Hotel Dubai Business Bay', detail: 'Dubai', hotelCount: 1 });
    expect((await locate('tiergarten')).hotels.map((suggestion) => suggestion.value)).toEqual(['SBTG']);
    expect((await locate('hauptbahnhof')).hotels.map((suggestion) => suggestion.value).sort()).toEqual(['IBHB', 'IWHB']);
    const cologne = await locate('cologne');
    expect(cologne.hotels.map((suggestion) => suggestion.value).sort()).toEqual(['HBKB', 'SKDO', 'ZLKE']);
    expect(cologne.hotels[0]?.detail).toBe('Cologne');
  });

  it('suggests at most 8 cities and 8 hotels', async () => {
    const { cities, hotels } = await locate('sankt');
    expect(cities).toHaveLength(SEARCH_LIMITS.suggestedCitiesLimit);
    expect(cities.every((city) => city.label.startsWith('Sankt Testheim'))).toBe(true);
    expect(hotels).toHaveLength(8);
  });

  it('rejects an empty query and a missing or unknown locale', async () => {
    expect(await badRequest(SEARCH_PATHS.location, { query: '   ', locale: 'en' })).toEqual(['query']);
    expect(await badRequest(SEARCH_PATHS.location, { query: 'berlin' })).toEqual(['locale']);
    expect(await badRequest(SEARCH_PATHS.location, { query: 'berlin', locale: 'xx' })).toEqual(['locale']);
  });
});

describe('POST /bff/search/hotels-v2: prices', () => {
  // Wednesday 1 April to Friday 3 April: two nights.
  const start = day(30);
  const end = day(32);

  beforeAll(async () => {
    await setNights(database.db, { hotelCode: 'SBTG', from: start, to: end, available: 5, price: 10_000 });
  });

  it('answers the contract, with the cheapest member and non-member prices for the stay', async () => {
    const data = await searchHotels({ location: 'SBTG', startDate: start, endDate: end });
    expect(data).toMatchObject({ total: 1, nights: 2, currency: 'EUR' });
    const result = hotel(data.hotels, 'SBTG');
    expect(result).toMatchObject({
      hotelName: 'Steigenberger Hotel Berlin Tiergarten',
      brandCode: 'steigenberger',
      brandName: 'Steigenberger Hotels & Resorts',
      city: 'Berlin',
      available: true,
      unavailableReason: null,
      minimumStay: null,
      pointsPrice: null,
      image: { url: '/bff/content/hotel-images/SBTG/1.svg' },
    });
    // Member saver rate (84 % of 100.00, VAT 7 % included); city tax 5.00 per adult and night.
    expect(result.memberPrice).toEqual({ currency: 'EUR', totalWithTax: 168, totalWithoutTax: 157, avgPerNightWithTax: 84, avgPerNightWithoutTax: 78.5, cityTax: 20 });
    // Non-member saver rate: 88 %.
    expect(result.nonMemberPrice).toEqual({ currency: 'EUR', totalWithTax: 176, totalWithoutTax: 164.48, avgPerNightWithTax: 88, avgPerNightWithoutTax: 82.24, cityTax: 20 });
    expect(result.features.map((feature) => feature.code)).toContain('wifi');
  });

  it('sums several rooms and counts their guests for the city tax', async () => {
    const data = await searchHotels({
      location: 'SBTG',
      startDate: start,
      endDate: end,
      rooms: [
        { adults: 2, childAges: [] },
        { adults: 1, childAges: [4] },
      ],
    });
    expect(hotel(data.hotels, 'SBTG').memberPrice).toMatchObject({ totalWithTax: 336, avgPerNightWithTax: 168, cityTax: 30 });
  });

  it('gives the price in points when paying with points', async () => {
    const one = await searchHotels({ location: 'SBTG', startDate: start, endDate: end, payWithPoints: true });
    // The cheapest member rate, 84.00 a night: 170 points a night (pricing.ts, nightPointsPrice).
    expect(hotel(one.hotels, 'SBTG').pointsPrice).toBe(340);
    const two = await searchHotels({ location: 'SBTG', startDate: start, endDate: end, payWithPoints: true, rooms: [...twoAdults, ...twoAdults] });
    expect(hotel(two.hotels, 'SBTG').pointsPrice).toBe(680);
  });

  it('converts to the requested currency and rounds to its decimals, half away from zero', async () => {
    const price = async (currency: string) => {
      const data = await searchHotels({ location: 'SBTG', startDate: start, endDate: end, currency: currency as 'EUR' });
      expect(data.currency).toBe(currency);
      return hotel(data.hotels, 'SBTG').memberPrice;
    };
    expect(await price('JPY')).toEqual({
      currency: 'JPY',
      totalWithTax: 27_216,
      totalWithoutTax: 25_434,
      avgPerNightWithTax: 13_608,
      avgPerNightWithoutTax: 12_717,
      cityTax: 3240,
    });
    // 157.00 EUR × 1.085 = 170.345 USD and 78.50 × 1.085 = 85.1725.
    expect(await price('USD')).toMatchObject({ totalWithoutTax: 170.35, avgPerNightWithoutTax: 85.17, totalWithTax: 182.28 });
    // 78.50 EUR × 0.417 = 32.7345 OMR, three decimals.
    expect(await price('OMR')).toMatchObject({ avgPerNightWithoutTax: 32.735, totalWithTax: 70.056, cityTax: 8.34 });
  });

  it('applies a rate only when the stay meets its condition (early booker 14 days ahead)', async () => {
    await setNights(database.db, { hotelCode: 'SHDB', from: day(5), to: day(7), available: 5, price: 10_000 });
    await setNights(database.db, { hotelCode: 'SHDB', from: day(20), to: day(22), available: 5, price: 10_000 });
    const soon = await searchHotels({ location: 'SHDB', startDate: day(5), endDate: day(7) });
    const later = await searchHotels({ location: 'SHDB', startDate: day(20), endDate: day(22) });
    // Member saver 84 % five days ahead; member early booker 76 % twenty days ahead. VAT 5 % in Dubai.
    expect(hotel(soon.hotels, 'SHDB').memberPrice?.avgPerNightWithTax).toBe(84);
    expect(hotel(later.hotels, 'SHDB').memberPrice?.avgPerNightWithTax).toBe(76);
    // Non-member: saver 88 %, early booker 80 %.
    expect(hotel(soon.hotels, 'SHDB').nonMemberPrice?.avgPerNightWithTax).toBe(88);
    expect(hotel(later.hotels, 'SHDB').nonMemberPrice?.avgPerNightWithTax).toBe(80);
    expect(hotel(later.hotels, 'SHDB').memberPrice?.avgPerNightWithoutTax).toBe(72.38);
  });
});

describe('POST /bff/search/hotels-v2: the city list', () => {
  // Thursday 9 April to Saturday 11 April.
  const start = day(38);
  const end = day(40);
  const prices: Record<string, number> = { ZLBF: 6000, HBBK: 7000, IBHB: 8000, MXBM: 9000, SBTG: 10_000 };

  beforeAll(async () => {
    for (const [hotelCode, price] of Object.entries(prices)) {
      await setNights(database.db, { hotelCode, from: start, to: end, available: 4, price });
    }
    // IntercityHotel Berlin Hauptbahnhof is sold out on the second night.
    await setNights(database.db, { hotelCode: 'IBHB', from: day(39), to: end, available: 0 });
  });

  const codes = (hotels: readonly HotelResult[]) => hotels.map((result) => result.hotelCode);

  it('finds a city by any of its names without accents, and keeps unavailable hotels in the list', async () => {
    for (const location of ['Berlin', 'berlin', 'Berlijn', 'BERLÍN', 'برلين']) {
      const data = await searchHotels({ location, startDate: start, endDate: end });
      expect(codes(data.hotels).sort(), location).toEqual(BERLIN);
    }
    const data = await searchHotels({ location: 'Berlin', startDate: start, endDate: end });
    expect(hotel(data.hotels, 'IBHB')).toMatchObject({ available: false, unavailableReason: 'sold_out', memberPrice: null, nonMemberPrice: null });
    expect(data.total).toBe(5);
  });

  it('names the city in the locale and answers an unknown place with 404 unknown_location, told apart from a known place', async () => {
    const cologne = await searchHotels({ location: 'Köln', startDate: start, endDate: end, locale: 'nl' });
    expect(cologne.hotels.map((result) => result.city)).toEqual(['Keulen', 'Keulen', 'Keulen']);
    const nowhere = await post(SEARCH_PATHS.hotels, { rooms: twoAdults, location: 'Atlantis', startDate: start, endDate: end });
    expect(nowhere.status).toBe(404);
    expect(v.parse(ErrorBodySchema, nowhere.body).error).toMatchObject({ code: 'unknown_location', message: 'No city or hotel called Atlantis' });
  });

  it('sorts by price both ways with the available hotels first', async () => {
    const ascending = await searchHotels({ location: 'Berlin', startDate: start, endDate: end, sortBy: 'price-asc' });
    expect(codes(ascending.hotels)).toEqual(['ZLBF', 'HBBK', 'MXBM', 'SBTG', 'IBHB']);
    const descending = await searchHotels({ location: 'Berlin', startDate: start, endDate: end, sortBy: 'price-desc' });
    expect(codes(descending.hotels)).toEqual(['SBTG', 'MXBM', 'HBBK', 'ZLBF', 'IBHB']);
  });

  it('sorts by distance from the city centre, in kilometres with one decimal, and by name', async () => {
    const data = await searchHotels({ location: 'Berlin', startDate: start, endDate: end, sortBy: 'distance' });
    const rows = resultRows<{ hotel_code: string; latitude: number; longitude: number; city_latitude: number; city_longitude: number }>(
      await database.db.execute(sql`
        SELECT h.hotel_code, h.latitude, h.longitude, c.latitude AS city_latitude, c.longitude AS city_longitude
        FROM hotels h JOIN cities c ON c.id = h.city_id WHERE c.code = 'berlin'`),
    );
    for (const row of rows) {
      const expected = distanceKm({ latitude: row.city_latitude, longitude: row.city_longitude }, row);
      expect(hotel(data.hotels, row.hotel_code).distanceKm).toBe(expected);
      expect(expected).toBeGreaterThan(0);
    }
    const distances = data.hotels.map((result) => result.distanceKm);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    const byName = await searchHotels({ location: 'Berlin', startDate: start, endDate: end, sortBy: 'name' });
    expect(byName.hotels.map((result) => result.hotelName)).toEqual([
      'House of Beat Berlin Kreuzberg',
      'IntercityHotel Berlin Hauptbahnhof',
      'MAXX Hotel Berlin Mitte',
      'Steigenberger Hotel Berlin Tiergarten',
      'Zleep Hotel Berlin Friedrichshain',
    ]);
  });

  it('gives the range of available member prices per night, and filters on it', async () => {
    const all = await searchHotels({ location: 'Berlin', startDate: start, endDate: end });
    // Cheapest member rate 84 % of 60.00 and of 100.00; the sold-out hotel does not count.
    expect(all.priceRange).toEqual({ min: 50.4, max: 84 });
    const filtered = await searchHotels({ location: 'Berlin', startDate: start, endDate: end, minPrice: 55, maxPrice: 76 });
    expect(codes(filtered.hotels)).toEqual(['HBBK', 'MXBM']);
    expect(filtered.priceRange).toEqual({ min: 50.4, max: 84 });
    // Facets count the hotels within the price range, brands in the group's order.
    expect(filtered.facets.brands).toEqual([
      { code: 'maxx', name: 'MAXX by Steigenberger', count: 1 },
      { code: 'houseofbeat', name: 'House of Beat', count: 1 },
    ]);
  });

  it('filters by brand and by features, with facets counted before those filters', async () => {
    const amenityRows = resultRows<{ hotel_code: string; code: string }>(
      await database.db.execute(sql`
        SELECT h.hotel_code, a.code FROM hotel_amenities ha
        JOIN hotels h ON h.id = ha.hotel_id JOIN amenities a ON a.id = ha.amenity_id JOIN cities c ON c.id = h.city_id
        WHERE c.code = 'berlin'`),
    );
    const having = (feature: string) =>
      amenityRows
        .filter((row) => row.code === feature)
        .map((row) => row.hotel_code)
        .sort();
    const counts = new Map<string, number>();
    for (const row of amenityRows) counts.set(row.code, (counts.get(row.code) ?? 0) + 1);
    // A feature some but not all Berlin hotels have, and a second one to combine with it.
    const partial = [...counts.entries()].filter(([, count]) => count > 1 && count < 5).map(([code]) => code);
    const [first, second] = partial;
    if (!first || !second) throw new Error('The seed has no partial features in Berlin');

    const all = await searchHotels({ location: 'Berlin', startDate: start, endDate: end });
    expect(Object.fromEntries(all.facets.features.map((facet) => [facet.code, facet.count]))).toEqual(Object.fromEntries(counts));
    expect(all.facets.brands.map((facet) => [facet.code, facet.count])).toEqual([
      ['steigenberger', 1],
      ['maxx', 1],
      ['intercity', 1],
      ['zleep', 1],
      ['houseofbeat', 1],
    ]);

    const oneFeature = await searchHotels({ location: 'Berlin', startDate: start, endDate: end, features: [first], sortBy: 'name' });
    expect(codes(oneFeature.hotels).sort()).toEqual(having(first));
    expect(oneFeature.facets).toEqual(all.facets);
    const both = await searchHotels({ location: 'Berlin', startDate: start, endDate: end, features: [first, second] });
    expect(codes(both.hotels).sort()).toEqual(having(first).filter((code) => having(second).includes(code)));

    const brands = await searchHotels({ location: 'Berlin', startDate: start, endDate: end, brands: ['steigenberger', 'zleep'] });
    expect(codes(brands.hotels)).toEqual(['ZLBF', 'SBTG']);
    expect(brands.total).toBe(2);
    expect(brands.facets).toEqual(all.facets);
  });
});

describe('POST /bff/search/hotels-v2: why a hotel cannot be booked', () => {
  it('external_booking: booked on the hotel’s own site', async () => {
    const data = await searchHotels({ location: 'The Hague', startDate: day(45), endDate: day(46) });
    expect(hotel(data.hotels, 'PHHV')).toMatchObject({ available: false, unavailableReason: 'external_booking', memberPrice: null });
  });

  it('not_open_yet: searchable from the opening date on', async () => {
    const opening = day(90);
    await setNights(database.db, { hotelCode: 'JLSD', from: day(89), to: day(92), available: 3, price: 9000 });
    const before = await searchHotels({ location: 'London', startDate: day(89), endDate: day(91) });
    expect(hotel(before.hotels, 'JLSD')).toMatchObject({ available: false, unavailableReason: 'not_open_yet', minimumStay: null });
    const onOpening = await searchHotels({ location: 'London', startDate: opening, endDate: day(92) });
    expect(hotel(onOpening.hotels, 'JLSD')).toMatchObject({ available: true, unavailableReason: null });
  });

  it('minimum_stay: the nights needed are given', async () => {
    await setNights(database.db, { hotelCode: 'PDHH', from: day(50), to: day(52), available: 3, price: 20_000 });
    const oneNight = await searchHotels({ location: 'Hamburg', startDate: day(50), endDate: day(51) });
    expect(hotel(oneNight.hotels, 'PDHH')).toMatchObject({ available: false, unavailableReason: 'minimum_stay', minimumStay: 2 });
    const twoNights = await searchHotels({ location: 'Hamburg', startDate: day(50), endDate: day(52) });
    expect(hotel(twoNights.hotels, 'PDHH')).toMatchObject({ available: true, minimumStay: null });
  });

  it('outside_arrival_window: before today plus the hotel’s lead time, in the past, or more than 365 days ahead', async () => {
    await setNights(database.db, { hotelCode: 'SHRS', from: today, to: day(4), available: 3, price: 15_000 });
    await setNights(database.db, { hotelCode: 'JHSK', from: today, to: day(4), available: 3, price: 9000 });
    const arrivingToday = await searchHotels({ location: 'Hurghada', startDate: today, endDate: day(3) });
    expect(hotel(arrivingToday.hotels, 'SHRS')).toMatchObject({ available: false, unavailableReason: 'outside_arrival_window' });
    expect(hotel(arrivingToday.hotels, 'JHSK')).toMatchObject({ available: true });
    const tomorrow = await searchHotels({ location: 'Hurghada', startDate: day(1), endDate: day(4) });
    expect(hotel(tomorrow.hotels, 'SHRS')).toMatchObject({ available: true });

    const yesterday = await searchHotels({ location: 'Berlin', startDate: day(-1), endDate: day(1) });
    expect(yesterday.hotels.every((result) => result.unavailableReason === 'outside_arrival_window')).toBe(true);
    await setNights(database.db, { hotelCode: 'SBTG', from: day(365), to: day(367), available: 3, price: 10_000 });
    const lastDay = await searchHotels({ location: 'SBTG', startDate: day(365), endDate: day(366) });
    expect(hotel(lastDay.hotels, 'SBTG')).toMatchObject({ available: true });
    const tooFar = await searchHotels({ location: 'SBTG', startDate: day(366), endDate: day(367) });
    expect(hotel(tooFar.hotels, 'SBTG')).toMatchObject({ available: false, unavailableReason: 'outside_arrival_window' });
  });

  it('occupancy: no room type takes the guests; children of 12 and older count as adults', async () => {
    await setNights(database.db, { hotelCode: 'SHDB', from: day(55), to: day(57), available: 3, price: 10_000 });
    const dubai = (rooms: HotelSearchRequest['rooms']) => searchHotels({ location: 'Dubai', startDate: day(55), endDate: day(57), rooms });
    const threeAdults = await dubai([{ adults: 3, childAges: [] }]);
    expect(threeAdults.hotels.every((result) => result.unavailableReason === 'occupancy')).toBe(true);
    const withTeenager = await dubai([{ adults: 2, childAges: [12] }]);
    expect(hotel(withTeenager.hotels, 'SHDB')).toMatchObject({ available: false, unavailableReason: 'occupancy' });
    const withChild = await dubai([{ adults: 2, childAges: [11] }]);
    expect(hotel(withChild.hotels, 'SHDB')).toMatchObject({ available: true, unavailableReason: null });
  });

  it('sold_out: no room type free on every night', async () => {
    await setNights(database.db, { hotelCode: 'SBTG', from: day(60), to: day(62), available: 2, price: 10_000 });
    await setNights(database.db, { hotelCode: 'SBTG', from: day(61), to: day(62), available: 0 });
    const data = await searchHotels({ location: 'SBTG', startDate: day(60), endDate: day(62) });
    expect(hotel(data.hotels, 'SBTG')).toMatchObject({ available: false, unavailableReason: 'sold_out', pointsPrice: null });
    const firstNightOnly = await searchHotels({ location: 'SBTG', startDate: day(60), endDate: day(61) });
    expect(hotel(firstNightOnly.hotels, 'SBTG')).toMatchObject({ available: true });
  });
});

describe('POST /bff/search/hotels-v2: several rooms', () => {
  it('counts the rooms of one type against what is free on every night', async () => {
    const [start, end] = [day(70), day(72)];
    await setNights(database.db, { hotelCode: 'SBTG', from: start, to: end, available: 0, price: 10_000 });
    await setNights(database.db, { hotelCode: 'SBTG', typeCode: 'STD', from: start, to: end, available: 3 });
    await setNights(database.db, { hotelCode: 'SBTG', typeCode: 'STD', from: day(71), to: end, available: 2 });
    const rooms = (count: number) => Array.from({ length: count }, () => ({ adults: 2, childAges: [] }));
    const two = await searchHotels({ location: 'SBTG', startDate: start, endDate: end, rooms: rooms(2) });
    expect(hotel(two.hotels, 'SBTG')).toMatchObject({ available: true, memberPrice: { totalWithTax: 336 } });
    const three = await searchHotels({ location: 'SBTG', startDate: start, endDate: end, rooms: rooms(3) });
    expect(hotel(three.hotels, 'SBTG')).toMatchObject({ available: false, unavailableReason: 'sold_out' });
  });

  it('finds the one assignment that works when the cheap room type is wanted by two rooms', async () => {
    const [start, end] = [day(75), day(76)];
    await setNights(database.db, { hotelCode: 'SBTG', from: start, to: end, available: 0 });
    // One single room (dear) and one standard room (cheap) are free. A lone adult fits both; a family only the standard.
    await setNights(database.db, { hotelCode: 'SBTG', typeCode: 'SGL', from: start, to: end, available: 1, price: 9000 });
    await setNights(database.db, { hotelCode: 'SBTG', typeCode: 'STD', from: start, to: end, available: 1, price: 5000 });
    const data = await searchHotels({
      location: 'SBTG',
      startDate: start,
      endDate: end,
      rooms: [
        { adults: 1, childAges: [] },
        { adults: 2, childAges: [5] },
      ],
    });
    // 84 % of 90.00 plus 84 % of 50.00.
    expect(hotel(data.hotels, 'SBTG')).toMatchObject({ available: true, memberPrice: { totalWithTax: 117.6 } });
  });
});

describe('POST /bff/search/hotels-v2: promo codes and business searches', () => {
  // Wednesday 10 June to Friday 12 June 2026: inside SUMMER10's window (June to September 2026).
  const start = '2026-06-10';
  const end = '2026-06-12';
  /** A price per night less a percentage, as the BFF rounds it: to the cent. */
  const less = (perNight: number, percent: number) => Math.round((perNight * 100 * (100 - percent)) / 100) / 100;

  beforeAll(async () => {
    for (const hotelCode of BERLIN) await setNights(database.db, { hotelCode, from: start, to: end, available: 4, price: 10_000 });
    await setNights(database.db, { hotelCode: 'SHDB', from: day(150), to: day(152), available: 3, price: 10_000 });
  });

  it('takes a valid code’s percentage off every hotel’s member and non-member prices, before and after tax', async () => {
    const plain = await searchHotels({ location: 'Berlin', startDate: start, endDate: end });
    expect(plain.promo).toBeNull();
    expect(plain.hotels.every((result) => result.promoApplied === undefined)).toBe(true);
    const summer = await searchHotels({ location: 'Berlin', startDate: start, endDate: end, promo: 'SUMMER10' });
    expect(summer.promo).toEqual({ code: 'SUMMER10', status: 'applied' });
    // Member saver 84.00 a night, 10 % off: 75.60, of which 7 % VAT: 70.65 without tax. City tax unchanged.
    expect(hotel(summer.hotels, 'SBTG').memberPrice).toEqual({
      currency: 'EUR',
      totalWithTax: 151.2,
      totalWithoutTax: 141.3,
      avgPerNightWithTax: 75.6,
      avgPerNightWithoutTax: 70.65,
      cityTax: 20,
    });
    expect(hotel(summer.hotels, 'SBTG').nonMemberPrice).toMatchObject({ totalWithTax: 158.4, totalWithoutTax: 148.04, cityTax: 20 });
    for (const before of plain.hotels) {
      const after = hotel(summer.hotels, before.hotelCode);
      expect(after.promoApplied, before.hotelCode).toBe(true);
      for (const kind of ['memberPrice', 'nonMemberPrice'] as const) {
        expect(after[kind]?.avgPerNightWithTax, `${before.hotelCode} ${kind}`).toBe(less(before[kind]?.avgPerNightWithTax ?? Number.NaN, 10));
        expect(after[kind]?.cityTax).toBe(before[kind]?.cityTax);
      }
    }
    // The price range and the price filter use the reduced prices.
    expect(summer.priceRange?.min).toBe(less(plain.priceRange?.min ?? Number.NaN, 10));
  });

  it('reads codes in any case and with spaces around them', async () => {
    const data = await searchHotels({ location: 'SBTG', startDate: start, endDate: end, promo: ' summer10 ' });
    expect(data.promo).toEqual({ code: 'SUMMER10', status: 'applied' });
    expect(hotel(data.hotels, 'SBTG').memberPrice?.avgPerNightWithTax).toBe(75.6);
  });

  it('leaves prices alone for an unknown code, an expired one, and stays outside the code’s window', async () => {
    const plain = await searchHotels({ location: 'Berlin', startDate: start, endDate: end });
    const prices = (data: typeof plain) => data.hotels.map((result) => [result.hotelCode, result.memberPrice, result.nonMemberPrice]);
    const unknown = await searchHotels({ location: 'Berlin', startDate: start, endDate: end, promo: 'NOSUCHCODE' });
    expect(unknown.promo).toEqual({ code: 'NOSUCHCODE', status: 'unknown' });
    expect(prices(unknown)).toEqual(prices(plain));
    expect(unknown.hotels.every((result) => result.promoApplied === false)).toBe(true);
    // WINTER25's stays ended 30 days before today.
    const expired = await searchHotels({ location: 'Berlin', startDate: start, endDate: end, promo: 'winter25' });
    expect(expired.promo).toEqual({ code: 'WINTER25', status: 'expired' });
    expect(prices(expired)).toEqual(prices(plain));
    // March is not summer; nor is a stay whose last night is 1 October.
    for (const [from, to] of [
      [day(45), day(47)],
      ['2026-09-29', '2026-10-02'],
    ] as const) {
      const outside = await searchHotels({ location: 'SBTG', startDate: from, endDate: to, promo: 'SUMMER10' });
      const without = await searchHotels({ location: 'SBTG', startDate: from, endDate: to });
      expect(outside.promo, from).toEqual({ code: 'SUMMER10', status: 'notApplicable' });
      expect(prices(outside)).toEqual(prices(without));
    }
  });

  it('limits a brand code to its brands’ hotels', async () => {
    const plain = await searchHotels({ location: 'Berlin', startDate: start, endDate: end });
    const zleep = await searchHotels({ location: 'Berlin', startDate: start, endDate: end, promo: 'ZLEEP15' });
    expect(zleep.promo).toEqual({ code: 'ZLEEP15', status: 'applied' });
    expect(zleep.hotels.filter((result) => result.promoApplied).map((result) => result.hotelCode)).toEqual(['ZLBF']);
    expect(hotel(zleep.hotels, 'ZLBF').memberPrice?.avgPerNightWithTax).toBe(less(hotel(plain.hotels, 'ZLBF').memberPrice?.avgPerNightWithTax ?? 0, 15));
    expect(hotel(zleep.hotels, 'ZLBF').nonMemberPrice?.totalWithTax).toBe(less(hotel(plain.hotels, 'ZLBF').nonMemberPrice?.totalWithTax ?? 0, 15));
    expect(hotel(zleep.hotels, 'SBTG').memberPrice).toEqual(hotel(plain.hotels, 'SBTG').memberPrice);
    // Where no hotel of the answer is of its brands, the code does not apply.
    const steigenberger = await searchHotels({ location: 'Berlin', startDate: start, endDate: end, promo: 'ZLEEP15', brands: ['steigenberger'] });
    expect(steigenberger.promo).toEqual({ code: 'ZLEEP15', status: 'notApplicable' });
    expect(hotel(steigenberger.hotels, 'SBTG').promoApplied).toBe(false);
  });

  it('prices a business search on refundable rates: the corporate rate where the hotel has one', async () => {
    const leisure = await searchHotels({ location: 'SHDB', startDate: day(150), endDate: day(152) });
    // Member and non-member early booker (76 % and 80 %, prepaid, not refundable).
    expect(hotel(leisure.hotels, 'SHDB').memberPrice?.avgPerNightWithTax).toBe(76);
    expect(hotel(leisure.hotels, 'SHDB').nonMemberPrice?.avgPerNightWithTax).toBe(80);
    const business = await searchHotels({ location: 'SHDB', startDate: day(150), endDate: day(152), business: true });
    // Member flexible rate (95 %) and the corporate rate (92 %), both free to cancel.
    expect(hotel(business.hotels, 'SHDB').memberPrice?.avgPerNightWithTax).toBe(95);
    expect(hotel(business.hotels, 'SHDB').nonMemberPrice?.avgPerNightWithTax).toBe(92);
    expect(business.promo).toBeNull();
  });
});

describe('POST /bff/ari-proxy/search/searchCalendarV2', () => {
  const calendar = async (body: Record<string, unknown>) => (await postOk(SEARCH_PATHS.calendar, body, CalendarResponseSchema)).data;

  it('gives one hotel’s cheapest member price per night, and marks the nights that cannot be booked', async () => {
    const [start, end] = [day(100), day(107)];
    await setNights(database.db, { hotelCode: 'SBTG', from: start, to: end, available: 3, price: 10_000 });
    await setNights(database.db, { hotelCode: 'SBTG', typeCode: 'STD', from: day(101), to: day(102), price: 8000 });
    await setNights(database.db, { hotelCode: 'SBTG', from: day(103), to: day(104), available: 0 });
    const data = await calendar({ hotelCode: 'SBTG', startDate: start, endDate: end });
    expect(data.currency).toBe('EUR');
    expect(data.days.map((entry) => entry.date)).toEqual(Array.from({ length: 7 }, (_, index) => day(100 + index)));
    expect(data.days.map((entry) => entry.price)).toEqual([84, 67.2, 84, null, 84, 84, 84]);
    expect(data.days.map((entry) => entry.available)).toEqual([true, true, true, false, true, true, true]);
    expect(data.days.every((entry) => entry.minimumStay === 1)).toBe(true);
    // Two adults do not fit the single room; the standard room still does.
    const two = await calendar({ hotelCode: 'SBTG', startDate: start, endDate: end, adults: 2, currency: 'JPY' });
    expect(two.currency).toBe('JPY');
    expect(two.days[1]?.price).toBe(10_886);
  });

  it('gives a city’s cheapest night over its hotels, with the shortest minimum stay among those available', async () => {
    const [start, end] = [day(110), day(113)];
    for (const hotelCode of ['AH8', 'JHSP']) await setNights(database.db, { hotelCode, from: start, to: end, available: 2, price: 12_000 });
    await setNights(database.db, { hotelCode: 'PDHH', from: start, to: end, available: 2, price: 11_000 });
    // On the last night only the Porsche Design Hotel (minimum stay 2) has rooms.
    for (const hotelCode of ['AH8', 'JHSP']) await setNights(database.db, { hotelCode, from: day(112), to: end, available: 0 });
    const data = await calendar({ city: 'hamburg', startDate: start, endDate: end });
    // The Porsche Design Hotel's member early-booker rate (76 % of 110.00) is the cheapest of the city.
    expect(data.days.map((entry) => [entry.price, entry.minimumStay])).toEqual([
      [83.6, 1],
      [83.6, 1],
      [83.6, 2],
    ]);
  });

  it('marks nights before today, before the opening date and beyond the arrival window as unavailable', async () => {
    await setNights(database.db, { hotelCode: 'SBTG', from: today, to: day(1), available: 3 });
    await setNights(database.db, { hotelCode: 'SBTG', from: day(364), to: day(367), available: 3 });
    const past = await calendar({ hotelCode: 'SBTG', startDate: day(-2), endDate: day(1) });
    expect(past.days.map((entry) => entry.available)).toEqual([false, false, true]);
    await setNights(database.db, { hotelCode: 'JLSD', from: day(88), to: day(92), available: 2, price: 9000 });
    const opening = await calendar({ hotelCode: 'JLSD', startDate: day(88), endDate: day(92) });
    expect(opening.days.map((entry) => entry.available)).toEqual([false, false, true, true]);
    const external = await calendar({ hotelCode: 'PHHV', startDate: day(10), endDate: day(12) });
    expect(external.days.every((entry) => !entry.available && entry.price === null)).toBe(true);
    const edge = await calendar({ hotelCode: 'SBTG', startDate: day(364), endDate: day(367) });
    expect(edge.days.map((entry) => entry.available)).toEqual([true, true, false]);
  });

  it('covers at most 62 nights and needs exactly one hotel or city', async () => {
    const longest = await calendar({ hotelCode: 'SBTG', startDate: day(10), endDate: day(72) });
    expect(longest.days).toHaveLength(62);
    expect(await badRequest(SEARCH_PATHS.calendar, { hotelCode: 'SBTG', startDate: day(10), endDate: day(73) })).toEqual(['endDate']);
    expect(await badRequest(SEARCH_PATHS.calendar, { hotelCode: 'SBTG', city: 'Berlin', startDate: day(10), endDate: day(12) })).toEqual(['']);
    expect(await badRequest(SEARCH_PATHS.calendar, { startDate: day(10), endDate: day(12) })).toEqual(['']);
    expect(await badRequest(SEARCH_PATHS.calendar, { city: 'Berlin', startDate: day(12), endDate: day(10) })).toEqual(['endDate']);
    const unknown = await post(SEARCH_PATHS.calendar, { hotelCode: 'NOPE', startDate: day(10), endDate: day(12) });
    expect(unknown.status).toBe(404);
    expect(v.parse(ErrorBodySchema, unknown.body).error.code).toBe('not_found');
  });
});

describe('bad input on hotels-v2', () => {
  const valid = { location: 'Berlin', startDate: day(30), endDate: day(32), rooms: twoAdults };

  it('names the field of every problem', async () => {
    expect(await badRequest(SEARCH_PATHS.hotels, { ...valid, endDate: day(29) })).toEqual(['endDate']);
    expect(await badRequest(SEARCH_PATHS.hotels, { ...valid, endDate: day(30) })).toEqual(['endDate']);
    expect(await badRequest(SEARCH_PATHS.hotels, { ...valid, rooms: Array.from({ length: 10 }, () => twoAdults[0]) })).toEqual(['rooms']);
    expect(await badRequest(SEARCH_PATHS.hotels, { ...valid, rooms: [] })).toEqual(['rooms']);
    expect(await badRequest(SEARCH_PATHS.hotels, { ...valid, rooms: [{ adults: 0, childAges: [] }] })).toEqual(['rooms.0.adults']);
    expect(await badRequest(SEARCH_PATHS.hotels, { ...valid, rooms: [{ adults: 2, childAges: [40] }] })).toEqual(['rooms.0.childAges.0']);
    expect(await badRequest(SEARCH_PATHS.hotels, { ...valid, currency: 'XYZ' })).toEqual(['currency']);
    expect(await badRequest(SEARCH_PATHS.hotels, { ...valid, location: '  ' })).toEqual(['location']);
    expect(await badRequest(SEARCH_PATHS.hotels, { ...valid, startDate: '2026-02-30' })).toEqual(['startDate']);
    expect(await badRequest(SEARCH_PATHS.hotels, { ...valid, sortBy: 'cheapest' })).toEqual(['sortBy']);
    expect(await badRequest(SEARCH_PATHS.hotels, { ...valid, endDate: day(61) })).toEqual(['endDate']);
    expect(await badRequest(SEARCH_PATHS.hotels, { ...valid, minPrice: 100, maxPrice: 50 })).toEqual(['maxPrice']);
    expect(await badRequest(SEARCH_PATHS.hotels, { ...valid, minPrice: -1 })).toEqual(['minPrice']);
  });

  it('reports several problems at once', async () => {
    const paths = await badRequest(SEARCH_PATHS.hotels, { location: '', startDate: day(5), endDate: day(3), rooms: [{ adults: 7, childAges: [1, 2, 3, 4, 5] }], currency: 'ABC' });
    expect(paths.sort()).toEqual(['currency', 'endDate', 'location', 'rooms.0.adults', 'rooms.0.childAges'].sort());
  });

  it('answers malformed JSON and bodies of the wrong shape with 400, never 5xx', async () => {
    expect(await badRequest(SEARCH_PATHS.hotels, '{"location": ')).toEqual(['']);
    for (const body of ['null', '[]', '"Berlin"', '42', '{}']) {
      const answer = await post(SEARCH_PATHS.hotels, body);
      expect(answer.status, body).toBe(400);
    }
    const notJson = await app.request(`/bff${SEARCH_PATHS.hotels}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'Berlin' });
    expect(notJson.status).toBe(400);
  });
});
