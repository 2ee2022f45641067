import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

/*
 * Runs one autocannon load in its own thread, so generating load does not compete with the server for
 * the main thread, and answers with exact latency percentiles: autocannon's own summary has p90 and p97.5
 * but no p95, so the raw latency histogram (an HdrHistogram) is decoded with autocannon's own helper.
 */

export interface LoadOptions {
  url: string;
  connections: number;
  durationSeconds: number;
  requests: LoadRequest[];
}

/** One request of the rotation: a GET of a path, or a POST with its JSON body. */
export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  p50: number;
  p95: number;
  p99: number;
  requestsPerSecond: number;
  requests: number;
  non2xx: number;
  errors: number;
}

interface RawResult {
  latencies: string;
  totalCompletedRequests: number;
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

interface Histogram {
  getValueAtPercentile(percentile: number): number;
  destroy(): void;
}

const require = createRequire(import.meta.url);
const { decodeHist } = require('autocannon/lib/histUtil.js') as { decodeHist(encoded: string): Histogram };

const options = workerData as LoadOptions;
const raw = (await autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.durationSeconds,
  timeout: 10,
  skipAggregateResult: true,
  requests: options.requests,
})) as unknown as RawResult;

const latencies = decodeHist(raw.latencies);
const result: LoadResult = {
  p50: latencies.getValueAtPercentile(50),
  p95: latencies.getValueAtPercentile(95),
  p99: latencies.getValueAtPercentile(99),
  requestsPerSecond: raw.totalCompletedRequests / raw.duration,
  requests: raw.totalCompletedRequests,
  non2xx: raw.non2xx,
  errors: raw.errors + raw.timeouts,
};
latencies.destroy();
parentPort?.postMessage(result);
