import { and, eq, gte, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { RedeemStayVoucherRequestSchema, STAY_VOUCHER_LIMITS, STAY_VOUCHER_PATHS, type StayVoucher, type StayVoucherStatus } from '../../src/contract/stay-vouchers';
import { bearerAuth, type MemberEnv } from '../auth/bearer';
import type { Auth } from '../auth/core';
import { tooManyRequests } from '../auth/http';
import type { RateLimitRule } from '../auth/rate-limit';
import type { Database } from '../db/database';
import { brands, stayVouchers } from '../db/schema';
import { businessDate } from '../lib/calendar';
import { errorBody, notFound } from '../middleware/errors';
import { validate } from '../middleware/validate';

/**
 * Stay vouchers of the member area (decision record 0042): the member's list, and redeeming a code into
 * the account. Redeeming is one conditional UPDATE (`WHERE member_id IS NULL` and not past its last day):
 * of members redeeming the same code at once exactly one gets a row back, the others see it taken.
 */

/** Codes tried in vain per member and hour (STAY_VOUCHER_LIMITS.redeemFailuresPerHour), in the shared database limiter. */
export const STAY_VOUCHER_FAILURES_PER_MEMBER: RateLimitRule = {
  name: 'stay-voucher-fail:member',
  limit: STAY_VOUCHER_LIMITS.redeemFailuresPerHour,
  windowSeconds: 60 * 60,
};

/** One answer for a code redeemed by this member or any other: whose account holds it is nobody else's business. */
export const ALREADY_REDEEMED_MESSAGE = 'This stay voucher has already been redeemed';

type Row = typeof stayVouchers.$inferSelect;

function statusOf(row: Pick<Row, 'usedAt' | 'validUntil'>, today: string): StayVoucherStatus {
  if (row.usedAt) return 'used';
  return row.validUntil < today ? 'expired' : 'valid';
}

function view(row: Row, brand: { code: string; name: string } | null, today: string): StayVoucher {
  // Only redeemed vouchers are ever shown, and redeeming sets redeemed_at (a database check keeps them together).
  if (!row.redeemedAt) throw new Error('A stay voucher shown to a member has no redemption time');
  return {
    id: row.id,
    code: row.code,
    nights: row.nights,
    guests: row.guests,
    brand,
    room: row.room,
    board: row.board,
    description: row.description,
    validUntil: row.validUntil,
    status: statusOf(row, today),
    redeemedAt: row.redeemedAt.toISOString(),
    usedAt: row.usedAt ? row.usedAt.toISOString() : null,
  };
}

const STATUS_ORDER: Record<StayVoucherStatus, number> = { valid: 0, used: 1, expired: 1 };

/** The member's stay vouchers: valid ones first, then by their last day (soonest first), then by code. */
export async function stayVouchersOf(db: Database, memberId: number, now: Date): Promise<StayVoucher[]> {
  const today = businessDate(now);
  const rows = await db
    .select({ voucher: stayVouchers, brandCode: brands.code, brandName: brands.name })
    .from(stayVouchers)
    .leftJoin(brands, eq(brands.id, stayVouchers.brandId))
    .where(eq(stayVouchers.memberId, memberId));
  return rows
    .map((row) => view(row.voucher, row.brandCode && row.brandName ? { code: row.brandCode, name: row.brandName } : null, today))
    .sort(
      (a, b) =>
        STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || a.validUntil.localeCompare(b.validUntil) || a.code.localeCompare(b.code),
    );
}

export type RedeemOutcome =
  | { ok: true; voucher: StayVoucher }
  | { ok: false; reason: 'unknown' }
  | { ok: false; reason: 'taken' }
  | { ok: false; reason: 'expired'; validUntil: string };

/**
 * Redeems the code for the member, atomically: the UPDATE takes the voucher only while nobody holds it and
 * its last day has not passed. When it takes nothing, a read says why (unknown, taken or expired).
 */
export async function redeemStayVoucher(db: Database, memberId: number, code: string, now: Date): Promise<RedeemOutcome> {
  const today = businessDate(now);
  const [taken] = await db
    .update(stayVouchers)
    .set({ memberId, redeemedAt: now })
    .where(and(eq(stayVouchers.code, code), isNull(stayVouchers.memberId), gte(stayVouchers.validUntil, today)))
    .returning({ id: stayVouchers.id });
  if (taken) {
    const voucher = (await stayVouchersOf(db, memberId, now)).find((candidate) => candidate.id === taken.id);
    if (!voucher) throw new Error('The stay voucher just redeemed has gone');
    return { ok: true, voucher };
  }
  const [row] = await db.select({ memberId: stayVouchers.memberId, validUntil: stayVouchers.validUntil }).from(stayVouchers).where(eq(stayVouchers.code, code));
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.memberId !== null) return { ok: false, reason: 'taken' };
  return { ok: false, reason: 'expired', validUntil: row.validUntil };
}

export function stayVoucherRoutes({ auth, db }: { auth: Pick<Auth, 'tokens' | 'sessions' | 'now' | 'limiter'>; db: Database }) {
  const bearer = bearerAuth(auth);
  const P = STAY_VOUCHER_PATHS;
  return new Hono<MemberEnv>()
    .use(P.list, bearer)
    .use(P.redeem, bearer)
    .get(P.list, async (c) => c.json({ data: await stayVouchersOf(db, c.get('session').memberId, auth.now()) }, 200))
    .post(P.redeem, validate('json', RedeemStayVoucherRequestSchema), async (c) => {
      const memberId = c.get('session').memberId;
      // Counted before the code is looked up (a guess), refunded when it works: only codes in vain stay counted.
      const attempt = await auth.limiter.attempt(STAY_VOUCHER_FAILURES_PER_MEMBER, String(memberId));
      if (!attempt.allowed) return tooManyRequests(c, attempt.retryAfterSeconds);
      const outcome = await redeemStayVoucher(db, memberId, c.req.valid('json').code, auth.now());
      if (outcome.ok) {
        await attempt.refund();
        return c.json({ data: outcome.voucher }, 201);
      }
      if (outcome.reason === 'unknown') return notFound(c, 'There is no stay voucher with this code');
      if (outcome.reason === 'taken') return c.json(errorBody('conflict', ALREADY_REDEEMED_MESSAGE), 409);
      return c.json(errorBody('conflict', `This stay voucher expired on ${outcome.validUntil} and can no longer be redeemed`), 409);
    });
}
