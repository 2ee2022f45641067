import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, isNotNull, lte, or } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { STEP_UP_HEADER, STEP_UP_LIFETIME_SECONDS, STEP_UP_REQUIRED } from '../../src/contract/account-security';
import type { Database } from '../db/database';
import { stepUpTokens } from '../db/schema';
import { errorBody } from '../middleware/errors';
import type { MemberEnv } from './bearer';
import { tokenDigest } from './codes';

/*
 * Step-up (decision record 0047): before a sensitive change, a signed-in member proves the mailbox again
 * with a fresh one-time code and gets a step-up token for it. The token is bound to the session that
 * asked for it, lives STEP_UP_LIFETIME_SECONDS and is spent by the one protected action it is shown to:
 * a second action needs a second code. Only its SHA-256 is kept (it has 256 random bits).
 */

export interface StepUpDeps {
  db: Database;
  now: () => Date;
}

/** A new step-up token for the session; the session's spent and expired ones are deleted on the way. */
export async function issueStepUpToken({ db, now }: StepUpDeps, sessionId: string): Promise<string> {
  const at = now();
  await db
    .delete(stepUpTokens)
    .where(and(eq(stepUpTokens.sessionId, sessionId), or(isNotNull(stepUpTokens.usedAt), lte(stepUpTokens.expiresAt, at))));
  const token = randomBytes(32).toString('base64url');
  await db.insert(stepUpTokens).values({
    tokenHash: tokenDigest(token),
    sessionId,
    createdAt: at,
    expiresAt: new Date(at.getTime() + STEP_UP_LIFETIME_SECONDS * 1000),
  });
  return token;
}

/**
 * Spends the token if it is this session's, unspent and unexpired: one conditional UPDATE, so two
 * actions racing with one token cannot both have it.
 */
export async function spendStepUpToken({ db, now }: StepUpDeps, sessionId: string, token: string): Promise<boolean> {
  const at = now();
  const spent = await db
    .update(stepUpTokens)
    .set({ usedAt: at })
    .where(
      and(eq(stepUpTokens.tokenHash, tokenDigest(token)), eq(stepUpTokens.sessionId, sessionId), isNull(stepUpTokens.usedAt), gt(stepUpTokens.expiresAt, at)),
    )
    .returning({ tokenHash: stepUpTokens.tokenHash });
  return spent.length > 0;
}

/**
 * For a route whose need of a step-up depends on what is asked (a reward's price): spends the request's
 * step-up token and answers nothing, or answers the 403 `step_up_required` the route returns. Call it
 * after the input is checked (a bad request does not spend the token) and before anything changes.
 */
export async function stepUpRefusal(deps: StepUpDeps, c: Context<MemberEnv>): Promise<Response | undefined> {
  const token = c.req.header(STEP_UP_HEADER);
  if (token && (await spendStepUpToken(deps, c.get('session').sessionId, token))) return undefined;
  return c.json(errorBody(STEP_UP_REQUIRED, 'Confirm with a code sent to your email address first'), 403);
}

/** Middleware for a route that always needs a step-up; placed after bearerAuth and the route's validators. */
export function requireStepUp(deps: StepUpDeps) {
  return createMiddleware<MemberEnv>(async (c, next) => {
    const refusal = await stepUpRefusal(deps, c);
    if (refusal) return refusal;
    await next();
  });
}
