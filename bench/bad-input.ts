import { mkdtemp, rm } from 'node:fs/promises';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import * as v from 'valibot';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { Database } from '../server/db/database';
import { DEMO_MEMBERS, DEMO_PASSWORD } from '../server/db/seed/members';
import { addDays, businessDate } from '../server/lib/calendar';
import type { Logger } from '../server/logger';
import { startServer } from '../server/start';
import { AUTH_PATHS, LoginResponseSchema } from '../src/contract/auth';
import { BFF_PREFIX } from '../src/contract/content';
import { CartResponseSchema, ECOMMERCE_PATHS } from '../src/contract/ecommerce';
import { type BadRequest, badRequests, type Fixtures, sampleBodies } from '../test/bff/bad-input';
import { createScratchPostgresDatabase } from '../test/bff/database';
import { type ClientsOptions, type ClientsResult, send, timed } from './bad-input-clients';

/*
 * Bad input against a real server (npm run bench:bad-input): the whole process (startServer, BFF only)
 * on 127.0.0.1 with a temporary data folder (PGlite), or a scratch database of its own with
 * DATABASE_URL=postgres://... (dropped afterwards). The requests are the fuzz test's
 * (test/bff/bad-input.ts) for every route of the BFF, one poison per field: NUL bytes, halves of surrogate
 * pairs, broken escapes, impossible dates, huge numbers and lists, a 10 MB body, wrong types.
 *
 * 1. Every bad request once, one at a time: the number of 5xx answers (goal 0) and the slowest answer
 *    (goal under 100 ms), as the client sees it and as the server's request log has it (a 10 MB body
 *    takes a while to send over loopback even when the server answers 413 on its first bytes).
 * 2. 20 clients sending the refused requests at once (each ROUNDS_PER_CLIENT requests) while one more asks
 *    /bff/health over and over: its latency (median, max), next to the same without the load.
 */

const CONCURRENT_CLIENTS = 20;
const ROUNDS_PER_CLIENT = Number(process.env.BENCH_ROUNDS ?? 150);
const IDLE_HEALTH_SAMPLES = 50;
const SLOWEST_SHOWN = 5;

const quiet: Logger = { log: () => {} };

/** The server's own time for each refused request, from its request log (without the time on the wire). */
const serverTimes: { ms: number; what: string }[] = [];
const requestTimes: Logger = {
  log(_, message, fields) {
    const status = Number(fields?.status ?? 0);
    if (message === 'request' && status >= 400) serverTimes.push({ ms: Number(fields?.durationMs ?? 0), what: `${String(fields?.method)} ${String(fields?.path)} ${status}` });
  },
};

/** The BFF's routes, read from an app that is built but never asked anything (no database needed for that). */
function bffRoutes() {
  return createApp({ db: {} as Database, logger: quiet, version: 'routes' }).routes;
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

/** The health probe keeps its own connection, as a load balancer's would. */
const healthAgent = new Agent({ keepAlive: true, maxSockets: 1 });

async function health(base: string): Promise<number> {
  const started = performance.now();
  const answer = await send(`${base}${BFF_PREFIX}/health`, { method: 'GET', headers: {}, agent: healthAgent });
  if (answer.status !== 200) throw new Error(`/bff/health answered ${answer.status}`);
  return performance.now() - started;
}

async function signIn(base: string): Promise<string> {
  const answer = await send(`${base}${BFF_PREFIX}${AUTH_PATHS.passwordLogin}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_MEMBERS.withPassword, password: DEMO_PASSWORD }),
  });
  const result = v.parse(LoginResponseSchema, JSON.parse(answer.body)).data;
  if (result.result !== 'Authenticated') throw new Error(`The demo member did not sign in: ${result.result}`);
  return result.token;
}

async function cartFixtures(base: string, token: string, firstDay: string): Promise<Fixtures> {
  const answer = await send(`${base}${BFF_PREFIX}${ECOMMERCE_PATHS.carts}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(sampleBodies(firstDay, {})['POST /bff/ecommerce/cart']),
  });
  const cart = v.parse(CartResponseSchema, JSON.parse(answer.body)).data;
  const stay = cart.stays[0];
  return { cartId: cart.cart_id, stayId: stay?.stay_id ?? '', roomStayId: stay?.room_stays[0]?.room_stay_id ?? '' };
}

