import { type Context, Hono } from 'hono';
import {
  ACCOUNT_SECURITY_PATHS as P,
  ChangePasswordRequestSchema,
  type MemberSession,
  SessionParamsSchema,
  STEP_UP_LIFETIME_SECONDS,
  STEP_UP_PATHS,
  StepUpCodeRequestSchema,
  StepUpVerifyRequestSchema,
} from '../../src/contract/account-security';
import { errorBody, notFound } from '../middleware/errors';
import { validate } from '../middleware/validate';
import { PROFILE_RATE_LIMITS } from '../members/profile-routes';
import type { Member } from '../members/store';
import { passwordChangedMail, stepUpCodeMail } from './account-security-mails';
import { bearerAuth, type MemberEnv } from './bearer';
import { newOtpCode } from './codes';
import type { Auth } from './core';
import { describeDevice } from './devices';
import { clearRefreshCookie, firstRefusal, tooManyRequests } from './http';
import { hashPassword } from './passwords';
import { issueStepUpToken, requireStepUp } from './step-up';

const CODE_REJECTED = 'The code is not valid or has expired';

/**
 * The signed-in member's own security (spec section 7 "Auth"; decision record 0047): step-up codes and
 * tokens, a password set from the account, and the member's sessions. Every route takes the bearer token
 * first, so a request without one is 401 whatever its body.
 */
export function accountSecurityRoutes(auth: Auth) {
  const { codes, members: store, limiter, sessions } = auth;
  const bearer = bearerAuth(auth);
  const stepUp = requireStepUp(auth);

  async function currentMember(c: Context<MemberEnv>): Promise<Member> {
    const member = await store.byId(c.get('session').memberId);
    // The bearer check has just seen the member's live session.
    if (!member) throw new Error('The signed-in member has gone');
    return member;
  }

  return (
    new Hono<MemberEnv>()
      // Counted with the profile codes: together they bound what one member can have mailed and guessed.
      .post(STEP_UP_PATHS.code, bearer, validate('json', StepUpCodeRequestSchema), async (c) => {
        const member = await currentMember(c);
        const retryAfter = await firstRefusal(
          () => limiter.hit(PROFILE_RATE_LIMITS.codesPerMember, String(member.id)),
          () => limiter.hit(PROFILE_RATE_LIMITS.codesPerMemberPerDay, String(member.id)),
        );
        if (retryAfter !== undefined) return tooManyRequests(c, retryAfter);
        const code = newOtpCode();
        // Bound to the session that asked: another of the member's sessions cannot trade it.
        await codes.issue(member.email, 'step-up', code, { context: c.get('session').sessionId });
        await auth.mail.send(stepUpCodeMail(member.email, c.req.valid('json').locale, code));
        return c.json({ data: { accepted: true as const } }, 202);
      })

      .post(STEP_UP_PATHS.verify, bearer, validate('json', StepUpVerifyRequestSchema), async (c) => {
        const { sessionId } = c.get('session');
        const member = await currentMember(c);
        // A wrong code spends one of the code's tries (server/auth/codes.ts); after five it is dead.
        if (!(await codes.check(member.email, 'step-up', c.req.valid('json').code, { consume: true, context: sessionId }))) {
          return c.json(errorBody('bad_request', CODE_REJECTED, [{ path: 'code', message: CODE_REJECTED }]), 400);
        }
        const token = await issueStepUpToken(auth, sessionId);
        c.header('Cache-Control', 'no-store');
        return c.json({ data: { step_up_token: token, expires_in: STEP_UP_LIFETIME_SECONDS } }, 200);
      })

      .post(P.password, bearer, validate('json', ChangePasswordRequestSchema), stepUp, async (c) => {
        const { memberId, sessionId } = c.get('session');
        const updated = await store.update(memberId, { passwordHash: await hashPassword(c.req.valid('json').password) });
        if (!updated) throw new Error('The signed-in member has gone');
        // Whoever else is signed in, perhaps with the old password, must sign in again; this session proved itself.
        await sessions.revokeAllOf(memberId, 'password-changed', { except: sessionId });
        await auth.mail.send(passwordChangedMail(updated.email, updated.locale, auth.links().sessions(updated.locale)));
        return c.body(null, 204);
      })

      .get(P.sessions, bearer, async (c) => {
        const { memberId, sessionId } = c.get('session');
        const list: MemberSession[] = (await sessions.liveOf(memberId)).map((session) => ({
          id: session.sessionId,
          device: describeDevice(session.userAgent),
          createdAt: session.createdAt.toISOString(),
          lastUsedAt: session.lastUsedAt.toISOString(),
          current: session.sessionId === sessionId,
        }));
        c.header('Cache-Control', 'no-store');
        return c.json({ data: list }, 200);
      })

      .post(P.signOutEverywhere, bearer, async (c) => {
        await sessions.revokeAllOf(c.get('session').memberId, 'signed-out-everywhere');
        clearRefreshCookie(c);
        return c.body(null, 204);
      })

      .delete(P.session, bearer, validate('param', SessionParamsSchema), async (c) => {
        const { memberId, sessionId } = c.get('session');
        const ended = c.req.valid('param').sessionId;
        // Another member's session answers as an unknown one: nobody learns it exists.
        if (!(await sessions.revokeOf(memberId, ended, 'signed-out-by-member'))) return notFound(c, 'No such session');
        if (ended === sessionId) clearRefreshCookie(c);
        return c.body(null, 204);
      })
  );
}
