import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import type { Database } from '../db/database';
import { exchangeCodes, members, refreshTokens, sessions } from '../db/schema';
import { tokenDigest } from './codes';

export const SESSION_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
export const EXCHANGE_CODE_LIFETIME_SECONDS = 2 * 60;
/** A session's last use is written at most this often: a busy member's calls do not each write a row. */
export const SESSION_TOUCH_INTERVAL_SECONDS = 5 * 60;
/** Longer User-Agents are cut: enough for every real browser, bounded for a client that sends a novel. */
export const SESSION_USER_AGENT_MAX_LENGTH = 512;

/** The User-Agent as sessions and devices keep it: cut to length, null when none was sent. */
export const storedUserAgent = (userAgent: string | undefined): string | null => userAgent?.slice(0, SESSION_USER_AGENT_MAX_LENGTH) || null;

export interface LiveSession {
  sessionId: string;
  memberId: number;
  memberGuid: string;
  email: string;
  expiresAt: Date;
  lastUsedAt: Date;
}

/** A live session as the member's list of sessions shows it. */
export interface SessionSummary {
  sessionId: string;
  userAgent: string | null;
  createdAt: Date;
  lastUsedAt: Date;
}

export type RefreshOutcome =
  | { ok: true; session: LiveSession; refreshToken: string }
  /** A refresh token that was already used: the session has been revoked. */
  | { ok: false; reused: true }
  | { ok: false; reused: false };

export interface SessionStore {
  /** A new session with its first refresh token; `userAgent` names the browser it began in. */
  create(memberId: number, options?: { userAgent?: string | null }): Promise<{ session: LiveSession; refreshToken: string }>;
  /** The session when it exists, is not revoked or expired, and belongs to a member. */
  live(sessionId: string): Promise<LiveSession | undefined>;
  /** Uses up the refresh token and gives its successor (rotation); a used one revokes its session. */
  refresh(refreshToken: string): Promise<RefreshOutcome>;
  /** The session of a refresh token still unused, without using it (logout by cookie). */
  sessionOfRefreshToken(refreshToken: string): Promise<string | undefined>;
  revoke(sessionId: string, reason: string): Promise<void>;
  /** Ends the member's live session of this id; false when the member has no such live session. */
  revokeOf(memberId: number, sessionId: string, reason: string): Promise<boolean>;
  /** The member's live sessions, most recently used first. */
  liveOf(memberId: number): Promise<SessionSummary[]>;
  /** Notes that the session was used now, unless that was noted less than SESSION_TOUCH_INTERVAL_SECONDS ago. */
  touch(session: Pick<LiveSession, 'sessionId' | 'lastUsedAt'>): Promise<void>;
  /** Every live session of the member ends, but the one named in `except` (the caller's, after a change they proved). */
  revokeAllOf(memberId: number, reason: string, options?: { except?: string }): Promise<void>;
  /** A single-use code, valid two minutes, that a URL can carry and POST /auth/token trades for a session token. */
  issueExchangeCode(sessionId: string): Promise<string>;
  /** The code's session with a new refresh token; undefined for an unknown, used or expired code. */
  redeemExchangeCode(code: string): Promise<{ session: LiveSession; refreshToken: string } | undefined>;
}

const newSecret = () => randomBytes(32).toString('base64url');

/**
 * Sessions and their refresh tokens (opaque, 256 random bits, stored as SHA-256). Every check-then-act is
 * one conditional UPDATE ... RETURNING, so two concurrent refreshes with one token cannot both succeed.
 */
