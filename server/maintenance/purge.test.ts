import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryLogger } from '../../test/bff/memory-logger';
import { TEST_TODAY, useTestDatabase } from '../../test/bff/database';
import { tokenDigest } from '../auth/codes';
import { RATE_LIMITS } from '../auth/rate-limit';
import { createSessionStore, SESSION_LIFETIME_SECONDS } from '../auth/sessions';
import { openDatabase } from '../db/database';
import {
  analyticsEvents,
  exchangeCodes,
  members,
  type OneTimeCodePurpose,
  oneTimeCodes,
  outboxMails,
  rateLimitBuckets,
  refreshTokens,
  sessions,
} from '../db/schema';
import {
  ACTIVATION_ROW_RETENTION_MS,
  ANALYTICS_RETENTION_MS,
  OUTBOX_RETENTION_MS,
  PURGE_INTERVAL_MS,
  purgeExpired,
  RATE_LIMIT_ROW_RETENTION_MS,
  createMaintenanceJobs,
  schedulePurge,
} from './purge';

/*
 * The purge of expired rows, on PGlite or (with DATABASE_URL) PostgreSQL. Every time is fixed: rows are
 * written with expiry times around NOW and the purge is told it is NOW, so nothing waits.
 */

const database = useTestDatabase({ seed: false });
const NOW = TEST_TODAY;
const MS = 1;
const DAY = 24 * 60 * 60 * 1000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);
const NONE = { oneTimeCodes: 0, exchangeCodes: 0, sessions: 0, refreshTokens: 0, rateLimitBuckets: 0, outboxMails: 0, analyticsEvents: 0, inventoryHolds: 0 };

let memberId: number;

beforeAll(async () => {
  const [member] = await database.db
    .insert(members)
    .values({
      guid: randomUUID(),
      email: 'purge.member@example.com',
      firstName: 'Pia',
      lastName: 'Purge',
      locale: 'en',
      status: 'active',
      activatedAt: at(-60 * DAY),
      createdAt: at(-60 * DAY),
    })
    .returning({ id: members.id });
  if (!member) throw new Error('member not inserted');
  memberId = member.id;
});

beforeEach(async () => {
  const { db } = database;
  // Sessions take their refresh tokens and exchange codes with them.
  await db.delete(sessions);
  await db.delete(oneTimeCodes);
  await db.delete(rateLimitBuckets);
  await db.delete(outboxMails);
});

async function addCode(email: string, purpose: OneTimeCodePurpose, expiresAt: Date) {
  await database.db
    .insert(oneTimeCodes)
    .values({ email, purpose, codeHash: `hash-${email}-${purpose}`, expiresAt, createdAt: at(-90 * DAY) });
}

async function addSession(id: string, expiresAt: Date, options: { revokedAt?: Date; refreshTokens?: number } = {}) {
  await database.db
    .insert(sessions)
    .values({ id, memberId, createdAt: at(-SESSION_LIFETIME_SECONDS * 1000), lastUsedAt: at(-SESSION_LIFETIME_SECONDS * 1000), expiresAt, revokedAt: options.revokedAt ?? null });
  for (let index = 0; index < (options.refreshTokens ?? 0); index++) {
    await database.db
      .insert(refreshTokens)
      .values({ tokenHash: `${id}-token-${index}`, sessionId: id, createdAt: at(-DAY), usedAt: at(-DAY) });
  }
}

const emailsOf = async (purpose: OneTimeCodePurpose) =>
  (await database.db.select({ email: oneTimeCodes.email }).from(oneTimeCodes).where(eq(oneTimeCodes.purpose, purpose)))
    .map((row) => row.email)
    .sort();

