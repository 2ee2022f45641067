import { and, eq, isNull, or } from 'drizzle-orm';
import type { Database } from '../db/database';
import { cartVouchers, vouchers } from '../db/schema';
import type { AppliedVoucher } from './views';

/**
 * The vouchers listed on a cart and usable: public ones (never used up) and members' own not yet redeemed, which pricing takes off the cart's total. Kept apart
 * from vouchers.ts, whose changes go through carts.ts, so that pricing a cart never imports back into it.
 */
export async function appliedVouchers(db: Database, cartId: string): Promise<AppliedVoucher[]> {
  return db
    .select({ id: vouchers.id, code: vouchers.code, category: vouchers.category, amountMinor: vouchers.amountMinor, currency: vouchers.currency })
    .from(cartVouchers)
    .innerJoin(vouchers, eq(vouchers.id, cartVouchers.voucherId))
    .where(and(eq(cartVouchers.cartId, cartId), or(isNull(vouchers.memberId), isNull(vouchers.redeemedOrderId))))
    .orderBy(vouchers.code);
}
