import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import type * as v from 'valibot';
import { type DeclineReason, ECOMMERCE_LIMITS, type PayRequestSchema, type PayResult } from '../../src/contract/ecommerce';
import { inventoryChanged } from '../db/inventory-changes';
import { carts, payRequests } from '../db/schema';
import { type PaymentNotification, PaymentRequestRejected, type PaymentStatus, type ProviderPaymentMethod } from '../ports/payments';
import { takeCvvToken } from './cards';
import { effectiveStatus, loadCart, type QuotedCart, quoteCart, viewOf } from './carts';
import { resolveCard } from './checkout';
import { type CommerceContext, errorBody, type Failure, type Result, type Viewer } from './context';
import { changeOf, holdNights, releaseHold, RoomGone } from './inventory';
import { afterOrder, cartNights, InsufficientPoints, insertOrder } from './orders';
import type { CartRow } from './views';

type PayRequest = v.InferOutput<typeof PayRequestSchema>;

/** An HTTP answer as stored for an idempotency key and given again to its retries. */
export interface Answer {
  status: number;
  body: unknown;
}

const failed = (failure: Failure): Answer => ({ status: failure.status, body: errorBody(failure) });
const paid = (result: PayResult): Answer => ({
  status: 200,
  body: { data: result },
});

/** How long a retry waits for the first request with its key to finish before it answers 409. */
const CONCURRENT_WAIT_MS = 20_000;
const POLL_MS = 50;

/** Answers that describe the cart as it was (nothing was tried): a retry after fixing the cart should try again. */
class NotTried {
  constructor(readonly answer: Answer) {}
}

/**
 * POST cart/{id}/pay with an Idempotency-Key (decision record 0014). The key is claimed with an INSERT
 * that only one request can win; the others wait for its answer and get it, a request with another body
 * gets 409 idempotency_conflict. Answers that took nothing (incomplete cart, provider down) release the
 * key so the same attempt can be made again; every other answer is kept for good.
 */
export async function pay(ctx: CommerceContext, cartId: string, viewer: Viewer | null, key: string, request: PayRequest): Promise<Answer> {
  const loaded = await loadCart(ctx, cartId, viewer);
  if ('failure' in loaded) return failed(loaded.failure);
  const requestHash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
  const claimed = await ctx.db
    .insert(payRequests)
    .values({ cartId, idempotencyKey: key, requestHash, createdAt: ctx.now() })
    .onConflictDoNothing()
    .returning({ key: payRequests.idempotencyKey });
  if (claimed.length === 0) return earlierAnswer(ctx, cartId, key, requestHash);
  const forget = () => ctx.db.delete(payRequests).where(and(eq(payRequests.cartId, cartId), eq(payRequests.idempotencyKey, key)));
  let answer: Answer;
  try {
    answer = await payOnce(ctx, loaded.data, viewer, key, request);
  } catch (error) {
    await forget();
    if (error instanceof NotTried) return error.answer;
    throw error;
  }
  await ctx.db
    .update(payRequests)
    .set({ statusCode: answer.status, response: answer.body })
    .where(and(eq(payRequests.cartId, cartId), eq(payRequests.idempotencyKey, key)));
  return answer;
}

async function earlierAnswer(ctx: CommerceContext, cartId: string, key: string, requestHash: string): Promise<Answer> {
  const deadline = Date.now() + CONCURRENT_WAIT_MS;
  for (;;) {
    const [row] = await ctx.db
      .select()
      .from(payRequests)
      .where(and(eq(payRequests.cartId, cartId), eq(payRequests.idempotencyKey, key)));
    if (row && row.requestHash !== requestHash)
      return failed({
        status: 409,
        code: 'idempotency_conflict',
        message: 'This Idempotency-Key was used with another request',
      });
    if (row?.statusCode != null) return { status: row.statusCode, body: row.response };
    // No row: the first request released the key (nothing was tried); this one may try instead.
    if (!row)
      return failed({
        status: 409,
        code: 'conflict',
        message: 'The payment did not start; send it again',
      });
    if (Date.now() > deadline)
      return failed({
        status: 409,
        code: 'conflict',
        message: 'The payment with this key is still being processed',
      });
    await sleep(POLL_MS);
  }
}

const notTried = (failure: Failure) => new NotTried(failed(failure));

