import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { serve } from '@hono/node-server';
import { createApp } from '../server/app';
import { type Database, type DatabaseHandle, migrate, openDatabase } from '../server/db/database';
import { seedIfEmpty } from '../server/db/seed';
import { createScratchPostgresDatabase } from '../test/bff/database';
import type { LoadOptions, LoadRequest, LoadResult } from './load-worker';
import { addHotelCopies } from './scaled-seed';

/*
 * What the load benchmarks share: the data sizes, a fresh seeded and scaled database per size, the BFF
 * served in this process on a free loopback port, and load runs in a worker thread (bench/load-worker.ts)
 * summarised as the medians of RUNS runs, with the server thread's CPU time per request.
 *
 * BENCH_SECONDS shortens the runs (a quick check of a script). BENCH_DATABASE_URL=postgres://... runs on a
 * scratch database of that PostgreSQL server instead of PGlite in memory, dropped afterwards.
 */

export const CONNECTIONS = [50, 1] as const;
export const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const RUNS = 3;
export const POSTGRES_SERVER = process.env.BENCH_DATABASE_URL;

/**
 * "base" is the seed with one clone per hotel (138 hotels), "10x" has nineteen clones per hotel (1380
 * hotels): ten times the base.
 */
export const SIZES = [
  { name: 'base', copies: 1 },
  { name: '10x', copies: 19 },
] as const;
export type Size = (typeof SIZES)[number];

export function databaseLabel(): string {
  return POSTGRES_SERVER ? 'PostgreSQL' : 'PGlite in memory';
}

/** A fresh, seeded and scaled database: PGlite in memory, or a scratch database on BENCH_DATABASE_URL. */
export async function openBenchDatabase(copies: number, now: Date): Promise<{ database: DatabaseHandle; hotels: number }> {
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

/** The BFF on a free loopback port, with a fixed clock; `close` stops it (the database stays open). */
export async function serveBench(db: Database, now: Date): Promise<{ url: string; close: () => Promise<void> }> {
  const app = createApp({ db, logger: { log() {} }, version: 'bench', now: () => now });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** One load run in a worker thread; a run that does not finish in time is stopped. */
function runLoad(url: string, connections: number, requests: readonly LoadRequest[]): Promise<LoadResult> {
  const options: LoadOptions = { url, connections, durationSeconds: DURATION_SECONDS, requests: [...requests] };
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

export interface Measured {
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

/**
 * RUNS load runs of `requests` (rotated over by every connection) and their medians. Each run is logged;
 * an answer other than 2xx stops the benchmark, while requests that time out under overload are
 * reported, not hidden.
 */
export async function measure(label: string, url: string, connections: number, requests: readonly LoadRequest[]): Promise<Measured> {
  const runs: (LoadResult & { cpuMsPerRequest: number })[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const cpuBefore = process.threadCpuUsage();
    const load = await runLoad(url, connections, requests);
    const cpu = process.threadCpuUsage(cpuBefore);
    const result = { ...load, cpuMsPerRequest: (cpu.user + cpu.system) / 1000 / Math.max(1, load.requests) };
    runs.push(result);
    console.log(
      `  ${label}, ${connections} connection(s), run ${run}: p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms, ` +
        `${result.requestsPerSecond.toFixed(0)} req/s, server CPU ${result.cpuMsPerRequest.toFixed(3)} ms/request ` +
        `(${result.requests} requests, ${result.non2xx} non-2xx, ${result.errors} errors)`,
    );
    if (result.non2xx > 0) throw new Error(`${label}: the load run had answers other than 2xx`);
  }
  return {
    p50: median(runs.map((run) => run.p50)),
    p95: median(runs.map((run) => run.p95)),
    p99: median(runs.map((run) => run.p99)),
    requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
    cpuMsPerRequest: median(runs.map((run) => run.cpuMsPerRequest)),
    errors: runs.reduce((total, run) => total + run.errors, 0),
  };
}

export const cell = (value: number | string, width: number) => String(value).padStart(width);

/** `scaled / base` as `×1.23`. Latencies are whole milliseconds (autocannon's histogram): a ratio to 0 ms says nothing. */
export const ratio = (scaled: number, base: number) => (base > 0 ? `×${(scaled / base).toFixed(2)}` : 'n/a (base under 1 ms)');

/** The 10x / base comparison of one route at one connection count, in one line. */
export function ratioLine(base: Measured, scaled: Measured): string {
  return (
    `p50 ${ratio(scaled.p50, base.p50)}, p95 ${ratio(scaled.p95, base.p95)}, p99 ${ratio(scaled.p99, base.p99)}, ` +
    `time per request (1 / req/s) ${ratio(base.requestsPerSecond, scaled.requestsPerSecond)}, ` +
    `server CPU per request ${ratio(scaled.cpuMsPerRequest, base.cpuMsPerRequest)}`
  );
}
