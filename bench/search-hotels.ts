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
import { createScratchPostgresDatabase } from '../test/bff/database';
import type { LoadOptions, LoadResult } from './load-worker';
import { addHotelCopies } from './scaled-seed';

/*
 * Load test of hotel search (npm run bench). For each data size: a fresh embedded database (PGlite in
 * memory: the seed plus clones of every hotel), the BFF in this process on a free loopback port, then
 * autocannon in a worker thread (so the load generator does not share the server's thread) against
 * hotels-v2 for Berlin: 50 connections for 10 s, three times, then the same with one connection (the
 * latency of a request that does not queue behind others). Reported: the medians over the three runs of
 * p50, p95 and p99 latency, requests per second and the server thread's CPU time per request (which
 * other load on the machine hardly changes), and the ratio between the two sizes.
 *
 * Sizes: "base" is the seed with one clone per hotel (138 hotels; Berlin has 10, a city of 10+ hotels),
 * "10x" has nineteen clones per hotel (1380 hotels; Berlin 100): ten times the base.
 * Requests rotate over 24 bodies (arrivals 1 to 8 weeks ahead, 1 to 3 nights, one or two rooms, with and
 * without children), so consecutive requests of a connection differ.
 *
 * BENCH_SECONDS shortens the runs (a quick check of the script itself). BENCH_DATABASE_URL=postgres://...
 * runs the same on a scratch database of that PostgreSQL server instead of PGlite, dropped afterwards.
 */

const CONNECTIONS = [50, 1];
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = 3;
const LOCATION = 'Berlin';
const SEEDED_HOTELS_IN_LOCATION = 5;
const SIZES = [
  { name: 'base', copies: 1 },
  { name: '10x', copies: 19 },
] as const;
const POSTGRES_SERVER = process.env.BENCH_DATABASE_URL;

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

