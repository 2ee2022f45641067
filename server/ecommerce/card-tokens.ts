import { createHash } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { cardTokenBindings, carts, savedCards } from '../db/schema';
import type { CommerceContext } from './context';

/**
 * Who may use a provider card token (decision record 0023). The browser gets a token from the hosted card
 * form and hands it to the BFF once; from then on it is bound: to the first cart it is set on, and, when
 * saved, to that cart's member. A token presented by another cart or member is refused with the answer an
 * unknown token gets, so a leaked token can neither be used nor confirmed. A saved card's token is never
 * taken as a raw token at all: a saved card is used by its id, with a fresh CVV token.
 */

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

async function isSavedCardToken(ctx: CommerceContext, token: string, exceptMemberId?: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: savedCards.id })
    .from(savedCards)
    .where(exceptMemberId === undefined ? eq(savedCards.token, token) : and(eq(savedCards.token, token), ne(savedCards.memberId, exceptMemberId)))
    .limit(1);
  return row !== undefined;
}

/** Binds the token to the cart when it is free; answers whether this cart may use it (it is bound to this cart). */
export async function bindTokenToCart(ctx: CommerceContext, token: string, cartId: string): Promise<boolean> {
  if (await isSavedCardToken(ctx, token)) return false;
  const tokenHash = hashOf(token);
  await ctx.db.insert(cardTokenBindings).values({ tokenHash, cartId, memberId: null, createdAt: ctx.now() }).onConflictDoNothing();
  const [binding] = await ctx.db.select().from(cardTokenBindings).where(eq(cardTokenBindings.tokenHash, tokenHash));
  return binding?.cartId === cartId;
}

/**
 * Binds the token to the member for saving it: a fresh token (the account page's card form), or one bound
 * to one of the member's own carts. Answers whether the member may save it.
 */
export async function bindTokenToMember(ctx: CommerceContext, token: string, memberId: number): Promise<boolean> {
  if (await isSavedCardToken(ctx, token, memberId)) return false;
  const tokenHash = hashOf(token);
  await ctx.db.insert(cardTokenBindings).values({ tokenHash, cartId: null, memberId, createdAt: ctx.now() }).onConflictDoNothing();
  const [binding] = await ctx.db.select().from(cardTokenBindings).where(eq(cardTokenBindings.tokenHash, tokenHash));
  if (!binding) return false;
  if (binding.memberId !== null) return binding.memberId === memberId;
  if (binding.cartId === null) return false;
  const [cart] = await ctx.db.select({ memberId: carts.memberId }).from(carts).where(eq(carts.id, binding.cartId));
  if (cart?.memberId !== memberId) return false;
  // Conditional: of two members racing for one token, one gets it.
  const taken = await ctx.db
    .update(cardTokenBindings)
    .set({ memberId })
    .where(and(eq(cardTokenBindings.tokenHash, tokenHash), isNull(cardTokenBindings.memberId)))
    .returning({ memberId: cardTokenBindings.memberId });
  if (taken.length > 0) return true;
  const [again] = await ctx.db.select().from(cardTokenBindings).where(eq(cardTokenBindings.tokenHash, tokenHash));
  return again?.memberId === memberId;
}
