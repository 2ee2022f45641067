import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNull } from 'drizzle-orm';
import type * as v from 'valibot';
import { type DeclineReason, ECOMMERCE_LIMITS, type PayRequestSchema, type PayResult } from '../../src/contract/ecommerce';
import { inventoryChanged } from '../db/inventory-changes';
import { carts, orders, paymentIntents, payRequests } from '../db/schema';
import { type AuthorizeRequest, type PaymentNotification, PaymentRequestRejected, type PaymentStatus, type ProviderPayment, type ProviderPaymentMethod } from '../ports/payments';
import { takeCvvToken } from './cards';
import { effectiveStatus, loadCart, type QuotedCart, quoteCart, viewOf } from './carts';
import { resolveCard } from './checkout';
import { type CommerceContext, errorBody, type Failure, type Result, type Viewer } from './context';
import { faultPoint } from './fault-injection';
import { type IntentRow, intentOfPayment, intentOfRequest, loadIntent, markIntent } from './intents';
import { changeOf, holdNights, releaseHold, RoomGone, type Writer } from './inventory';
import { afterOrder, cartNights, InsufficientPoints, insertOrder } from './orders';
import type { CartRow } from './views';
import { claimVouchers, VoucherTaken } from './vouchers';

type PayRequest = v.InferOutput<typeof PayRequestSchema>;

/** An HTTP answer as stored for an idempotency key and given again to its retries. */
export interface Answer {
  status: number;
  body: unknown;
}

const failed = (failure: Failure): Answer => ({ status: failure.status, body: errorBody(failure) });
const paid = (result: PayResult): Answer => ({ status: 200, body: { data: result } });

/**
 * How long (by the app's clock) a pay request may work before it is taken for interrupted and finished
 * by someone else: a retry with its key, or the recovery that runs with the purge (decision record 0023).
 * Finishing it twice is harmless: the provider answers a repeated authorisation key with its first answer
 * and the order is made once.
 */
export const PAY_LEASE_MS = 20_000;
/** How long (real time) a retry waits for the first request with its key before it answers 409 (try again). */
const CONCURRENT_WAIT_MS = 25_000;
const POLL_MS = 50;

/** Answers that describe the cart as it was (nothing was tried): a retry after fixing the cart should try again. */
class NotTried {
  constructor(readonly answer: Answer) {}
}

const notTried = (failure: Failure) => new NotTried(failed(failure));

const CART_NOT_OPEN: Failure = { status: 409, code: 'cart_not_open', message: 'This cart is paid or being paid' };
const ROOM_GONE: Failure = { status: 409, code: 'room_unavailable', message: 'A room is no longer free for this stay; nothing was charged' };
const VOUCHER_GONE: Failure = { status: 409, code: 'voucher_unavailable', message: 'A voucher of this cart was used meanwhile; nothing was charged' };
const CVV_REQUIRED: Failure = {
  status: 422,
  code: 'cvv_required',
  message: "Enter the card's security code",
  issues: [{ path: 'cvv', message: 'A saved card needs its security code for each payment' }],
};
const PAYMENTS_UNAVAILABLE: Failure = { status: 503, code: 'payments_unavailable', message: 'Payments are not possible right now' };
const CANCELLED: PayResult = { status: 'declined', reason: 'cancelled' };

/**
 * POST cart/{id}/pay with an Idempotency-Key (decision records 0014, 0023). The key is claimed with an
 * INSERT that only one request can win; the others wait for its answer and get it, a request with another
 * body gets 409 idempotency_conflict. Answers that took nothing (incomplete cart, provider refused) release
 * the key so the same attempt can be made again; every other answer is kept for good. A request that never
 * answered (its process died) is finished by the first retry after PAY_LEASE_MS, or by the recovery.
 */
export async function pay(ctx: CommerceContext, cartId: string, viewer: Viewer | null, key: string, request: PayRequest): Promise<Answer> {
  const requestHash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
  // A released key is claimed again; a few rounds are plenty (each round either claims or finds an answer).
  for (let round = 0; round < 3; round++) {
    // Read each round: a request finished meanwhile (the one before released its key) changed the cart.
    const loaded = await loadCart(ctx, cartId, viewer);
    if ('failure' in loaded) return failed(loaded.failure);
    const claimed = await ctx.db
      .insert(payRequests)
      .values({ cartId, idempotencyKey: key, requestHash, createdAt: ctx.now() })
      .onConflictDoNothing()
      .returning({ key: payRequests.idempotencyKey });
    if (claimed.length > 0) return runClaimed(ctx, loaded.data, viewer, key, request);
    const earlier = await earlierAnswer(ctx, cartId, key, requestHash);
    if (earlier !== 'released') return earlier;
  }
  return failed({ status: 409, code: 'conflict', message: 'The payment did not start; send it again' });
}

