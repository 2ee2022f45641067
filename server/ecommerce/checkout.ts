import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { type PaymentMethod, UuidSchema } from '../../src/contract/ecommerce';
import { members, savedCards } from '../db/schema';
import { toMajor } from '../search/money';
import { changeCart, loadCart, quoteCart } from './carts';
import { bindTokenToCart } from './card-tokens';
import { ownCard, saveCard } from './cards';
import { type CommerceContext, fail, notFoundFailure, type Result, type Viewer } from './context';
import type { CartRow } from './views';

/** Insurance, payment method and card of a cart, and what the caller may use (customer rate flags). */

export async function insuranceQuote(ctx: CommerceContext, cartId: string, viewer: Viewer | null) {
  const loaded = await loadCart(ctx, cartId, viewer);
  if ('failure' in loaded) return loaded;
  const quoted = await quoteCart(ctx, { ...loaded.data, insuranceProduct: 'cancellation' }, viewer);
  if ('failure' in quoted) return quoted;
  const { money } = quoted.data;
  return {
    data: {
      product: 'cancellation' as const,
      price: toMajor(money.insurance, money.currency),
      currency: money.currency.code,
    },
  };
}

export function setInsurance(ctx: CommerceContext, cartId: string, viewer: Viewer | null, on: boolean) {
  return changeCart(ctx, cartId, viewer, () => ({
    insuranceProduct: on ? 'cancellation' : null,
  }));
}

/** Points need a signed-in member and rooms that can all be paid with points (409 points_not_allowed). */
export function setPaymentMethod(ctx: CommerceContext, cartId: string, viewer: Viewer | null, method: PaymentMethod) {
  return changeCart(ctx, cartId, viewer, async (cart) => {
    if (method !== 'points') return { paymentMethod: method, payWithPoints: false };
    if (!viewer) return fail(409, 'points_not_allowed', 'Sign in to pay with points');
    const quoted = await quoteCart(ctx, cart, viewer);
    if ('failure' in quoted) return quoted;
    if (quoted.data.money.pointsToPay === 0) return fail(409, 'points_not_allowed', 'These rooms cannot be paid with points');
    return { paymentMethod: method, payWithPoints: true };
  });
}

/**
 * A card for the cart: one of the member's saved cards by id, or the token of a card just entered in the
 * provider's hosted form, which the provider describes (brand, last four, expiry). The token is bound to
 * this cart (decision record 0023): a token another cart set first, or a saved card's token, answers as an
 * unknown one. `save` keeps a new card among a member's saved cards.
 */
export async function resolveCard(
  ctx: CommerceContext,
  id: string,
  cart: Pick<CartRow, 'id'>,
  viewer: Viewer | null,
  save: boolean,
): Promise<Result<{ card: NonNullable<CartRow['card']> }>> {
  // Saved cards have UUIDs (provider tokens never do): one that is not the caller's own is 404, as it is
  // to anyone but its member, so a card id of someone else cannot be used or even confirmed to exist.
  if (v.is(UuidSchema, id)) {
    const saved = viewer ? await ownCard(ctx, viewer, id) : undefined;
    if (!saved) return notFoundFailure(`card ${id}`);
    const { token, brand, last4, expiryMonth, expiryYear } = saved;
    return { data: { card: { token, brand, last4, expiryMonth, expiryYear, savedCardId: saved.id, source: 'saved', reference: saved.id } } };
  }
  if (!ctx.payments) return fail(503, 'payments_unavailable', 'Cards cannot be used right now');
  const unknown = fail(400, 'bad_request', 'The card is unknown or its token has expired', 'credit_card_id');
  const card = await ctx.payments.describeCard(id);
  if (!card || !(await bindTokenToCart(ctx, card.token, cart.id))) return unknown;
  let savedCardId: string | null = null;
  if (save && viewer) {
    const saved = await saveCard(ctx, viewer, card, null);
    if ('failure' in saved) return unknown;
    savedCardId = saved.data.id;
  }
  const { token, brand, last4, expiryMonth, expiryYear } = card;
  return {
    data: {
      card: { token, brand, last4, expiryMonth, expiryYear, savedCardId, source: 'form', reference: randomUUID() },
    },
  };
}

export function setCreditCard(
  ctx: CommerceContext,
  cartId: string,
  viewer: Viewer | null,
  request: { credit_card_id: string; save?: boolean | undefined },
) {
  return changeCart(ctx, cartId, viewer, async (cart) => {
    const resolved = await resolveCard(ctx, request.credit_card_id, cart, viewer, request.save ?? false);
    if ('failure' in resolved) return resolved;
    return {
      card: resolved.data.card,
      paymentMethod: cart.paymentMethod ?? 'card',
    };
  });
}

/** What the caller may use: member rates and points need a signed-in member. */
export async function customerRateFlags(ctx: CommerceContext, viewer: Viewer | null) {
  if (!viewer)
    return {
      member_rates: false,
      pay_with_points: false,
      points_balance: 0,
      saved_cards: false,
    };
  const [member] = await ctx.db.select({ points: members.points }).from(members).where(eq(members.id, viewer.memberId));
  const [card] = await ctx.db.select({ id: savedCards.id }).from(savedCards).where(eq(savedCards.memberId, viewer.memberId)).limit(1);
  return {
    member_rates: true,
    pay_with_points: (member?.points ?? 0) > 0,
    points_balance: member?.points ?? 0,
    saved_cards: card !== undefined,
  };
}
