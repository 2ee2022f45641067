import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type * as v from 'valibot';
import type { AddSavedCardRequestSchema, SavedCard, UpdateSavedCardRequestSchema } from '../../src/contract/ecommerce';
import { savedCards } from '../db/schema';
import type { CardDetails } from '../ports/payments';
import { type CommerceContext, fail, notFoundFailure, type Result, type Viewer } from './context';

/**
 * A member's saved cards (members only). What is kept is the provider's token, brand, last four digits
 * and expiry; the card number and CVV never reach the BFF. A CVV for a payment with a saved card is
 * entered in the provider's hosted field; its one-time token is kept until the next payment uses it.
 */

type SavedCardRow = typeof savedCards.$inferSelect;

const view = (row: SavedCardRow): SavedCard => ({
  id: row.id,
  brand: row.brand,
  last4: row.last4,
  expiry_month: row.expiryMonth,
  expiry_year: row.expiryYear,
  holder_name: row.holderName,
});

export async function listCards(ctx: CommerceContext, viewer: Viewer): Promise<SavedCard[]> {
  const rows = await ctx.db
    .select()
    .from(savedCards)
    .where(eq(savedCards.memberId, viewer.memberId))
    .orderBy(asc(savedCards.createdAt), asc(savedCards.id));
  return rows.map(view);
}

export async function ownCard(ctx: CommerceContext, viewer: Viewer, cardId: string): Promise<SavedCardRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.id, cardId), eq(savedCards.memberId, viewer.memberId)));
  return row;
}

/** Saves a card the provider described (the same token twice is one card). */
export async function saveCard(ctx: CommerceContext, viewer: Viewer, card: CardDetails, holderName: string | null): Promise<SavedCard> {
  const [inserted] = await ctx.db
    .insert(savedCards)
    .values({
      id: randomUUID(),
      memberId: viewer.memberId,
      token: card.token,
      brand: card.brand,
      last4: card.last4,
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear,
      holderName,
      createdAt: ctx.now(),
    })
    .onConflictDoUpdate({
      target: [savedCards.memberId, savedCards.token],
      set: { holderName },
    })
    .returning();
  return view(inserted as SavedCardRow);
}

export async function addCard(
  ctx: CommerceContext,
  viewer: Viewer,
  request: v.InferOutput<typeof AddSavedCardRequestSchema>,
): Promise<Result<SavedCard>> {
  if (!ctx.payments) return fail(503, 'payments_unavailable', 'Cards cannot be saved right now');
  const card = await ctx.payments.describeCard(request.token);
  if (!card) return fail(400, 'bad_request', 'The card token is unknown or expired', 'token');
  return {
    data: await saveCard(ctx, viewer, card, request.holder_name ?? null),
  };
}

export async function updateCard(
  ctx: CommerceContext,
  viewer: Viewer,
  cardId: string,
  request: v.InferOutput<typeof UpdateSavedCardRequestSchema>,
): Promise<Result<SavedCard>> {
  const [row] = await ctx.db
    .update(savedCards)
    .set({
      ...(request.holder_name !== undefined ? { holderName: request.holder_name } : {}),
      ...(request.expiry_month !== undefined ? { expiryMonth: request.expiry_month } : {}),
      ...(request.expiry_year !== undefined ? { expiryYear: request.expiry_year } : {}),
    })
    .where(and(eq(savedCards.id, cardId), eq(savedCards.memberId, viewer.memberId)))
    .returning();
  return row ? { data: view(row) } : notFoundFailure(`card ${cardId}`);
}

export async function setCvv(ctx: CommerceContext, viewer: Viewer, cardId: string, cvvToken: string): Promise<Result<SavedCard>> {
  const [row] = await ctx.db
    .update(savedCards)
    .set({ cvvToken })
    .where(and(eq(savedCards.id, cardId), eq(savedCards.memberId, viewer.memberId)))
    .returning();
  return row ? { data: view(row) } : notFoundFailure(`card ${cardId}`);
}

export async function deleteCard(ctx: CommerceContext, viewer: Viewer, cardId: string): Promise<Result<{ ok: true }>> {
  const deleted = await ctx.db
    .delete(savedCards)
    .where(and(eq(savedCards.id, cardId), eq(savedCards.memberId, viewer.memberId)))
    .returning({ id: savedCards.id });
  return deleted.length > 0 ? { data: { ok: true } } : notFoundFailure(`card ${cardId}`);
}

/** The CVV token set for a saved card, taken off it: a CVV serves one payment. */
export async function takeCvvToken(ctx: CommerceContext, cardId: string): Promise<string | null> {
  const [row] = await ctx.db.select({ cvvToken: savedCards.cvvToken }).from(savedCards).where(eq(savedCards.id, cardId));
  if (!row?.cvvToken) return null;
  await ctx.db.update(savedCards).set({ cvvToken: null }).where(eq(savedCards.id, cardId));
  return row.cvvToken;
}
