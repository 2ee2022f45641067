import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import { HOTEL_DECLINE_REASONS, type HotelDeclineReason, type HotelPaymentMethod, type HotelPayRequestSchema, type HotelPayResult } from '../../src/contract/hotel-checkout';
import { hotelCheckouts, hotelCheckoutSessions, hotelPayRequests } from '../db/schema';
import { errorBody, type Failure } from '../ecommerce/context';
import { rejectionFailure } from '../ecommerce/payments';
import type { PaymentNotification, PaymentStatus, ProviderPayment, ProviderPaymentMethod } from '../ports/payments';
import { FolioChangedError, type FolioKind, type StayFolio } from '../ports/property-management';
import { authorizedCheckout, type CheckoutRow, checkoutView, currentSession, folioConflict, loadCheckout, PAYING_STATES, type SessionRow, sessionView, type StayCaller } from './checkouts';
import { type HotelCheckoutDeps, hotelSystem, PAYMENTS_DOWN, Refusal, refuse } from './context';

/**
 * Paying the folio at checkout (decision record 0055). A session holds the open balances at one folio
 * version. Paying it asks the provider to authorise the total, then records each folio's amount at the
 * hotel's system naming that version, and captures only what the hotel's system recorded:
 *
 * - A charge posted while the guest pays moves the folio's version: the hotel's system refuses the
 *   payment (FolioChangedError), nothing is recorded against the stale amount, and the authorisation of
 *   what was not recorded is never captured (cancelled when nothing was recorded). The guest is answered
 *   409 folio_changed with the fresh folio and pays the difference in a refreshed session. So a folio is
 *   never paid twice (each payment names the version it was computed from, and the system takes one
 *   payment per version) and never short (check-out needs both balances at zero).
 * - A session is paid once: paying moves it from open (or declined) to authorizing with a conditional
 *   update only one request wins; each attempt has its own provider key.
 * - Recording and capturing are idempotent (keys of the session and attempt), so finishing again after
 *   an interruption (the hotel's system down, a crash) repeats nothing: the next read of the checkout,
 *   a retry of the pay request, the provider's notification or the maintenance job finishes it.
 */

type PayRequest = v.InferOutput<typeof HotelPayRequestSchema>;

export interface Answer {
  status: number;
  body: unknown;
}

const answerOf = (refusal: Refusal): Answer => ({
  status: refusal.failure.status,
  body: refusal.checkout ? { ...errorBody(refusal.failure), checkout: refusal.checkout } : errorBody(refusal.failure),
});

/** Refusals before anything was asked of the provider: the key is released, the same attempt may be sent again. */
class NotTried extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
    this.name = 'NotTried';
  }
}

/** The prefix of our reference for a checkout's payment (the session id follows): the provider's notifications come back to us by it. */
export const HOTEL_PAYMENT_REFERENCE = 'hotel-checkout:';

const sessionNotOpen = () => refuse(409, 'session_not_open', 'This payment session is paid, being paid or replaced; read the checkout again');

async function loadSession(deps: HotelCheckoutDeps, sessionId: string): Promise<SessionRow | undefined> {
  const [row] = await deps.db.select().from(hotelCheckoutSessions).where(eq(hotelCheckoutSessions.id, sessionId));
  return row;
}

/** The session and its checkout, if the caller may reach them (404 otherwise). */
export async function authorizedSession(deps: HotelCheckoutDeps, sessionId: string, caller: StayCaller): Promise<{ session: SessionRow; checkout: CheckoutRow }> {
  const session = await loadSession(deps, sessionId);
  if (!session) throw refuse(404, 'not_found', 'No such payment session');
  try {
    return { session, checkout: await authorizedCheckout(deps, session.checkoutId, caller) };
  } catch (error) {
    if (error instanceof Refusal && error.failure.status === 404) throw refuse(404, 'not_found', 'No such payment session');
    throw error;
  }
}

// ---------- sessions ----------

/**
 * POST {id}/session (fresh: false) and PUT {id}/session (fresh: true): the session of the open balances
 * at the folio version read now. The current session is kept when its amounts still hold, brought up to
 * date when the folio changed, and replaced by a new one once paid; a session whose payment is under way
 * is answered as it is (it finishes first).
 */
