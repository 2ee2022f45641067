import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BFF_PREFIX } from '../../src/contract/content';
import { ECOMMERCE_PATHS } from '../../src/contract/ecommerce';
import { useTestDatabase } from '../../test/bff/database';
import { createMemoryLogger } from '../../test/bff/memory-logger';
import { createApp } from '../app';
import type { Database } from '../db/database';

/*
 * A guest's cart and order ids are the only key to that booking: the log never keeps them, nor query
 * strings, whether the request succeeds or fails.
 */

const database = useTestDatabase({ seed: false });

function appWith(db: Database) {
  const logger = createMemoryLogger();
  return { app: createApp({ db, logger, version: 'test' }), logger };
}

/** A database every use of which fails, so the route fails with an unexpected error. */
const failingDatabase = new Proxy(
  {},
  {
    get() {
      throw new Error('the database is not reachable');
    },
  },
) as Database;

describe('request log', () => {
  it('keeps no cart id of a request path, and no query string', async () => {
    const { app, logger } = appWith(database.db);
    const cartId = randomUUID();
    const answer = await app.request(`${BFF_PREFIX}${ECOMMERCE_PATHS.cart(cartId)}?token=secret-token`);
    expect(answer.status).toBe(404);
    const line = logger.lines.find((logged) => logged.msg === 'request');
    expect(line).toMatchObject({ path: '/bff/ecommerce/cart/:id', status: 404 });
    const logged = JSON.stringify(logger.lines);
    expect(logged).not.toContain(cartId);
    expect(logged).not.toContain(cartId.slice(0, 8));
    expect(logged).not.toContain('secret-token');
  });

  it('keeps no cart id when the route fails', async () => {
    const { app, logger } = appWith(failingDatabase);
    const cartId = randomUUID();
    const answer = await app.request(`${BFF_PREFIX}${ECOMMERCE_PATHS.cart(cartId)}`);
    expect(answer.status).toBe(500);
    expect(logger.lines.find((line) => line.msg === 'unhandled error')).toMatchObject({ path: '/bff/ecommerce/cart/:id' });
    expect(JSON.stringify(logger.lines)).not.toContain(cartId.slice(0, 8));
  });
});
