import { inArray } from 'drizzle-orm';
import { createAuth } from '../server/auth/core';
import type { Database } from '../server/db/database';
import { members } from '../server/db/schema';
import { DEMO_MEMBERS } from '../server/db/seed/members';
import { businessDate } from '../server/lib/calendar';
import { BFF_PREFIX } from '../src/contract/content';
import { LOYALTY_PATHS } from '../src/contract/loyalty';
import { addBenchMembers } from './member-seed';
import { cell, CONNECTIONS, databaseLabel, DURATION_SECONDS, type Measured, measure, openBenchDatabase, RUNS, serveBench, SIZES } from './harness';
import type { LoadRequest } from './load-worker';

/*
 * Load test of the member area's two heaviest reads (npm run bench:member): GET points-history-v2 of this
 * year and GET bookings, each signed in, at 50 connections and at one, three runs each, reported as medians
 * with the server thread's CPU time per request (bench/harness.ts).
 *
 * Data: the seed at the base size (138 hotels), its demo members, and BENCH_MEMBERS (default 500) more
 * members, each with a copy of the demo member Anna's history (about three years of points entries) and
 * her three bookings four times over (bench/member-seed.ts), so the ledger and the orders are not only the
 * demo's few rows. Each route's requests rotate over VARIANTS members (Anna and Omar among them), each with
 * a session token minted the way the tests mint them (the session store and token service on the same
 * database); every request is asked once and must answer 200 before the load starts.
 *
 * BENCH_SECONDS shortens the runs; BENCH_DATABASE_URL=postgres://... runs on PostgreSQL (bench/harness.ts).
 */

const VARIANTS = 48;
const BENCH_MEMBERS = Number(process.env.BENCH_MEMBERS ?? 500);
const BOOKING_COPIES = 4;

/** Session tokens of VARIANTS members: the two demo members with a history, and bench members spread over all of them. */
async function memberTokens(db: Database, now: Date): Promise<string[]> {
  const auth = createAuth({ db, logger: { log() {} }, now: () => now });
  const step = Math.max(1, Math.floor(BENCH_MEMBERS / (VARIANTS - 2)));
  const picked = Array.from({ length: VARIANTS - 2 }, (_, index) => `bench.member.${1 + ((index * step) % BENCH_MEMBERS)}@example.com`);
  const rows = await db
    .select({ id: members.id, guid: members.guid, email: members.email })
    .from(members)
    .where(inArray(members.email, [DEMO_MEMBERS.withPassword, DEMO_MEMBERS.codeOnly, ...picked]));
  const tokens: string[] = [];
  for (const member of rows) {
    const { session } = await auth.sessions.create(member.id);
    tokens.push(await auth.tokens.accessToken({ memberGuid: member.guid, sessionId: session.sessionId, email: member.email }));
  }
  if (tokens.length < 2) throw new Error('The bench members are missing');
  return tokens;
}

const signedGet = (path: string, token: string): LoadRequest => ({
  method: 'GET',
  path: `${BFF_PREFIX}${path}`,
  headers: { authorization: `Bearer ${token}` },
});

/** Each request once, checked for 200 (this also warms the server up). */
async function check(url: string, name: string, requests: readonly LoadRequest[]): Promise<void> {
  for (const request of requests) {
    const response = await fetch(`${url}${request.path}`, { method: request.method, headers: request.headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${name}: ${request.method} ${request.path} answered ${response.status}`);
  }
}

interface Summary extends Measured {
  route: string;
  connections: number;
}

const now = new Date();
const year = businessDate(now).slice(0, 4);
console.log(
  `member area reads: ${CONNECTIONS.join(' and ')} connection(s), ${DURATION_SECONDS} s per run, median of ${RUNS} runs, ` +
    `${databaseLabel()}, Node ${process.version}`,
);
const started = performance.now();
const size = SIZES[0];
const { database, hotels } = await openBenchDatabase(size.copies, now);
const summaries: Summary[] = [];
try {
  const totals = await addBenchMembers(database.db, BENCH_MEMBERS, BOOKING_COPIES);
  console.log(
    `  ${hotels} hotels, ${totals.members} members, ${totals.entries} points entries, ${totals.orders} orders; ` +
      `prepared in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const tokens = await memberTokens(database.db, now);
  const routes = [
    { name: 'points-history-v2', requests: tokens.map((token) => signedGet(`${LOYALTY_PATHS.pointsHistory}?year=${year}`, token)) },
    { name: 'bookings', requests: tokens.map((token) => signedGet(LOYALTY_PATHS.bookings, token)) },
  ];
  const server = await serveBench(database.db, now);
  try {
    for (const route of routes) {
      await check(server.url, route.name, route.requests);
      for (const connections of CONNECTIONS) {
        const measured = await measure(route.name, server.url, connections, route.requests);
        summaries.push({ route: route.name, connections, ...measured });
      }
    }
  } finally {
    await server.close();
  }
} finally {
  await database.close();
}

const width = Math.max(5, ...summaries.map((row) => row.route.length));
console.log(
  `\n${'route'.padEnd(width)} ${cell('conn', 4)} ${cell('p50 ms', 7)} ${cell('p95 ms', 7)} ${cell('p99 ms', 7)} ` +
    `${cell('req/s', 6)} ${cell('cpu ms/req', 10)} ${cell('errors', 6)}`,
);
for (const row of summaries) {
  console.log(
    `${row.route.padEnd(width)} ${cell(row.connections, 4)} ${cell(row.p50, 7)} ${cell(row.p95, 7)} ${cell(row.p99, 7)} ` +
      `${cell(row.requestsPerSecond.toFixed(0), 6)} ${cell(row.cpuMsPerRequest.toFixed(3), 10)} ${cell(row.errors, 6)}`,
  );
}