export async function startSession(deps: HotelCheckoutDeps, checkout: CheckoutRow, { refresh }: { refresh: boolean }): Promise<SessionRow> {
  if (checkout.checkedOutAt) throw refuse(409, 'checkout_closed', 'This stay is checked out; nothing is left to pay');
  const folio = await hotelSystem(deps, 'folio', () => deps.pms.folio(checkout.stayId));
  const current = await currentSession(deps, checkout.id);
  if (current && PAYING_STATES.includes(current.state)) throw sessionNotOpen();
  const owed = { private: Math.max(0, folio.balances.private), business: Math.max(0, folio.balances.business) };
  if (owed.private + owed.business === 0) throw refuse(409, 'nothing_to_pay', 'Nothing is left to pay; check out');
  const now = deps.now();
  if (current && current.state !== 'paid') {
    // POST keeps a session whose amounts still hold; PUT (or a changed folio) brings it up to date.
    const holds = current.folioVersion === folio.version && current.state !== 'stale' && current.privateMinor === owed.private && current.businessMinor === owed.business;
    if (holds && (!refresh || current.state === 'open')) return current;
    const [updated] = await deps.db
      .update(hotelCheckoutSessions)
      .set({ folioVersion: folio.version, privateMinor: owed.private, businessMinor: owed.business, currency: folio.stay.currency, state: 'open', declineReason: null, updatedAt: now })
      .where(and(eq(hotelCheckoutSessions.id, current.id), inArray(hotelCheckoutSessions.state, ['open', 'declined', 'stale'])))
      .returning();
    if (!updated) throw sessionNotOpen();
    return updated;
  }
  const [created] = await deps.db
    .insert(hotelCheckoutSessions)
    .values({
      id: randomUUID(),
      checkoutId: checkout.id,
      state: 'open',
      folioVersion: folio.version,
      privateMinor: owed.private,
      businessMinor: owed.business,
      currency: folio.stay.currency,
      paymentMethod: current?.paymentMethod ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!created) throw new Error('The session was not stored');
  return created;
}

/** PUT session/{id}/payment-method: how the session will be paid (until its payment starts). */
export async function setSessionPaymentMethod(deps: HotelCheckoutDeps, session: SessionRow, method: HotelPaymentMethod): Promise<SessionRow> {
  const [updated] = await deps.db
    .update(hotelCheckoutSessions)
    .set({ paymentMethod: method, updatedAt: deps.now() })
    .where(and(eq(hotelCheckoutSessions.id, session.id), inArray(hotelCheckoutSessions.state, ['open', 'declined', 'stale'])))
    .returning();
  if (!updated) throw sessionNotOpen();
  return updated;
}

// ---------- paying ----------

/** How long (real time) a retry waits for the first request with its key before it answers 409 (try again). */
const CONCURRENT_WAIT_MS = 25_000;
const POLL_MS = 50;

/**
 * POST session/{id}/pay with an Idempotency-Key: claimed with an INSERT only one request wins; a retry
 * with the same key and body gets the first answer, with another body 409 idempotency_conflict.
 * Answers that took nothing release the key.
 */
export async function paySession(deps: HotelCheckoutDeps, sessionId: string, caller: StayCaller, key: string, request: PayRequest): Promise<Answer> {
  const requestHash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
  let found: { session: SessionRow; checkout: CheckoutRow };
  try {
    found = await authorizedSession(deps, sessionId, caller);
  } catch (error) {
    if (error instanceof Refusal) return answerOf(error);
    throw error;
  }
  for (let round = 0; round < 3; round++) {
    const claimed = await deps.db
      .insert(hotelPayRequests)
      .values({ sessionId, idempotencyKey: key, requestHash, createdAt: deps.now() })
      .onConflictDoNothing()
      .returning({ key: hotelPayRequests.idempotencyKey });
    if (claimed.length > 0) return runClaimed(deps, found.checkout, sessionId, key, request);
    const earlier = await earlierAnswer(deps, sessionId, key, requestHash);
    if (earlier !== 'released') return earlier;
  }
  return answerOf(refuse(409, 'conflict', 'The payment did not start; send it again'));
}

const whichRequest = (sessionId: string, key: string) => and(eq(hotelPayRequests.sessionId, sessionId), eq(hotelPayRequests.idempotencyKey, key));

async function runClaimed(deps: HotelCheckoutDeps, checkout: CheckoutRow, sessionId: string, key: string, request: PayRequest): Promise<Answer> {
  let answer: Answer;
  try {
    answer = await payOnce(deps, checkout, sessionId, request);
  } catch (error) {
    // Nothing taken, or the hotel's system down with the payment standing (finished by the next try): the key is released.
    if (error instanceof NotTried || !(error instanceof Refusal) || error.failure.status === 503) {
      await deps.db.delete(hotelPayRequests).where(and(whichRequest(sessionId, key), isNull(hotelPayRequests.statusCode)));
      if (error instanceof NotTried) return answerOf(error.refusal);
      if (error instanceof Refusal) return answerOf(error);
      throw error;
    }
    answer = answerOf(error);
  }
  await deps.db.update(hotelPayRequests).set({ statusCode: answer.status, response: answer.body }).where(and(whichRequest(sessionId, key), isNull(hotelPayRequests.statusCode)));
  return answer;
}

async function earlierAnswer(deps: HotelCheckoutDeps, sessionId: string, key: string, requestHash: string): Promise<Answer | 'released'> {
  const deadline = Date.now() + CONCURRENT_WAIT_MS;
  for (;;) {
    const [row] = await deps.db.select().from(hotelPayRequests).where(whichRequest(sessionId, key));
    if (!row) return 'released';
    if (row.requestHash !== requestHash) return answerOf(refuse(409, 'idempotency_conflict', 'This Idempotency-Key was used with another request'));
    if (row.statusCode != null) return { status: row.statusCode, body: row.response };
    if (Date.now() > deadline) return answerOf(refuse(409, 'conflict', 'The payment with this key is still being processed'));
    await sleep(POLL_MS);
  }
}

function sameSite(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === new URL(origin).origin;
  } catch {
    return false;
  }
}