const CART_NOT_OPEN: Failure = { status: 409, code: 'cart_not_open', message: 'This cart is paid or being paid' };
const ROOM_GONE: Failure = {
  status: 409,
  code: 'room_unavailable',
  message: 'A room is no longer free for this stay; nothing was charged',
};
const PAYMENTS_UNAVAILABLE: Failure = { status: 503, code: 'payments_unavailable', message: 'Payments are not possible right now' };

/**
 * What the caller is told when the provider refused a request as invalid: a card token (or CVV token)
 * it does not know is 422 invalid_card (enter the card again), a return address it does not take is 400
 * on return_url. Other refusals are ours to fix: null (the caller logs them and answers 503).
 */
export function rejectionFailure(error: unknown): Failure | null {
  if (!(error instanceof PaymentRequestRejected)) return null;
  const issue = (path: string) => [{ path, message: error.message }];
  if (error.code === 'card_token_invalid')
    return { status: 422, code: 'invalid_card', message: 'The card cannot be used; enter it again', issues: issue('credit_card_id') };
  if (error.code === 'return_url_invalid')
    return { status: 400, code: 'bad_request', message: 'The return address is not accepted', issues: issue('return_url') };
  return null;
}

/** What the payment needs from the cart, or why it cannot start (nothing is taken yet). */
async function prepare(ctx: CommerceContext, cart: CartRow, viewer: Viewer | null, request: PayRequest): Promise<QuotedCart> {
  const status = effectiveStatus(cart, ctx.now());
  if (status === 'expired')
    throw notTried({
      status: 410,
      code: 'cart_expired',
      message: 'This cart has expired; start a new booking',
    });
  if (status !== 'open') throw notTried(CART_NOT_OPEN);
  if (cart.roomStays.some((room) => room.traveller === null))
    throw notTried({
      status: 422,
      code: 'traveller_missing',
      message: 'Every room needs a traveller',
    });
  if (!cart.paymentMethod)
    throw notTried({
      status: 422,
      code: 'payment_method_missing',
      message: 'Choose how to pay',
    });
  if (cart.paymentMethod !== 'points' && !ctx.payments) throw notTried(PAYMENTS_UNAVAILABLE);
  if (request.return_url && !sameSite(request.return_url, ctx.origin())) {
    throw notTried({
      status: 400,
      code: 'bad_request',
      message: 'The return address must be on this site',
      issues: [{ path: 'return_url', message: 'Not on this site' }],
    });
  }
  const quoted = await quoteCart(ctx, cart, viewer);
  if ('failure' in quoted) throw notTried(quoted.failure);
  if (cart.paymentMethod === 'points' && (!viewer || quoted.data.money.pointsToPay === 0)) {
    throw notTried({
      status: 409,
      code: 'points_not_allowed',
      message: 'These rooms cannot be paid with points',
    });
  }
  return quoted.data;
}

function sameSite(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === new URL(origin).origin;
  } catch {
    return false;
  }
}

