import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { PASSKEY_LIMITS } from '../../src/contract/passkeys';
import type { Database } from '../db/database';
import { webauthnChallenges } from '../db/schema';

export const CHALLENGE_LIFETIME_MS = PASSKEY_LIMITS.challengeMinutes * 60 * 1000;
/** Challenges are @simplewebauthn's: 32 random bytes, base64url. */
const CHALLENGE_FORMAT = /^[A-Za-z0-9_-]{16,128}$/;

/** Who a registration challenge belongs to: only this session of this member may answer it. */
export interface ChallengeOwner {
  memberId: number;
  sessionId: string;
}

export interface WebauthnChallengeStore {
  /** Keeps the challenge of new registration options for this session; valid CHALLENGE_LIFETIME_MS. */
  issueRegistration(challenge: string, owner: ChallengeOwner): Promise<void>;
  /** Keeps the challenge of new sign-in options; its id goes to the browser, which sends it back. */
  issueAuthentication(challenge: string): Promise<{ id: string }>;
  /**
   * Uses up the registration challenge the browser's client data names: true when it was this session's,
   * unused and unexpired. A presented challenge is spent whatever the verification that follows decides.
   */
  consumeRegistration(challenge: string, owner: ChallengeOwner): Promise<boolean>;
  /** Uses up the sign-in challenge of this id: its value when it was unused and unexpired. */
  consumeAuthentication(id: string): Promise<string | undefined>;
}

/**
 * Single-use challenges of passkey options in the database, so every BFF process can check an answer to
 * options another one gave. Using one up is one conditional UPDATE ... RETURNING: of two answers racing
 * with the same challenge only one gets it. Issuing deletes the challenges that have expired, so the table
 * holds at most the last few minutes' worth (sign-in options are limited per client address).
 */
export function createWebauthnChallengeStore({ db, now }: { db: Database; now: () => Date }): WebauthnChallengeStore {
  async function insert(values: Omit<typeof webauthnChallenges.$inferInsert, 'id' | 'createdAt' | 'expiresAt'>) {
    const at = now();
    await db.delete(webauthnChallenges).where(lte(webauthnChallenges.expiresAt, at));
    const id = randomUUID();
    await db.insert(webauthnChallenges).values({ ...values, id, createdAt: at, expiresAt: new Date(at.getTime() + CHALLENGE_LIFETIME_MS) });
    return id;
  }

  const usable = () => and(isNull(webauthnChallenges.usedAt), gt(webauthnChallenges.expiresAt, now()));

  return {
    async issueRegistration(challenge, { memberId, sessionId }) {
      await insert({ purpose: 'registration', challenge, memberId, sessionId });
    },

    async issueAuthentication(challenge) {
      return { id: await insert({ purpose: 'authentication', challenge }) };
    },

    async consumeRegistration(challenge, { memberId, sessionId }) {
      // The value comes from the browser's client data, which anyone can write: only ours can match.
      if (!CHALLENGE_FORMAT.test(challenge)) return false;
      const used = await db
        .update(webauthnChallenges)
        .set({ usedAt: now() })
        .where(
          and(
            eq(webauthnChallenges.purpose, 'registration'),
            eq(webauthnChallenges.challenge, challenge),
            eq(webauthnChallenges.memberId, memberId),
            eq(webauthnChallenges.sessionId, sessionId),
            usable(),
          ),
        )
        .returning({ id: webauthnChallenges.id });
      return used.length > 0;
    },

    async consumeAuthentication(id) {
      const [used] = await db
        .update(webauthnChallenges)
        .set({ usedAt: now() })
        .where(and(eq(webauthnChallenges.id, id), eq(webauthnChallenges.purpose, 'authentication'), usable()))
        .returning({ challenge: webauthnChallenges.challenge });
      return used?.challenge;
    },
  };
}
