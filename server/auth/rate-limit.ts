import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { rateLimitBuckets } from '../db/schema';

export interface RateLimitRule {
  /** Names the counter, e.g. `otp-code:email`; the subject (email, address) is appended. */
  name: string;
  limit: number;
  windowSeconds: number;
}

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one event and says whether it was within the limit (the event that exceeds it is refused). */
  hit(rule: RateLimitRule, subject: string): Promise<RateLimitVerdict>;
  /** Whether one more event would still be allowed, without counting one (for limits on failures). */
  peek(rule: RateLimitRule, subject: string): Promise<RateLimitVerdict>;
}

/**
 * Fixed-window counters in the database: every BFF process shares them and a restart does not reset
 * them. One atomic upsert per event; a burst across a window boundary can reach twice the limit, which
 * these limits tolerate. Windows older than a day are deleted when a new window starts.
 */
export function createRateLimiter({ db, now }: { db: Database; now: () => Date }): RateLimiter {
  function window(rule: RateLimitRule) {
    const at = now().getTime();
    const size = rule.windowSeconds * 1000;
    const start = Math.floor(at / size) * size;
    return { start: new Date(start), retryAfterSeconds: Math.max(1, Math.ceil((start + size - at) / 1000)) };
  }
  const keyOf = (rule: RateLimitRule, subject: string) => `${rule.name}:${subject}`;

  return {
    async hit(rule, subject) {
      const { start, retryAfterSeconds } = window(rule);
      const [row] = await db
        .insert(rateLimitBuckets)
        .values({ key: keyOf(rule, subject), windowStart: start, hits: 1 })
        .onConflictDoUpdate({
          target: [rateLimitBuckets.key, rateLimitBuckets.windowStart],
          set: { hits: sql`${rateLimitBuckets.hits} + 1` },
        })
        .returning({ hits: rateLimitBuckets.hits });
      const hits = row?.hits ?? 1;
      if (hits === 1) {
        await db.delete(rateLimitBuckets).where(lt(rateLimitBuckets.windowStart, new Date(start.getTime() - 24 * 60 * 60 * 1000)));
      }
      return hits <= rule.limit ? { allowed: true } : { allowed: false, retryAfterSeconds };
    },

    async peek(rule, subject) {
      const { start, retryAfterSeconds } = window(rule);
      const [row] = await db
        .select({ hits: rateLimitBuckets.hits })
        .from(rateLimitBuckets)
        .where(and(eq(rateLimitBuckets.key, keyOf(rule, subject)), eq(rateLimitBuckets.windowStart, start)));
      const hits = row?.hits ?? 0;
      return hits < rule.limit ? { allowed: true } : { allowed: false, retryAfterSeconds };
    },
  };
}

/** The limits (per 15 minutes unless said otherwise). */
export const RATE_LIMITS = {
  otpCodePerEmail: { name: 'otp-code:email', limit: 5, windowSeconds: 15 * 60 },
  otpCodePerAddress: { name: 'otp-code:address', limit: 20, windowSeconds: 15 * 60 },
  /** Wrong codes (and wrong passwords after a code) from one address, on top of 5 per code. */
  otpFailuresPerAddress: { name: 'otp-fail:address', limit: 30, windowSeconds: 15 * 60 },
  passwordFailuresPerEmail: { name: 'password-fail:email', limit: 10, windowSeconds: 15 * 60 },
  passwordFailuresPerAddress: { name: 'password-fail:address', limit: 50, windowSeconds: 15 * 60 },
  /** Social sign-in and the token exchanges, failures only. */
  tokenFailuresPerAddress: { name: 'token-fail:address', limit: 50, windowSeconds: 15 * 60 },
  passwordResetPerEmail: { name: 'password-reset:email', limit: 3, windowSeconds: 15 * 60 },
  passwordResetPerAddress: { name: 'password-reset:address', limit: 20, windowSeconds: 15 * 60 },
  registerPerEmail: { name: 'register:email', limit: 3, windowSeconds: 15 * 60 },
  registerPerAddress: { name: 'register:address', limit: 20, windowSeconds: 15 * 60 },
  /** validate-email can tell whether an email is a member's: kept slow for enumeration. */
  validateEmailPerAddress: { name: 'validate-email:address', limit: 30, windowSeconds: 15 * 60 },
  activationFailuresPerAddress: { name: 'activate-fail:address', limit: 30, windowSeconds: 15 * 60 },
  /**
   * Analytics batches, per minute: a browser's queue sends its events in batches, far fewer than this,
   * while anyone may post there without signing in and every batch adds rows.
   */
  analyticsEventsPerAddress: { name: 'analytics-events:address', limit: 120, windowSeconds: 60 },
} as const satisfies Record<string, RateLimitRule>;
