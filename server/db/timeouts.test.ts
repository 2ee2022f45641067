import { randomUUID } from 'node:crypto';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { BFF_PREFIX } from '../../src/contract/content';
import { ECOMMERCE_PATHS } from '../../src/contract/ecommerce';
import { ErrorBodySchema } from '../../src/contract/errors';
import { useTestDatabase } from '../../test/bff/database';
import { createMemoryLogger } from '../../test/bff/memory-logger';
import { createApp } from '../app';
import { withDeadline } from '../lib/deadline';
import { isDatabaseUnavailable } from './availability';
import { type DatabaseHandle, type DatabaseTimeouts, openDatabase } from './database';

/*
 * A PostgreSQL that is down, hangs or is too slow answers 503 service_unavailable, after the configured
 * timeout at most. The tests set small timeouts and wait for the answer itself; the hang limit only
 * catches a request left waiting (the driver's own default would be 30 s).
 */

const TIMEOUTS: DatabaseTimeouts = { connectMs: 300, statementMs: 300 };
const HANG_LIMIT_MS = 20_000;

const opened: DatabaseHandle[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((handle) => handle.close()));
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function appOn(databaseUrl: string, requestDeadlineMs?: number) {
  const handle = await openDatabase({ databaseUrl, timeouts: TIMEOUTS });
  opened.push(handle);
  const logger = createMemoryLogger();
  return { app: createApp({ db: handle.db, logger, version: 'test', ...(requestDeadlineMs ? { requestDeadlineMs } : {}) }), logger };
}

/** The answer, or a failure when none came within the hang limit. */
const answerOf = (pending: Response | Promise<Response>): Promise<Response> =>
  withDeadline(Promise.resolve(pending), HANG_LIMIT_MS, () => new Error(`no answer within ${HANG_LIMIT_MS} ms`));

const ROUTES = ['/content/brands?locale=en', '/content/hotels-for-dropdown?locale=en', ECOMMERCE_PATHS.cart(randomUUID())];

async function expectUnavailable(response: Response) {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('5');
  const body = v.parse(ErrorBodySchema, await response.json());
  expect(body.error.code).toBe('service_unavailable');
}

/** A server that accepts connections and never says a word, like a PostgreSQL that hangs. */
async function silentServer(): Promise<string> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => void sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(async () => {
    sockets.forEach((socket) => socket.destroy());
    await new Promise((resolve) => server.close(resolve));
  });
  return `postgres://nobody@127.0.0.1:${(server.address() as AddressInfo).port}/none`;
}

/**
 * A pass-through to the PostgreSQL at `databaseUrl` that can be frozen: from then on nothing passes in
 * either direction, as when the server is paused or the network drops packets on open connections.
 */
async function freezableProxy(databaseUrl: string): Promise<{ url: string; freeze(): void }> {
  const target = new URL(databaseUrl);
  const sockets: Socket[] = [];
  let frozen = false;
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.push(client, upstream);
    client.on('data', (chunk) => void (frozen || upstream.write(chunk)));
    upstream.on('data', (chunk) => void (frozen || client.write(chunk)));
    for (const [socket, other] of [[client, upstream], [upstream, client]] as const) {
      socket.on('error', () => other.destroy());
      socket.on('close', () => other.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(async () => {
    sockets.forEach((socket) => socket.destroy());
    await new Promise((resolve) => server.close(resolve));
  });
  const url = new URL(databaseUrl);
  url.host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: url.toString(), freeze: () => void (frozen = true) };
}

describe('a database that cannot answer', () => {
  it('is down (connection refused): routes answer 503 service_unavailable, health 503 degraded', async () => {
    const { app, logger } = await appOn('postgres://nobody@127.0.0.1:1/none');
    for (const path of ROUTES) {
      await expectUnavailable(await answerOf(app.request(`${BFF_PREFIX}${path}`)));
    }
    expect((await answerOf(app.request(`${BFF_PREFIX}/health`))).status).toBe(503);
    expect(logger.lines.find((line) => line.msg === 'database unavailable')).toMatchObject({ level: 'error', error: { cause: { code: 'ECONNREFUSED' } } });
    expect(logger.lines.some((line) => line.msg === 'unhandled error')).toBe(false);
  });

  it('hangs (accepts, never answers): the request ends with 503 at the connect timeout', async () => {
    const { app, logger } = await appOn(await silentServer());
    await expectUnavailable(await answerOf(app.request(`${BFF_PREFIX}/content/brands?locale=en`)));
    expect(logger.lines.find((line) => line.msg === 'database unavailable')).toMatchObject({ error: { cause: { code: 'CONNECT_TIMEOUT' } } });
  });

  describe.runIf(process.env.DATABASE_URL)('on PostgreSQL', () => {
    const database = useTestDatabase();

    it('is too slow (a statement waits for a lock): the statement is ended at the statement timeout and the route answers 503', async () => {
      const url = database.handle.url ?? '';
      const { app } = await appOn(url);
      const locker = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await locker.begin(async (transaction) => {
          await transaction`lock table brands in access exclusive mode`;
          await expectUnavailable(await answerOf(app.request(`${BFF_PREFIX}/content/brands?locale=en`)));
        });
      } finally {
        await locker.end();
      }
    });

    it('freezes on a connection already open: the request deadline answers 503', async () => {
      const proxy = await freezableProxy(database.handle.url ?? '');
      const { app, logger } = await appOn(proxy.url, 1_000);
      expect((await answerOf(app.request(`${BFF_PREFIX}/content/brands?locale=en`))).status).toBe(200);
      proxy.freeze();
      // The pool's open connection is reused; the server's statement timeout cannot help, as no statement arrives.
      await expectUnavailable(await answerOf(app.request(`${BFF_PREFIX}/content/hotels-for-dropdown?locale=en`)));
      expect(logger.lines.some((line) => line.msg === 'request deadline exceeded')).toBe(true);
    });

    it('ends a statement that runs longer than the statement timeout (57014)', async () => {
      const handle = await openDatabase({ databaseUrl: database.handle.url ?? '', timeouts: TIMEOUTS });
      opened.push(handle);
      const failure = await handle.db.execute(sql`select pg_sleep(30)`).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(isDatabaseUnavailable(failure)).toBe(true);
      expect((failure as Error).cause).toMatchObject({ code: '57014' });
    });
  });
});