const succeeded = async (deps: HotelCheckoutDeps, checkout: CheckoutRow): Promise<Answer> => {
  const fresh = (await loadCheckout(deps, checkout.id)) ?? checkout;
  const result: HotelPayResult = { status: 'succeeded', checkout: await checkoutView(deps, fresh) };
  return { status: 200, body: { data: result } };
};
const resultAnswer = (result: HotelPayResult): Answer => ({ status: 200, body: { data: result } });

async function payOnce(deps: HotelCheckoutDeps, checkout: CheckoutRow, sessionId: string, request: PayRequest): Promise<Answer> {
  const notTried = (refusal: Refusal) => new NotTried(refusal);
  const session = await loadSession(deps, sessionId);
  if (!session) throw notTried(refuse(404, 'not_found', 'No such payment session'));
  if (checkout.checkedOutAt) throw notTried(refuse(409, 'checkout_closed', 'This stay is checked out; nothing is left to pay'));
  if (session.state === 'paid') return succeeded(deps, checkout);
  if (session.state === 'recording') {
    // A payment interrupted while the hotel's system was down: finished now, nothing asked again.
    if ((await finishAuthorized(deps, session)) === 'changed') throw await folioConflict(deps, checkout, 'folio_changed', 'A charge was posted while you paid; pay what is open');
    return succeeded(deps, checkout);
  }
  if (session.state === 'stale') throw notTried(await folioConflict(deps, checkout, 'folio_changed', 'The folio changed since this session was made; refresh it and pay the new amount'));
  if (session.state !== 'open' && session.state !== 'declined') throw notTried(sessionNotOpen());
  const method = session.paymentMethod as ProviderPaymentMethod | null;
  if (!method) throw notTried(refuse(422, 'payment_method_missing', 'Choose how to pay'));
  if (method === 'card' && !request.payment_instrument_id) throw notTried(refuse(422, 'payment_method_missing', 'Enter a card', 'payment_instrument_id'));
  if (!deps.payments) throw notTried(PAYMENTS_DOWN());
  if (request.redirect_url && !sameSite(request.redirect_url, deps.origin())) {
    throw notTried(refuse(400, 'bad_request', 'The return address must be on this site', 'redirect_url'));
  }
  const total = session.privateMinor + session.businessMinor;
  if (total <= 0) throw notTried(refuse(409, 'nothing_to_pay', 'Nothing is left to pay; check out'));

  // The folio as it is now: a charge posted since the session was made is caught before anything is asked.
  let folio: StayFolio;
  try {
    folio = await hotelSystem(deps, 'folio', () => deps.pms.folio(checkout.stayId));
  } catch (error) {
    if (error instanceof Refusal) throw notTried(error);
    throw error;
  }
  if (folio.version !== session.folioVersion) {
    await markStale(deps, session.id, ['open', 'declined']);
    throw notTried(await folioConflict(deps, checkout, 'folio_changed', 'The folio changed since this session was made; look at it again and pay the new amount'));
  }

  // One payment per session: only one request moves it to authorizing.
  const now = deps.now();
  const returnUrl = request.redirect_url ?? new URL(`/${request.locale}/checkout/redirect?checkout=${checkout.id}`, deps.origin()).toString();
  const [claimed] = await deps.db
    .update(hotelCheckoutSessions)
    .set({ state: 'authorizing', attempt: sql`${hotelCheckoutSessions.attempt} + 1`, locale: request.locale, returnUrl, declineReason: null, providerPaymentId: null, updatedAt: now })
    .where(and(eq(hotelCheckoutSessions.id, session.id), inArray(hotelCheckoutSessions.state, ['open', 'declined']), eq(hotelCheckoutSessions.folioVersion, folio.version)))
    .returning();
  if (!claimed) throw notTried(sessionNotOpen());
  if (checkout.locale !== request.locale) await deps.db.update(hotelCheckouts).set({ locale: request.locale, updatedAt: now }).where(eq(hotelCheckouts.id, checkout.id));

  let status: PaymentStatus;
  try {
    status = await deps.payments.authorize({
      idempotencyKey: `hotel-checkout:${claimed.id}:${claimed.attempt}`,
      method,
      ...(method === 'card' && request.payment_instrument_id ? { cardToken: request.payment_instrument_id } : {}),
      amountMinor: total,
      currency: claimed.currency,
      reference: `${HOTEL_PAYMENT_REFERENCE}${claimed.id}`,
      returnUrl,
      locale: request.locale,
      ...(request.browser_info ? { browserInfo: { ...request.browser_info } } : {}),
    });
  } catch (error) {
    // Nothing was authorised: the session opens again and the same attempt may be sent again.
    await deps.db
      .update(hotelCheckoutSessions)
      .set({ state: 'open', updatedAt: deps.now() })
      .where(and(eq(hotelCheckoutSessions.id, claimed.id), eq(hotelCheckoutSessions.state, 'authorizing'), eq(hotelCheckoutSessions.attempt, claimed.attempt)));
    const rejected = rejectionFailure(error);
    if (rejected) throw notTried(new Refusal(rejected.issues ? { ...rejected, issues: rejected.issues.map((issue) => ({ ...issue, path: 'payment_instrument_id' })) } : rejected));
    deps.logger.log('error', 'payment provider failed', { sessionId: claimed.id, error });
    throw notTried(PAYMENTS_DOWN());
  }
  return applyStatus(deps, checkout, claimed, status);
}

