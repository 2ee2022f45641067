import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { serve } from '@hono/node-server';
import * as v from 'valibot';
import { createApp } from '../server/app';
import { type DatabaseHandle, migrate, openDatabase } from '../server/db/database';
import { seedIfEmpty } from '../server/db/seed';
import { addDays, businessDate } from '../server/lib/calendar';
import { BFF_PREFIX } from '../src/contract/content';
import { type HotelSearchRequest, HotelSearchResponseSchema, SEARCH_PATHS } from '../src/contract/search';
import type { LoadOptions, LoadResult } from './load-worker';
import { addHotelCopies } from './scaled-seed';

/*
 * Load test of hotel search (npm run bench). For each data size: a fresh embedded database (PGlite in
 * memory, the seed plus clones of every hotel), the BFF in this process on a free loopback port, then
 * autocannon in a worker thread (so the load generator does not share the server's thread): 50
 * connections for 10 s against hotels-v2 for Berlin, three times. Reported: the median over the three runs
 * of p50, p95 and p99 latency and requests per second, then the ratio between the two sizes.
 *
 * Sizes: "base" is the seed with one clone per hotel (138 hotels; Berlin has 10, the smallest city of 10+
 * hotels the target speaks of), "10x" has nineteen clones per hotel (1380 hotels; Berlin 100).
 * Requests rotate over 24 bodies (arrivals 1 to 8 weeks ahead, 1 to 3 nights, one or two rooms, with and
 * without children), so no two consecutive requests of a connection are the same.
 */

const CONNECTIONS = 50;
/** BENCH_SECONDS shortens the runs for a quick check of the script itself. */
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = 3;
const LOCATION = 'Berlin';
const SIZES = [
  { name: 'base', copies: 1 },
  { name: '10x', copies: 19 },
] as const;

function requestBodies(today: string): HotelSearchRequest[] {
  const roomSets = [
    [{ adults: 2, childAges: [] }],
    [{ adults: 1, childAges: [] }],
    [{ adults: 2, childAges: [6] }],
    [{ adults: 2, childAges: [] }, { adults: 1, childAges: [] }],
  ];
  return Array.from({ length: 24 }, (_, index) => {
    const start = addDays(today, 7 + ((index * 5) % 50));
    return {
      location: LOCATION,
      startDate: start,
      endDate: addDays(start, 1 + (index % 3)),
      rooms: roomSets[index % roomSets.length] ?? [{ adults: 2, childAges: [] }],
    };
  });
}

async function openBenchDatabase(copies: number, now: Date): Promise<{ database: DatabaseHandle; hotels: number; cityHotels: number }> {
  const database = await openDatabase({ inMemory: true });
  try {
    await migrate(database.db);
    await seedIfEmpty(database.db, now);
    const { hotels } = await addHotelCopies(database.db, copies, now);
    return { database, hotels, cityHotels: 5 * (copies + 1) };
  } catch (error) {
    await database.close();
    throw error;
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** One load run in a worker thread (bench/load-worker.ts); a run that does not finish in time is stopped. */
function runLoad(url: string, bodies: readonly HotelSearchRequest[]): Promise<LoadResult> {
  const options: LoadOptions = {
    url,
    connections: CONNECTIONS,
    durationSeconds: DURATION_SECONDS,
    requests: bodies.map((body) => ({
      method: 'POST',
      path: `${BFF_PREFIX}${SEARCH_PATHS.hotels}`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })),
  };
  const worker = new Worker(new URL('./load-worker.ts', import.meta.url), { workerData: options });
  return new Promise<LoadResult>((resolve, reject) => {
    const deadline = setTimeout(() => {
      void worker.terminate();
      reject(new Error('The load run did not finish in time'));
    }, (DURATION_SECONDS + 30) * 1000);
    worker.once('message', (result: LoadResult) => {
      clearTimeout(deadline);
      resolve(result);
    });
    worker.once('error', (error) => {
      clearTimeout(deadline);
      reject(error);
    });
  });
}

async function benchSize(size: (typeof SIZES)[number], now: Date) {
  const started = performance.now();
  const { database, hotels, cityHotels } = await openBenchDatabase(size.copies, now);
  const prepareMs = Math.round(performance.now() - started);
  const app = createApp({ db: database.db, logger: { log() {} }, version: 'bench', now: () => now });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const bodies = requestBodies(businessDate(now));
    // One checked request per body: every answer is a valid search result for the whole city.
    for (const body of bodies) {
      const response = await fetch(`${url}${BFF_PREFIX}${SEARCH_PATHS.hotels}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const { data } = v.parse(HotelSearchResponseSchema, await response.json());
      if (data.total !== cityHotels) throw new Error(`Expected ${cityHotels} hotels in ${LOCATION}, got ${data.total}`);
    }
    const runs: LoadResult[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const result = await runLoad(url, bodies);
      runs.push(result);
      console.log(
        `  ${size.name} run ${run}: p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms, ` +
          `${result.requestsPerSecond.toFixed(0)} req/s (${result.requests} requests, ${result.non2xx} non-2xx, ${result.errors} errors)`,
      );
      if (result.non2xx > 0 || result.errors > 0) throw new Error('The load run had failed requests');
    }
    return {
      size: size.name,
      hotels,
      cityHotels,
      prepareMs,
      p50: median(runs.map((run) => run.p50)),
      p95: median(runs.map((run) => run.p95)),
      p99: median(runs.map((run) => run.p99)),
      requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
    };
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database.close();
  }
}

const now = new Date();
console.log(
  `hotels-v2 for ${LOCATION}: ${CONNECTIONS} connections, ${DURATION_SECONDS} s per run, median of ${RUNS} runs, ` +
    `PGlite in memory, Node ${process.version}`,
);
const results = [];
for (const size of SIZES) {
  console.log(`preparing ${size.name} (${size.copies} clone(s) per hotel)...`);
  results.push(await benchSize(size, now));
}
console.log('\nsize   hotels  in city  p50 ms  p95 ms  p99 ms  req/s   prepare s');
for (const result of results) {
  console.log(
    `${result.size.padEnd(6)} ${String(result.hotels).padStart(6)}  ${String(result.cityHotels).padStart(7)}  ${result.p50.toFixed(0).padStart(6)}  ` +
      `${result.p95.toFixed(0).padStart(6)}  ${result.p99.toFixed(0).padStart(6)}  ${result.requestsPerSecond.toFixed(0).padStart(5)}   ${(result.prepareMs / 1000).toFixed(1).padStart(7)}`,
  );
}
const [base, scaled] = results;
if (base && scaled) {
  console.log(
    `\ncost ratio 10x / base: p50 ×${(scaled.p50 / base.p50).toFixed(2)}, p95 ×${(scaled.p95 / base.p95).toFixed(2)}, ` +
      `p99 ×${(scaled.p99 / base.p99).toFixed(2)}, time per request ×${(base.requestsPerSecond / scaled.requestsPerSecond).toFixed(2)}`,
  );
}
