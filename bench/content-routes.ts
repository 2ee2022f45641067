import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/database';
import { resultRows } from '../server/db/rows';
import { addDays, businessDate } from '../server/lib/calendar';
import { BFF_PREFIX } from '../src/contract/content';
import { LOCALES } from '../src/contract/locales';
import { SEARCH_PATHS } from '../src/contract/search';
import {
  cell,
  CONNECTIONS,
  databaseLabel,
  DURATION_SECONDS,
  type Measured,
  measure,
  openBenchDatabase,
  ratioLine,
  RUNS,
  serveBench,
  type Size,
  SIZES,
} from './harness';
import type { LoadRequest } from './load-worker';

/*
 * Load test of the content read routes and the search reads of one hotel (npm run bench:content), in the
 * pattern of bench/search-hotels.ts (hotels-v2 stays there): for each data size a fresh seeded and scaled
 * database, the BFF in this process, and for every route 50 connections, then one, three runs each,
 * reported as medians with the server thread's CPU time per request and the ratio 10x / base.
 *
 * Each route's requests rotate over 24 variants: hotels spread over the whole catalogue (clones
 * included), every locale in turn, and for the search reads different stays, so a route is not measured
 * on one answer only. Every variant is asked once and must answer 200 before the load starts. The search
 * reads (rooms, rates, price-calendar) are then answered from search's answer cache from their second
 * request on (decision record 0039); bench/search-answers.ts measures them when every request is new.
 *
 * BENCH_SECONDS shortens the runs; BENCH_DATABASE_URL=postgres://... runs on PostgreSQL (bench/harness.ts);
 * BENCH_ROUTES=hotel,brands measures only the routes named.
 */

const VARIANTS = 24;
const ONLY = process.env.BENCH_ROUTES?.split(',').map((name) => name.trim()).filter(Boolean);

interface Fixture {
  hotelCode: string;
  brandCode: string;
  typeCode: string;
  rateCode: string;
  imagePosition: number;
}

/** VARIANTS hotels evenly spread over the catalogue (ordered by id, so clones are among them in 10x). */
async function fixtures(db: Database): Promise<Fixture[]> {
  const rows = resultRows<{ hotel_code: string; brand_code: string; type_code: string; rate_code: string; image_position: number }>(
    await db.execute(sql`
      WITH numbered AS (SELECT h.*, row_number() OVER (ORDER BY h.id) AS n, count(*) OVER () AS total FROM hotels h)
      SELECT h.hotel_code, b.code AS brand_code,
             (SELECT rt.type_code FROM room_types rt WHERE rt.hotel_id = h.id ORDER BY rt.id LIMIT 1) AS type_code,
             (SELECT rp.rate_code FROM rate_plans rp WHERE rp.hotel_id = h.id ORDER BY rp.id LIMIT 1) AS rate_code,
             (SELECT max(hi.position) FROM hotel_images hi WHERE hi.hotel_id = h.id) AS image_position
      FROM numbered h JOIN brands b ON b.id = h.brand_id
      WHERE (h.n - 1) % greatest(1, h.total / ${VARIANTS}) = 0 AND NOT h.use_external_booking
      ORDER BY h.id LIMIT ${VARIANTS}
    `),
  );
  return rows.map((row) => ({
    hotelCode: row.hotel_code,
    brandCode: row.brand_code,
    typeCode: row.type_code,
    rateCode: row.rate_code,
    imagePosition: Number(row.image_position),
  }));
}

