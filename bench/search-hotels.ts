import * as v from 'valibot';
import { addDays, businessDate } from '../server/lib/calendar';
import { BFF_PREFIX } from '../src/contract/content';
import { type HotelSearchRequest, HotelSearchResponseSchema, SEARCH_PATHS } from '../src/contract/search';
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
 * Load test of hotel search (npm run bench:search). For each data size (bench/harness.ts): a fresh
 * embedded database (PGlite in memory: the seed plus clones of every hotel), the BFF in this process on a
 * free loopback port, then autocannon in a worker thread (so the load generator does not share the
 * server's thread) against hotels-v2 for Berlin: 50 connections for 10 s, three times, then the same with
 * one connection (the latency of a request that does not queue behind others). Reported: the medians over
 * the three runs of p50, p95 and p99 latency, requests per second and the server thread's CPU time per
 * request (which other load on the machine hardly changes), and the ratio between the two sizes.
 *
 * In the base size Berlin has 10 hotels (a city of 10+ hotels), in the 10x size 100.
 * Requests rotate over 24 bodies (arrivals 1 to 8 weeks ahead, 1 to 3 nights, one or two rooms, with and
 * without children), so consecutive requests of a connection differ. From its second request on, each is
 * answered from search's answer cache while the inventory stays as it is (decision record 0039): this
 * measures a busy search asked again, not one never asked before (bench/search-answers.ts measures both).
 *
 * BENCH_SECONDS shortens the runs; BENCH_DATABASE_URL=postgres://... runs on PostgreSQL (bench/harness.ts).
 */

const LOCATION = 'Berlin';
const SEEDED_HOTELS_IN_LOCATION = 5;

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

interface Summary extends Measured {
  size: string;
  connections: number;
  hotels: number;
  cityHotels: number;
  prepareSeconds: number;
}

async function benchSize(size: Size, now: Date): Promise<Summary[]> {
  const started = performance.now();
  const { database, hotels } = await openBenchDatabase(size.copies, now);
  const prepareSeconds = (performance.now() - started) / 1000;
  const cityHotels = SEEDED_HOTELS_IN_LOCATION * (size.copies + 1);
  const server = await serveBench(database.db, now);
  try {
    const bodies = requestBodies(businessDate(now));
    // One checked request per body (this also warms up): each answer is a valid search of the whole city.
    for (const body of bodies) {
      const response = await fetch(`${server.url}${BFF_PREFIX}${SEARCH_PATHS.hotels}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const { data } = v.parse(HotelSearchResponseSchema, await response.json());
      if (data.total !== cityHotels) throw new Error(`Expected ${cityHotels} hotels in ${LOCATION}, got ${data.total}`);
    }
    const requests: LoadRequest[] = bodies.map((body) => ({
      method: 'POST',
      path: `${BFF_PREFIX}${SEARCH_PATHS.hotels}`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }));
    const summaries: Summary[] = [];
    for (const connections of CONNECTIONS) {
      const measured = await measure(size.name, server.url, connections, requests);
      summaries.push({ size: size.name, connections, hotels, cityHotels, prepareSeconds, ...measured });
    }
    return summaries;
  } finally {
    await server.close();
    await database.close();
  }
}

const now = new Date();
console.log(
  `hotels-v2 for ${LOCATION}: ${CONNECTIONS.join(' and ')} connection(s), ${DURATION_SECONDS} s per run, median of ${RUNS} runs, ` +
    `${databaseLabel()}, Node ${process.version}`,
);
const summaries: Summary[] = [];
for (const size of SIZES) {
  console.log(`preparing ${size.name} (${size.copies} clone(s) per hotel)...`);
  summaries.push(...(await benchSize(size, now)));
}
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
for (const connections of CONNECTIONS) {
  const base = summaries.find((row) => row.size === 'base' && row.connections === connections);
  const scaled = summaries.find((row) => row.size === '10x' && row.connections === connections);
  if (base && scaled) console.log(`cost ratio 10x / base at ${connections} connection(s): ${ratioLine(base, scaled)}`);
}
