import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BrandDetailResponseSchema,
  BrandListResponseSchema,
  DestinationsResponseSchema,
  HealthResponseSchema,
  HotelResponseSchema,
  HotelsForDropdownResponseSchema,
} from '../../src/contract/content';
import { ErrorBodySchema } from '../../src/contract/errors';
import { type Locale, LOCALES } from '../../src/contract/locales';
import { TEST_TODAY, useTestDatabase } from '../../test/bff/database';
import { createMemoryLogger } from '../../test/bff/memory-logger';
import { createApp } from '../app';
import { addDays, businessDate } from '../lib/calendar';

const database = useTestDatabase();
let app: ReturnType<typeof createApp>;

beforeAll(() => {
  app = createApp({ db: database.db, logger: createMemoryLogger(), version: 'test' });
});

async function getJson<TSchema extends v.GenericSchema>(path: string, schema: TSchema, status = 200): Promise<v.InferOutput<TSchema>> {
  const response = await app.request(path);
  const body: unknown = await response.json();
  expect(response.status, `${path}: ${JSON.stringify(body).slice(0, 300)}`).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return v.parse(schema, body);
}

const collatorFor = (locale: Locale) => new Intl.Collator(locale, { sensitivity: 'base' });

function expectSortedBy<T>(items: readonly T[], locale: Locale, ...keys: ((item: T) => string)[]) {
  const collator = collatorFor(locale);
  for (let i = 1; i < items.length; i += 1) {
    const previous = items[i - 1] as T;
    const current = items[i] as T;
    const order = keys.map((key) => collator.compare(key(previous), key(current))).find((result) => result !== 0) ?? 0;
    expect(order, `${JSON.stringify(previous)} before ${JSON.stringify(current)}`).toBeLessThanOrEqual(0);
  }
}

describe('GET /bff/health on a real database', () => {
  it('reports ok', async () => {
    const body = await getJson('/bff/health', HealthResponseSchema);
    expect(body).toEqual({ status: 'ok', database: 'ok', version: 'test' });
  });
});

describe('GET /bff/content/brands', () => {
  it('lists the brands in their order with hotel counts and links for the locale', async () => {
    const { data } = await getJson('/bff/content/brands?locale=de', BrandListResponseSchema);
    expect(data.map((brand) => brand.code)).toEqual([
      'steigenberger', 'icons', 'porsche', 'maxx', 'jaz', 'intercity', 'zleep', 'houseofbeat', 'partners',
    ]);
    const jaz = data.find((brand) => brand.code === 'jaz');
    expect(jaz).toMatchObject({ brandName: 'Jaz in the City', theme: 'jaz', teaserLink: '/de/brands/jaz', tagline: 'Musik, Kunst und die Seele der Stadt.' });
    for (const brand of data) expect(brand.hotelCount).toBeGreaterThan(0);
  });

  it('answers in English without a locale', async () => {
    const { data } = await getJson('/bff/content/brands', BrandListResponseSchema);
    expect(data.find((brand) => brand.code === 'jaz')?.tagline).toBe('Music, art and the soul of the city.');
    expect(data[0]?.teaserLink).toBe('/en/brands/steigenberger');
  });

  it('falls back to English for a text missing in the requested locale', async () => {
    const english = (await getJson('/bff/content/brands?locale=en', BrandListResponseSchema)).data.find((b) => b.code === 'partners');
    const polish = (await getJson('/bff/content/brands?locale=pl', BrandListResponseSchema)).data.find((b) => b.code === 'partners');
    const german = (await getJson('/bff/content/brands?locale=de', BrandListResponseSchema)).data.find((b) => b.code === 'partners');
    expect(polish?.tagline).toBe(english?.tagline);
    expect(polish?.description).toBe(english?.description);
    expect(german?.tagline).not.toBe(english?.tagline);
  });

  it('rejects an unknown locale with 400 and an issue for `locale`', async () => {
    const body = await getJson('/bff/content/brands?locale=xx', ErrorBodySchema, 400);
    expect(body.error.code).toBe('bad_request');
    expect(body.error.issues).toEqual([expect.objectContaining({ path: 'locale' })]);
  });
});

