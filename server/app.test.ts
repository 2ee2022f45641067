import { hc } from 'hono/client';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { HealthResponseSchema } from '../src/contract/content';
import { ErrorBodySchema } from '../src/contract/errors';
import { createMemoryLogger } from '../test/bff/memory-logger';
import { type AppType, createApp } from './app';
import type { Database } from './db/database';
import type { ErrorReporter } from './error-reporting';

/*
 * Behaviour every BFF route shares: health, errors, request logs, headers. A stand-in database is enough
 * here (content against a real database is in content/routes.test.ts), so this file starts no PGlite.
 */

type DatabaseMember = 'execute' | 'select';

/** A database with only the given members; touching any other fails the test loudly. */
function stubDatabase(members: Partial<Record<DatabaseMember, (...args: unknown[]) => unknown>>): Database {
  const stub = new Proxy(members, {
    get(target, property) {
      const member = target[property as DatabaseMember];
      if (member) return member;
      throw new Error(`The stub database has no ${String(property)}`);
    },
  });
  // The stub stands in for the drizzle database in the few members these routes call.
  return stub as unknown as Database;
}

/** A query builder chain that accepts any method call and fails when awaited, like a lost connection. */
function rejectingQuery(error: Error): unknown {
  const chain: unknown = new Proxy(() => chain, {
    get: (_target, property) =>
      property === 'then' ? (_resolve: unknown, reject: (reason: unknown) => void) => reject(error) : () => chain,
  });
  return chain;
}

const healthyDatabase = stubDatabase({ execute: async () => ({ rows: [{ '?column?': 1 }] }) });

function setup(db: Database = healthyDatabase) {
  const logger = createMemoryLogger();
  const reported: unknown[] = [];
  const errorReporter: ErrorReporter = { report: (error) => void reported.push(error), flush: async () => {} };
  const app = createApp({ db, logger, version: '1.2.3', errorReporter });
  return { app, logger, reported };
}

const SECRET = 'password=hunter2 at db.internal:5432';

describe('GET /bff/health', () => {
  it('answers 200 ok with the version when the database answers', async () => {
    const { app } = setup();
    const response = await app.request('/bff/health');
    expect(response.status).toBe(200);
    expect(v.parse(HealthResponseSchema, await response.json())).toEqual({ status: 'ok', database: 'ok', version: '1.2.3' });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503 degraded when the database fails, and logs why', async () => {
    const { app, logger } = setup(stubDatabase({ execute: async () => Promise.reject(new Error('connection refused')) }));
    const response = await app.request('/bff/health');
    expect(response.status).toBe(503);
    expect(v.parse(HealthResponseSchema, await response.json())).toEqual({ status: 'degraded', database: 'unavailable', version: '1.2.3' });
    expect(logger.lines.find((line) => line.msg.includes('database unavailable'))).toMatchObject({
      level: 'warn',
      error: { message: 'connection refused' },
    });
  });
});

describe('errors', () => {
  it('answers 404 in JSON for an unknown /bff route, whatever the method', async () => {
    const { app } = setup();
    for (const [method, path] of [['GET', '/bff/nothing/here'], ['POST', '/bff/health'], ['GET', '/bff']] as const) {
      const response = await app.request(path, { method });
      expect(response.status, `${method} ${path}`).toBe(404);
      const body = v.parse(ErrorBodySchema, await response.json());
      expect(body.error.code).toBe('not_found');
    }
  });

  it('answers 500 with a generic message and no details when a route throws, and logs and reports the error', async () => {
    const failure = new Error(SECRET);
    const { app, logger, reported } = setup(
      stubDatabase({
        select: () => {
          throw failure;
        },
      }),
    );
    const response = await app.request('/bff/content/brands');
    expect(response.status).toBe(500);
    const text = await response.text();
    const body = v.parse(ErrorBodySchema, JSON.parse(text));
    expect(body.error.code).toBe('internal');
    expect(body.error.issues).toBeUndefined();
    expect(text).not.toContain('hunter2');
    expect(text).not.toMatch(/\bat .*\.ts:\d+/);
    expect(text).not.toContain('stack');

    const logged = logger.lines.find((line) => line.msg === 'unhandled error');
    expect(logged).toMatchObject({ level: 'error', path: '/bff/content/brands', error: { message: SECRET } });
    expect(String((logged?.error as { stack?: string }).stack)).toContain('app.test.ts');
    expect(logged?.requestId).toBe(response.headers.get('x-request-id'));
    expect(reported).toEqual([failure]);
  });

  it('answers 500 the same way when the failure is asynchronous', async () => {
    const { app } = setup(stubDatabase({ select: () => rejectingQuery(new Error(SECRET)) }));
    const response = await app.request('/bff/content/brands');
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain('hunter2');
  });
});

describe('request log', () => {
  it('writes one structured line per request with the request id the client got', async () => {
    const { app, logger } = setup();
    const response = await app.request('/bff/health?token=secret-token');
    const lines = logger.lines.filter((line) => line.msg === 'request');
    expect(lines).toHaveLength(1);
    const line = lines[0];
    expect(line).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      level: 'info',
      msg: 'request',
      requestId: response.headers.get('x-request-id'),
      method: 'GET',
      path: '/bff/health',
      status: 200,
      durationMs: expect.any(Number),
    });
    expect(JSON.stringify(line)).not.toContain('secret-token');
  });

  it('logs client errors as warnings and server errors as errors', async () => {
    const { app, logger } = setup(stubDatabase({ select: () => { throw new Error('boom'); } }));
    await app.request('/bff/nothing');
    await app.request('/bff/content/brands');
    const levels = logger.lines.filter((line) => line.msg === 'request').map((line) => [line.status, line.level]);
    expect(levels).toEqual([
      [404, 'warn'],
      [500, 'error'],
    ]);
  });

  it('keeps a well-formed request id sent by the caller (a proxy or the web app)', async () => {
    const { app, logger } = setup();
    const response = await app.request('/bff/health', { headers: { 'X-Request-Id': 'edge-1234' } });
    expect(response.headers.get('x-request-id')).toBe('edge-1234');
    expect(logger.lines.at(-1)?.requestId).toBe('edge-1234');
  });
});

describe('security headers', () => {
  it('are set on successful and failed answers alike', async () => {
    const { app } = setup(stubDatabase({ execute: async () => ({ rows: [] }), select: () => { throw new Error('boom'); } }));
    for (const path of ['/bff/health', '/bff/nothing', '/bff/content/brands', '/bff/content/hotel/bad']) {
      const response = await app.request(path);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("object-src 'none'");
      expect(csp, path).toContain("base-uri 'none'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("default-src 'none'");
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('x-powered-by'), path).toBeNull();
    }
  });
});

describe('AppType', () => {
  it('lets a typed client call the routes, statuses and bodies included', async () => {
    const { app } = setup();
    const client = hc<AppType>('http://bff.test', { fetch: (input: RequestInfo | URL, init?: RequestInit) => app.request(input, init) });
    const response = await client.bff.health.$get();
    expect(response.status).toBe(200);
    if (response.status === 200) {
      const body = await response.json();
      // Compiles only if the route's answer type flowed through createApp.
      const version: string = body.version;
      expect(version).toBe('1.2.3');
    }
  });
});