async function runClaimed(ctx: CommerceContext, cart: CartRow, viewer: Viewer | null, key: string, request: PayRequest): Promise<Answer> {
  const forget = () => releaseKey(ctx, cart.id, key);
  let answer: Answer;
  try {
    answer = await payOnce(ctx, cart, viewer, key, request);
  } catch (error) {
    if (error instanceof NotTried) {
      await forget();
      return error.answer;
    }
    // Unexpected: once an intent exists the request is left unanswered, for a retry or the recovery to finish.
    if (!(await intentOfRequest(ctx, cart.id, key))) await forget();
    throw error;
  }
  return keepAnswer(ctx, cart.id, key, answer);
}

const releaseKey = (ctx: CommerceContext, cartId: string, key: string) =>
  ctx.db.delete(payRequests).where(and(eq(payRequests.cartId, cartId), eq(payRequests.idempotencyKey, key), isNull(payRequests.statusCode)));

/** Stores the answer unless one was stored meanwhile (a retry finished the request first), and answers what is stored. */
async function keepAnswer(ctx: CommerceContext, cartId: string, key: string, answer: Answer): Promise<Answer> {
  const which = and(eq(payRequests.cartId, cartId), eq(payRequests.idempotencyKey, key));
  const kept = await ctx.db
    .update(payRequests)
    .set({ statusCode: answer.status, response: answer.body })
    .where(and(which, isNull(payRequests.statusCode)))
    .returning({ key: payRequests.idempotencyKey });
  if (kept.length > 0) return answer;
  const [row] = await ctx.db.select().from(payRequests).where(which);
  return row?.statusCode != null ? { status: row.statusCode, body: row.response } : answer;
}

async function earlierAnswer(ctx: CommerceContext, cartId: string, key: string, requestHash: string): Promise<Answer | 'released'> {
  const deadline = Date.now() + CONCURRENT_WAIT_MS;
  for (;;) {
    const [row] = await ctx.db
      .select()
      .from(payRequests)
      .where(and(eq(payRequests.cartId, cartId), eq(payRequests.idempotencyKey, key)));
    // No row: the first request released the key (nothing was tried); this one may try instead.
    if (!row) return 'released';
    if (row.requestHash !== requestHash) return failed({ status: 409, code: 'idempotency_conflict', message: 'This Idempotency-Key was used with another request' });
    if (row.statusCode != null) return { status: row.statusCode, body: row.response };
    if (ctx.now().getTime() - row.createdAt.getTime() >= PAY_LEASE_MS) return resumePayRequest(ctx, cartId, key);
    if (Date.now() > deadline) return failed({ status: 409, code: 'conflict', message: 'The payment with this key is still being processed' });
    await sleep(POLL_MS);
  }
}

/**
 * What the caller is told when the provider refused a request as invalid: a card token (or CVV token)
 * it does not know is 422 invalid_card (enter the card again), a return address it does not take is 400
 * on return_url. Other refusals are ours to fix: null (the caller logs them and answers 503).
 */
export function rejectionFailure(error: unknown): Failure | null {
  if (!(error instanceof PaymentRequestRejected)) return null;
  const issue = (path: string) => [{ path, message: error.message }];
  if (error.code === 'card_token_invalid') return { status: 422, code: 'invalid_card', message: 'The card cannot be used; enter it again', issues: issue('credit_card_id') };
  if (error.code === 'return_url_invalid') return { status: 400, code: 'bad_request', message: 'The return address is not accepted', issues: issue('return_url') };
  return null;
}

