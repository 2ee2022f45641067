import { and, eq, gte, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { cartVouchers, vouchers } from '../db/schema';
import { changeCart } from './carts';
import { type CommerceContext, fail, notFoundFailure, type Viewer } from './context';
import type { Writer } from './inventory';

/**
 * Vouchers on carts (decision records 0014 and 0023). Applying a voucher lists it on the cart and takes
 * nothing: any cart may list a voucher that is valid, not used, and either anyone's or the caller's own,
 * so a cart left unpaid keeps no one else from using it. A voucher is claimed only by paying: the hold's
 * transaction takes it with a conditional UPDATE that one payment wins (the others answer 409
 * voucher_unavailable before anything is authorised), a payment that fails gives it back, and the order
 * redeems it. Pricing reads what a cart lists through applied-vouchers.ts.
 */

/** Thrown inside the hold's transaction when a voucher of the cart is used or being paid by another cart. */
export class VoucherTaken extends Error {
  constructor() {
    super('A voucher of the cart is no longer free');
    this.name = 'VoucherTaken';
  }
}

/**
 * In the hold's transaction: claims the vouchers the payment was priced with for this cart, each only if
 * it is still valid, not redeemed, not claimed by another cart and usable by the cart's member. Throws
 * VoucherTaken (rolling the hold back) when one of them is not.
 */
export async function claimVouchers(
  tx: Writer,
  cart: { id: string; memberId: number | null },
  voucherIds: readonly string[],
  today: string,
): Promise<void> {
  if (voucherIds.length === 0) return;
  const claimed = await tx
    .update(vouchers)
    .set({ cartId: cart.id })
    .where(
      and(
        inArray(vouchers.id, [...voucherIds]),
        isNull(vouchers.redeemedOrderId),
        gte(vouchers.validUntil, today),
        or(isNull(vouchers.cartId), eq(vouchers.cartId, cart.id)),
        cart.memberId === null ? isNull(vouchers.memberId) : or(isNull(vouchers.memberId), eq(vouchers.memberId, cart.memberId)),
      ),
    )
    .returning({ id: vouchers.id });
  if (claimed.length !== new Set(voucherIds).size) throw new VoucherTaken();
}

/** Lists a voucher on the cart when it can be used by the caller now (not while another cart is being paid with it). */
async function listVoucher(ctx: CommerceContext, cartId: string, viewer: Viewer | null, which: SQL | undefined) {
  const [voucher] = await ctx.db
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(
      and(
        which,
        isNull(vouchers.redeemedOrderId),
        gte(vouchers.validUntil, ctx.today()),
        viewer ? or(isNull(vouchers.memberId), eq(vouchers.memberId, viewer.memberId)) : isNull(vouchers.memberId),
        or(isNull(vouchers.cartId), eq(vouchers.cartId, cartId)),
      ),
    );
  if (!voucher) return false;
  await ctx.db.insert(cartVouchers).values({ cartId, voucherId: voucher.id, appliedAt: ctx.now() }).onConflictDoNothing();
  return true;
}

/** POST vouchers {code}: 409 voucher_invalid for an unknown, expired, used or someone else's code. */
export function applyVoucherCode(ctx: CommerceContext, cartId: string, viewer: Viewer | null, code: string) {
  return changeCart(ctx, cartId, viewer, async () =>
    (await listVoucher(ctx, cartId, viewer, eq(vouchers.code, code.trim().toUpperCase())))
      ? {}
      : fail(409, 'voucher_invalid', 'This voucher code cannot be used'),
  );
}

/** POST vouchers/{id}: one of the signed-in member's own vouchers. */
export function applyMemberVoucher(ctx: CommerceContext, cartId: string, viewer: Viewer | null, voucherId: string) {
  if (!viewer) return Promise.resolve(fail(401, 'unauthorized', 'Sign in to use your vouchers'));
  return changeCart(ctx, cartId, viewer, async () =>
    (await listVoucher(ctx, cartId, viewer, and(eq(vouchers.id, voucherId), eq(vouchers.memberId, viewer.memberId))))
      ? {}
      : fail(409, 'voucher_invalid', 'This voucher cannot be used'),
  );
}

export function removeVoucher(ctx: CommerceContext, cartId: string, viewer: Viewer | null, voucherId: string) {
  return changeCart(ctx, cartId, viewer, async () => {
    const removed = await ctx.db
      .delete(cartVouchers)
      .where(and(eq(cartVouchers.cartId, cartId), eq(cartVouchers.voucherId, voucherId)))
      .returning({ id: cartVouchers.voucherId });
    return removed.length > 0 ? {} : notFoundFailure(`voucher ${voucherId} on this cart`);
  });
}
