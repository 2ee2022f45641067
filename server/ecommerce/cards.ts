import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { AddSavedCardRequestSchema, SavedCard, UpdateSavedCardRequestSchema } from '../../src/contract/ecommerce';
import { resultRows } from '../db/rows';
import { savedCards } from '../db/schema';
import type { CardDetails } from '../ports/payments';
import { bindTokenToMember } from './card-tokens';
import { type CommerceContext, fail, notFoundFailure, type Result, type Viewer } from './context';
import type { Writer } from './inventory';

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

/**
 * Saves a card the provider described (the same token twice is one card), once the token is bound to the
 * member (decision record 0023): a token of someone else's cart or card cannot be saved.
 */
export async function saveCard(ctx: CommerceContext, viewer: Viewer, card: CardDetails, holderName: string | null): Promise<Result<SavedCard>> {
  if (!(await bindTokenToMember(ctx, card.token, viewer.memberId))) return UNKNOWN_TOKEN;
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
  return { data: view(inserted as SavedCardRow) };
}

/** What a token that cannot be used answers, whether it is unknown, expired or someone else's. */
const UNKNOWN_TOKEN = fail(400, 'bad_request', 'The card token is unknown or expired', 'token');

export async function addCard(
  ctx: CommerceContext,
  viewer: Viewer,
  request: v.InferOutput<typeof AddSavedCardRequestSchema>,
): Promise<Result<SavedCard>> {
  if (!ctx.payments) return fail(503, 'payments_unavailable', 'Cards cannot be saved right now');
  const card = await ctx.payments.describeCard(request.token);
  if (!card) return UNKNOWN_TOKEN;
  return saveCard(ctx, viewer, card, request.holder_name ?? null);
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

/**
 * The CVV token set for the member's saved card, taken off it in one statement: a CVV serves one payment,
 * and two payments racing for it cannot both get it.
 */
export async function takeCvvToken(db: Writer, cardId: string, memberId: number): Promise<string | null> {
  const rows = resultRows<{ cvv_token: string | null }>(
    await db.execute(sql`
      UPDATE saved_cards AS card SET cvv_token = NULL
      FROM (SELECT id, cvv_token FROM saved_cards WHERE id = ${cardId} AND member_id = ${memberId} FOR UPDATE) AS before
      WHERE card.id = before.id
      RETURNING before.cvv_token
    `),
  );
  return rows[0]?.cvv_token ?? null;
}