/** What the payment needs from the cart, or why it cannot start (nothing is taken yet). */
async function prepare(ctx: CommerceContext, cart: CartRow, viewer: Viewer | null, request: PayRequest): Promise<QuotedCart> {
  const status = effectiveStatus(cart, ctx.now());
  if (status === 'expired') throw notTried({ status: 410, code: 'cart_expired', message: 'This cart has expired; start a new booking' });
  if (status !== 'open') throw notTried(CART_NOT_OPEN);
  if (cart.roomStays.some((room) => room.traveller === null)) throw notTried({ status: 422, code: 'traveller_missing', message: 'Every room needs a traveller' });
  if (!cart.paymentMethod) throw notTried({ status: 422, code: 'payment_method_missing', message: 'Choose how to pay' });
  if (cart.paymentMethod !== 'points' && !ctx.payments) throw notTried(PAYMENTS_UNAVAILABLE);
  if (request.return_url && !sameSite(request.return_url, ctx.origin())) {
    throw notTried({ status: 400, code: 'bad_request', message: 'The return address must be on this site', issues: [{ path: 'return_url', message: 'Not on this site' }] });
  }
  const quoted = await quoteCart(ctx, cart, viewer);
  if ('failure' in quoted) throw notTried(quoted.failure);
  if (cart.paymentMethod === 'points' && (!viewer || quoted.data.money.pointsToPay === 0)) {
    throw notTried({ status: 409, code: 'points_not_allowed', message: 'These rooms cannot be paid with points' });
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

/** The card to pay with (the cart's, or the one the pay request names). */
async function cardFor(ctx: CommerceContext, cart: CartRow, viewer: Viewer | null, request: PayRequest): Promise<NonNullable<CartRow['card']>> {
  let card: CartRow['card'] = cart.card;
  if (request.payment_instrument_id) {
    const resolved = await resolveCard(ctx, request.payment_instrument_id, cart, viewer, false);
    if ('failure' in resolved) throw notTried(resolved.failure);
    card = resolved.data.card;
  }
  if (!card) throw notTried({ status: 422, code: 'payment_method_missing', message: 'Enter a card' });
  return card;
}

/** Thrown inside the hold's transaction when a saved card chosen again has no fresh CVV token: nothing is held. */
class CvvMissing extends Error {
  constructor() {
    super('A saved card needs a fresh CVV token');
    this.name = 'CvvMissing';
  }
}

/**
 * In the hold's transaction: a saved card's one-time CVV token, taken off the card (rolled back with the
 * hold). A saved card chosen again is paid with a security code entered now, never on its token alone.
 */
async function cvvTokenFor(tx: Writer, cart: CartRow, card: CartRow['card']): Promise<string | null> {
  if (!card?.savedCardId || cart.memberId === null) return null;
  const token = await takeCvvToken(tx, card.savedCardId, cart.memberId);
  if (!token && (card.source ?? 'saved') === 'saved') throw new CvvMissing();
  return token;
}

async function payOnce(ctx: CommerceContext, cart: CartRow, viewer: Viewer | null, key: string, request: PayRequest): Promise<Answer> {
  const quoted = await prepare(ctx, cart, viewer, request);
  if (cart.paymentMethod === 'points') return payWithPoints(ctx, quoted);
  const method = cart.paymentMethod as ProviderPaymentMethod;
  const card = method === 'card' ? await cardFor(ctx, cart, viewer, request) : cart.card;

  // The rooms and vouchers first, with the record of the payment about to be asked: a payment is only
  // asked for what is ours, and a process that dies after asking leaves the intent to finish or void.
  const now = ctx.now();
  const holdExpiresAt = new Date(now.getTime() + ECOMMERCE_LIMITS.holdMinutes * 60_000);
  const nights = cartNights(quoted);
  const intent: IntentRow = {
    id: randomUUID(),
    cartId: cart.id,
    idempotencyKey: key,
    providerKey: `${cart.id}:${key}`,
    method,
    amountMinor: quoted.money.now,
    currency: quoted.money.currency.code,
    returnUrl: request.return_url ?? returnUrl(ctx, cart),
    locale: request.locale,
    cvvToken: null,
    state: 'authorizing',
    providerPaymentId: null,
    createdAt: now,
    updatedAt: now,
  };
  try {
    const held = await ctx.db.transaction(async (tx) => {
      const pending = await tx
        .update(carts)
        .set({ status: 'payment_pending', holdExpiresAt, lastDeclineReason: null, pendingPaymentId: null, pendingIntentId: intent.id, paymentMethod: method, card })
        .where(and(eq(carts.id, cart.id), eq(carts.status, 'open')))
        .returning({ id: carts.id });
      if (pending.length === 0) return false;
      await holdNights(tx, cart.id, nights);
      await claimVouchers(
        tx,
        cart,
        quoted.vouchers.map((voucher) => voucher.id),
        { today: ctx.today(), now: ctx.now() },
      );
      if (method === 'card') intent.cvvToken = await cvvTokenFor(tx, cart, card);
      // A key released after a refusal is used again: its intent starts over.
      const { id: _id, providerKey: _providerKey, ...again } = intent;
      await tx
        .insert(paymentIntents)
        .values(intent)
        .onConflictDoUpdate({ target: paymentIntents.providerKey, set: { ...again, id: intent.id } });
      return true;
    });
    if (!held) throw notTried(CART_NOT_OPEN);
  } catch (error) {
    if (error instanceof RoomGone) return failed(ROOM_GONE);
    if (error instanceof VoucherTaken) throw notTried(VOUCHER_GONE);
    if (error instanceof CvvMissing) throw notTried(CVV_REQUIRED);
    throw error;
  }
  inventoryChanged(ctx.db, changeOf(nights));

  let status: PaymentStatus;
  try {
    status = await authorizeIntent(ctx, intent, card, request);
  } catch (error) {
    // Nothing was authorised: the rooms go back and the same attempt may be sent again.
    await releaseHold(ctx.db, cart.id, { reason: null, now: ctx.now(), intentId: intent.id });
    await markIntent(ctx.db, intent.id, 'failed', ctx.now());
    const rejected = rejectionFailure(error);
    if (rejected) throw notTried(rejected);
    ctx.logger.log('error', 'payment provider failed', { cartId: cart.id, error });
    throw notTried({ ...PAYMENTS_UNAVAILABLE, message: 'The payment provider did not answer; nothing was charged' });
  }
  faultPoint('after-authorization');
  return paid(await applyStatus(ctx, intent, status, viewer));
}

/** Asks the provider to authorise the intent, under its own idempotency key: sent again, it answers the first answer. */
function authorizeIntent(
  ctx: CommerceContext,
  intent: IntentRow,
  card: CartRow['card'],
  extra: { apple_pay_token?: string | null | undefined; browser_info?: PayRequest['browser_info'] } = {},
): Promise<PaymentStatus> {
  const payments = ctx.payments;
  if (!payments) return Promise.reject(new Error('payments port checked in prepare'));
  const request: AuthorizeRequest = {
    idempotencyKey: intent.providerKey,
    method: intent.method as ProviderPaymentMethod,
    ...(card ? { cardToken: card.token } : {}),
    ...(intent.cvvToken ? { cvvToken: intent.cvvToken } : {}),
    ...(extra.apple_pay_token ? { applePayToken: extra.apple_pay_token } : {}),
    amountMinor: intent.amountMinor,
    currency: intent.currency,
    reference: intent.cartId,
    returnUrl: intent.returnUrl,
    locale: intent.locale,
    ...(extra.browser_info ? { browserInfo: { ...extra.browser_info } } : {}),
  };
  return payments.authorize(request);
}

/** What the provider answered, applied: an order, a decline that opens the cart again, or a wait for the guest. */
async function applyStatus(ctx: CommerceContext, intent: IntentRow, status: PaymentStatus, viewer: Viewer | null): Promise<PayResult> {
  if (status.status === 'authorized') return finishAuthorized(ctx, intent, status.paymentId, viewer);
  if (status.status === 'declined') {
    await releaseHold(ctx.db, intent.cartId, { reason: status.reason, now: ctx.now(), intentId: intent.id });
    await markIntent(ctx.db, intent.id, 'declined', ctx.now(), status.paymentId);
    return { status: 'declined', reason: status.reason };
  }
  const waiting = await ctx.db
    .update(carts)
    .set({ pendingPaymentId: status.paymentId })
    .where(and(eq(carts.id, intent.cartId), eq(carts.status, 'payment_pending'), eq(carts.pendingIntentId, intent.id)))
    .returning({ holdExpiresAt: carts.holdExpiresAt });
  await markIntent(ctx.db, intent.id, 'action_required', ctx.now(), status.paymentId);
  const holdExpiresAt = waiting[0]?.holdExpiresAt;
  if (!holdExpiresAt || holdExpiresAt <= ctx.now()) {
    // The cart stopped waiting for this payment (its hold ran out): the guest is not sent to pay for nothing.
    await voidPayment(ctx, intent, status.paymentId);
    return CANCELLED;
  }
  return { status: 'action_required', redirect_url: status.redirectUrl, hold_expires_at: holdExpiresAt.toISOString() };
}

/**
 * An authorised payment: the order when the cart still waits for this intent and its hold has not run
 * out; otherwise the authorisation is voided at the provider and the rooms (if still held) go back.
 */
async function finishAuthorized(ctx: CommerceContext, intent: IntentRow, paymentId: string, viewer: Viewer | null): Promise<PayResult> {
  await markIntent(ctx.db, intent.id, 'authorized', ctx.now(), paymentId);
  const result = await completeOrder(ctx, intent.cartId, paymentId, viewer, intent.id);
  if (result.status === 'succeeded') return result;
  await voidPayment(ctx, intent, paymentId);
  return result;
}

/** Cancels the authorisation at the provider and gives back what the cart still holds for it. A failed cancel is tried again by the recovery. */
async function voidPayment(ctx: CommerceContext, intent: Pick<IntentRow, 'id' | 'cartId'>, paymentId: string | null): Promise<void> {
  const now = ctx.now();
  await releaseHold(ctx.db, intent.cartId, { reason: 'cancelled', now, intentId: intent.id });
  if (paymentId) {
    try {
      await ctx.payments?.cancel(paymentId);
    } catch (error) {
      ctx.logger.log('error', 'payment not voided; the recovery tries again', { cartId: intent.cartId, error });
      return;
    }
  }
  await markIntent(ctx.db, intent.id, 'voided', now, paymentId ?? undefined);
}

function returnUrl(ctx: CommerceContext, cart: CartRow): string {
  const url = new URL(`/${cart.locale}/booking/check-out`, ctx.origin());
  url.searchParams.set('cart', cart.id);
  return url.toString();
}

/** Points pay for the rooms: rooms, vouchers, points and order in one transaction, so two payments cannot overdraw. */
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
      await claimVouchers(
        tx,
        quoted.cart,
        quoted.vouchers.map((voucher) => voucher.id),
        { today: ctx.today(), now: ctx.now() },
      );
      return insertOrder(ctx, tx, quoted, { method: 'points', providerPaymentId: null, points: quoted.money.pointsToPay }, base);
    });
  } catch (error) {
    if (error instanceof RoomGone) return failed(ROOM_GONE);
    if (error instanceof VoucherTaken) throw notTried(VOUCHER_GONE);
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
 * An authorised payment becomes the order: the hold becomes the reservations in one transaction that only
 * a payment_pending cart whose hold has not run out lets through (with `intentId`, only the cart that
 * intent took to payment_pending; a notification and a read racing each other make one order), then the
 * amount due now is captured and the confirmation mailed. Answers declined (cancelled) when the cart no
 * longer waits for this payment: the caller voids it.
 */
export async function completeOrder(ctx: CommerceContext, cartId: string, paymentId: string, viewer: Viewer | null, intentId?: string): Promise<PayResult> {
  const [cart] = await ctx.db.select().from(carts).where(eq(carts.id, cartId));
  if (!cart) throw new Error(`No cart ${cartId}`);
  const orderedBy = async (orderId: string | null): Promise<PayResult> => {
    if (!orderId) return CANCELLED;
    const [order] = await ctx.db.select({ paymentId: orders.providerPaymentId }).from(orders).where(eq(orders.id, orderId));
    return order?.paymentId === paymentId ? { status: 'succeeded', order_id: orderId } : CANCELLED;
  };
  if (cart.status === 'ordered') return orderedBy(cart.orderId);
  if (cart.status !== 'payment_pending') return CANCELLED;
  const now = ctx.now();
  const quoted = await quoteCart(ctx, cart, viewer);
  if ('failure' in quoted) throw new Error(`Cart ${cartId} cannot be priced: ${quoted.failure.message}`);
  const method = cart.paymentMethod ?? 'card';
  const base = await viewOf(ctx, quoted.data);
  const outcome = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: carts.status, orderId: carts.orderId, intentId: carts.pendingIntentId, holdExpiresAt: carts.holdExpiresAt })
      .from(carts)
      .where(eq(carts.id, cartId))
      .for('update');
    if (locked?.status === 'ordered') return { orderedAlready: locked.orderId };
    const waiting = locked?.status === 'payment_pending' && (intentId === undefined || locked.intentId === intentId) && locked.holdExpiresAt !== null && locked.holdExpiresAt > now;
    if (!waiting) return null;
    const order = await insertOrder(ctx, tx, quoted.data, { method, providerPaymentId: paymentId, points: 0 }, base);
    if (locked.intentId) await markIntent(tx, locked.intentId, 'ordered', now, paymentId);
    return order;
  });
  if (outcome === null) return CANCELLED;
  if ('orderedAlready' in outcome) return orderedBy(outcome.orderedAlready);
  if (quoted.data.money.now > 0) {
    try {
      await ctx.payments?.capture(paymentId, quoted.data.money.now, `capture:${outcome.orderId}`);
    } catch (error) {
      // The authorisation stands; the capture is retried from the order by operations.
      ctx.logger.log('error', 'capture failed', { orderId: outcome.orderId, error });
    }
  }
  await afterOrder(ctx, quoted.data, outcome.snapshot);
  return { status: 'succeeded', order_id: outcome.orderId };
}

