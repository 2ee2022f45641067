import * as v from 'valibot';
import type { Logger } from '../../logger';
import {
  type AuthorizeRequest,
  type CardDetails,
  type PaymentNotification,
  PaymentNotificationRejected,
  PaymentRequestRejected,
  type PaymentStatus,
  type PaymentsPort,
  type ProviderDeclineReason,
  type ProviderPayment,
  type ProviderPaymentMethod,
} from '../../ports/payments';
import { cardOutcome, isExpiryInFuture } from './cards';
import { checkSignature, SIGNATURE_HEADER, signatureHeader } from './signature';
import { type CardVault, randomId } from './vault';

/**
 * The bundled test provider's payments: authorisation, capture, refund and cancel with idempotency keys,
 * guest actions (3-D Secure challenge, PayPal / iDEAL / Apple Pay approval) and signed notifications.
 * This is a stand-in for a real payment service provider, for development, tests and demos. Cards live in
 * memory only; payments and the answers of authorisations are also kept in a `store` when one is given
 * (server/start.ts keeps them in the data folder), so a merchant that restarts can finish what it asked.
 */

export const PSP_PATH = '/psp';
export const PSP_PATHS = {
  cardForm: `${PSP_PATH}/hosted/card-form`,
  cvvForm: `${PSP_PATH}/hosted/cvv`,
  tokens: `${PSP_PATH}/api/tokens`,
  cvvTokens: `${PSP_PATH}/api/cvv-tokens`,
  challenge: `${PSP_PATH}/3ds/challenge`,
  redirect: (method: RedirectMethod) => `${PSP_PATH}/redirect/${method}`,
  assets: `${PSP_PATH}/assets`,
} as const;

export const REDIRECT_METHODS = ['paypal', 'ideal', 'apple_pay'] as const satisfies readonly ProviderPaymentMethod[];
export type RedirectMethod = (typeof REDIRECT_METHODS)[number];

/** What the guest is asked to do for a pending payment. */
export type GuestAction = 'challenge' | RedirectMethod;
export type GuestDecision = 'approve' | 'reject';

/** A payment as the provider keeps it: the port's view plus where the guest goes back to. */
export interface PaymentRecord extends ProviderPayment {
  locale: string;
  returnUrl: string;
  action: GuestAction | null;
  createdAt: Date;
}

export interface ProviderCore {
  port: PaymentsPort;
  origin(): string;
  record(paymentId: string): PaymentRecord | undefined;
  /** The guest's answer on a challenge or approval page; null when the payment was not waiting for one. */
  decide(paymentId: string, decision: GuestDecision): PaymentRecord | null;
  /** Signs the payment's current state and hands it to the merchant; a failed delivery is logged, not thrown. */
  deliverNotification(payment: PaymentRecord): Promise<void>;
  /** Every payment for a reference (tests and the development pages count authorisations with it). */
  paymentsFor(reference: string): ProviderPayment[];
}

/**
 * Where the provider keeps its payments and the answers of its authorisations across restarts (a real
 * provider does not forget them when the merchant's server restarts). Card data is never in it.
 */
export interface PaymentStore {
  load(): StoredPayments | undefined;
  save(state: StoredPayments): void;
}

export interface StoredPayments {
  payments: (Omit<PaymentRecord, 'createdAt'> & { createdAt: string })[];
  authorizations: { key: string; fingerprint: string; status: PaymentStatus }[];
}

export interface ProviderCoreOptions {
  /** Unset: everything is in memory only and forgotten on restart. */
  store?: PaymentStore | undefined;
  origin: () => string;
  vault: CardVault;
  notify: (rawBody: string, headers: Headers) => Promise<void>;
  signingSecret: string;
  now: () => Date;
  logger: Logger;
}

const CURRENCY = /^[A-Z]{3}$/;
const MAX_KEY_LENGTH = 255;

/** The notification body (JSON) the provider signs and posts. */
const NotificationBodySchema = v.object({
  id: v.string(),
  type: v.literal('payment.updated'),
  created: v.number(),
  data: v.object({
    payment_id: v.pipe(v.string(), v.minLength(1)),
    reference: v.string(),
    state: v.picklist(['pending', 'authorized', 'captured', 'declined', 'refunded', 'cancelled']),
    decline_reason: v.nullable(v.picklist(['declined', 'insufficient_funds', 'expired_card', 'authentication_failed', 'cancelled'])),
  }),
});
export type NotificationBody = v.InferOutput<typeof NotificationBodySchema>;

