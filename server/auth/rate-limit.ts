import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { rateLimitBuckets } from '../db/schema';

export interface RateLimitRule {
  /** Names the counter, e.g. `otp-code:email`; the subject (email, address) is appended. */
  name: string;
  limit: number;
  windowSeconds: number;
}

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** An attempt counted before it was checked: the verdict, the count it made, and a way to take it back. */
export type CountedAttempt = RateLimitVerdict & {
  /** Attempts in the window, this one included. */
  hits: number;
  /** Takes the attempt back (it succeeded): only failures stay counted. */
  refund(): Promise<void>;
};

export interface RateLimiter {
  /** Counts one event and says whether it was within the limit (the event that exceeds it is refused). */
  hit(rule: RateLimitRule, subject: string): Promise<RateLimitVerdict>;
  /** Whether one more event would still be allowed, without counting one (for limits on failures). */
  peek(rule: RateLimitRule, subject: string): Promise<RateLimitVerdict>;
  /**
   * Counts an attempt BEFORE it is checked (a guess at a password or a code), in the same atomic upsert
   * as `hit`: of any number of racing attempts at most `limit` are allowed, so at most `limit` are ever
   * checked. A refused attempt must not be checked. The caller refunds an attempt that succeeded.
   */
  attempt(rule: RateLimitRule, subject: string): Promise<CountedAttempt>;
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

  /** One atomic upsert: the window's count after this event. */
  async function count(rule: RateLimitRule, subject: string) {
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
    const verdict: RateLimitVerdict = hits <= rule.limit ? { allowed: true } : { allowed: false, retryAfterSeconds };
    return { verdict, hits, start };
  }

  return {
    async hit(rule, subject) {
      return (await count(rule, subject)).verdict;
    },

    async attempt(rule, subject) {
      const { verdict, hits, start } = await count(rule, subject);
      return {
        ...verdict,
        hits,
        async refund() {
          // The window it was counted in, even if a new one has started since.
          await db
            .update(rateLimitBuckets)
            .set({ hits: sql`${rateLimitBuckets.hits} - 1` })
            .where(and(eq(rateLimitBuckets.key, keyOf(rule, subject)), eq(rateLimitBuckets.windowStart, start), gt(rateLimitBuckets.hits, 0)));
        },
      };
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
  /**
   * Wrong codes (and wrong passwords after a code) for one email from every address together, per day:
   * bounds a guessing spread over many addresses; the member is told by mail when it is reached.
   */
  otpFailuresPerEmail: { name: 'otp-fail:email', limit: 20, windowSeconds: 24 * 60 * 60 },
  /**
   * Password guesses, counted before the password is checked. Over either limit the password route
   * asks for a one-time code instead: the member still signs in that way, whoever made the guesses.
   */
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