const AUTHORISED_STATES = new Set<ProviderPayment['state']>(['authorized', 'captured']);
const DECLINED_STATES = new Set<ProviderPayment['state']>(['declined', 'cancelled', 'refunded']);

/**
 * Brings an intent in line with what the provider says of its payment (null: the provider does not know
 * it): authorised makes the order (or voids it when the cart stopped waiting or its hold ran out),
 * declined gives the rooms back, and a payment still waiting for the guest is voided once the hold has
 * run out. Idempotent: every step is conditional on the cart and the intent as they are.
 */
export async function reconcileIntent(ctx: CommerceContext, intent: IntentRow, payment: Pick<ProviderPayment, 'state' | 'declineReason'> | null): Promise<void> {
  const paymentId = intent.providerPaymentId;
  if (payment && paymentId && AUTHORISED_STATES.has(payment.state)) {
    await finishAuthorized(ctx, intent, paymentId, null);
    return;
  }
  if (payment && DECLINED_STATES.has(payment.state)) {
    const reason: DeclineReason = payment.declineReason ?? 'cancelled';
    await releaseHold(ctx.db, intent.cartId, { reason, now: ctx.now(), intentId: intent.id });
    await markIntent(ctx.db, intent.id, 'declined', ctx.now());
    return;
  }
  const [cart] = await ctx.db.select().from(carts).where(eq(carts.id, intent.cartId));
  const now = ctx.now();
  const holdValid = cart?.status === 'payment_pending' && cart.pendingIntentId === intent.id && cart.holdExpiresAt !== null && cart.holdExpiresAt > now;
  if (holdValid) return;
  if (payment) await voidPayment(ctx, intent, paymentId);
  else {
    // The provider has no such payment: nothing to void; the rooms go back.
    await releaseHold(ctx.db, intent.cartId, { reason: 'cancelled', now, intentId: intent.id });
    await markIntent(ctx.db, intent.id, 'failed', now);
  }
}