async function payOnce(ctx: CommerceContext, cart: CartRow, viewer: Viewer | null, key: string, request: PayRequest): Promise<Answer> {
  const quoted = await prepare(ctx, cart, viewer, request);
  if (cart.paymentMethod === 'points') return payWithPoints(ctx, quoted);
  const method = cart.paymentMethod as ProviderPaymentMethod;
  let card: CartRow['card'] = cart.card;
  if (method === 'card' && request.payment_instrument_id) {
    const resolved = await resolveCard(ctx, request.payment_instrument_id, viewer, false);
    if ('failure' in resolved) throw notTried(resolved.failure);
    card = resolved.data.card;
  }
  if (method === 'card' && !card)
    throw notTried({
      status: 422,
      code: 'payment_method_missing',
      message: 'Enter a card',
    });

  // The rooms first: a payment is only asked for rooms that are ours.
  const holdExpiresAt = new Date(ctx.now().getTime() + ECOMMERCE_LIMITS.holdMinutes * 60_000);
  const nights = cartNights(quoted);
  try {
    const held = await ctx.db.transaction(async (tx) => {
      const pending = await tx
        .update(carts)
        .set({
          status: 'payment_pending',
          holdExpiresAt,
          lastDeclineReason: null,
          paymentMethod: method,
          card,
        })
        .where(and(eq(carts.id, cart.id), eq(carts.status, 'open')))
        .returning({ id: carts.id });
      if (pending.length === 0) return false;
      await holdNights(tx, cart.id, nights);
      return true;
    });
    if (!held) throw notTried(CART_NOT_OPEN);
  } catch (error) {
    if (error instanceof RoomGone) return failed(ROOM_GONE);
    throw error;
  }
  inventoryChanged(ctx.db, changeOf(nights));

  const payments = ctx.payments;
  if (!payments) throw new Error('payments port checked in prepare');
  let status: PaymentStatus;
  try {
    status = await payments.authorize({
      idempotencyKey: `${cart.id}:${key}`,
      method,
      ...(card ? { cardToken: card.token } : {}),
      ...(card?.savedCardId ? await cvvTokenOf(ctx, card.savedCardId) : {}),
      ...(request.apple_pay_token ? { applePayToken: request.apple_pay_token } : {}),
      amountMinor: quoted.money.now,
      currency: quoted.money.currency.code,
      reference: cart.id,
      returnUrl: request.return_url ?? returnUrl(ctx, cart),
      locale: request.locale,
      ...(request.browser_info ? { browserInfo: { ...request.browser_info } } : {}),
    });
  } catch (error) {
    // Nothing was authorised: the rooms go back and the same attempt may be sent again.
    await releaseHold(ctx.db, cart.id, { reason: null, now: ctx.now() });
    const rejected = rejectionFailure(error);
    if (rejected) throw notTried(rejected);
    ctx.logger.log('error', 'payment provider failed', { cartId: cart.id, error });
    throw notTried({ ...PAYMENTS_UNAVAILABLE, message: 'The payment provider did not answer; nothing was charged' });
  }
  if (status.status === 'authorized') return paid(await completeOrder(ctx, cart.id, status.paymentId, viewer));
  if (status.status === 'declined') {
    await releaseHold(ctx.db, cart.id, {
      reason: status.reason,
      now: ctx.now(),
    });
    return paid({ status: 'declined', reason: status.reason });
  }
  await ctx.db
    .update(carts)
    .set({ pendingPaymentId: status.paymentId })
    .where(and(eq(carts.id, cart.id), eq(carts.status, 'payment_pending')));
  return paid({
    status: 'action_required',
    redirect_url: status.redirectUrl,
    hold_expires_at: holdExpiresAt.toISOString(),
  });
}

/** A saved card's CVV token for this payment (used once). */
async function cvvTokenOf(ctx: CommerceContext, savedCardId: string): Promise<{ cvvToken?: string }> {
  const token = await takeCvvToken(ctx, savedCardId);
  return token ? { cvvToken: token } : {};
}

function returnUrl(ctx: CommerceContext, cart: CartRow): string {
  const url = new URL(`/${cart.locale}/booking/check-out`, ctx.origin());
  url.searchParams.set('cart', cart.id);
  return url.toString();
}

/** Points pay for the rooms: rooms, points and order in one transaction, so two payments cannot overdraw. */
async function payWithPoints(ctx: CommerceContext, quoted: QuotedCart): Promise<Answer> {
  const nights = cartNights(quoted);
  const base = await viewOf(ctx, quoted);
  let outcome: { orderId: string; snapshot: Parameters<typeof afterOrder>[2] } | 'not_open';
  try {
    outcome = await ctx.db.transaction(async (tx) => {
      const pending = await tx
        .update(carts)
        .set({ status: 'payment_pending', holdExpiresAt: ctx.now() })
        .where(and(eq(carts.id, quoted.cart.id), eq(carts.status, 'open')))
        .returning({ id: carts.id });
      if (pending.length === 0) return 'not_open' as const;
      await holdNights(tx, quoted.cart.id, nights);
      return insertOrder(
        ctx,
        tx,
        quoted,
        {
          method: 'points',
          providerPaymentId: null,
          points: quoted.money.pointsToPay,
        },
        base,
      );
    });
  } catch (error) {
    if (error instanceof RoomGone) return failed(ROOM_GONE);
    if (error instanceof InsufficientPoints) {
      await ctx.db.update(carts).set({ lastDeclineReason: 'insufficient_points' }).where(eq(carts.id, quoted.cart.id));
      return paid({ status: 'declined', reason: 'insufficient_points' });
    }
    throw error;
  }
  if (outcome === 'not_open') throw notTried(CART_NOT_OPEN);
  inventoryChanged(ctx.db, changeOf(nights));
  await afterOrder(ctx, quoted, outcome.snapshot);
  return paid({ status: 'succeeded', order_id: outcome.orderId });
}

