import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { AUTH_LIMITS } from '../../src/contract/auth';
import type { Database } from '../db/database';
import { type OneTimeCodePurpose, oneTimeCodes } from '../db/schema';
import type { KeyStore } from './keys';

/** How long each kind of code stays valid, in seconds. */
export const CODE_LIFETIMES: Record<OneTimeCodePurpose, number> = {
  otp: AUTH_LIMITS.otpValidMinutes * 60,
  activation: 7 * 24 * 60 * 60,
  'password-reset': 60 * 60,
  birthday: AUTH_LIMITS.otpValidMinutes * 60,
  name: AUTH_LIMITS.otpValidMinutes * 60,
  'email-change': AUTH_LIMITS.otpValidMinutes * 60,
  /** Typed like a sign-in code, so it lives as long. */
  'cancel-membership': AUTH_LIMITS.otpValidMinutes * 60,
  /** The step-up code (server/auth/step-up.ts): typed like a sign-in code. */
  'step-up': AUTH_LIMITS.otpValidMinutes * 60,
  /** The code that proves a work email before a company enrols it (server/corporate/). */
  'corporate-enrol': AUTH_LIMITS.otpValidMinutes * 60,
};

/** A 6-digit sign-in code from the operating system's secure random source. */
export function newOtpCode(): string {
  return randomInt(0, 10 ** AUTH_LIMITS.otpDigits)
    .toString()
    .padStart(AUTH_LIMITS.otpDigits, '0');
}

/** A link token: 256 random bits. */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a high-entropy token (refresh tokens, exchange codes): enough, as they cannot be guessed. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export interface CodeStore {
  /**
   * Keeps the code for this email and purpose, replacing any earlier one (which stops working). An
   * activation link may carry the hash of the password chosen at registration, applied only when this
   * link is used. A `context` binds the code to one more value (the new address of an email change): it
   * only checks with that same value, so a code mailed to one address never confirms another.
   */
  issue(
    email: string,
    purpose: OneTimeCodePurpose,
    code: string,
    options?: { pendingPasswordHash?: string | null; context?: string },
  ): Promise<void>;
  /** Drops the code of this email and purpose (the email was proven another way). */
  discard(email: string, purpose: OneTimeCodePurpose): Promise<void>;
  /**
   * Whether the code is the live one: not used, not expired, fewer than the allowed wrong tries. With
   * `consume` a right code is used up in the same statement (it works once, also under concurrency). A
   * wrong code counts a try; after AUTH_LIMITS.otpMaxAttempts the code is dead, even for the right code.
   * `context` must be the one the code was issued with (see issue).
   */
  check(email: string, purpose: OneTimeCodePurpose, code: string, options: { consume: boolean; context?: string }): Promise<boolean>;
  /** Counts a failed try against the live code without a code (a wrong password after a right code). */
  countFailure(email: string, purpose: OneTimeCodePurpose): Promise<void>;
  /** The activation row of a link token, used or not, expired or not (the caller tells the outcomes apart). */
  findActivation(
    token: string,
  ): Promise<{ id: number; email: string; expiresAt: Date; usedAt: Date | null; pendingPasswordHash: string | null } | undefined>;
  /** Marks an activation row used; false when it already was. */
  consumeActivation(id: number): Promise<boolean>;
  /**
   * The registration proof of an activation link token: given to whoever registered (never mailed), so
   * the browser that chose the password can show it was that browser that uses the link. Derived from the
   * token under the server key: nothing is stored, the mailbox alone cannot compute it, and a new
   * registration (a new token) makes the earlier proof worthless.
   */
  registrationProof(token: string): Promise<string>;
  /** The one of the proofs that is the registration proof of this token (compared in constant time). */
  matchingRegistrationProof(token: string, proofs: readonly string[]): Promise<string | undefined>;
}

/**
 * One-time codes, stored as HMAC-SHA256 under a server key (not in the table). A 6-digit code has only
 * a million values: a slow hash would not stop an offline search of a stolen table, a key kept elsewhere
 * does, and the HMAC costs nothing per request (no CPU cost an attacker could multiply). The email and
 * purpose are part of the MAC input, so a code is bound to them. Activation tokens are looked up by
 * their MAC alone (the link carries no email).
 */
