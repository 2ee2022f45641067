import { and, eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/contract/locales';
import { useTestDatabase } from '../../test/bff/database';
import { createMemoryLogger } from '../../test/bff/memory-logger';
import { createApp } from '../app';
import { brands, cancellationPolicies, cities, hotelImages, hotels, ratePlans, roomTypes, serviceMessages, targetedMessages } from '../db/schema';
import { createContentService } from './service';

/*
 * The content routes answer through a per-process cache (decision record 0037). These tests write the
 * content straight into the database, as an editor's tool or another BFF process would, and expect the
 * very next answer to show it; they ask every locale in turn and expect each answer in its own locale;
 * and they expect a cached answer to carry the same headers as the first.
 */

const database = useTestDatabase();
let app: ReturnType<typeof createApp>;

beforeAll(() => {
  app = createApp({ db: database.db, logger: createMemoryLogger(), version: 'test' });
});

async function text(path: string, status = 200): Promise<string> {
  const response = await app.request(`/bff${path}`);
  expect(response.status, path).toBe(status);
  return response.text();
}

/** Asks each path twice (so the second answer comes from the cache) and returns the answers. */
async function warm(paths: readonly string[]): Promise<string[]> {
  for (const path of paths) await text(path);
  return Promise.all(paths.map((path) => text(path)));
}

async function hotelId(code: string): Promise<number> {
  const [row] = await database.db.select({ id: hotels.id }).from(hotels).where(eq(hotels.hotelCode, code));
  if (!row) throw new Error(`no hotel ${code}`);
  return row.id;
}

describe('a change to the content in the database', () => {
  it("shows a hotel's new name at once on every route that names it", async () => {
    const [row] = await database.db
      .select({ code: hotels.hotelCode, brand: brands.code })
      .from(hotels)
      .innerJoin(brands, eq(brands.id, hotels.brandId))
      .where(eq(hotels.hotelCode, 'SBTG'));
    const paths = [`/content/hotel/SBTG?locale=de`, '/content/hotels-for-dropdown?locale=de', `/content/brands/${row?.brand}?locale=de`];
    for (const answer of await warm(paths)) expect(answer).not.toContain('Umbenanntes Hotel');
    await database.db.update(hotels).set({ name: 'Umbenanntes Hotel' }).where(eq(hotels.hotelCode, 'SBTG'));
    for (const path of paths) expect(await text(path), path).toContain('Umbenanntes Hotel');
  });

  it("shows a brand's, a city's and an image's new texts in the locale changed, and only there", async () => {
    const [hotel] = await database.db
      .select({ code: hotels.hotelCode, cityId: hotels.cityId, brandId: hotels.brandId })
      .from(hotels)
      .where(eq(hotels.hotelCode, 'SHDB'));
    if (!hotel) throw new Error('no hotel SHDB');
    const paths = ['/content/brands?locale=fr', '/content/destinations?locale=fr', '/content/hotel-images/SHDB/1.svg?locale=fr'];
    const english = ['/content/brands?locale=en', '/content/destinations?locale=en', '/content/hotel-images/SHDB/1.svg?locale=en'];
    const englishBefore = await warm(english);
    await warm(paths);
    await database.db
      .update(brands)
      .set({ tagline: sql`${brands.tagline} || '{"fr": "Slogan tout neuf"}'::jsonb` })
      .where(eq(brands.id, hotel.brandId));
    await database.db.update(cities).set({ name: sql`${cities.name} || '{"fr": "Ville Nouvelle"}'::jsonb` }).where(eq(cities.id, hotel.cityId));
    await database.db
      .update(hotelImages)
      .set({ alt: sql`${hotelImages.alt} || '{"fr": "Façade repeinte"}'::jsonb` })
      .where(and(eq(hotelImages.hotelId, await hotelId('SHDB')), eq(hotelImages.position, 1)));
    const [brandsFr, destinationsFr, imageFr] = await Promise.all(paths.map((path) => text(path)));
    expect(brandsFr).toContain('Slogan tout neuf');
    expect(destinationsFr).toContain('Ville Nouvelle');
    expect(imageFr).toContain('Façade repeinte');
    expect(await Promise.all(english.map((path) => text(path)))).toEqual(englishBefore);
  });

  it("shows a room type's, a rate's and a policy's new texts at once", async () => {
    const paths = ['/content/room/SBTG/STD?locale=it', '/content/room-images/SBTG/STD.svg?locale=it', '/content/rate/SBTG/AX?locale=it', '/content/rate-policy/SBTG/AX?locale=it'];
    await warm(paths);
    const sbtg = await hotelId('SBTG');
    await database.db
      .update(roomTypes)
      .set({ saleName: sql`${roomTypes.saleName} || '{"it": "Camera rinnovata"}'::jsonb` })
      .where(and(eq(roomTypes.hotelId, sbtg), eq(roomTypes.typeCode, 'STD')));
    await database.db
      .update(ratePlans)
      .set({ name: sql`${ratePlans.name} || '{"it": "Tariffa rinnovata"}'::jsonb` })
      .where(and(eq(ratePlans.hotelId, sbtg), eq(ratePlans.rateCode, 'AX')));
    await database.db
      .update(cancellationPolicies)
      .set({ description: sql`${cancellationPolicies.description} || '{"it": "Regola rinnovata"}'::jsonb` })
      .where(eq(cancellationPolicies.code, 'CXL18'));
    const [room, roomImage, rate, policy] = await Promise.all(paths.map((path) => text(path)));
    expect(room).toContain('Camera rinnovata');
    expect(roomImage).toContain('Camera rinnovata');
    expect(rate).toContain('Tariffa rinnovata');
    expect(policy).toContain('Regola rinnovata');
  });

  it('answers what was not there before, and stops answering what was taken away', async () => {
    await text('/content/hotel-images/SBTG/42.svg', 404);
    await text('/content/hotel-images/SBTG/42.svg', 404);
    await database.db.insert(hotelImages).values({ hotelId: await hotelId('SBTG'), position: 42, alt: { en: 'A new view' }, colourSeed: 7 });
    expect(await text('/content/hotel-images/SBTG/42.svg')).toContain('A new view');

    const [messages] = await warm(['/content/targeted-messages?locale=nl']);
    expect(messages).toContain('Welkom terug');
    await database.db.update(targetedMessages).set({ active: false }).where(eq(targetedMessages.key, 'member-welcome-back'));
    const [messagesAfter] = await Promise.all([text('/content/targeted-messages?locale=nl')]);
    expect(messagesAfter).not.toContain('Welkom terug');

    await warm(['/content/service-messages?locale=es']);
    await database.db.delete(serviceMessages);
    expect(JSON.parse(await text('/content/service-messages?locale=es'))).toEqual({ data: [] });
  });
});

describe('cached answers', () => {
  it('are each in the locale asked for, whatever was asked before', async () => {
    const content = createContentService(database.db);
    // Every locale twice, interleaved, so most answers come from the cache right after another locale's.
    for (const round of [1, 2]) {
      for (const locale of round === 1 ? LOCALES : [...LOCALES].reverse()) {
        expect(JSON.parse(await text(`/content/hotel/ZLBF?locale=${locale}`)), locale).toEqual({ data: await content.hotel('ZLBF', locale) });
        expect(JSON.parse(await text(`/content/destinations?locale=${locale}`)), locale).toEqual({ data: await content.destinations(locale) });
      }
    }
  });

  it('carry the headers of the first answer: public caching, JSON, security headers', async () => {
    for (const path of ['/content/hotels-for-dropdown?locale=pl', '/content/rate/SBTG/HRW1X?locale=pl', '/content/room-images/SBTG/STD.svg']) {
      const first = await app.request(`/bff${path}`);
      const second = await app.request(`/bff${path}`);
      const headers = (response: Response) => [...response.headers].filter(([name]) => name !== 'x-request-id');
      expect(headers(second), path).toEqual(headers(first));
      expect(second.headers.get('cache-control'), path).toMatch(/^public, max-age=/);
      expect(second.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(second.headers.get('content-security-policy'), path).toContain("default-src 'none'");
      expect(await second.text()).toBe(await first.text());
    }
    const json = await app.request('/bff/content/brands');
    expect(json.headers.get('content-type')).toBe('application/json');
    expect(json.headers.get('cache-control')).toBe('public, max-age=300');
  });
});

describe.runIf(process.env.DATABASE_URL)('a change by another process on PostgreSQL', () => {
  it('is not seen before it commits, and seen at once after', async () => {
    const url = database.handle.url;
    if (!url) throw new Error('no database url');
    const other = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await warm(['/content/hotel/SBTG?locale=en']);
      await other.begin(async (tx) => {
        await tx`UPDATE hotels SET name = 'Written Elsewhere' WHERE hotel_code = 'SBTG'`;
        expect(await text('/content/hotel/SBTG?locale=en')).not.toContain('Written Elsewhere');
      });
      expect(await text('/content/hotel/SBTG?locale=en')).toContain('Written Elsewhere');
    } finally {
      await other.end();
    }
  });
});