/**
 * An authorised payment becomes the order: the hold becomes the reservations in one transaction that
 * only a payment_pending cart lets through (a notification and a read racing each other make one order),
 * then the amount due now is captured and the confirmation mailed.
 */
export async function completeOrder(ctx: CommerceContext, cartId: string, paymentId: string, viewer: Viewer | null): Promise<PayResult> {
  const [cart] = await ctx.db.select().from(carts).where(eq(carts.id, cartId));
  if (!cart) throw new Error(`No cart ${cartId}`);
  if (cart.status === 'ordered' && cart.orderId) return { status: 'succeeded', order_id: cart.orderId };
  const quoted = await quoteCart(ctx, cart, viewer);
  if ('failure' in quoted) throw new Error(`Cart ${cartId} cannot be priced: ${quoted.failure.message}`);
  const method = cart.paymentMethod ?? 'card';
  const base = await viewOf(ctx, quoted.data);
  const outcome = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: carts.status, orderId: carts.orderId })
      .from(carts)
      .where(eq(carts.id, cartId))
      .for('update');
    if (locked?.status !== 'payment_pending') return locked?.orderId ?? null;
    return insertOrder(ctx, tx, quoted.data, { method, providerPaymentId: paymentId, points: 0 }, base);
  });
  if (outcome === null) return { status: 'declined', reason: 'cancelled' };
  if (typeof outcome === 'string') return { status: 'succeeded', order_id: outcome };
  if (quoted.data.money.now > 0) {
    try {
      await ctx.payments?.capture(paymentId, quoted.data.money.now, `capture:${outcome.orderId}`);
    } catch (error) {
      // The authorisation stands; the capture is retried from the order by operations.
      ctx.logger.log('error', 'capture failed', {
        orderId: outcome.orderId,
        error,
      });
    }
  }
  await afterOrder(ctx, quoted.data, outcome.snapshot);
  return { status: 'succeeded', order_id: outcome.orderId };
}

const DECLINED_STATES = new Set(['declined', 'cancelled', 'refunded']);

/**
 * What the provider says became of a payment that waited for the guest: authorised makes the order,
 * declined or cancelled gives the rooms back. Idempotent: a repeated notification changes nothing. An
 * authorisation for a cart that is no longer waiting for it (its hold ran out) is cancelled at the provider.
 */
export async function settlePayment(
  ctx: CommerceContext,
  notification: Pick<PaymentNotification, 'paymentId' | 'reference' | 'state' | 'declineReason'>,
): Promise<void> {
  const [cart] = await ctx.db.select().from(carts).where(eq(carts.id, notification.reference));
  if (!cart) return;
  const waiting = cart.status === 'payment_pending' && cart.pendingPaymentId === notification.paymentId;
  const authorised = notification.state === 'authorized' || notification.state === 'captured';
  if (!waiting) {
    if (authorised && !(cart.status === 'ordered')) await ctx.payments?.cancel(notification.paymentId);
    return;
  }
  if (authorised) {
    await completeOrder(ctx, cart.id, notification.paymentId, null);
  } else if (DECLINED_STATES.has(notification.state)) {
    const reason: DeclineReason = notification.declineReason ?? 'cancelled';
    await releaseHold(ctx.db, cart.id, { reason, now: ctx.now() });
  }
}

/**
 * Before a payment_pending cart is shown: asks the provider about the payment (a lost notification must
 * not strand the guest), and gives the rooms back when the hold has run out.
 */
export async function refreshPending(ctx: CommerceContext, cart: CartRow): Promise<void> {
  if (cart.status !== 'payment_pending') return;
  if (cart.pendingPaymentId && ctx.payments) {
    try {
      const payment = await ctx.payments.getPayment(cart.pendingPaymentId);
      if (payment && payment.state !== 'pending') {
        await settlePayment(ctx, payment);
        return;
      }
    } catch (error) {
      ctx.logger.log('warn', 'payment status not available', {
        cartId: cart.id,
        error,
      });
    }
  }
  const now = ctx.now();
  if (
    cart.holdExpiresAt &&
    cart.holdExpiresAt <= now &&
    (await releaseHold(ctx.db, cart.id, {
      reason: 'cancelled',
      now,
      expiredBy: now,
    }))
  ) {
    if (cart.pendingPaymentId) await ctx.payments?.cancel(cart.pendingPaymentId).catch(() => undefined);
  }
}

export type { Result };