describe('purgeExpired', () => {
  it('deletes one-time codes from their expiry on and keeps the live ones', async () => {
    await addCode('expired@example.com', 'otp', at(-MS));
    await addCode('expires.now@example.com', 'otp', NOW);
    await addCode('live@example.com', 'otp', at(MS));
    await addCode('expired@example.com', 'password-reset', at(-MS));
    await addCode('live@example.com', 'password-reset', at(DAY));

    expect(await purgeExpired(database.db, NOW)).toEqual({ ...NONE, oneTimeCodes: 3 });
    expect(await emailsOf('otp')).toEqual(['live@example.com']);
    expect(await emailsOf('password-reset')).toEqual(['live@example.com']);
  });

  it('keeps activation rows for a while after they expire: an old link still gets "already activated"', async () => {
    await addCode('long.gone@example.com', 'activation', at(-ACTIVATION_ROW_RETENTION_MS));
    await addCode('recently.expired@example.com', 'activation', at(-ACTIVATION_ROW_RETENTION_MS + MS));
    await addCode('just.expired@example.com', 'activation', at(-MS));
    await addCode('live@example.com', 'activation', at(7 * DAY));

    expect(await purgeExpired(database.db, NOW)).toEqual({ ...NONE, oneTimeCodes: 1 });
    expect(await emailsOf('activation')).toEqual(['just.expired@example.com', 'live@example.com', 'recently.expired@example.com']);
  });

  it('deletes expired exchange codes', async () => {
    await addSession('exchange-session', at(30 * DAY));
    const code = (name: string, expiresAt: Date) => ({ codeHash: name, sessionId: 'exchange-session', expiresAt });
    await database.db.insert(exchangeCodes).values([code('expired', at(-MS)), code('expires-now', NOW), code('live', at(MS))]);

    expect(await purgeExpired(database.db, NOW)).toEqual({ ...NONE, exchangeCodes: 2 });
    expect(await database.db.select({ codeHash: exchangeCodes.codeHash }).from(exchangeCodes)).toEqual([{ codeHash: 'live' }]);
  });

  it('deletes expired sessions with their refresh tokens, and keeps unexpired ones, revoked or not, with all of theirs', async () => {
    await addSession('expired', at(-MS), { refreshTokens: 3 });
    await addSession('expires-now', NOW, { refreshTokens: 1 });
    await addSession('expired-revoked', at(-DAY), { revokedAt: at(-20 * DAY), refreshTokens: 2 });
    await addSession('live', at(MS), { refreshTokens: 2 });
    await addSession('revoked', at(DAY), { revokedAt: at(-DAY), refreshTokens: 2 });

    expect(await purgeExpired(database.db, NOW)).toEqual({ ...NONE, sessions: 3, refreshTokens: 6 });
    const left = await database.db.select({ id: sessions.id }).from(sessions);
    expect(left.map((row) => row.id).sort()).toEqual(['live', 'revoked']);
    const tokens = await database.db.select({ sessionId: refreshTokens.sessionId }).from(refreshTokens);
    expect(tokens.map((row) => row.sessionId).sort()).toEqual(['live', 'live', 'revoked', 'revoked']);
  });

  it('deletes rate-limit windows older than a day, longer than any limit counts', async () => {
    for (const rule of Object.values(RATE_LIMITS)) expect(rule.windowSeconds * 1000).toBeLessThanOrEqual(RATE_LIMIT_ROW_RETENTION_MS);
    const window = (key: string, windowStart: Date) => ({ key, windowStart, hits: 3 });
    await database.db
      .insert(rateLimitBuckets)
      .values([
        window('old', at(-RATE_LIMIT_ROW_RETENTION_MS - MS)),
        window('a-day', at(-RATE_LIMIT_ROW_RETENTION_MS)),
        window('current', at(-5 * 60 * 1000)),
      ]);

    expect(await purgeExpired(database.db, NOW)).toEqual({ ...NONE, rateLimitBuckets: 1 });
    const left = await database.db.select({ key: rateLimitBuckets.key }).from(rateLimitBuckets);
    expect(left.map((row) => row.key).sort()).toEqual(['a-day', 'current']);
  });

  it('deletes outbox mails older than seven days', async () => {
    const mail = (recipient: string, createdAt: Date) => ({
      recipient,
      subject: 's',
      body: 'b',
      kind: 'otp' as const,
      locale: 'en' as const,
      createdAt,
    });
    await database.db
      .insert(outboxMails)
      .values([
        mail('old@example.com', at(-OUTBOX_RETENTION_MS - MS)),
        mail('week@example.com', at(-OUTBOX_RETENTION_MS)),
        mail('new@example.com', NOW),
      ]);

    expect(await purgeExpired(database.db, NOW)).toEqual({ ...NONE, outboxMails: 1 });
    const left = await database.db.select({ recipient: outboxMails.recipient }).from(outboxMails);
    expect(left.map((row) => row.recipient).sort()).toEqual(['new@example.com', 'week@example.com']);
  });

  it('deletes analytics events received more than 90 days ago, whatever time the browser gave them', async () => {
    expect(ANALYTICS_RETENTION_MS).toBe(90 * DAY);
    const event = (anonymousId: string, receivedAt: Date, occurredAt: Date = receivedAt) => ({
      anonymousId,
      type: 'page_view',
      occurredAt,
      receivedAt,
      payload: { type: 'page_view' },
      context: null,
    });
    await database.db
      .insert(analyticsEvents)
      .values([
        event('old-visitor', at(-ANALYTICS_RETENTION_MS - MS)),
        // A browser clock far in the future does not keep an old event.
        event('old-future-clock', at(-ANALYTICS_RETENTION_MS - DAY), at(DAY)),
        event('exactly-90-days', at(-ANALYTICS_RETENTION_MS)),
        // A browser clock far in the past does not delete a new one.
        event('new-past-clock', NOW, at(-365 * DAY)),
      ]);

    expect(await purgeExpired(database.db, NOW)).toEqual({ ...NONE, analyticsEvents: 2 });
    const left = await database.db.select({ anonymousId: analyticsEvents.anonymousId }).from(analyticsEvents);
    expect(left.map((row) => row.anonymousId).sort()).toEqual(['exactly-90-days', 'new-past-clock']);

    // A millisecond later the 90-day-old one goes too.
    expect(await purgeExpired(database.db, at(MS))).toEqual({ ...NONE, analyticsEvents: 1 });
  });

  it('deletes nothing twice: a second purge at the same time finds nothing', async () => {
    await addCode('expired@example.com', 'otp', at(-MS));
    await addSession('expired', at(-MS), { refreshTokens: 1 });
    expect(await purgeExpired(database.db, NOW)).toEqual({ ...NONE, oneTimeCodes: 1, sessions: 1, refreshTokens: 1 });
    expect(await purgeExpired(database.db, NOW)).toEqual(NONE);
  });

  it('leaves refresh-token reuse detection working: a used token still revokes its session after purges', async () => {
    let now = NOW;
    const store = createSessionStore({ db: database.db, now: () => now });
    const { session, refreshToken: first } = await store.create(memberId);
    now = at(60 * 60 * 1000);
    const rotated = await store.refresh(first);
    if (!rotated.ok) throw new Error('the first refresh failed');

    // A day before the session ends: the used first token must survive the purge.
    now = new Date(session.expiresAt.getTime() - DAY);
    expect(await purgeExpired(database.db, now)).toEqual(NONE);
    const again = await store.refresh(rotated.refreshToken);
    if (!again.ok) throw new Error('the live session did not refresh after the purge');

    expect(await store.refresh(first)).toEqual({ ok: false, reused: true });
    expect(await store.live(session.sessionId)).toBeUndefined();
    expect(await store.refresh(again.refreshToken)).toEqual({ ok: false, reused: false });

    // Revoked, but not expired: still kept, so reuse is still recognised (and logged by the route).
    expect(await purgeExpired(database.db, now)).toEqual(NONE);
    expect(await store.refresh(first)).toEqual({ ok: false, reused: true });

    // Once the session has expired it goes, with its three tokens; its tokens open nothing.
    now = session.expiresAt;
    expect(await purgeExpired(database.db, now)).toEqual({ ...NONE, sessions: 1, refreshTokens: 3 });
    expect(await database.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenDigest(first)))).toEqual([]);
    expect(await store.refresh(first)).toEqual({ ok: false, reused: false });
    expect(await store.refresh(again.refreshToken)).toEqual({ ok: false, reused: false });
  });

  it('keeps a session created by the store for its whole lifetime', async () => {
    let now = NOW;
    const store = createSessionStore({ db: database.db, now: () => now });
    const { session, refreshToken } = await store.create(memberId);
    now = at(SESSION_LIFETIME_SECONDS * 1000 - MS);
    expect(await purgeExpired(database.db, now)).toEqual(NONE);
    expect((await store.refresh(refreshToken)).ok).toBe(true);
    expect(session.expiresAt).toEqual(at(SESSION_LIFETIME_SECONDS * 1000));
  });
});

