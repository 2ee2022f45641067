import { and, asc, inArray, isNull, lte } from 'drizzle-orm';
import { paymentIntents, payRequests } from '../db/schema';
import type { ProviderPayment } from '../ports/payments';
import type { CommerceContext } from './context';
import { OPEN_INTENT_STATES } from './intents';
import { PAY_LEASE_MS, reconcileIntent, resumePayRequest } from './payments';

/**
 * The recovery of payments (decision record 0023), run with the purge at start and every minute:
 * - a pay request that never answered within PAY_LEASE_MS (its process died between authorisation and
 *   order) is finished: the authorisation is sent again under its key, and the provider's first answer
 *   makes the order while the hold is valid, or is voided; its answer is kept for the retry;
 * - an intent the provider answered but that was left open (a lost notification, a process that died after
 *   the authorisation was recorded, a void that failed) is brought in line with the provider: an order
 *   while the hold is valid, otherwise the authorisation voided and the rooms given back.
 * Every step is conditional and idempotent, so several processes may run it at once.
 * Answers how many pay requests and intents it finished.
 */
export async function recoverPayments(ctx: CommerceContext): Promise<number> {
  if (!ctx.payments) return 0;
  const staleBefore = new Date(ctx.now().getTime() - PAY_LEASE_MS);
  let finished = 0;

  const unanswered = await ctx.db
    .select({ cartId: payRequests.cartId, key: payRequests.idempotencyKey })
    .from(payRequests)
    .where(and(isNull(payRequests.statusCode), lte(payRequests.createdAt, staleBefore)))
    .orderBy(asc(payRequests.createdAt));
  for (const request of unanswered) {
    try {
      await resumePayRequest(ctx, request.cartId, request.key);
      finished += 1;
    } catch (error) {
      ctx.logger.log('error', 'pay request not recovered', { cartId: request.cartId, error });
    }
  }

  // Intents still authorizing belong to pay requests (finished above, or still within their lease).
  const open = await ctx.db
    .select()
    .from(paymentIntents)
    .where(and(inArray(paymentIntents.state, OPEN_INTENT_STATES.filter((state) => state !== 'authorizing')), lte(paymentIntents.updatedAt, staleBefore)))
    .orderBy(asc(paymentIntents.updatedAt));
  for (const intent of open) {
    try {
      let payment: ProviderPayment | null = null;
      if (intent.providerPaymentId) payment = await ctx.payments.getPayment(intent.providerPaymentId);
      const before = intent.state;
      await reconcileIntent(ctx, intent, payment);
      const [after] = await ctx.db.select({ state: paymentIntents.state }).from(paymentIntents).where(inArray(paymentIntents.id, [intent.id]));
      if (after?.state !== before) finished += 1;
    } catch (error) {
      ctx.logger.log('error', 'payment not reconciled', { cartId: intent.cartId, error });
    }
  }
  return finished;
}
