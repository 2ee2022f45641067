import { and, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import { ECOMMERCE_LIMITS } from '../../src/contract/ecommerce';
import type { Database } from '../db/database';
import { carts, vouchers } from '../db/schema';
import { changeCart } from './carts';
import { type CommerceContext, fail, notFoundFailure, type Viewer } from './context';
import type { AppliedVoucher } from './views';

/**
 * Vouchers on carts (decision record 0014). A voucher is on one cart at a time: applying it is a
 * conditional UPDATE that takes it only when it is free, still valid, not used, and either anyone's or the
 * caller's own; a cart left untouched past its lifetime lets go of it. Paying redeems it with the order.
 */

export async function appliedVouchers(db: Database, cartId: string): Promise<AppliedVoucher[]> {
  return db
    .select({
      id: vouchers.id,
      code: vouchers.code,
      category: vouchers.category,
      amountMinor: vouchers.amountMinor,
      currency: vouchers.currency,
    })
    .from(vouchers)
    .where(and(eq(vouchers.cartId, cartId), isNull(vouchers.redeemedOrderId)))
    .orderBy(vouchers.code);
}

function takeVoucher(ctx: CommerceContext, cartId: string, viewer: Viewer | null, which: ReturnType<typeof eq>) {
  const staleBefore = new Date(ctx.now().getTime() - ECOMMERCE_LIMITS.cartLifetimeHours * 3_600_000);
  const abandoned = ctx.db
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.status, 'open'), lt(carts.updatedAt, staleBefore)));
  return ctx.db
    .update(vouchers)
    .set({ cartId })
    .where(
      and(
        which,
        isNull(vouchers.redeemedOrderId),
        gte(vouchers.validUntil, ctx.today()),
        viewer ? or(isNull(vouchers.memberId), eq(vouchers.memberId, viewer.memberId)) : isNull(vouchers.memberId),
        or(isNull(vouchers.cartId), eq(vouchers.cartId, cartId), sql`${vouchers.cartId} in ${abandoned}`),
      ),
    )
    .returning({ id: vouchers.id });
}

/** POST vouchers {code}: 409 voucher_invalid for an unknown, expired, used or someone else's code. */
export function applyVoucherCode(ctx: CommerceContext, cartId: string, viewer: Viewer | null, code: string) {
  return changeCart(ctx, cartId, viewer, async () => {
    const taken = await takeVoucher(ctx, cartId, viewer, eq(vouchers.code, code.trim().toUpperCase()));
    return taken.length > 0 ? {} : fail(409, 'voucher_invalid', 'This voucher code cannot be used');
  });
}

/** POST vouchers/{id}: one of the signed-in member's own vouchers. */
export function applyMemberVoucher(ctx: CommerceContext, cartId: string, viewer: Viewer | null, voucherId: string) {
  if (!viewer) return Promise.resolve(fail(401, 'unauthorized', 'Sign in to use your vouchers'));
  return changeCart(ctx, cartId, viewer, async () => {
    const taken = await takeVoucher(
      ctx,
      cartId,
      viewer,
      and(eq(vouchers.id, voucherId), eq(vouchers.memberId, viewer.memberId)) as ReturnType<typeof eq>,
    );
    return taken.length > 0 ? {} : fail(409, 'voucher_invalid', 'This voucher cannot be used');
  });
}

export function removeVoucher(ctx: CommerceContext, cartId: string, viewer: Viewer | null, voucherId: string) {
  return changeCart(ctx, cartId, viewer, async () => {
    const released = await ctx.db
      .update(vouchers)
      .set({ cartId: null })
      .where(and(eq(vouchers.id, voucherId), eq(vouchers.cartId, cartId), isNull(vouchers.redeemedOrderId)))
      .returning({ id: vouchers.id });
    return released.length > 0 ? {} : notFoundFailure(`voucher ${voucherId} on this cart`);
  });
}