/**
 * What the provider says became of a payment that waited for the guest: authorised makes the order,
 * declined or cancelled gives the rooms back. Idempotent: a repeated notification changes nothing. An
 * authorisation for a cart that is no longer waiting for it (its hold ran out) is cancelled at the provider.
 */
export async function settlePayment(ctx: CommerceContext, notification: Pick<PaymentNotification, 'paymentId' | 'reference' | 'state' | 'declineReason'>): Promise<void> {
  const intent = await intentOfPayment(ctx, notification.paymentId);
  if (intent && intent.cartId === notification.reference) {
    await reconcileIntent(ctx, intent, notification);
    return;
  }
  // A payment without an intent (asked before intents were kept): as before, by the cart's pending payment.
  const [cart] = await ctx.db.select().from(carts).where(eq(carts.id, notification.reference));
  if (!cart) return;
  const waiting = cart.status === 'payment_pending' && cart.pendingPaymentId === notification.paymentId;
  const authorised = AUTHORISED_STATES.has(notification.state);
  if (!waiting) {
    if (authorised && cart.status !== 'ordered') await ctx.payments?.cancel(notification.paymentId);
    return;
  }
  if (authorised) {
    const result = await completeOrder(ctx, cart.id, notification.paymentId, null);
    if (result.status !== 'succeeded') await ctx.payments?.cancel(notification.paymentId);
  } else if (DECLINED_STATES.has(notification.state)) {
    const reason: DeclineReason = notification.declineReason ?? 'cancelled';
    await releaseHold(ctx.db, cart.id, { reason, now: ctx.now() });
  }
}

