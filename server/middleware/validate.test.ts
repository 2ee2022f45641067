import { Hono } from 'hono';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../src/contract/errors';
import { UNSTORABLE_TEXT_MESSAGE } from '../../src/contract/primitives';
import { createMemoryLogger } from '../../test/bff/memory-logger';
import type { AppEnv } from '../env';
import { errorHandler } from './errors';
import { MAX_ISSUES, validate } from './validate';

/** A small app with the BFF's error handling and one route per validation target. */
function testApp() {
  const Body = v.object({
    email: v.pipe(v.string(), v.email('Enter an email address')),
    rooms: v.array(v.object({ adults: v.pipe(v.number(), v.minValue(1, 'At least one adult')) })),
  });
  return new Hono<AppEnv>()
    .onError(errorHandler(createMemoryLogger()))
    .post('/body', validate('json', Body), (c) => c.json({ received: c.req.valid('json') }))
    .get('/query', validate('query', v.object({ page: v.pipe(v.string(), v.digits('Digits only')) })), (c) =>
      c.json({ page: c.req.valid('query').page }),
    );
}

async function expectBadRequest(response: Response) {
  expect(response.status).toBe(400);
  const body = v.parse(ErrorBodySchema, await response.json());
  expect(body.error.code).toBe('bad_request');
  expect(body.error.issues?.length).toBeGreaterThan(0);
  return body.error;
}

const post = (body: string, contentType = 'application/json') =>
  testApp().request('/body', { method: 'POST', body, headers: { 'Content-Type': contentType } });

describe('validate', () => {
  it('passes the parsed value on', async () => {
    const response = await post(JSON.stringify({ email: 'a@example.com', rooms: [{ adults: 2 }] }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: { email: 'a@example.com', rooms: [{ adults: 2 }] } });
  });

  it('answers 400 with one issue per problem, with dotted paths', async () => {
    const error = await expectBadRequest(await post(JSON.stringify({ email: 'nope', rooms: [{ adults: 0 }] })));
    expect(error.message).toBe('Invalid request body');
    expect(error.issues).toEqual([
      { path: 'email', message: 'Enter an email address' },
      { path: 'rooms.0.adults', message: 'At least one adult' },
    ]);
  });

  it('answers 400 for malformed JSON', async () => {
    const error = await expectBadRequest(await post('{"email": '));
    expect(error.message).toMatch(/malformed json/i);
  });

  it('answers 400 for a body that is not JSON at all', async () => {
    await expectBadRequest(await post('email=a@example.com', 'application/x-www-form-urlencoded'));
  });

  it('lists at most 20 issues, each briefly', async () => {
    const rooms = Array.from({ length: 50 }, () => ({ adults: 'x'.repeat(5000) }));
    const error = await expectBadRequest(await post(JSON.stringify({ email: 'a@example.com', rooms })));
    expect(error.issues).toHaveLength(MAX_ISSUES);
    for (const issue of error.issues ?? []) expect(issue.message.length).toBeLessThanOrEqual(200);
  });

  it('refuses a NUL or half a surrogate pair in any string the schema lets through, keys included', async () => {
    const app = new Hono<AppEnv>()
      .onError(errorHandler(createMemoryLogger()))
      .post('/token', validate('json', v.object({ token: v.string(), extras: v.record(v.string(), v.unknown()) })), (c) => c.json({ ok: true }));
    const send = (body: unknown) => app.request('/token', { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
    expect((await send({ token: 'abc', extras: { deep: [{ text: 'fine 😀' }] } })).status).toBe(200);
    expect((await expectBadRequest(await send({ token: 'a\u0000b', extras: {} }))).issues).toEqual([{ path: 'token', message: UNSTORABLE_TEXT_MESSAGE }]);
    expect((await expectBadRequest(await send({ token: 'a', extras: { deep: [{ text: 'x\uD800' }] } }))).issues?.[0]?.path).toBe('extras.deep.0.text');
    expect((await expectBadRequest(await send({ token: 'a', extras: { '\u0000': 1 } }))).issues?.[0]?.message).toBe(UNSTORABLE_TEXT_MESSAGE);
  });

  it('validates query parameters', async () => {
    expect((await testApp().request('/query?page=2')).status).toBe(200);
    const error = await expectBadRequest(await testApp().request('/query?page=two'));
    expect(error.issues).toEqual([{ path: 'page', message: 'Digits only' }]);
  });
});
