import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../test/bff/memory-logger';
import type { AppEnv } from '../env';
import { requestDeadline } from './deadline';
import { errorHandler } from './errors';

describe('requestDeadline', () => {
  const logger = createMemoryLogger();
  const app = new Hono<AppEnv>()
    .use(requestDeadline(50))
    .onError(errorHandler(logger))
    .get('/never', () => new Promise<Response>(() => {}))
    .get('/quick', (c) => c.json({ ok: true }));

  it('answers 503 service_unavailable for a request that would never be answered', async () => {
    const response = await app.request('/never');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toMatchObject({ error: { code: 'service_unavailable' } });
    expect(logger.lines.find((line) => line.msg === 'request deadline exceeded')).toMatchObject({ level: 'error' });
  });

  it('lets answers within the deadline through', async () => {
    const response = await app.request('/quick');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });
});
