import { sql } from 'drizzle-orm';
import { createApp } from '../server/app';
import type { Database } from '../server/db/database';
import { resultRows } from '../server/db/rows';
import { addDays, businessDate } from '../server/lib/calendar';
import { BFF_PREFIX } from '../src/contract/content';
import { LOCALES } from '../src/contract/locales';
import { SEARCH_PATHS, SUPPORTED_CURRENCIES } from '../src/contract/search';
import { cell, median, openBenchDatabase, type Size, SIZES } from './harness';

/*
 * What a search read costs when its answer is not kept (node --import tsx bench/search-answers.ts). The
 * load benchmarks (bench/search-hotels.ts, bench/content-routes.ts) rotate over 24 requests, so after the
 * first round their search reads are answered from the answer cache (decision record 0039). This one asks
 * rooms, rates, the price calendar and hotels-v2 COUNT times each with a request never asked before
 * (other hotels, dates, nights, guests, currencies: the inventory cache warms up, the answers do not),
 * then the first 24 of them again and again, one request at a time, through app.request in this process (no
 * sockets: the cost of the request and answer objects is in both), and reports the server thread's CPU
 * time per request: "new" for the first pass, "kept" for the repeats, for both data sizes. Rooms, asked
 * first, also pays for reading the inventory of nights not read before and for working out their
 * cancellation deadlines; the routes after it find both done.
 *
 * BENCH_COUNT sets COUNT (default 2000; at most 5700, the calendar's distinct requests).
 */

const COUNT = Math.min(5_700, Number(process.env.BENCH_COUNT ?? 2_000));
const REPEATS = 24;

interface Fixture {
  hotelCode: string;
  typeCode: string;
}

/** 24 bookable hotels spread over the catalogue, each with its first room type (as bench/content-routes.ts). */
async function fixtures(db: Database): Promise<Fixture[]> {
  const rows = resultRows<{ hotel_code: string; type_code: string }>(
    await db.execute(sql`
      WITH numbered AS (SELECT h.*, row_number() OVER (ORDER BY h.id) AS n, count(*) OVER () AS total FROM hotels h)
      SELECT h.hotel_code, (SELECT rt.type_code FROM room_types rt WHERE rt.hotel_id = h.id ORDER BY rt.id LIMIT 1) AS type_code
      FROM numbered h WHERE (h.n - 1) % greatest(1, h.total / 24) = 0 AND NOT h.use_external_booking ORDER BY h.id LIMIT 24
    `),
  );
  return rows.map((row) => ({ hotelCode: row.hotel_code, typeCode: row.type_code }));
}

/** Request `index` of a route: distinct for every index below COUNT. */
function requestsOf(hotels: readonly Fixture[], today: string): { name: string; path: string; body: (index: number) => unknown }[] {
  const roomSets = [[{ adults: 2, childAges: [] }], [{ adults: 1, childAges: [] }], [{ adults: 2, childAges: [6] }], [{ adults: 2, childAges: [] }, { adults: 1, childAges: [] }]];
  // Arrival 7 to 306 days ahead; then nights, guests, currency and locale by the round through those.
  const stay = (index: number) => {
    const round = Math.floor(index / 300);
    const startDate = addDays(today, 7 + (index % 300));
    return {
      startDate,
      endDate: addDays(startDate, 1 + (round % 3)),
      rooms: roomSets[Math.floor(round / 3) % roomSets.length],
      currency: SUPPORTED_CURRENCIES[Math.floor(round / 12) % SUPPORTED_CURRENCIES.length],
      locale: LOCALES[index % LOCALES.length],
    };
  };
  const hotel = (index: number) => hotels[Math.floor(index / 7) % hotels.length] as Fixture;
  return [
    { name: 'rooms', path: SEARCH_PATHS.rooms, body: (index) => ({ hotelCode: hotel(index).hotelCode, ...stay(index) }) },
    { name: 'rates', path: SEARCH_PATHS.rates, body: (index) => ({ hotelCode: hotel(index).hotelCode, typeCode: hotel(index).typeCode, ...stay(index) }) },
    {
      name: 'price-calendar',
      path: SEARCH_PATHS.calendar,
      body: (index) => {
        const startDate = addDays(today, 7 + (index % 300));
        return { hotelCode: hotel(index).hotelCode, startDate, endDate: addDays(startDate, 31), currency: SUPPORTED_CURRENCIES[Math.floor(index / 300) % SUPPORTED_CURRENCIES.length] };
      },
    },
    { name: 'hotels-v2', path: SEARCH_PATHS.hotels, body: (index) => ({ location: 'Berlin', ...stay(index) }) },
  ];
}

interface Row {
  route: string;
  size: string;
  newCpuMs: number;
  keptCpuMs: number;
  newMedianMs: number;
}

async function benchSize(size: Size, now: Date): Promise<Row[]> {
  const { database } = await openBenchDatabase(size.copies, now);
  try {
    const app = createApp({ db: database.db, logger: { log() {} }, version: 'bench', now: () => now });
    const call = async (path: string, body: unknown): Promise<number> => {
      const started = performance.now();
      const response = await app.request(`${BFF_PREFIX}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status} to ${JSON.stringify(body)}`);
      return performance.now() - started;
    };
    const rows: Row[] = [];
    for (const route of requestsOf(await fixtures(database.db), businessDate(now))) {
      const pass = async (indexes: readonly number[]) => {
        const before = process.threadCpuUsage();
        const times: number[] = [];
        for (const index of indexes) times.push(await call(route.path, route.body(index)));
        const cpu = process.threadCpuUsage(before);
        return { cpuMs: (cpu.user + cpu.system) / 1000 / indexes.length, medianMs: median(times) };
      };
      const fresh = await pass(Array.from({ length: COUNT }, (_, index) => index));
      // Asked a second time, an answer is kept (server/search/answer-cache.ts); measured from the third.
      for (let index = 0; index < REPEATS; index += 1) await call(route.path, route.body(index));
      const kept = await pass(Array.from({ length: REPEATS * 20 }, (_, index) => index % REPEATS));
      rows.push({ route: route.name, size: size.name, newCpuMs: fresh.cpuMs, keptCpuMs: kept.cpuMs, newMedianMs: fresh.medianMs });
      console.log(`  ${route.name} ${size.name}: new ${fresh.cpuMs.toFixed(3)} ms CPU per request, kept ${kept.cpuMs.toFixed(3)}`);
    }
    return rows;
  } finally {
    await database.close();
  }
}

const now = new Date();
console.log(`search reads in process, one request at a time: ${COUNT} new requests per route, then ${REPEATS} of them again, Node ${process.version}`);
const rows: Row[] = [];
for (const size of SIZES) {
  console.log(`preparing ${size.name} (${size.copies} clone(s) per hotel)...`);
  rows.push(...(await benchSize(size, now)));
}
const width = Math.max(5, ...rows.map((row) => row.route.length));
console.log(`\n${'route'.padEnd(width)} ${'size'.padEnd(5)} ${cell('new cpu ms/req', 14)} ${cell('new p50 ms', 10)} ${cell('kept cpu ms/req', 15)}`);
for (const row of rows) {
  console.log(
    `${row.route.padEnd(width)} ${row.size.padEnd(5)} ${cell(row.newCpuMs.toFixed(3), 14)} ${cell(row.newMedianMs.toFixed(2), 10)} ${cell(row.keptCpuMs.toFixed(3), 15)}`,
  );
}