describe('GET /bff/content/brands/:brandCode', () => {
  it('returns the brand with all its hotels, by city then name', async () => {
    const { data } = await getJson('/bff/content/brands/jaz?locale=fr', BrandDetailResponseSchema);
    expect(data.code).toBe('jaz');
    expect(data.hotels.length).toBe(data.hotelCount);
    expect(data.hotels.length).toBeGreaterThan(5);
    expect(data.hotels.every((hotel) => hotel.brandCode === 'jaz')).toBe(true);
    expectSortedBy(data.hotels, 'fr', (hotel) => hotel.city, (hotel) => hotel.hotelName);
    expect(data.hotels.map((hotel) => hotel.city)).toContain('Le Caire');
  });

  it('answers 404 in JSON for an unknown brand and 400 for a malformed code', async () => {
    expect((await getJson('/bff/content/brands/nosuchbrand', ErrorBodySchema, 404)).error.code).toBe('not_found');
    const bad = await getJson('/bff/content/brands/Not%20A%20Brand', ErrorBodySchema, 400);
    expect(bad.error.issues).toEqual([expect.objectContaining({ path: 'brandCode' })]);
  });
});

describe('GET /bff/content/hotel/:hotelCode', () => {
  it('returns the whole hotel, localised', async () => {
    const { data } = await getJson('/bff/content/hotel/SHDB?locale=en', HotelResponseSchema);
    expect(data).toMatchObject({
      hotelCode: 'SHDB',
      hotelName: 'Steigenberger Hotel Dubai Business Bay',
      brandCode: 'steigenberger',
      city: 'Dubai',
      countryCode: 'AE',
      timeZone: 'Asia/Dubai',
      openingDate: null,
      useExternalBooking: false,
      externalBookingUrl: null,
      brand: { code: 'steigenberger', brandName: 'Steigenberger Hotels & Resorts', theme: 'steigenberger' },
      address: { city: 'Dubai', country: 'United Arab Emirates', countryCode: 'AE' },
    });
    expect(data.description).toContain('Steigenberger Hotel Dubai Business Bay');
    expect(data.features).toContain('Free Wi-Fi');
    expect(data.images.length).toBeGreaterThanOrEqual(3);
    expect(data.images.map((image) => image.url)).toEqual(
      data.images.map((_, index) => `/bff/content/hotel-images/SHDB/${index + 1}.svg`),
    );
    expect(data.image).toEqual(data.images[0]);
    expect(Math.abs(data.geo.latitude - 25.2048)).toBeLessThan(0.05);
  });

  it('speaks every locale, Arabic included', async () => {
    const descriptions = new Set<string>();
    for (const locale of LOCALES) {
      const { data } = await getJson(`/bff/content/hotel/SHDB?locale=${locale}`, HotelResponseSchema);
      descriptions.add(data.description);
      if (locale === 'ar') {
        expect(data.city).toBe('دبي');
        expect(data.address.country).toBe('الإمارات العربية المتحدة');
        expect(data.features).toContain('واي فاي مجاني');
      }
    }
    expect(descriptions.size).toBe(LOCALES.length);
  });

  it('shows the future opening date and the external booking URL where they apply', async () => {
    const { data: dropdown } = await getJson('/bff/content/hotels-for-dropdown', HotelsForDropdownResponseSchema);
    const hotels = await Promise.all(
      dropdown.map(async (option) => (await getJson(`/bff/content/hotel/${option.hotelCode}`, HotelResponseSchema)).data),
    );
    const today = businessDate(TEST_TODAY);
    const opening = hotels.filter((hotel) => hotel.openingDate !== null && hotel.openingDate > today);
    expect(opening.map((hotel) => hotel.openingDate)).toEqual([addDays(today, 90)]);
    const external = hotels.filter((hotel) => hotel.useExternalBooking);
    expect(external).toHaveLength(1);
    expect(external[0]?.externalBookingUrl).toMatch(/^https:\/\//);
    expect(hotels.filter((hotel) => !hotel.useExternalBooking).every((hotel) => hotel.externalBookingUrl === null)).toBe(true);
  });

  it('answers 404 in JSON for an unknown hotel', async () => {
    const body = await getJson('/bff/content/hotel/ZZZZ', ErrorBodySchema, 404);
    expect(body.error).toMatchObject({ code: 'not_found', message: expect.stringContaining('ZZZZ') });
  });

  it('answers 400 with issues for a malformed hotel code or an unknown locale', async () => {
    const lowerCase = await getJson('/bff/content/hotel/shdb', ErrorBodySchema, 400);
    expect(lowerCase.error).toMatchObject({ code: 'bad_request', issues: [{ path: 'hotelCode', message: expect.any(String) }] });
    const tooLong = await getJson('/bff/content/hotel/ABCDEFGHI', ErrorBodySchema, 400);
    expect(tooLong.error.issues?.[0]?.path).toBe('hotelCode');
    const locale = await getJson('/bff/content/hotel/SHDB?locale=english', ErrorBodySchema, 400);
    expect(locale.error.issues?.[0]?.path).toBe('locale');
  });
});

describe('GET /bff/content/hotels-for-dropdown', () => {
  it('lists every hotel, sorted by city then name in the locale', async () => {
    const { data } = await getJson('/bff/content/hotels-for-dropdown?locale=de', HotelsForDropdownResponseSchema);
    expect(data.length).toBeGreaterThanOrEqual(60);
    expect(new Set(data.map((option) => option.hotelCode)).size).toBe(data.length);
    expectSortedBy(data, 'de', (option) => option.city, (option) => option.hotelName);
    expect(data.map((option) => option.city)).toContain('München');
  });
});

describe('GET /bff/content/destinations', () => {
  it('lists cities with their hotel counts, busiest first, with an image', async () => {
    const { data: destinations } = await getJson('/bff/content/destinations?locale=nl', DestinationsResponseSchema);
    const { data: hotels } = await getJson('/bff/content/hotels-for-dropdown', HotelsForDropdownResponseSchema);
    expect(destinations.length).toBeGreaterThanOrEqual(15);
    expect(destinations.reduce((sum, destination) => sum + destination.hotelCount, 0)).toBe(hotels.length);
    for (let i = 1; i < destinations.length; i += 1) {
      expect(destinations[i - 1]?.hotelCount).toBeGreaterThanOrEqual(destinations[i]?.hotelCount ?? 0);
    }
    expect(destinations.find((destination) => destination.city === 'Den Haag')).toMatchObject({ country: 'Nederland', countryCode: 'NL' });
    const image = await app.request(destinations[0]?.image.url ?? '');
    expect(image.status).toBe(200);
  });
});

describe('GET /bff/content/hotel-images/:hotelCode/:n.svg', () => {
  it('draws an SVG with the image text as its title, cacheable', async () => {
    const response = await app.request('/bff/content/hotel-images/JAMO/2.svg?locale=nl');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toMatch(/max-age=\d+/);
    const svg = await response.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('<title id="');
    expect(svg).toContain('Jaz in the City Amsterdam Oost – lobby');
    expect(svg).not.toMatch(/<script|href="http|on\w+=/i);
  });

  it('draws the same picture for the same hotel and number, and another for another number', async () => {
    const first = await (await app.request('/bff/content/hotel-images/JAMO/1.svg')).text();
    const again = await (await app.request('/bff/content/hotel-images/JAMO/1.svg')).text();
    const second = await (await app.request('/bff/content/hotel-images/JAMO/2.svg')).text();
    expect(again).toBe(first);
    expect(second).not.toBe(first);
  });

  it('answers 304 to a request with the current ETag', async () => {
    const first = await app.request('/bff/content/hotel-images/SHDB/1.svg');
    const tag = first.headers.get('etag');
    expect(tag).toBeTruthy();
    const revalidated = await app.request('/bff/content/hotel-images/SHDB/1.svg', { headers: { 'If-None-Match': tag ?? '' } });
    expect(revalidated.status).toBe(304);
  });

  it('answers 404 for an image the hotel does not have and 400 for a malformed file name', async () => {
    expect((await getJson('/bff/content/hotel-images/SHDB/99.svg', ErrorBodySchema, 404)).error.code).toBe('not_found');
    expect((await getJson('/bff/content/hotel-images/ZZZZ/1.svg', ErrorBodySchema, 404)).error.code).toBe('not_found');
    const bad = await getJson('/bff/content/hotel-images/SHDB/one.svg', ErrorBodySchema, 400);
    expect(bad.error.issues?.[0]?.path).toBe('imageFile');
  });
});

describe('GET /bff/content/room-images/:hotelCode/:typeCode.svg', () => {
  it('draws each room type of a hotel differently, with the room name as its title, cacheable', async () => {
    const standard = await app.request('/bff/content/room-images/SBTG/STD.svg?locale=de');
    expect(standard.status).toBe(200);
    expect(standard.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(standard.headers.get('cache-control')).toMatch(/max-age=\d+/);
    const svg = await standard.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('Standardzimmer');
    expect(svg).not.toMatch(/<script|href="http|on\w+=|style=/i);
    const suite = await (await app.request('/bff/content/room-images/SBTG/STE.svg')).text();
    expect(suite).not.toBe(svg);
  });

  it('answers 404 for a room type the hotel does not have and 400 for a malformed file name', async () => {
    expect((await getJson('/bff/content/room-images/SBTG/XYZ.svg', ErrorBodySchema, 404)).error.code).toBe('not_found');
    const bad = await getJson('/bff/content/room-images/SBTG/std.png', ErrorBodySchema, 400);
    expect(bad.error.issues?.[0]?.path).toBe('roomImageFile');
  });
});