export function createCodeStore({ db, keys, now }: { db: Database; keys: KeyStore; now: () => Date }): CodeStore {
  // `registration-proof` keeps the proofs apart from every stored code MAC (another input, another value).
  async function mac(purpose: OneTimeCodePurpose | 'registration-proof', email: string, code: string, context?: string): Promise<string> {
    // Without a context the input is what it always was, so codes issued before contexts existed still check.
    return createHmac('sha256', await keys.hmacKey())
      .update(`${purpose}\n${email}\n${code}${context === undefined ? '' : `\n${context}`}`)
      .digest('base64url');
  }
  const live = (email: string, purpose: OneTimeCodePurpose, at: Date) =>
    and(
      eq(oneTimeCodes.email, email),
      eq(oneTimeCodes.purpose, purpose),
      isNull(oneTimeCodes.usedAt),
      gt(oneTimeCodes.expiresAt, at),
      lt(oneTimeCodes.attempts, AUTH_LIMITS.otpMaxAttempts),
    );

  return {
    async issue(email, purpose, code, options = {}) {
      const at = now();
      const codeHash = await mac(purpose, purpose === 'activation' ? '' : email, code, options.context);
      const expiresAt = new Date(at.getTime() + CODE_LIFETIMES[purpose] * 1000);
      const pendingPasswordHash = purpose === 'activation' ? (options.pendingPasswordHash ?? null) : null;
      await db
        .insert(oneTimeCodes)
        .values({ email, purpose, codeHash, expiresAt, attempts: 0, usedAt: null, createdAt: at, pendingPasswordHash })
        .onConflictDoUpdate({
          target: [oneTimeCodes.email, oneTimeCodes.purpose],
          set: { codeHash, expiresAt, attempts: 0, usedAt: null, createdAt: at, pendingPasswordHash },
        });
    },

    async discard(email, purpose) {
      await db.delete(oneTimeCodes).where(and(eq(oneTimeCodes.email, email), eq(oneTimeCodes.purpose, purpose)));
    },

    async check(email, purpose, code, { consume, context }) {
      const at = now();
      const matches = and(live(email, purpose, at), eq(oneTimeCodes.codeHash, await mac(purpose, email, code, context)));
      const rows = consume
        ? await db.update(oneTimeCodes).set({ usedAt: at }).where(matches).returning({ id: oneTimeCodes.id })
        : await db.select({ id: oneTimeCodes.id }).from(oneTimeCodes).where(matches);
      if (rows.length > 0) return true;
      await db
        .update(oneTimeCodes)
        .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
        .where(live(email, purpose, at));
      return false;
    },

    async countFailure(email, purpose) {
      await db
        .update(oneTimeCodes)
        .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
        .where(live(email, purpose, now()));
    },

    async findActivation(token) {
      const [row] = await db
        .select({
          id: oneTimeCodes.id,
          email: oneTimeCodes.email,
          expiresAt: oneTimeCodes.expiresAt,
          usedAt: oneTimeCodes.usedAt,
          pendingPasswordHash: oneTimeCodes.pendingPasswordHash,
        })
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.purpose, 'activation'), eq(oneTimeCodes.codeHash, await mac('activation', '', token))));
      return row;
    },

    registrationProof(token) {
      return mac('registration-proof', '', token);
    },

    async matchingRegistrationProof(token, proofs) {
      const expected = Buffer.from(await mac('registration-proof', '', token));
      return proofs.find((proof) => {
        const given = Buffer.from(proof);
        return given.length === expected.length && timingSafeEqual(given, expected);
      });
    },

    async consumeActivation(id) {
      const rows = await db
        .update(oneTimeCodes)
        .set({ usedAt: now() })
        .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.usedAt)))
        .returning({ id: oneTimeCodes.id });
      return rows.length > 0;
    },
  };
}
