import { and, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ANALYTICS_LIMITS, ANALYTICS_PATHS, AnalyticsBatchSchema, StoredAnalyticsEventsQuerySchema } from '../../src/contract/analytics';
import type { AnalyticsBatch } from '../../src/contract/analytics';
import { clientAddress, tooManyRequests } from '../auth/http';
import { RATE_LIMITS, type RateLimiter } from '../auth/rate-limit';
import type { Database } from '../db/database';
import { analyticsEvents } from '../db/schema';
import type { AppEnv } from '../env';
import { bffBodyLimit } from '../middleware/body-limit';
import { notFound } from '../middleware/errors';
import { validate } from '../middleware/validate';

export interface AnalyticsRoutesDeps {
  db: Database;
  now: () => Date;
  /** Whether GET answers (the development outbox switch: off in production unless ENABLE_DEV_OUTBOX=1). */
  readable: boolean;
  /** The sign-in routes' limiter: the counters live in the database, shared by every BFF process. */
  limiter: RateLimiter;
  /** Take the client's address from X-Forwarded-For (TRUST_PROXY), as the sign-in routes do. */
  trustProxy: boolean;
}

/** One row per event; the batch's attribution goes with each. */
export function eventRows(batch: AnalyticsBatch, receivedAt: Date) {
  return batch.events.map((event) => ({
    anonymousId: batch.anonymousId,
    type: event.type,
    occurredAt: new Date(event.at),
    receivedAt,
    payload: event as Record<string, unknown>,
    context: batch.context ?? null,
  }));
}

/**
 * POST /bff/analytics/events: a batch from the browser's tracking queue (a beacon or a keepalive fetch),
 * checked against the contract and stored; 202 with the number accepted. Bodies above 64 KiB get 413.
 * Each client address may post 120 times a minute; beyond that 429 with Retry-After, counted before the
 * body is read so that a flood of oversized or malformed requests is held back too.
 * GET /bff/analytics/events?type=&anonymousId=: the latest 100 events, newest first, only where the
 * development outbox is on (development and tests); elsewhere it does not exist (404).
 */
export function analyticsRoutes({ db, now, readable, limiter, trustProxy }: AnalyticsRoutesDeps) {
  const perAddress = createMiddleware<AppEnv>(async (c, next) => {
    const verdict = await limiter.hit(RATE_LIMITS.analyticsEventsPerAddress, clientAddress(c, trustProxy));
    if (!verdict.allowed) return tooManyRequests(c, verdict.retryAfterSeconds);
    await next();
  });

  return new Hono<AppEnv>()
    .post(
      ANALYTICS_PATHS.events,
      perAddress,
      bffBodyLimit(ANALYTICS_LIMITS.maxBodyBytes),
      validate('json', AnalyticsBatchSchema),
      async (c) => {
        const batch = c.req.valid('json');
        await db.insert(analyticsEvents).values(eventRows(batch, now()));
        return c.json({ accepted: batch.events.length }, 202);
      },
    )
    .get(ANALYTICS_PATHS.events, validate('query', StoredAnalyticsEventsQuerySchema), async (c) => {
      if (!readable) return notFound(c, `No route for GET ${c.req.path}`);
      const { type, anonymousId } = c.req.valid('query');
      const rows = await db
        .select()
        .from(analyticsEvents)
        .where(and(type ? eq(analyticsEvents.type, type) : undefined, anonymousId ? eq(analyticsEvents.anonymousId, anonymousId) : undefined))
        .orderBy(desc(analyticsEvents.id))
        .limit(100);
      c.header('Cache-Control', 'no-store');
      return c.json(
        {
          data: rows.map((row) => ({
            id: String(row.id),
            anonymousId: row.anonymousId,
            receivedAt: row.receivedAt.toISOString(),
            context: row.context,
            event: row.payload,
          })),
        },
        200,
      );
    });
}
