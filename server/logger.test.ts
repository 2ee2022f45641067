import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/bff/database';
import { members } from './db/schema';
import { createJsonLogger, type ErrorDescription, idFingerprint, redactPath, reportableError, toLogLine } from './logger';

describe('createJsonLogger', () => {
  it('writes one JSON object per line, errors with their stack', () => {
    const lines: string[] = [];
    const logger = createJsonLogger({ write: (line) => void lines.push(line) });
    logger.log('error', 'failed', { requestId: 'r1', error: new Error('boom') });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.endsWith('\n')).toBe(true);
    const parsed = JSON.parse(lines[0] ?? '') as Record<string, unknown>;
    expect(parsed).toMatchObject({ level: 'error', msg: 'failed', requestId: 'r1', error: { name: 'Error', message: 'boom' } });
    expect((parsed.error as { stack: string }).stack).toContain('logger.test.ts');
  });

  it('drops lines below the minimum level', () => {
    const lines: string[] = [];
    const logger = createJsonLogger({ minLevel: 'warn', write: (line) => void lines.push(line) });
    logger.log('info', 'request');
    logger.log('debug', 'detail');
    logger.log('warn', 'slow');
    logger.log('error', 'failed');
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['slow', 'failed']);
  });
});

describe('toLogLine', () => {
  it('keeps the cause of an error', () => {
    const line = toLogLine('error', 'failed', { error: new Error('Failed query', { cause: new Error('relation does not exist') }) });
    expect(line.error).toMatchObject({ message: 'Failed query', cause: { message: 'relation does not exist' } });
  });

  it('puts time, level and message first', () => {
    expect(Object.keys(toLogLine('info', 'hello', { a: 1 }, new Date(0)))).toEqual(['time', 'level', 'msg', 'a']);
  });
});

describe('errors in the log', () => {
  const database = useTestDatabase({ seed: false });
  const EMAIL = 'secret.guest@example.com';
  const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA';

  /** Runs a statement expected to fail and logs the error as the error handler does, through the JSON logger. */
  async function loggedFailure(run: () => Promise<unknown>): Promise<string> {
    const error = await run().then(
      () => expect.unreachable('the statement should fail'),
      (caught: unknown) => caught,
    );
    const lines: string[] = [];
    createJsonLogger({ write: (line) => void lines.push(line) }).log('error', 'unhandled error', { error, nested: { errors: [error] } });
    return lines.join('');
  }

  const member = () => ({ guid: randomUUID(), email: EMAIL, firstName: 'Secret', lastName: 'Guest', locale: 'en' as const, passwordHash: HASH, createdAt: sql`null` });

  it('keep no parameters of a failed query (an email, a password hash), only names and the SQLSTATE', async () => {
    // created_at null: a not-null violation, whose detail repeats the whole row.
    const line = await loggedFailure(() => database.db.insert(members).values(member()));
    expect(line).not.toContain(EMAIL);
    expect(line).not.toContain('secret.guest');
    expect(line).not.toContain('argon2id$v=19');
    const logged = JSON.parse(line) as { error: ErrorDescription };
    expect(logged.error).toMatchObject({ message: 'Failed query', query: expect.stringMatching(/^insert into "members"/), cause: { code: '23502', table: 'members', column: 'created_at' } });
    expect(logged.error.stack).toMatch(/^\s+at /);
  });

  it('keep no value the database quotes back in its message', async () => {
    const line = await loggedFailure(() => database.db.execute(sql`select ${EMAIL}::uuid`));
    expect(line).not.toContain('secret.guest');
    expect(JSON.parse(line)).toMatchObject({ error: { cause: { code: '22P02', message: expect.stringContaining('uuid') } } });
  });
});

describe('redactPath', () => {
  it('replaces ids and tokens, and keeps route names and short codes', () => {
    const cart = randomUUID();
    expect(redactPath(`/bff/ecommerce/cart/${cart}/stays/${randomUUID()}`)).toBe('/bff/ecommerce/cart/:id/stays/:id');
    expect(redactPath(`/bff/ecommerce/order/${cart.toUpperCase()}/reservation/BERHB-AB2C3D45/cancel`)).toBe('/bff/ecommerce/order/:id/reservation/:id/cancel');
    expect(redactPath('/bff/members/activate/eyJhbGciOiJFUzI1NiJ9abcdefgh')).toBe('/bff/members/activate/:id');
    for (const path of ['/bff/ari-proxy/search/searchCalendarV2', '/bff/ecommerce/order/recent-orders-count/BERHB', '/bff/content/rate/BERHB/FLEX', '/en/hotels/berlin']) {
      expect(redactPath(path)).toBe(path);
    }
  });
});

describe('reportableError', () => {
  it('gives error reporting what the log keeps: no parameters, the stack frames and the cause', () => {
    const driverError = Object.assign(new Error('duplicate key value violates unique constraint "members_email_key"'), { code: '23505', detail: 'Key (email)=(secret.guest@example.com) already exists.' });
    const failed = Object.assign(new Error('Failed query: insert into "members" ("email") values ($1)\nparams: secret.guest@example.com', { cause: driverError }), {
      query: 'insert into "members" ("email") values ($1)',
      params: ['secret.guest@example.com'],
    });
    const reportable = reportableError(failed) as Error;
    expect(reportable).toBeInstanceOf(Error);
    expect(reportable.message).toBe('Failed query');
    expect(reportable.cause).toMatchObject({ message: 'duplicate key value violates unique constraint "members_email_key" (23505)' });
    expect(reportable.stack).toContain('logger.test.ts');
    expect(JSON.stringify({ reportable, stack: reportable.stack, cause: (reportable.cause as Error).stack })).not.toContain('secret.guest');
  });
});

describe('ids that open a booking', () => {
  it('are logged as fingerprints: the same id gives the same one, and the id itself is not in the line', () => {
    const cartId = randomUUID();
    const line = toLogLine('error', 'payment provider failed', { cartId, orderId: cartId, requestId: 'r1' });
    expect(line).toMatchObject({ cartId: idFingerprint(cartId), orderId: idFingerprint(cartId), requestId: 'r1' });
    expect(idFingerprint(cartId)).toMatch(/^id:[0-9a-f]{12}$/);
    expect(JSON.stringify(line)).not.toContain(cartId.slice(0, 8));
  });
});