/** A fresh, seeded and scaled database: PGlite in memory, or a scratch database on BENCH_DATABASE_URL. */
async function openBenchDatabase(copies: number, now: Date): Promise<{ database: DatabaseHandle; hotels: number }> {
  const scratch = POSTGRES_SERVER ? await createScratchPostgresDatabase(POSTGRES_SERVER) : undefined;
  const opened = await openDatabase(scratch ? { databaseUrl: scratch.url } : { inMemory: true });
  const database: DatabaseHandle = {
    ...opened,
    async close() {
      await opened.close();
      await scratch?.drop();
    },
  };
  try {
    await migrate(database.db);
    await seedIfEmpty(database.db, now);
    const { hotels } = await addHotelCopies(database.db, copies, now);
    return { database, hotels };
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
function runLoad(url: string, connections: number, bodies: readonly HotelSearchRequest[]): Promise<LoadResult> {
  const options: LoadOptions = {
    url,
    connections,
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

interface Summary {
  size: string;
  connections: number;
  hotels: number;
  cityHotels: number;
  prepareSeconds: number;
  p50: number;
  p95: number;
  p99: number;
  requestsPerSecond: number;
  /**
   * CPU time of the server's thread per request answered (the load generator has a thread of its own):
   * unlike latency and throughput, it hardly moves when other processes compete for the machine.
   */
  cpuMsPerRequest: number;
  /** Connection errors and timeouts (10 s) over the runs. */
  errors: number;
}

async function benchSize(size: (typeof SIZES)[number], now: Date): Promise<Summary[]> {
  const started = performance.now();
  const { database, hotels } = await openBenchDatabase(size.copies, now);
  const prepareSeconds = (performance.now() - started) / 1000;
  const cityHotels = SEEDED_HOTELS_IN_LOCATION * (size.copies + 1);
  const app = createApp({ db: database.db, logger: { log() {} }, version: 'bench', now: () => now });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const bodies = requestBodies(businessDate(now));
    // One checked request per body (this also warms up): each answer is a valid search of the whole city.
    for (const body of bodies) {
      const response = await fetch(`${url}${BFF_PREFIX}${SEARCH_PATHS.hotels}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const { data } = v.parse(HotelSearchResponseSchema, await response.json());
      if (data.total !== cityHotels) throw new Error(`Expected ${cityHotels} hotels in ${LOCATION}, got ${data.total}`);
    }
    const summaries: Summary[] = [];
    for (const connections of CONNECTIONS) {
      const runs: (LoadResult & { cpuMsPerRequest: number })[] = [];
      for (let run = 1; run <= RUNS; run += 1) {
        const cpuBefore = process.threadCpuUsage();
        const load = await runLoad(url, connections, bodies);
        const cpu = process.threadCpuUsage(cpuBefore);
        const result = { ...load, cpuMsPerRequest: (cpu.user + cpu.system) / 1000 / Math.max(1, load.requests) };
        runs.push(result);
        console.log(
          `  ${size.name}, ${connections} connection(s), run ${run}: p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms, ` +
            `${result.requestsPerSecond.toFixed(0)} req/s, server CPU ${result.cpuMsPerRequest.toFixed(3)} ms/request ` +
            `(${result.requests} requests, ${result.non2xx} non-2xx, ${result.errors} errors)`,
        );
        // A wrong answer stops the benchmark; requests that time out under overload are reported, not hidden.
        if (result.non2xx > 0) throw new Error('The load run had answers other than 2xx');
      }
      summaries.push({
        size: size.name,
        connections,
        hotels,
        cityHotels,
        prepareSeconds,
        p50: median(runs.map((run) => run.p50)),
        p95: median(runs.map((run) => run.p95)),
        p99: median(runs.map((run) => run.p99)),
        requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
        cpuMsPerRequest: median(runs.map((run) => run.cpuMsPerRequest)),
        errors: runs.reduce((total, run) => total + run.errors, 0),
      });
    }
    return summaries;
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database.close();
  }
}

const now = new Date();
console.log(
  `hotels-v2 for ${LOCATION}: ${CONNECTIONS.join(' and ')} connection(s), ${DURATION_SECONDS} s per run, median of ${RUNS} runs, ` +
    `${POSTGRES_SERVER ? 'PostgreSQL' : 'PGlite in memory'}, Node ${process.version}`,
);
const summaries: Summary[] = [];
for (const size of SIZES) {
  console.log(`preparing ${size.name} (${size.copies} clone(s) per hotel)...`);
  summaries.push(...(await benchSize(size, now)));
}
const cell = (value: number | string, width: number) => String(value).padStart(width);
console.log(
  `\n${'size'.padEnd(5)} ${cell('hotels', 6)} ${cell('in city', 7)} ${cell('conn', 4)} ${cell('p50 ms', 7)} ${cell('p95 ms', 7)} ${cell('p99 ms', 7)} ` +
    `${cell('req/s', 6)} ${cell('cpu ms/req', 10)} ${cell('errors', 6)} ${cell('prepare s', 9)}`,
);
for (const row of summaries) {
  console.log(
    `${row.size.padEnd(5)} ${cell(row.hotels, 6)} ${cell(row.cityHotels, 7)} ${cell(row.connections, 4)} ${cell(row.p50, 7)} ${cell(row.p95, 7)} ` +
      `${cell(row.p99, 7)} ${cell(row.requestsPerSecond.toFixed(0), 6)} ${cell(row.cpuMsPerRequest.toFixed(3), 10)} ${cell(row.errors, 6)} ` +
      `${cell(row.prepareSeconds.toFixed(1), 9)}`,
  );
}
// Latencies are whole milliseconds (autocannon's histogram): a ratio to 0 ms says nothing and is left out.
const ratio = (scaled: number, base: number) => (base > 0 ? `×${(scaled / base).toFixed(2)}` : 'n/a (base under 1 ms)');
for (const connections of CONNECTIONS) {
  const base = summaries.find((row) => row.size === 'base' && row.connections === connections);
  const scaled = summaries.find((row) => row.size === '10x' && row.connections === connections);
  if (!base || !scaled) continue;
  console.log(
    `cost ratio 10x / base at ${connections} connection(s): p50 ${ratio(scaled.p50, base.p50)}, p95 ${ratio(scaled.p95, base.p95)}, ` +
      `p99 ${ratio(scaled.p99, base.p99)}, time per request (1 / req/s) ${ratio(base.requestsPerSecond, scaled.requestsPerSecond)}, ` +
      `server CPU per request ${ratio(scaled.cpuMsPerRequest, base.cpuMsPerRequest)}`,
  );
}