/**
 * Before a payment_pending cart is shown: asks the provider about the payment (a lost notification must
 * not strand the guest), and gives the rooms back (voiding the payment) when the hold has run out.
 */
export async function refreshPending(ctx: CommerceContext, cart: CartRow): Promise<void> {
  if (cart.status !== 'payment_pending') return;
  const intent = cart.pendingIntentId ? await loadIntent(ctx, cart.pendingIntentId) : undefined;
  // An intent still authorizing belongs to a pay request under way: that request (or its recovery) finishes it.
  if (intent?.state === 'authorizing') return;
  let payment: ProviderPayment | null = null;
  const paymentId = intent?.providerPaymentId ?? cart.pendingPaymentId;
  if (paymentId && ctx.payments) {
    try {
      payment = await ctx.payments.getPayment(paymentId);
    } catch (error) {
      ctx.logger.log('warn', 'payment status not available', { cartId: cart.id, error });
      return;
    }
  }
  if (intent) {
    await reconcileIntent(ctx, intent, payment);
    return;
  }
  if (payment && payment.state !== 'pending') {
    await settlePayment(ctx, payment);
    return;
  }
  const now = ctx.now();
  if (cart.holdExpiresAt && cart.holdExpiresAt <= now && (await releaseHold(ctx.db, cart.id, { reason: 'cancelled', now, expiredBy: now }))) {
    if (cart.pendingPaymentId) await ctx.payments?.cancel(cart.pendingPaymentId).catch(() => undefined);
  }
}