async function markStale(deps: HotelCheckoutDeps, sessionId: string, from: SessionRow['state'][]): Promise<void> {
  await deps.db
    .update(hotelCheckoutSessions)
    .set({ state: 'stale', updatedAt: deps.now() })
    .where(and(eq(hotelCheckoutSessions.id, sessionId), inArray(hotelCheckoutSessions.state, from)));
}

const declineReasonOf = (reason: string | null): HotelDeclineReason => (HOTEL_DECLINE_REASONS as readonly string[]).includes(reason ?? '') ? (reason as HotelDeclineReason) : 'declined';

async function applyStatus(deps: HotelCheckoutDeps, checkout: CheckoutRow, session: SessionRow, status: PaymentStatus): Promise<Answer> {
  const which = and(eq(hotelCheckoutSessions.id, session.id), eq(hotelCheckoutSessions.attempt, session.attempt), eq(hotelCheckoutSessions.state, 'authorizing'));
  if (status.status === 'declined') {
    await deps.db.update(hotelCheckoutSessions).set({ state: 'declined', declineReason: status.reason, providerPaymentId: status.paymentId, updatedAt: deps.now() }).where(which);
    return resultAnswer({ status: 'declined', reason: declineReasonOf(status.reason) });
  }
  await deps.db.update(hotelCheckoutSessions).set({ providerPaymentId: status.paymentId, updatedAt: deps.now() }).where(which);
  if (status.status === 'action_required') {
    await deps.db.update(hotelCheckoutSessions).set({ state: 'action_required', updatedAt: deps.now() }).where(which);
    return resultAnswer({ status: 'action_required', redirect_url: status.redirectUrl });
  }
  const outcome = await finishAuthorized(deps, { ...session, providerPaymentId: status.paymentId });
  if (outcome === 'paid') return succeeded(deps, checkout);
  throw await folioConflict(deps, checkout, 'folio_changed', 'A charge was posted while you paid: what the folio did not take was not charged. Look at the folio again and pay what is open');
}