function reject(code: PaymentRequestRejected['code'], message: string): never {
  throw new PaymentRequestRejected(code, message);
}

function publicView(record: PaymentRecord): ProviderPayment {
  const { paymentId, reference, method, amountMinor, currency, state, declineReason, capturedMinor, refundedMinor } = record;
  return { paymentId, reference, method, amountMinor, currency, state, declineReason, capturedMinor, refundedMinor };
}

function statusOf(record: PaymentRecord, redirectUrl: string): PaymentStatus {
  if (record.state === 'pending') return { status: 'action_required', paymentId: record.paymentId, redirectUrl };
  if (record.state === 'declined') return { status: 'declined', paymentId: record.paymentId, reason: record.declineReason ?? 'declined' };
  return { status: 'authorized', paymentId: record.paymentId };
}

/**
 * A return URL on our own origin, absolute; anything else is refused (the provider must never become an
 * open redirect). Relative paths are taken relative to our origin.
 */
export function checkedReturnUrl(returnUrl: string, origin: string): string {
  const url = URL.parse(returnUrl, origin);
  if (!url || url.origin !== origin || url.username || url.password) reject('return_url_invalid', 'The return URL must be on the merchant site');
  return url.href;
}

/** The return URL with the outcome appended, where the guest's browser goes after a provider page. */
export function returnUrlWithOutcome(payment: PaymentRecord): string {
  const url = new URL(payment.returnUrl);
  url.searchParams.set('payment_id', payment.paymentId);
  url.searchParams.set('status', payment.state);
  return url.href;
}

/**
 * Idempotency: the first call with a key decides; later calls with the key get the same promise (so
 * concurrent calls cannot both act), or a conflict when they ask for something else. A call that fails
 * leaves no trace, so the caller may fix the request and retry with the key.
 */
function createIdempotencyStore(settled: StoredPayments['authorizations'] = []) {
  const entries = new Map<string, { fingerprint: string; answer: Promise<unknown>; value?: unknown }>();
  for (const entry of settled) entries.set(`authorize:${entry.key}`, { fingerprint: entry.fingerprint, answer: Promise.resolve(entry.status), value: entry.status });
  const once = function once<T>(scope: string, key: string, fingerprint: string, act: () => T): Promise<T> {
    if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) reject('invalid_request', 'An idempotency key is required');
    const id = `${scope}:${key}`;
    const existing = entries.get(id);
    if (existing) {
      if (existing.fingerprint !== fingerprint) reject('idempotency_conflict', 'The idempotency key was used for a different request');
      return existing.answer as Promise<T>;
    }
    let answer: Promise<T>;
    try {
      answer = Promise.resolve(act());
    } catch (error) {
      return Promise.reject(error);
    }
    const entry: { fingerprint: string; answer: Promise<unknown>; value?: unknown } = { fingerprint, answer };
    entries.set(id, entry);
    void answer.then(
      (value) => {
        entry.value = value;
      },
      () => undefined,
    );
    return answer;
  };
  /** The authorisations that have answered, to be kept. */
  const settledAuthorizations = (): StoredPayments['authorizations'] =>
    [...entries]
      .filter(([id, entry]) => id.startsWith('authorize:') && entry.value !== undefined)
      .map(([id, entry]) => ({ key: id.slice('authorize:'.length), fingerprint: entry.fingerprint, status: entry.value as PaymentStatus }));
  return { once, settledAuthorizations };
}