describe('schedulePurge', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('purges at once, then at every interval, and logs what it deleted', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let now = NOW;
    const logger = createMemoryLogger();
    await addCode('expired@example.com', 'otp', at(-MS));
    await addCode('later@example.com', 'otp', at(PURGE_INTERVAL_MS));

    const schedule = schedulePurge({ db: database.db, logger, now: () => now });
    await vi.waitFor(() => expect(logger.lines).toHaveLength(1), { timeout: 60_000 });
    expect(logger.lines[0]).toMatchObject({ level: 'info', msg: 'expired data purged', ...NONE, oneTimeCodes: 1 });

    now = at(PURGE_INTERVAL_MS);
    vi.advanceTimersByTime(PURGE_INTERVAL_MS);
    await schedule.stop();
    expect(logger.lines).toHaveLength(2);
    expect(logger.lines[1]).toMatchObject({ level: 'info', ...NONE, oneTimeCodes: 1 });
    expect(await emailsOf('otp')).toEqual([]);

    // Stopped: no more runs.
    vi.advanceTimersByTime(10 * PURGE_INTERVAL_MS);
    expect(logger.lines).toHaveLength(2);
  });

  it('runs the maintenance jobs at once and with every purge, before it, and goes on when one fails', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let now = NOW;
    const logger = createMemoryLogger();
    const jobs = createMaintenanceJobs();
    const runs: Date[] = [];
    jobs.add('paymentsRecovered', async (at) => {
      runs.push(at);
      return 2;
    });
    jobs.add('broken', async () => {
      throw new Error('job failed');
    });
    const schedule = schedulePurge({ db: database.db, logger, now: () => now, jobs });
    await vi.waitFor(() => expect(logger.lines.filter((line) => line.msg === 'expired data purged')).toHaveLength(1), { timeout: 60_000 });
    expect(logger.lines.find((line) => line.msg === 'expired data purged')).toMatchObject({ level: 'info', ...NONE, paymentsRecovered: 2, broken: 0 });
    expect(logger.lines.find((line) => line.msg === 'maintenance job failed')).toMatchObject({ level: 'error', job: 'broken' });
    now = at(PURGE_INTERVAL_MS);
    vi.advanceTimersByTime(PURGE_INTERVAL_MS);
    await schedule.stop();
    expect(runs).toEqual([NOW, at(PURGE_INTERVAL_MS)]);
  });

  it('logs a purge that deleted nothing at debug level', async () => {
    const logger = createMemoryLogger();
    await schedulePurge({ db: database.db, logger, now: () => NOW }).stop();
    expect(logger.lines).toEqual([expect.objectContaining({ level: 'debug', msg: 'expired data purged', ...NONE })]);
  });

  it('logs a failed purge and tries again at the next interval', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const closed = await openDatabase({ inMemory: true });
    await closed.close();
    const logger = createMemoryLogger();
    const schedule = schedulePurge({ db: closed.db, logger, now: () => NOW });
    await vi.waitFor(() => expect(logger.lines).toHaveLength(1), { timeout: 60_000 });
    vi.advanceTimersByTime(PURGE_INTERVAL_MS);
    await schedule.stop();
    const failed = expect.objectContaining({ level: 'error', msg: 'purge of expired data failed' });
    expect(logger.lines).toEqual([failed, failed]);
  });
});