/**
 * The authorised payment of a session recorded at the hotel and captured (see the module's comment).
 * Answers `paid` when every amount was recorded, `changed` when the folio changed first (what was not
 * recorded is not captured). The hotel's system not answering leaves the session `recording` (the
 * authorisation stands) and throws the 503 refusal; finishing again later repeats nothing.
 */
export async function finishAuthorized(deps: HotelCheckoutDeps, session: SessionRow): Promise<'paid' | 'changed' | 'not_waiting'> {
  const paymentId = session.providerPaymentId;
  if (!paymentId) return 'not_waiting';
  const [recording] = await deps.db
    .update(hotelCheckoutSessions)
    .set({ state: 'recording', providerPaymentId: paymentId, updatedAt: deps.now() })
    .where(and(eq(hotelCheckoutSessions.id, session.id), eq(hotelCheckoutSessions.attempt, session.attempt), inArray(hotelCheckoutSessions.state, ['authorizing', 'action_required', 'recording'])))
    .returning();
  if (!recording) return 'not_waiting';
  const checkout = await loadCheckout(deps, recording.checkoutId);
  if (!checkout) throw new Error(`No checkout ${recording.checkoutId}`);
  const amounts: Record<FolioKind, number> = { private: recording.privateMinor, business: recording.businessMinor };
  const recorded: Record<FolioKind, number> = { private: 0, business: 0 };
  // Each payment the system takes moves the folio's version by one: the second names the version after the first.
  let expectedVersion = recording.folioVersion;
  let changed = false;
  for (const folio of ['private', 'business'] as const) {
    if (amounts[folio] <= 0) continue;
    try {
      await hotelSystem(deps, 'recordPayment', () =>
        deps.pms.recordPayment(
          checkout.stayId,
          {
            folio,
            amountMinor: amounts[folio],
            method: recording.paymentMethod ?? 'card',
            providerPaymentId: paymentId,
            idempotencyKey: `hotel-checkout:${recording.id}:${recording.attempt}:${folio}`,
            expectedVersion,
          },
          deps.now(),
        ),
      );
    } catch (error) {
      if (error instanceof FolioChangedError) {
        changed = true;
        break;
      }
      throw error;
    }
    recorded[folio] = amounts[folio];
    expectedVersion += 1;
    await deps.db
      .update(hotelCheckoutSessions)
      .set({ recordedPrivateMinor: recorded.private, recordedBusinessMinor: recorded.business })
      .where(eq(hotelCheckoutSessions.id, recording.id));
  }
  const taken = recorded.private + recorded.business;
  const payments = deps.payments;
  if (!payments) throw PAYMENTS_DOWN();
  try {
    if (taken > 0) await payments.capture(paymentId, taken, `hotel-capture:${recording.id}:${recording.attempt}`);
    else await payments.cancel(paymentId);
  } catch (error) {
    // The folio took the payment; the capture is tried again when the session is finished again.
    deps.logger.log('error', 'capture of a checkout payment failed; tried again later', { sessionId: recording.id, error });
    return changed ? 'changed' : 'paid';
  }
  await deps.db
    .update(hotelCheckoutSessions)
    .set({ state: changed ? 'stale' : 'paid', updatedAt: deps.now() })
    .where(and(eq(hotelCheckoutSessions.id, recording.id), eq(hotelCheckoutSessions.attempt, recording.attempt), eq(hotelCheckoutSessions.state, 'recording')));
  return changed ? 'changed' : 'paid';
}