export function createSessionStore({ db, now }: { db: Database; now: () => Date }): SessionStore {
  async function live(sessionId: string): Promise<LiveSession | undefined> {
    const [row] = await db
      .select({
        sessionId: sessions.id,
        memberId: members.id,
        memberGuid: members.guid,
        email: members.email,
        expiresAt: sessions.expiresAt,
        lastUsedAt: sessions.lastUsedAt,
      })
      .from(sessions)
      .innerJoin(members, eq(members.id, sessions.memberId))
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now()), eq(members.status, 'active')));
    return row;
  }

  async function addRefreshToken(sessionId: string): Promise<string> {
    const token = newSecret();
    await db.insert(refreshTokens).values({ tokenHash: tokenDigest(token), sessionId, createdAt: now() });
    return token;
  }

  const isLive = (at: Date) => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, at));

  async function touch(session: Pick<LiveSession, 'sessionId' | 'lastUsedAt'>) {
    const at = now();
    const due = new Date(at.getTime() - SESSION_TOUCH_INTERVAL_SECONDS * 1000);
    // Known from the read that found the session: a fresh one costs no statement at all.
    if (session.lastUsedAt.getTime() > due.getTime()) return;
    // Conditional, so concurrent calls of one session write once and never move the time back.
    await db
      .update(sessions)
      .set({ lastUsedAt: at })
      .where(and(eq(sessions.id, session.sessionId), lt(sessions.lastUsedAt, due)));
  }

  async function revoke(sessionId: string, reason: string) {
    await db
      .update(sessions)
      .set({ revokedAt: now(), revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  return {
    async create(memberId, options = {}) {
      const at = now();
      const id = randomUUID();
      await db.insert(sessions).values({
        id,
        memberId,
        createdAt: at,
        lastUsedAt: at,
        expiresAt: new Date(at.getTime() + SESSION_LIFETIME_SECONDS * 1000),
        userAgent: options.userAgent ?? null,
      });
      const session = await live(id);
      if (!session) throw new Error('The new session is not live: the member is not active');
      return { session, refreshToken: await addRefreshToken(id) };
    },

    live,

    async refresh(refreshToken) {
      const tokenHash = tokenDigest(refreshToken);
      const [used] = await db
        .update(refreshTokens)
        .set({ usedAt: now() })
        .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
        .returning({ sessionId: refreshTokens.sessionId });
      if (used) {
        const session = await live(used.sessionId);
        if (!session) return { ok: false, reused: false };
        await touch(session);
        return { ok: true, session, refreshToken: await addRefreshToken(session.sessionId) };
      }
      const [earlier] = await db
        .select({ sessionId: refreshTokens.sessionId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash));
      if (!earlier) return { ok: false, reused: false };
      // A used token came back: whoever holds it (the member or a thief) loses the session.
      await revoke(earlier.sessionId, 'refresh-token-reuse');
      return { ok: false, reused: true };
    },

    async sessionOfRefreshToken(refreshToken) {
      const [row] = await db
        .select({ sessionId: refreshTokens.sessionId })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.tokenHash, tokenDigest(refreshToken)), isNull(refreshTokens.usedAt)));
      return row?.sessionId;
    },

    revoke,

    async revokeOf(memberId, sessionId, reason) {
      const ended = await db
        .update(sessions)
        .set({ revokedAt: now(), revokedReason: reason })
        .where(and(eq(sessions.id, sessionId), eq(sessions.memberId, memberId), isLive(now())))
        .returning({ id: sessions.id });
      return ended.length > 0;
    },

    async liveOf(memberId) {
      return db
        .select({ sessionId: sessions.id, userAgent: sessions.userAgent, createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt })
        .from(sessions)
        .where(and(eq(sessions.memberId, memberId), isLive(now())))
        .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
    },

    touch,

    async revokeAllOf(memberId, reason, options = {}) {
      await db
        .update(sessions)
        .set({ revokedAt: now(), revokedReason: reason })
        .where(
          and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt), options.except === undefined ? undefined : ne(sessions.id, options.except)),
        );
    },

    async issueExchangeCode(sessionId) {
      const code = newSecret();
      await db.insert(exchangeCodes).values({
        codeHash: tokenDigest(code),
        sessionId,
        expiresAt: new Date(now().getTime() + EXCHANGE_CODE_LIFETIME_SECONDS * 1000),
      });
      return code;
    },

    async redeemExchangeCode(code) {
      const at = now();
      const [row] = await db
        .update(exchangeCodes)
        .set({ usedAt: at })
        .where(and(eq(exchangeCodes.codeHash, tokenDigest(code)), isNull(exchangeCodes.usedAt), gt(exchangeCodes.expiresAt, at)))
        .returning({ sessionId: exchangeCodes.sessionId });
      if (!row) return undefined;
      const session = await live(row.sessionId);
      if (!session) return undefined;
      return { session, refreshToken: await addRefreshToken(session.sessionId) };
    },
  };
}
