import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import * as v from 'valibot';
import type { CheckinPayRequestSchema, CheckinPayResult } from '../../src/contract/checkin';
import type { DeclineReason } from '../../src/contract/ecommerce';
import type { Locale } from '../../src/contract/locales';
import { cardTokenBindings, checkinPayRequests, onlineCheckins, savedCards } from '../db/schema';
import { errorBody, type Failure } from '../ecommerce/context';
import { rejectionFailure } from '../ecommerce/payments';
import type { PaymentNotification, PaymentStatus, ProviderPayment } from '../ports/payments';
import type { PmsStay } from '../ports/property-management';
import { toMajor } from '../search/money';
import { checkinConfirmationMail } from './mails';
import {
  type CheckinCaller,
  type CheckinDeps,
  type CheckinRow,
  checkinView,
  HOTEL_SYSTEM_UNAVAILABLE,
  HotelSystemUnavailable,
  hotelOf,
  hotelToday,
  loadCheckin,
  loadRow,
  newConfirmationCode,
  notOpenFailure,
  openness,
  pms,
  preAuthorisationOf,
  qrImageOf,
  qrPayloadOf,
} from './service';

/**
 * The pre-authorisation of online check-in (decision record 0054), as the cart's payment does it
 * (decision records 0014, 0023): an Idempotency-Key claimed with an insert only one request wins, the
 * provider asked under a key of its own (a repeat answers the first answer, never a second hold), and a
 * payment that waits for the guest finished by the provider's notification or by the next read that asks
 * the provider. Completion is one conditional update: of a notification and a read racing, one completes
 * and sends the mail. The amount is authorised, not captured: the hotel checkout settles the bill.
 */

type PayRequest = v.InferOutput<typeof CheckinPayRequestSchema>;

export interface Answer {
  status: number;
  body: unknown;
}

/** The provider's reference of a check-in's payments; notifications come back with it. */
export const CHECKIN_PAYMENT_REFERENCE_PREFIX = 'checkin:';
export const referenceOf = (checkinId: string) => `${CHECKIN_PAYMENT_REFERENCE_PREFIX}${checkinId}`;

/** How long a pay request may work before a retry with its key takes it for interrupted and sends it again (safe: the provider's key repeats its answer). */
export const CHECKIN_PAY_LEASE_MS = 20_000;
const CONCURRENT_WAIT_MS = 25_000;
const POLL_MS = 50;

const failed = (failure: Failure): Answer => ({ status: failure.status, body: errorBody(failure) });
const PAYMENTS_UNAVAILABLE: Failure = { status: 503, code: 'payments_unavailable', message: 'Payments are not possible right now; nothing was reserved on your card' };

/** An answer that tried nothing (the check-in was not ready, the provider refused the request): the key is released for the same attempt again. */
class NotTried {
  constructor(readonly answer: Answer) {}
}
const notTried = (failure: Failure) => new NotTried(failed(failure));

function sameSite(url: string, origin: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.origin === new URL(origin).origin && !parsed.username && !parsed.password;
  } catch {
    return false;
  }
}

/**
 * POST checkin/{id}/pay. The key is the guest's attempt: a retry with it gets the first answer (a 409
 * idempotency_conflict with another body); answers that tried nothing release it.
 */
export async function payCheckin(deps: CheckinDeps, checkinId: string, caller: CheckinCaller, key: string, request: PayRequest): Promise<Answer> {
  const requestHash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
  for (let round = 0; round < 3; round++) {
    let loaded;
    try {
      loaded = await loadCheckin(deps, checkinId, caller);
    } catch (error) {
      if (error instanceof HotelSystemUnavailable) return failed(HOTEL_SYSTEM_UNAVAILABLE);
      throw error;
    }
    if ('failure' in loaded) return failed(loaded.failure);
    const claimed = await deps.db
      .insert(checkinPayRequests)
      .values({ checkinId, idempotencyKey: key, requestHash, createdAt: deps.now() })
      .onConflictDoNothing()
      .returning({ key: checkinPayRequests.idempotencyKey });
    if (claimed.length > 0) return runClaimed(deps, loaded.data.row, loaded.data.stay, key, request);
    const earlier = await earlierAnswer(deps, checkinId, key, requestHash);
    if (earlier === 'stale') {
      // The first request never answered (its process died): sent again under the same provider key.
      const again = await runClaimed(deps, loaded.data.row, loaded.data.stay, key, request);
      return again;
    }
    if (earlier !== 'released') return earlier;
  }
  return failed({ status: 409, code: 'conflict', message: 'The payment did not start; send it again' });
}