const AUTHORISED = new Set<ProviderPayment['state']>(['authorized', 'captured']);
const DECLINED = new Set<ProviderPayment['state']>(['declined', 'cancelled', 'refunded']);

/**
 * What the provider says of a session's payment that waited for the guest (a notification, or asked on
 * a read): authorised is recorded and captured, declined lets the guest pay again. Idempotent.
 */
export async function settleSessionPayment(deps: HotelCheckoutDeps, session: SessionRow, payment: Pick<ProviderPayment, 'state' | 'declineReason'>): Promise<void> {
  if (session.state === 'recording') {
    await finishAuthorized(deps, session);
    return;
  }
  if (session.state !== 'action_required' && session.state !== 'authorizing') return;
  if (AUTHORISED.has(payment.state)) {
    await finishAuthorized(deps, session);
  } else if (DECLINED.has(payment.state)) {
    await deps.db
      .update(hotelCheckoutSessions)
      .set({ state: 'declined', declineReason: payment.declineReason ?? 'cancelled', updatedAt: deps.now() })
      .where(and(eq(hotelCheckoutSessions.id, session.id), eq(hotelCheckoutSessions.attempt, session.attempt), inArray(hotelCheckoutSessions.state, ['action_required', 'authorizing'])));
  }
}

/** The provider's notification, when it is about a checkout's payment (its reference is the session). */
export async function hotelPaymentNotified(deps: HotelCheckoutDeps, notification: Pick<PaymentNotification, 'paymentId' | 'reference' | 'state' | 'declineReason'>): Promise<void> {
  const sessionId = notification.reference.slice(HOTEL_PAYMENT_REFERENCE.length);
  if (!notification.reference.startsWith(HOTEL_PAYMENT_REFERENCE) || !/^[0-9a-f-]{36}$/.test(sessionId)) return;
  const session = await loadSession(deps, sessionId);
  if (!session || session.providerPaymentId !== notification.paymentId) return;
  try {
    await settleSessionPayment(deps, session, notification);
  } catch (error) {
    // The hotel's system is down: the session stays recording and is finished on the next read or by the job.
    if (!(error instanceof Refusal)) throw error;
  }
}

/**
 * Before a checkout is shown: a payment waiting for the guest is asked about at the provider (a lost
 * notification must not strand them), and one interrupted while recording is finished.
 */
export async function refreshSession(deps: HotelCheckoutDeps, checkoutId: string): Promise<void> {
  const session = await currentSession(deps, checkoutId);
  if (!session || !deps.payments) return;
  if (session.state === 'recording') {
    await finishAuthorized(deps, session).catch((error: unknown) => {
      if (!(error instanceof Refusal)) throw error;
    });
    return;
  }
  if (session.state !== 'action_required' || !session.providerPaymentId) return;
  let payment: ProviderPayment | null;
  try {
    payment = await deps.payments.getPayment(session.providerPaymentId);
  } catch (error) {
    deps.logger.log('warn', 'payment status not available', { sessionId: session.id, error });
    return;
  }
  if (!payment) return;
  await settleSessionPayment(deps, session, payment).catch((error: unknown) => {
    if (!(error instanceof Refusal)) throw error;
  });
}

/** The maintenance job: sessions left recording (the hotel's system was down) are finished. */
export async function finishInterruptedPayments(deps: HotelCheckoutDeps): Promise<number> {
  const stuck = await deps.db.select().from(hotelCheckoutSessions).where(eq(hotelCheckoutSessions.state, 'recording'));
  let finished = 0;
  for (const session of stuck) {
    try {
      await finishAuthorized(deps, session);
      finished += 1;
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
    }
  }
  return finished;
}

export { sessionView };
export type { Failure };