export function createProviderCore({ origin, vault, notify, signingSecret, now, logger, store }: ProviderCoreOptions): ProviderCore {
  const payments = new Map<string, PaymentRecord>();
  const kept = store?.load();
  for (const payment of kept?.payments ?? []) payments.set(payment.paymentId, { ...payment, createdAt: new Date(payment.createdAt) });
  const idempotency = createIdempotencyStore(kept?.authorizations);
  const once = idempotency.once;
  const persist = () =>
    store?.save({
      payments: [...payments.values()].map((payment) => ({ ...payment, createdAt: payment.createdAt.toISOString() })),
      authorizations: idempotency.settledAuthorizations(),
    });

  const redirectUrlFor = (payment: PaymentRecord) => {
    const path = payment.action === 'challenge' ? PSP_PATHS.challenge : PSP_PATHS.redirect(payment.action ?? 'paypal');
    return `${origin()}${path}?payment_id=${encodeURIComponent(payment.paymentId)}`;
  };

  function recordPayment(request: AuthorizeRequest, returnUrl: string, outcome: { state: 'authorized' | 'pending' | 'declined'; reason?: ProviderDeclineReason; action?: GuestAction }) {
    const payment: PaymentRecord = {
      paymentId: randomId('pay_test'),
      reference: request.reference,
      method: request.method,
      amountMinor: request.amountMinor,
      currency: request.currency,
      state: outcome.state,
      declineReason: outcome.reason ?? null,
      capturedMinor: 0,
      refundedMinor: 0,
      locale: request.locale,
      returnUrl,
      action: outcome.action ?? null,
      createdAt: now(),
    };
    payments.set(payment.paymentId, payment);
    logger.log('info', 'test payment provider: payment', {
      paymentId: payment.paymentId,
      reference: payment.reference,
      method: payment.method,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      state: payment.state,
      declineReason: payment.declineReason,
    });
    return payment;
  }

  function authorizeNow(request: AuthorizeRequest): PaymentStatus {
    const returnUrl = checkedReturnUrl(request.returnUrl, origin());
    let payment: PaymentRecord;
    if (request.method === 'card') {
      const card = request.cardToken ? vault.keep(request.cardToken) : undefined;
      if (!card) reject('card_token_invalid', 'The card token is unknown or has expired');
      if (request.cvvToken !== undefined && !vault.useCvvToken(request.cvvToken)) reject('card_token_invalid', 'The CVV token is unknown, used or expired');
      vault.dropSecurityCode(card.details.token);
      const outcome = cardOutcome(card.number);
      if (!isExpiryInFuture(card.details.expiryMonth, card.details.expiryYear, now())) {
        payment = recordPayment(request, returnUrl, { state: 'declined', reason: 'expired_card' });
      } else if (outcome.kind === 'decline') {
        payment = recordPayment(request, returnUrl, { state: 'declined', reason: outcome.reason });
      } else if (outcome.kind === 'challenge') {
        payment = recordPayment(request, returnUrl, { state: 'pending', action: 'challenge' });
      } else {
        payment = recordPayment(request, returnUrl, { state: 'authorized' });
      }
    } else {
      payment = recordPayment(request, returnUrl, { state: 'pending', action: request.method });
    }
    return statusOf(payment, redirectUrlFor(payment));
  }

  function existing(paymentId: string): PaymentRecord {
    return payments.get(paymentId) ?? reject('payment_not_found', 'No such payment');
  }

  function checkAmount(amountMinor: number) {
    if (!Number.isSafeInteger(amountMinor) || amountMinor < 1) reject('amount_invalid', 'The amount must be a positive whole number of minor units');
  }

  const port: PaymentsPort = {
    merchant() {
      const base = origin();
      return { provider: 'test', hostedFormUrl: `${base}${PSP_PATHS.cardForm}`, hostedCvvUrl: `${base}${PSP_PATHS.cvvForm}`, origin: base };
    },

    async describeCard(token: string): Promise<CardDetails | null> {
      return vault.keep(token)?.details ?? null;
    },

    authorize(request) {
      const valid =
        (['card', 'paypal', 'ideal', 'apple_pay'] as const).includes(request.method) &&
        Number.isSafeInteger(request.amountMinor) &&
        request.amountMinor >= 0 &&
        CURRENCY.test(request.currency) &&
        request.reference.length > 0 &&
        request.reference.length <= 200;
      if (!valid) return Promise.reject(new PaymentRequestRejected('invalid_request', 'The payment request is not valid'));
      const fingerprint = JSON.stringify([request.method, request.cardToken ?? null, request.amountMinor, request.currency, request.reference]);
      try {
        const answer = once('authorize', request.idempotencyKey, fingerprint, () => authorizeNow(request));
        // Kept before the merchant hears the answer: a merchant that dies now finds it again on asking.
        void answer.then(persist, () => undefined);
        return answer;
      } catch (error) {
        return Promise.reject(error);
      }
    },

    async capture(paymentId, amountMinor, idempotencyKey) {
      await once('capture', idempotencyKey, JSON.stringify([paymentId, amountMinor]), () => {
        checkAmount(amountMinor);
        const payment = existing(paymentId);
        if (payment.state !== 'authorized' && payment.state !== 'captured') reject('invalid_state', `A ${payment.state} payment cannot be captured`);
        if (payment.capturedMinor + amountMinor > payment.amountMinor) reject('amount_invalid', 'More than the authorised amount');
        payment.capturedMinor += amountMinor;
        payment.state = 'captured';
        persist();
      });
    },

    async refund(paymentId, amountMinor, idempotencyKey) {
      await once('refund', idempotencyKey, JSON.stringify([paymentId, amountMinor]), () => {
        checkAmount(amountMinor);
        const payment = existing(paymentId);
        if (payment.state !== 'captured') reject('invalid_state', `A ${payment.state} payment cannot be refunded`);
        if (payment.refundedMinor + amountMinor > payment.capturedMinor) reject('amount_invalid', 'More than the captured amount');
        payment.refundedMinor += amountMinor;
        if (payment.refundedMinor === payment.capturedMinor) payment.state = 'refunded';
        persist();
      });
    },

    async cancel(paymentId) {
      const payment = existing(paymentId);
      if (payment.state === 'cancelled' || payment.state === 'declined') return;
      if (payment.state !== 'authorized' && payment.state !== 'pending') reject('invalid_state', `A ${payment.state} payment cannot be cancelled; refund it`);
      payment.state = 'cancelled';
      persist();
    },

    async getPayment(paymentId) {
      const payment = payments.get(paymentId);
      return payment ? publicView(payment) : null;
    },

    async verifyNotification(rawBody, headers): Promise<PaymentNotification> {
      const check = checkSignature(signingSecret, rawBody, headers.get(SIGNATURE_HEADER), now());
      if (!check.ok) throw new PaymentNotificationRejected(`Notification signature ${check.reason}`);
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        throw new PaymentNotificationRejected('Notification body is not JSON');
      }
      const body = v.safeParse(NotificationBodySchema, json);
      if (!body.success) throw new PaymentNotificationRejected('Notification body is not a payment notification');
      const { payment_id, reference, state, decline_reason } = body.output.data;
      return { paymentId: payment_id, reference, state, declineReason: decline_reason };
    },

    async applePaySession(validationUrl, domain) {
      const url = URL.parse(validationUrl);
      if (!url || url.protocol !== 'https:') reject('invalid_request', 'The validation URL must be https');
      if (!/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i.test(domain)) {
        reject('invalid_request', 'Not a domain name');
      }
      const epochTimestamp = now().getTime();
      return {
        epochTimestamp,
        expiresAt: epochTimestamp + 5 * 60 * 1000,
        merchantSessionIdentifier: randomId('SSH_test'),
        nonce: randomId('nonce').slice(6, 14),
        merchantIdentifier: 'merchant.test.payments.bundled',
        domainName: domain,
        displayName: 'Hotel booking (test)',
        signature: Buffer.from(randomId('sig')).toString('base64'),
        operationalAnalyticsIdentifier: 'Hotel booking (test):merchant.test.payments.bundled',
        retries: 0,
        pspId: 'test',
      };
    },
  };

  return {
    port,
    origin,
    record: (paymentId) => payments.get(paymentId),
    paymentsFor: (reference) => [...payments.values()].filter((payment) => payment.reference === reference).map(publicView),

    decide(paymentId, decision) {
      const payment = payments.get(paymentId);
      if (!payment || payment.state !== 'pending') return null;
      if (decision === 'approve') {
        payment.state = 'authorized';
      } else {
        payment.state = 'declined';
        payment.declineReason = payment.action === 'challenge' ? 'authentication_failed' : 'cancelled';
      }
      logger.log('info', 'test payment provider: guest decided', { paymentId, reference: payment.reference, state: payment.state });
      persist();
      return payment;
    },

    async deliverNotification(payment) {
      const body: NotificationBody = {
        id: randomId('evt_test'),
        type: 'payment.updated',
        created: Math.floor(now().getTime() / 1000),
        data: { payment_id: payment.paymentId, reference: payment.reference, state: payment.state, decline_reason: payment.declineReason },
      };
      const rawBody = JSON.stringify(body);
      const headers = new Headers({ 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signatureHeader(signingSecret, rawBody, now()) });
      try {
        await notify(rawBody, headers);
      } catch (error) {
        // The merchant can still read the outcome with getPayment when the guest comes back.
        logger.log('warn', 'test payment provider: notification not delivered', {
          paymentId: payment.paymentId,
          error: error instanceof Error ? error.name : 'unknown',
        });
      }
    },
  };
}