async function runClaimed(deps: CheckinDeps, row: CheckinRow, stay: PmsStay, key: string, request: PayRequest): Promise<Answer> {
  const release = () =>
    deps.db.delete(checkinPayRequests).where(and(eq(checkinPayRequests.checkinId, row.id), eq(checkinPayRequests.idempotencyKey, key), isNull(checkinPayRequests.statusCode)));
  let answer: Answer;
  try {
    answer = await payOnce(deps, row, stay, key, request);
  } catch (error) {
    await release();
    if (error instanceof NotTried) return error.answer;
    if (error instanceof HotelSystemUnavailable) return failed(HOTEL_SYSTEM_UNAVAILABLE);
    throw error;
  }
  const which = and(eq(checkinPayRequests.checkinId, row.id), eq(checkinPayRequests.idempotencyKey, key));
  const kept = await deps.db
    .update(checkinPayRequests)
    .set({ statusCode: answer.status, response: answer.body })
    .where(and(which, isNull(checkinPayRequests.statusCode)))
    .returning({ key: checkinPayRequests.idempotencyKey });
  if (kept.length > 0) return answer;
  const [stored] = await deps.db.select().from(checkinPayRequests).where(which);
  return stored?.statusCode != null ? { status: stored.statusCode, body: stored.response } : answer;
}

async function earlierAnswer(deps: CheckinDeps, checkinId: string, key: string, requestHash: string): Promise<Answer | 'released' | 'stale'> {
  const deadline = Date.now() + CONCURRENT_WAIT_MS;
  for (;;) {
    const [row] = await deps.db
      .select()
      .from(checkinPayRequests)
      .where(and(eq(checkinPayRequests.checkinId, checkinId), eq(checkinPayRequests.idempotencyKey, key)));
    if (!row) return 'released';
    if (row.requestHash !== requestHash) return failed({ status: 409, code: 'idempotency_conflict', message: 'This Idempotency-Key was used with another request' });
    if (row.statusCode != null) return { status: row.statusCode, body: row.response };
    if (deps.now().getTime() - row.createdAt.getTime() >= CHECKIN_PAY_LEASE_MS) return 'stale';
    if (Date.now() > deadline) return failed({ status: 409, code: 'conflict', message: 'The payment with this key is still being processed' });
    await sleep(POLL_MS);
  }
}

/** A card token from the hosted form, unless it is a saved card's or bound to a cart (decision record 0023): those answer as unknown. */
async function usableToken(deps: CheckinDeps, token: string): Promise<boolean> {
  const [saved] = await deps.db.select({ id: savedCards.id }).from(savedCards).where(eq(savedCards.token, token)).limit(1);
  if (saved) return false;
  const tokenHash = createHash('sha256').update(token).digest('hex');
  const [bound] = await deps.db.select({ cartId: cardTokenBindings.cartId }).from(cardTokenBindings).where(eq(cardTokenBindings.tokenHash, tokenHash));
  return bound === undefined;
}

async function payOnce(deps: CheckinDeps, row: CheckinRow, stay: PmsStay, key: string, request: PayRequest): Promise<Answer> {
  if (row.status === 'completed') throw notTried({ status: 409, code: 'checkin_completed', message: 'This check-in is completed' });
  const hotel = await hotelOf(deps.db, stay.hotelCode);
  const refused = notOpenFailure(openness(stay, hotelToday(hotel, deps.now())), stay);
  if (refused) throw notTried(refused);
  if (!row.details) throw notTried({ status: 409, code: 'checkin_details_missing', message: 'Fill in the registration form first' });
  if (!row.paymentMethod) throw notTried({ status: 422, code: 'payment_method_missing', message: 'Choose how to pay' });
  if (!sameSite(request.redirect_url, deps.origin())) {
    throw notTried({ status: 400, code: 'bad_request', message: 'The return address must be on this site', issues: [{ path: 'redirect_url', message: 'Not on this site' }] });
  }
  const payments = deps.payments;
  if (!payments) throw notTried(PAYMENTS_UNAVAILABLE);
  let cardToken: string | undefined;
  if (row.paymentMethod === 'card') {
    const unknownCard: Failure = {
      status: 422,
      code: 'invalid_card',
      message: 'The card cannot be used; enter it again',
      issues: [{ path: 'payment_instrument_id', message: 'Enter the card in the form' }],
    };
    const token = request.payment_instrument_id;
    if (!token) throw notTried(unknownCard);
    let card;
    try {
      card = await payments.describeCard(token);
    } catch (error) {
      deps.logger.log('error', 'payment provider failed', { checkinId: row.id, error });
      throw notTried(PAYMENTS_UNAVAILABLE);
    }
    if (!card || !(await usableToken(deps, card.token))) throw notTried(unknownCard);
    cardToken = card.token;
  }
  const money = await preAuthorisationOf(deps, stay);
  // What is asked is recorded first: a notification that comes before the answer finds its amount.
  await deps.db
    .update(onlineCheckins)
    .set({ authorizedMinor: money.totalMinor, currency: money.currency.code, updatedAt: deps.now() })
    .where(and(eq(onlineCheckins.id, row.id), ne(onlineCheckins.status, 'completed')));
  let status: PaymentStatus;
  try {
    status = await payments.authorize({
      idempotencyKey: `${referenceOf(row.id)}:${key}`,
      method: row.paymentMethod,
      ...(cardToken ? { cardToken } : {}),
      amountMinor: money.totalMinor,
      currency: money.currency.code,
      reference: referenceOf(row.id),
      returnUrl: request.redirect_url,
      locale: request.locale,
      ...(request.browser_info ? { browserInfo: { ...request.browser_info } } : {}),
    });
  } catch (error) {
    const rejected = rejectionFailure(error);
    if (rejected) {
      const issues = rejected.issues?.map((issue) => ({ ...issue, path: issue.path === 'return_url' ? 'redirect_url' : 'payment_instrument_id' }));
      throw notTried({ ...rejected, ...(issues ? { issues } : {}) });
    }
    deps.logger.log('error', 'payment provider failed', { checkinId: row.id, error });
    throw notTried(PAYMENTS_UNAVAILABLE);
  }
  const result = await applyStatus(deps, row.id, status);
  return { status: 200, body: { data: result } };
}

