import { and, eq, inArray, lt, lte, ne, or } from 'drizzle-orm';
import type { Database } from '../db/database';
import { releaseExpiredHolds } from '../ecommerce/inventory';
import { analyticsEvents, exchangeCodes, oneTimeCodes, outboxMails, rateLimitBuckets, refreshTokens, sessions } from '../db/schema';
import type { Logger } from '../logger';

/*
 * Deletes what can no longer be used (decision record 0013). Each rule deletes no row that a check in
 * server/auth/ could still read and answer differently for:
 * - one-time codes are checked with `expires_at > now`, so a code is dead from its expiry on; activation
 *   rows stay ACTIVATION_ROW_RETENTION_MS longer, because the activate route reads an expired row to
 *   answer `already_activated` to a member who opens an old link;
 * - exchange codes are dead from their expiry on;
 * - a session, revoked or not, stays until it expires: reuse detection finds a used refresh token by its
 *   row, and a used token presented again must still be recognised (and reported) until the session is
 *   over anyway. Its refresh tokens go with it;
 * - a rate-limit window that began more than RATE_LIMIT_ROW_RETENTION_MS ago is over for every rule;
 * - outbox mails are kept OUTBOX_RETENTION_MS, long enough to look at during development;
 * - analytics events are kept ANALYTICS_RETENTION_MS from when the server received them (the browser's own
 *   time of the event is not trusted for this), decision record 0019.
 * It also gives back the rooms of payments that waited for the guest longer than their hold
 * (ECOMMERCE_LIMITS.holdMinutes): the cart is open again, and search hears of the changed inventory.
 */

export const ACTIVATION_ROW_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/** The longest rate-limit window is 15 minutes; a day leaves room for longer ones (the limiter also keeps a day). */
export const RATE_LIMIT_ROW_RETENTION_MS = 24 * 60 * 60 * 1000;
export const OUTBOX_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** Analytics events are reported on and then no longer needed: 90 days. */
export const ANALYTICS_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;
/**
 * Every minute: a room held for a payment that was abandoned is free again within a minute of its hold
 * running out (15 minutes), and each run deletes only what expired since the last one.
 */
export const PURGE_INTERVAL_MS = 60 * 1000;

export interface PurgeCounts {
  oneTimeCodes: number;
  exchangeCodes: number;
  sessions: number;
  refreshTokens: number;
  rateLimitBuckets: number;
  outboxMails: number;
  analyticsEvents: number;
  /** Carts whose expired inventory hold was released. */
  inventoryHolds: number;
}

/** Deletes the expired rows as of `now` and says how many of each kind went. */
export async function purgeExpired(db: Database, now: Date): Promise<PurgeCounts> {
  const before = (milliseconds: number) => new Date(now.getTime() - milliseconds);

  const codes = await db
    .delete(oneTimeCodes)
    .where(
      or(
        and(ne(oneTimeCodes.purpose, 'activation'), lte(oneTimeCodes.expiresAt, now)),
        and(eq(oneTimeCodes.purpose, 'activation'), lte(oneTimeCodes.expiresAt, before(ACTIVATION_ROW_RETENTION_MS))),
      ),
    )
    .returning({ id: oneTimeCodes.id });

  const exchange = await db.delete(exchangeCodes).where(lte(exchangeCodes.expiresAt, now)).returning({ codeHash: exchangeCodes.codeHash });

  // The foreign key would delete them with their session; deleting them first counts them.
  const expiredSessions = db.select({ id: sessions.id }).from(sessions).where(lte(sessions.expiresAt, now));
  const tokens = await db
    .delete(refreshTokens)
    .where(inArray(refreshTokens.sessionId, expiredSessions))
    .returning({ tokenHash: refreshTokens.tokenHash });
  const ended = await db.delete(sessions).where(lte(sessions.expiresAt, now)).returning({ id: sessions.id });

  const windows = await db
    .delete(rateLimitBuckets)
    .where(lt(rateLimitBuckets.windowStart, before(RATE_LIMIT_ROW_RETENTION_MS)))
    .returning({ key: rateLimitBuckets.key });

  const mails = await db
    .delete(outboxMails)
    .where(lt(outboxMails.createdAt, before(OUTBOX_RETENTION_MS)))
    .returning({ id: outboxMails.id });

  // Run every minute, each purge deletes about a minute's worth of events (by the received_at index).
  const events = await db
    .delete(analyticsEvents)
    .where(lt(analyticsEvents.receivedAt, before(ANALYTICS_RETENTION_MS)))
    .returning({ id: analyticsEvents.id });

  // Each release commits on its own and announces its nights to search (inventoryChanged).
  const holds = await releaseExpiredHolds(db, now);

  return {
    oneTimeCodes: codes.length,
    exchangeCodes: exchange.length,
    sessions: ended.length,
    refreshTokens: tokens.length,
    rateLimitBuckets: windows.length,
    outboxMails: mails.length,
    analyticsEvents: events.length,
    inventoryHolds: holds,
  };
}

/**
 * Jobs that run with every purge, before it (the recovery of interrupted payments, decision record 0023):
 * the app adds them when it is made, the schedule runs them. Each answers how many things it finished.
 */
export interface MaintenanceJobs {
  add(name: string, job: (now: Date) => Promise<number>): void;
  run(now: Date, logger: Logger): Promise<Record<string, number>>;
}

export function createMaintenanceJobs(): MaintenanceJobs {
  const jobs = new Map<string, (now: Date) => Promise<number>>();
  return {
    add(name, job) {
      jobs.set(name, job);
    },
    /** Runs every job in turn; a job that fails is logged and counted as 0, the others still run. */
    async run(now, logger) {
      const counts: Record<string, number> = {};
      for (const [name, job] of jobs) {
        try {
          counts[name] = await job(now);
        } catch (error) {
          logger.log('error', 'maintenance job failed', { job: name, error });
          counts[name] = 0;
        }
      }
      return counts;
    },
  };
}

export interface PurgeSchedule {
  /** Stops the schedule and waits for a purge under way, so the database can be closed after it. */
  stop(): Promise<void>;
}

/**
 * Runs the jobs and purges once at once (a process restarted more often than the interval still purges,
 * and a payment its last run left unanswered is recovered on the way up) and then every
 * `intervalMs`. A purge still running when the next is due is not doubled. Failures are logged and the
 * next run tries again. Several processes on one database may all purge: the deletes do not conflict.
 */
export function schedulePurge({
  db,
  logger,
  now,
  intervalMs = PURGE_INTERVAL_MS,
  jobs,
}: {
  db: Database;
  logger: Logger;
  now: () => Date;
  intervalMs?: number;
  /** Run before each purge: an interrupted payment is finished or voided before its expired hold is released. */
  jobs?: MaintenanceJobs;
}): PurgeSchedule {
  let running: Promise<void> | undefined;
  let stopped = false;

  const run = () => {
    if (running || stopped) return;
    running = (async () => ({ ...(await jobs?.run(now(), logger)), ...(await purgeExpired(db, now())) }))()
      .then(
        (counts) => {
          const deleted = Object.values(counts).reduce((sum, count) => sum + count, 0);
          logger.log(deleted > 0 ? 'info' : 'debug', 'expired data purged', { ...counts });
        },
        (error: unknown) => logger.log('error', 'purge of expired data failed', { error }),
      )
      .finally(() => {
        running = undefined;
      });
  };

  const timer = setInterval(run, intervalMs);
  // The schedule alone must not keep the process alive.
  timer.unref();
  run();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