async function run(databaseUrl: string | undefined): Promise<void> {
  const workDir = await mkdtemp(join(tmpdir(), 'bench-bad-input-'));
  const config = { ...loadConfig({}), host: '127.0.0.1', dataDir: join(workDir, 'data'), databaseUrl };
  const server = await startServer({ config, port: 0, logger: requestTimes, serveStatic: false });
  try {
    const base = server.url.replace(/\/$/, '');
    const firstDay = addDays(businessDate(new Date()), 30);
    let token = await signIn(base);
    const fixtures = await cartFixtures(base, token, firstDay);
    const requests = badRequests(bffRoutes(), fixtures, firstDay, { everyPoison: false });

    // 1. One at a time.
    let serverErrors = 0;
    // Refused requests only: a request that happens to be valid (the control of each route, or a poison
    // the field takes, such as a long text in a free-text field) does the route's real work.
    const times: { ms: number; label: string }[] = [];
    const refused: BadRequest[] = [];
    let accepted = 0;
    const serverErrorLabels: string[] = [];
    for (const request of requests) {
      const answer = await timed(base, request, token);
      if (answer.status >= 500) {
        serverErrors += 1;
        serverErrorLabels.push(`${answer.status} ${request.label}`);
      }
      if (answer.status >= 400 || answer.status === 0) {
        times.push({ ms: answer.ms, label: request.label });
        refused.push(request);
      } else accepted += 1;
      if (answer.status === 401 && request.signedIn) token = await signIn(base);
    }

    const serverSlowest = [...serverTimes].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST_SHOWN);

    // 2. Health while 20 clients send bad requests.
    const idle: number[] = [];
    for (let index = 0; index < IDLE_HEALTH_SAMPLES; index++) idle.push(await health(base));
    const options: ClientsOptions = { base, token, requests: refused, clients: CONCURRENT_CLIENTS, rounds: ROUNDS_PER_CLIENT };
    const worker = new Worker(new URL('./bad-input-clients.ts', import.meta.url), { workerData: options });
    const loading = { done: false };
    const loadDone = new Promise<ClientsResult>((resolve, reject) => {
      worker.once('message', (result: ClientsResult) => resolve(result));
      worker.once('error', reject);
    }).finally(() => {
      loading.done = true;
    });
    const underLoad: number[] = [];
    while (!loading.done) underLoad.push(await health(base));
    const { answers: loadAnswers, serverErrors: loadErrors } = await loadDone;
    await worker.terminate();

    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(`${databaseUrl ? 'PostgreSQL' : 'embedded (PGlite)'}: ${requests.length} bad requests over ${new Set(requests.map((r) => r.label.split(':')[0])).size} routes`);
    console.log(`  5xx answers: ${serverErrors}${serverErrorLabels.length > 0 ? `\n    ${serverErrorLabels.slice(0, 20).join('\n    ')}` : ''}`);
    times.sort((a, b) => b.ms - a.ms);
    const slowest = times.slice(0, SLOWEST_SHOWN).map((time) => `${ms(time.ms)} ${time.label.slice(0, 100)}`);
    console.log(`  refused: ${times.length}, accepted (valid after all): ${accepted}`);
    console.log(`  slowest answers to a bad request:\n    ${slowest.join('\n    ')}`);
    const small = times.filter((time) => !time.label.endsWith('10 MB body'));
    console.log(`  slowest answer to a bad request without the 10 MB bodies: ${ms(small[0]?.ms ?? 0)} ${small[0]?.label.slice(0, 100) ?? ''}`);
    console.log(`  slowest in the server (request log, without the wire):\n    ${serverSlowest.map((time) => `${ms(time.ms)} ${time.what}`).join('\n    ')}`);
    console.log(`  answers to bad requests: median ${ms(percentile(times.map((time) => time.ms), 0.5))}, p99 ${ms(percentile(times.map((time) => time.ms), 0.99))}`);
    console.log(`  /bff/health idle: median ${ms(percentile(idle, 0.5))}, max ${ms(Math.max(...idle))} (${idle.length} requests)`);
    console.log(
      `  /bff/health with ${CONCURRENT_CLIENTS} clients sending bad requests: median ${ms(percentile(underLoad, 0.5))}, max ${ms(Math.max(...underLoad))} (${underLoad.length} requests; ${loadAnswers} bad requests, ${loadErrors} answered 5xx)`,
    );
  } finally {
    healthAgent.destroy();
    await server.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

const serverUrl = process.env.DATABASE_URL;
if (serverUrl) {
  const scratch = await createScratchPostgresDatabase(serverUrl);
  try {
    await run(scratch.url);
  } finally {
    await scratch.drop();
  }
} else {
  await run(undefined);
}