async function applyStatus(deps: CheckinDeps, checkinId: string, status: PaymentStatus): Promise<CheckinPayResult> {
  if (status.status === 'authorized') {
    await completeCheckin(deps, checkinId, status.paymentId);
    const loaded = await loadRow(deps.db, checkinId);
    const stay = loaded ? await pms(deps, (port) => port.stay(loaded.stayId)) : undefined;
    if (!loaded || !stay) throw new Error(`Check-in ${checkinId} vanished`);
    return { status: 'completed', checkin: await checkinView(deps, loaded, stay) };
  }
  if (status.status === 'declined') {
    await deps.db
      .update(onlineCheckins)
      .set({ lastDeclineReason: status.reason, pendingPaymentId: null, updatedAt: deps.now() })
      .where(and(eq(onlineCheckins.id, checkinId), ne(onlineCheckins.status, 'completed')));
    return { status: 'declined', reason: status.reason };
  }
  await deps.db
    .update(onlineCheckins)
    .set({ pendingPaymentId: status.paymentId, lastDeclineReason: null, updatedAt: deps.now() })
    .where(and(eq(onlineCheckins.id, checkinId), ne(onlineCheckins.status, 'completed')));
  return { status: 'action_required', redirect_url: status.redirectUrl };
}

function formatMoney(minor: number, currency: { code: string; decimals: number; ratePerEurMicros: number }, locale: Locale): string {
  const tag = locale === 'ar' ? 'ar-u-nu-latn' : locale;
  return new Intl.NumberFormat(tag, { style: 'currency', currency: currency.code }).format(toMajor(minor, currency));
}

/**
 * The check-in is completed by this authorised payment: once, by a conditional update (a notification
 * and a read racing complete it once, and only the one that did sends the mail). An authorisation that
 * comes when the check-in was completed by another payment is released at the provider.
 */
export async function completeCheckin(deps: CheckinDeps, checkinId: string, paymentId: string): Promise<void> {
  const now = deps.now();
  let completed: CheckinRow | undefined;
  for (let attempt = 0; attempt < 5 && !completed; attempt++) {
    try {
      [completed] = await deps.db
        .update(onlineCheckins)
        .set({ status: 'completed', confirmationCode: newConfirmationCode(), completedAt: now, authorizedPaymentId: paymentId, pendingPaymentId: null, lastDeclineReason: null, updatedAt: now })
        .where(and(eq(onlineCheckins.id, checkinId), ne(onlineCheckins.status, 'completed')))
        .returning();
      if (!completed) break;
    } catch (error) {
      // Another check-in has this code (one in 8.5·10^11): draw again.
      if (!String((error as { message?: unknown }).message ?? '').includes('confirmation_code') && !String((error as { cause?: { message?: unknown } }).cause?.message ?? '').includes('confirmation_code')) throw error;
    }
  }
  if (!completed) {
    const row = await loadRow(deps.db, checkinId);
    if (row && row.authorizedPaymentId !== paymentId) {
      await deps.payments?.cancel(paymentId).catch((error: unknown) => deps.logger.log('error', 'second pre-authorisation not released', { checkinId, error }));
    }
    return;
  }
  await sendConfirmation(deps, completed);
}

