import { Hono } from 'hono';
import { HEALTH_PATH, type HealthResponse } from '../../src/contract/content';
import type { Database } from '../db/database';
import type { AppEnv } from '../env';
import type { Logger } from '../logger';
import { checkDatabase } from './service';

export interface HealthDeps {
  db: Database;
  logger: Logger;
  version: string;
}

/** GET /health: 200 when the database answers, 503 (degraded) when it does not, for load balancers. */
export function healthRoutes({ db, logger, version }: HealthDeps) {
  return new Hono<AppEnv>().get(HEALTH_PATH, async (c) => {
    const database = await checkDatabase(db);
    if (database.status !== 'ok') {
      logger.log('warn', 'health check: database unavailable', { requestId: c.get('requestId'), error: database.error });
    }
    const body: HealthResponse = {
      status: database.status === 'ok' ? 'ok' : 'degraded',
      database: database.status,
      version,
    };
    c.header('Cache-Control', 'no-store');
    return c.json(body, database.status === 'ok' ? 200 : 503);
  });
}
