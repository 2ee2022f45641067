import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { rewardNeedsStepUp } from '../../src/contract/account-security';
import {
  ClaimParamsSchema,
  DailypointProfileParamsSchema,
  LOYALTY_LIMITS,
  LOYALTY_PATHS,
  LoyaltyLocaleQuerySchema,
  PointsHistoryQuerySchema,
  RequestPointsRequestSchema,
  RewardParamsSchema,
  VoucherParamsSchema,
} from '../../src/contract/loyalty';
import { bearerAuth, type MemberEnv } from '../auth/bearer';
import type { Auth } from '../auth/core';
import { tooManyRequests } from '../auth/http';
import type { RateLimitRule } from '../auth/rate-limit';
import { stepUpRefusal } from '../auth/step-up';
import type { Database } from '../db/database';
import { bookingsOf } from '../members/bookings';
import { errorBody, notFound } from '../middleware/errors';
import { validate } from '../middleware/validate';
import type { LoyaltyProgrammePort } from '../ports/loyalty';

const P = LOYALTY_PATHS;
const points = (value: number) => value.toLocaleString('en-GB');

/** Requests for missing points per member and hour (LOYALTY_LIMITS.claimsPerHour), counted in the shared database limiter. */
export const CLAIMS_PER_MEMBER: RateLimitRule = { name: 'points-claim:member', limit: LOYALTY_LIMITS.claimsPerHour, windowSeconds: 60 * 60 };

/**
 * The member area's rewards routes (spec section 7 "Members", decision record 0040): every one takes the
 * member's bearer token (401 without a valid one) and answers only about that member; a voucher or a
 * request of another member's answers 404, as an unknown one does.
 */
export function loyaltyRoutes({ auth, programme, db }: { auth: Pick<Auth, 'tokens' | 'sessions' | 'now' | 'limiter'>; programme: LoyaltyProgrammePort; db: Database }) {
  const bearer = bearerAuth(auth);
  const memberOf = (c: { get(key: 'session'): { memberId: number } }) => c.get('session').memberId;
  /**
   * Every request for missing points counts, whatever its answer: each one a hotel might have to look
   * into. Counted before the body is read, so a refused request costs one upsert and nothing else.
   */
  const claimLimit = createMiddleware<MemberEnv>(async (c, next) => {
    const verdict = await auth.limiter.hit(CLAIMS_PER_MEMBER, String(memberOf(c)));
    if (!verdict.allowed) return tooManyRequests(c, verdict.retryAfterSeconds);
    await next();
  });
  return new Hono<MemberEnv>()
    .use(P.pointsStatus, bearer)
    .use(P.pointsHistory, bearer)
    .use(P.membershipLevels, bearer)
    .use(P.vouchers, bearer)
    .use(P.voucher, bearer)
    .use(P.rewards, bearer)
    .use(P.buyVoucher, bearer)
    .use(P.requestPoints, bearer)
    .use(P.requestPointsItem, bearer)
    .use(P.bookings, bearer)
    .use(P.dailypointProfile, bearer)
    .get(P.pointsStatus, async (c) => c.json({ data: await programme.pointsStatus(memberOf(c)) }, 200))
    .get(P.pointsHistory, validate('query', PointsHistoryQuerySchema), async (c) => {
      const { year, locale } = c.req.valid('query');
      return c.json({ data: await programme.pointsHistory(memberOf(c), { year, locale }) }, 200);
    })
    .get(P.membershipLevels, validate('query', LoyaltyLocaleQuerySchema), async (c) =>
      c.json({ data: await programme.membershipLevels(memberOf(c), c.req.valid('query').locale) }, 200),
    )
    .get(P.vouchers, async (c) => c.json({ data: await programme.vouchers(memberOf(c)) }, 200))
    .get(P.voucher, validate('param', VoucherParamsSchema), async (c) => {
      const voucher = await programme.voucher(memberOf(c), c.req.valid('param').voucherId);
      if (!voucher) return notFound(c, 'No such voucher');
      return c.json({ data: voucher }, 200);
    })
    .get(P.rewards, validate('query', LoyaltyLocaleQuerySchema), async (c) =>
      c.json({ data: await programme.rewards(memberOf(c), c.req.valid('query').locale) }, 200),
    )
    .post(P.buyVoucher, validate('param', RewardParamsSchema), validate('query', LoyaltyLocaleQuerySchema), async (c) => {
      const { rewardId } = c.req.valid('param');
      const { locale } = c.req.valid('query');
      // Many points at once take a step-up token (decision record 0047); an unknown reward is 404 as before.
      const reward = (await programme.rewards(memberOf(c), locale)).find((candidate) => candidate.id === rewardId);
      if (reward && rewardNeedsStepUp(reward.points)) {
        const refusal = await stepUpRefusal({ db, now: auth.now }, c);
        if (refusal) return refusal;
      }
      const outcome = await programme.buyReward(memberOf(c), rewardId, locale);
      if (outcome.ok) return c.json({ data: outcome.result }, 201);
      if (outcome.reason === 'unknown_reward') return notFound(c, 'No such reward');
      return c.json(
        errorBody('insufficient_points', `Not enough points: this reward costs ${points(outcome.needed)} points and your balance is ${points(outcome.balance)} points`),
        409,
      );
    })
    .post(P.requestPoints, claimLimit, validate('json', RequestPointsRequestSchema), async (c) => {
      const outcome = await programme.requestPoints(memberOf(c), c.req.valid('json'));
      if (outcome.ok) return c.json({ data: outcome.claim }, 201);
      if (outcome.status === 409) return c.json(errorBody('conflict', outcome.message), 409);
      return c.json(errorBody('bad_request', 'Invalid request body', [{ path: outcome.path, message: outcome.message }]), 400);
    })
    .get(P.requestPoints, async (c) => c.json({ data: await programme.claims(memberOf(c)) }, 200))
    .get(P.requestPointsItem, validate('param', ClaimParamsSchema), async (c) => {
      const claim = await programme.claim(memberOf(c), c.req.valid('param').claimId);
      if (!claim) return notFound(c, 'No such request');
      return c.json({ data: claim }, 200);
    })
    .get(P.bookings, async (c) => c.json({ data: await bookingsOf(db, memberOf(c), auth.now()) }, 200))
    .get(P.dailypointProfile, validate('param', DailypointProfileParamsSchema), async (c) => {
      const profile = await programme.dailypointProfile(memberOf(c));
      // Another member's id answers as an unknown one: whether it exists is not the caller's business.
      if (!profile || profile.dailypointMasterId !== c.req.valid('param').id) return notFound(c, 'No such profile');
      return c.json({ data: profile }, 200);
    });
}
