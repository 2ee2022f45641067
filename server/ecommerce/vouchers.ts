import { and, eq, gte, inArray, isNotNull, isNull, not, or, type SQL, sql } from 'drizzle-orm';
import { carts, cartVouchers, vouchers } from '../db/schema';
import { changeCart } from './carts';
import { type CommerceContext, fail, type Failure, notFoundFailure, type Viewer } from './context';
import type { Writer } from './inventory';

/**
 * Vouchers on carts (decision records 0014 and 0023). Applying a voucher lists it on the cart and takes
 * nothing. A public voucher (no member: WELCOME50, BONUS20) may be used by anyone, on any number of
 * bookings: it is never claimed by one cart nor used up. A member's own voucher is used once: any of the
 * member's carts may list it, and it is claimed only by paying: the hold's transaction takes it with a
 * conditional UPDATE that one payment wins (the others answer 409 voucher_unavailable before anything is
 * authorised), a payment that fails or whose hold ran out gives it back, and the order redeems it.
 * Pricing reads what a cart lists through applied-vouchers.ts.
 */

/** Thrown inside the hold's transaction when a voucher of the cart is used or being paid by another cart. */
export class VoucherTaken extends Error {
  constructor() {
    super('A voucher of the cart is no longer free');
    this.name = 'VoucherTaken';
  }
}

/**
 * A claim that still counts: the claiming cart is being paid and its hold has not run out. A cart left on
 * the provider's page past its hold (abandoned, unpaid) holds nothing, even before the purge opens it again.
 */
function heldByAnotherPayment(cartId: string, now: Date): SQL {
  return and(
    isNotNull(vouchers.cartId),
    not(eq(vouchers.cartId, cartId)),
    sql`exists (select 1 from ${carts} where ${carts.id} = ${vouchers.cartId} and ${carts.status} = 'payment_pending' and ${carts.holdExpiresAt} > ${now.toISOString()}::timestamptz)`,
  ) as SQL;
}

/**
 * In the hold's transaction: claims the single-use vouchers the payment was priced with for this cart,
 * each only if it is still valid, not redeemed, not held by another payment and usable by the cart's
 * member; the public ones must still be valid. Throws VoucherTaken (rolling the hold back) otherwise.
 */
export async function claimVouchers(
  tx: Writer,
  cart: { id: string; memberId: number | null },
  voucherIds: readonly string[],
  { today, now }: { today: string; now: Date },
): Promise<void> {
  if (voucherIds.length === 0) return;
  const ids = [...new Set(voucherIds)];
  const publicOnes = await tx
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(and(inArray(vouchers.id, ids), isNull(vouchers.memberId), gte(vouchers.validUntil, today)));
  const singleUse = ids.filter((id) => !publicOnes.some((voucher) => voucher.id === id));
  if (singleUse.length === 0) return;
  const claimed = await tx
    .update(vouchers)
    .set({ cartId: cart.id })
    .where(
      and(
        inArray(vouchers.id, singleUse),
        isNotNull(vouchers.memberId),
        isNull(vouchers.redeemedOrderId),
        gte(vouchers.validUntil, today),
        not(heldByAnotherPayment(cart.id, now)),
        cart.memberId === null ? sql`false` : eq(vouchers.memberId, cart.memberId),
      ),
    )
    .returning({ id: vouchers.id });
  if (claimed.length !== singleUse.length) throw new VoucherTaken();
}

/** Why a voucher cannot go on a cart: each has its own code, so the guest reads what to do. */
const VOUCHER_FAILURES = {
  /** Unknown, or another member's (which is not told apart from unknown). */
  invalid: { status: 409, code: 'voucher_invalid', message: 'This voucher code is not known' },
  expired: { status: 409, code: 'voucher_expired', message: 'This voucher has expired' },
  used: { status: 409, code: 'voucher_used', message: 'This voucher has already been used' },
  /** Another booking is being paid with it right now; it is free again if that payment does not go through. */
  inUse: { status: 409, code: 'voucher_unavailable', message: 'This voucher is being used for another booking right now' },
} as const satisfies Record<string, Failure>;

/** Lists a voucher on the cart when the caller may use it now, or tells why not. */
async function listVoucher(ctx: CommerceContext, cartId: string, viewer: Viewer | null, which: SQL | undefined): Promise<{ failure: Failure } | object> {
  const now = ctx.now();
  const [voucher] = await ctx.db
    .select({
      id: vouchers.id,
      validUntil: vouchers.validUntil,
      singleUse: sql<boolean>`${isNotNull(vouchers.memberId)}`,
      redeemed: sql<boolean>`${isNotNull(vouchers.redeemedOrderId)}`,
      heldElsewhere: sql<boolean>`${heldByAnotherPayment(cartId, now)}`,
    })
    .from(vouchers)
    .where(and(which, viewer ? or(isNull(vouchers.memberId), eq(vouchers.memberId, viewer.memberId)) : isNull(vouchers.memberId)));
  if (!voucher) return { failure: VOUCHER_FAILURES.invalid };
  if (voucher.validUntil < ctx.today()) return { failure: VOUCHER_FAILURES.expired };
  // A public voucher is never used up nor held, whatever an older version of this code wrote on it.
  if (voucher.singleUse && voucher.redeemed) return { failure: VOUCHER_FAILURES.used };
  if (voucher.singleUse && voucher.heldElsewhere) return { failure: VOUCHER_FAILURES.inUse };
  await ctx.db.insert(cartVouchers).values({ cartId, voucherId: voucher.id, appliedAt: now }).onConflictDoNothing();
  return {};
}

/** POST vouchers {code}: 409 voucher_invalid (unknown or someone else's), voucher_expired, voucher_used or voucher_unavailable. */
export function applyVoucherCode(ctx: CommerceContext, cartId: string, viewer: Viewer | null, code: string) {
  return changeCart(ctx, cartId, viewer, () => listVoucher(ctx, cartId, viewer, eq(vouchers.code, code.trim().toUpperCase())));
}

/** POST vouchers/{id}: one of the signed-in member's own vouchers. */
export function applyMemberVoucher(ctx: CommerceContext, cartId: string, viewer: Viewer | null, voucherId: string) {
  if (!viewer) return Promise.resolve(fail(401, 'unauthorized', 'Sign in to use your vouchers'));
  return changeCart(ctx, cartId, viewer, () => listVoucher(ctx, cartId, viewer, and(eq(vouchers.id, voucherId), eq(vouchers.memberId, viewer.memberId))));
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