/** The confirmation mail; one that cannot be sent is logged (the page shows the same confirmation). */
async function sendConfirmation(deps: CheckinDeps, row: CheckinRow): Promise<void> {
  try {
    const stay = await deps.propertyManagement.stay(row.stayId);
    if (!stay || !row.confirmationCode) return;
    const hotel = await hotelOf(deps.db, stay.hotelCode);
    const money = await preAuthorisationOf(deps, stay);
    const payload = qrPayloadOf(row.confirmationCode);
    await deps.mail.send(
      checkinConfirmationMail({
        to: stay.guest.email,
        locale: row.locale,
        guestName: `${row.details?.first_name ?? stay.guest.firstName} ${row.details?.last_name ?? stay.guest.lastName}`,
        hotelName: hotel.name,
        arrivalDate: stay.arrivalDate,
        departureDate: stay.departureDate,
        reservationNumber: stay.reservationNumber,
        confirmationCode: row.confirmationCode,
        arrivalTime: row.details?.arrival_time ?? hotel.checkInFrom,
        qrImage: await qrImageOf(payload),
        preAuthorisation: formatMoney(row.authorizedMinor ?? money.totalMinor, money.currency, row.locale),
      }),
    );
  } catch (error) {
    deps.logger.log('error', 'check-in confirmation mail not sent', { checkinId: row.id, error });
  }
}

const AUTHORISED = new Set<ProviderPayment['state']>(['authorized', 'captured']);
const DECLINED = new Set<ProviderPayment['state']>(['declined', 'cancelled', 'refunded']);

/** What the provider says became of a check-in's payment that waited for the guest. Idempotent. */
export async function settleCheckinPayment(deps: CheckinDeps, payment: Pick<PaymentNotification, 'paymentId' | 'reference' | 'state' | 'declineReason'>): Promise<void> {
  if (!payment.reference.startsWith(CHECKIN_PAYMENT_REFERENCE_PREFIX)) return;
  const checkinId = payment.reference.slice(CHECKIN_PAYMENT_REFERENCE_PREFIX.length);
  const row = await loadRow(deps.db, checkinId).catch(() => undefined);
  if (!row) return;
  if (AUTHORISED.has(payment.state)) {
    if (row.status !== 'completed' && row.pendingPaymentId === payment.paymentId) await completeCheckin(deps, row.id, payment.paymentId);
    else if (row.authorizedPaymentId !== payment.paymentId) await deps.payments?.cancel(payment.paymentId).catch(() => undefined);
    return;
  }
  if (DECLINED.has(payment.state) && row.pendingPaymentId === payment.paymentId) {
    const reason: DeclineReason = payment.declineReason ?? 'cancelled';
    await deps.db
      .update(onlineCheckins)
      .set({ pendingPaymentId: null, lastDeclineReason: reason, updatedAt: deps.now() })
      .where(and(eq(onlineCheckins.id, row.id), eq(onlineCheckins.pendingPaymentId, payment.paymentId), ne(onlineCheckins.status, 'completed')));
  }
}

/** Before a check-in waiting for the guest is shown: asks the provider (a lost notification must not strand the guest). */
export async function refreshPendingCheckin(deps: CheckinDeps, row: CheckinRow): Promise<boolean> {
  if (row.status === 'completed' || !row.pendingPaymentId || !deps.payments) return false;
  let payment: ProviderPayment | null;
  try {
    payment = await deps.payments.getPayment(row.pendingPaymentId);
  } catch (error) {
    deps.logger.log('warn', 'payment status not available', { checkinId: row.id, error });
    return false;
  }
  if (!payment || payment.state === 'pending') return false;
  await settleCheckinPayment(deps, { ...payment, reference: referenceOf(row.id) });
  return true;
}

/** The maintenance job's part: every check-in still waiting for the guest, asked of the provider. */
export async function refreshPendingCheckins(deps: CheckinDeps): Promise<number> {
  const rows = await deps.db.select().from(onlineCheckins).where(and(isNotNull(onlineCheckins.pendingPaymentId), ne(onlineCheckins.status, 'completed'))).limit(100);
  let settled = 0;
  for (const row of rows) if (await refreshPendingCheckin(deps, row)) settled++;
  return settled;
}

export const isCheckinReference = (reference: string) => reference.startsWith(CHECKIN_PAYMENT_REFERENCE_PREFIX) && v.is(v.pipe(v.string(), v.uuid()), reference.slice(CHECKIN_PAYMENT_REFERENCE_PREFIX.length));