const get = (path: string): LoadRequest => ({ method: 'GET', path: `${BFF_PREFIX}${path}` });
const post = (path: string, body: unknown): LoadRequest => ({
  method: 'POST',
  path: `${BFF_PREFIX}${path}`,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** Every measured route with its rotation of requests. */
function routes(hotels: readonly Fixture[], today: string): { name: string; requests: LoadRequest[] }[] {
  const variants = <T>(make: (hotel: Fixture, locale: string, index: number) => T): T[] =>
    Array.from({ length: VARIANTS }, (_, index) => make(hotels[index % hotels.length] as Fixture, LOCALES[index % LOCALES.length] as string, index));
  const stay = (index: number) => {
    const startDate = addDays(today, 7 + ((index * 5) % 50));
    return { startDate, endDate: addDays(startDate, 1 + (index % 3)) };
  };
  const h = (hotel: Fixture) => encodeURIComponent(hotel.hotelCode);
  return [
    { name: 'destinations', requests: variants((_, locale) => get(`/content/destinations?locale=${locale}`)) },
    { name: 'brands', requests: variants((_, locale) => get(`/content/brands?locale=${locale}`)) },
    { name: 'brand', requests: variants((hotel, locale) => get(`/content/brands/${hotel.brandCode}?locale=${locale}`)) },
    { name: 'hotel', requests: variants((hotel, locale) => get(`/content/hotel/${h(hotel)}?locale=${locale}`)) },
    { name: 'hotels-for-dropdown', requests: variants((_, locale) => get(`/content/hotels-for-dropdown?locale=${locale}`)) },
    { name: 'service-messages', requests: variants((_, locale) => get(`/content/service-messages?locale=${locale}`)) },
    { name: 'targeted-messages', requests: variants((_, locale) => get(`/content/targeted-messages?locale=${locale}`)) },
    { name: 'hotel-image', requests: variants((hotel, locale) => get(`/content/hotel-images/${h(hotel)}/${hotel.imagePosition}.svg?locale=${locale}`)) },
    { name: 'room-image', requests: variants((hotel, locale) => get(`/content/room-images/${h(hotel)}/${hotel.typeCode}.svg?locale=${locale}`)) },
    { name: 'room', requests: variants((hotel, locale) => get(`/content/room/${h(hotel)}/${hotel.typeCode}?locale=${locale}`)) },
    { name: 'rate', requests: variants((hotel, locale) => get(`/content/rate/${h(hotel)}/${hotel.rateCode}?locale=${locale}`)) },
    { name: 'rate-policy', requests: variants((hotel, locale) => get(`/content/rate-policy/${h(hotel)}/${hotel.rateCode}?locale=${locale}`)) },
    {
      name: 'rooms',
      requests: variants((hotel, locale, index) =>
        post(SEARCH_PATHS.rooms, { hotelCode: hotel.hotelCode, ...stay(index), rooms: [{ adults: 2, childAges: [] }], locale }),
      ),
    },
    {
      name: 'rates',
      requests: variants((hotel, locale, index) =>
        post(SEARCH_PATHS.rates, { hotelCode: hotel.hotelCode, typeCode: hotel.typeCode, ...stay(index), rooms: [{ adults: 1, childAges: [] }], locale }),
      ),
    },
    {
      name: 'price-calendar',
      requests: variants((hotel, _locale, index) => {
        const startDate = addDays(today, 7 + index);
        return post(SEARCH_PATHS.calendar, { hotelCode: hotel.hotelCode, startDate, endDate: addDays(startDate, 31) });
      }),
    },
  ].filter((route) => !ONLY || ONLY.includes(route.name));
}

/** Each request once, checked for 200 (this also warms the server up). */
async function check(url: string, name: string, requests: readonly LoadRequest[]): Promise<void> {
  for (const request of requests) {
    const response = await fetch(`${url}${request.path}`, { method: request.method, headers: request.headers, body: request.body });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${name}: ${request.method} ${request.path} answered ${response.status}`);
  }
}

interface Summary extends Measured {
  route: string;
  size: string;
  connections: number;
}

async function benchSize(size: Size, now: Date): Promise<Summary[]> {
  const started = performance.now();
  const { database, hotels } = await openBenchDatabase(size.copies, now);
  console.log(`  ${hotels} hotels, prepared in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const server = await serveBench(database.db, now);
  try {
    const summaries: Summary[] = [];
    for (const route of routes(await fixtures(database.db), businessDate(now))) {
      await check(server.url, route.name, route.requests);
      for (const connections of CONNECTIONS) {
        const measured = await measure(`${route.name} ${size.name}`, server.url, connections, route.requests);
        summaries.push({ route: route.name, size: size.name, connections, ...measured });
      }
    }
    return summaries;
  } finally {
    await server.close();
    await database.close();
  }
}

const now = new Date();
console.log(
  `content and hotel search reads: ${CONNECTIONS.join(' and ')} connection(s), ${DURATION_SECONDS} s per run, median of ${RUNS} runs, ` +
    `${databaseLabel()}, Node ${process.version}`,
);
const summaries: Summary[] = [];
for (const size of SIZES) {
  console.log(`preparing ${size.name} (${size.copies} clone(s) per hotel)...`);
  summaries.push(...(await benchSize(size, now)));
}
const width = Math.max(5, ...summaries.map((row) => row.route.length));
console.log(
  `\n${'route'.padEnd(width)} ${'size'.padEnd(5)} ${cell('conn', 4)} ${cell('p50 ms', 7)} ${cell('p95 ms', 7)} ${cell('p99 ms', 7)} ` +
    `${cell('req/s', 6)} ${cell('cpu ms/req', 10)} ${cell('errors', 6)}`,
);
for (const row of summaries) {
  console.log(
    `${row.route.padEnd(width)} ${row.size.padEnd(5)} ${cell(row.connections, 4)} ${cell(row.p50, 7)} ${cell(row.p95, 7)} ${cell(row.p99, 7)} ` +
      `${cell(row.requestsPerSecond.toFixed(0), 6)} ${cell(row.cpuMsPerRequest.toFixed(3), 10)} ${cell(row.errors, 6)}`,
  );
}
console.log('');
for (const route of [...new Set(summaries.map((row) => row.route))]) {
  for (const connections of CONNECTIONS) {
    const base = summaries.find((row) => row.route === route && row.size === 'base' && row.connections === connections);
    const scaled = summaries.find((row) => row.route === route && row.size === '10x' && row.connections === connections);
    if (base && scaled) console.log(`cost ratio 10x / base, ${route} at ${connections} connection(s): ${ratioLine(base, scaled)}`);
  }
}