/**
 * Finishes a pay request that never answered (its process died, or it outlived PAY_LEASE_MS): the
 * authorisation is sent again under the intent's key, so the provider answers what it answered the first
 * time (or authorises now, if the first call never reached it), and that answer is applied and kept.
 * Without an intent nothing was asked: the key is released. The provider down: 503, kept for nothing.
 */
export async function resumePayRequest(ctx: CommerceContext, cartId: string, key: string): Promise<Answer | 'released'> {
  const intent = await intentOfRequest(ctx, cartId, key);
  if (!intent || intent.state === 'failed') {
    await releaseKey(ctx, cartId, key);
    return 'released';
  }
  let result: PayResult;
  if (intent.state === 'ordered' || intent.state === 'declined' || intent.state === 'voided') {
    result = await finalResult(ctx, intent);
  } else {
    const [cart] = await ctx.db.select().from(carts).where(eq(carts.id, cartId));
    let status: PaymentStatus;
    try {
      status = await authorizeIntent(ctx, intent, cart?.card ?? null);
    } catch (error) {
      const rejected = rejectionFailure(error);
      if (!rejected) {
        ctx.logger.log('error', 'payment provider failed', { cartId, error });
        return failed(PAYMENTS_UNAVAILABLE);
      }
      // The provider refused the request outright: nothing was authorised; the rooms go back.
      await releaseHold(ctx.db, cartId, { reason: null, now: ctx.now(), intentId: intent.id });
      await markIntent(ctx.db, intent.id, 'failed', ctx.now());
      await releaseKey(ctx, cartId, key);
      return 'released';
    }
    result = await applyStatus(ctx, intent, status, null);
  }
  return keepAnswer(ctx, cartId, key, paid(result));
}

/** The pay answer for an intent that is over. */
async function finalResult(ctx: CommerceContext, intent: IntentRow): Promise<PayResult> {
  const [cart] = await ctx.db.select().from(carts).where(eq(carts.id, intent.cartId));
  if (intent.state === 'ordered' && cart?.orderId) return { status: 'succeeded', order_id: cart.orderId };
  if (intent.state === 'declined') return { status: 'declined', reason: cart?.lastDeclineReason ?? 'declined' };
  return CANCELLED;
}

export type { Result };
