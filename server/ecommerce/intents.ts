import { and, eq, inArray } from 'drizzle-orm';
import { type PaymentIntentState, paymentIntents } from '../db/schema';
import type { CommerceContext } from './context';
import type { Writer } from './inventory';

/**
 * Payment intents (decision record 0023): the record of a payment asked of the provider, written with the
 * hold and before the authorisation. Its state only moves forward: a state it has left is never set again.
 */

export type IntentRow = typeof paymentIntents.$inferSelect;

/** States an intent may still leave; the others are final. */
export const OPEN_INTENT_STATES = ['authorizing', 'action_required', 'authorized'] as const satisfies readonly PaymentIntentState[];

const BEFORE: Record<PaymentIntentState, readonly PaymentIntentState[]> = {
  authorizing: [],
  action_required: ['authorizing'],
  authorized: ['authorizing', 'action_required'],
  ordered: ['authorizing', 'action_required', 'authorized'],
  declined: ['authorizing', 'action_required', 'authorized'],
  voided: ['authorizing', 'action_required', 'authorized'],
  failed: ['authorizing'],
};

/**
 * Moves the intent to `state` (with the provider's payment id when known) if it is in a state before it.
 * The one-time CVV token goes once the provider has answered: the authorisation is not sent again after that.
 */
export async function markIntent(db: Writer, intentId: string, state: PaymentIntentState, now: Date, paymentId?: string): Promise<void> {
  await db
    .update(paymentIntents)
    .set({ state, updatedAt: now, cvvToken: null, ...(paymentId ? { providerPaymentId: paymentId } : {}) })
    .where(and(eq(paymentIntents.id, intentId), inArray(paymentIntents.state, [...BEFORE[state]])));
}

export async function loadIntent(ctx: CommerceContext, intentId: string): Promise<IntentRow | undefined> {
  const [row] = await ctx.db.select().from(paymentIntents).where(eq(paymentIntents.id, intentId));
  return row;
}

/** The intent of a pay request (the newest, should a released key have been used again). */
export async function intentOfRequest(ctx: CommerceContext, cartId: string, key: string): Promise<IntentRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.cartId, cartId), eq(paymentIntents.idempotencyKey, key)));
  return row;
}

export async function intentOfPayment(ctx: CommerceContext, paymentId: string): Promise<IntentRow | undefined> {
  const [row] = await ctx.db.select().from(paymentIntents).where(eq(paymentIntents.providerPaymentId, paymentId));
  return row;
}
