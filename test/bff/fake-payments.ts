import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  type AuthorizeRequest,
  type CardDetails,
  type PaymentNotification,
  PaymentNotificationRejected,
  PaymentRequestRejected,
  type PaymentsPort,
  type PaymentStatus,
  type ProviderDeclineReason,
  type ProviderPayment,
} from '../../server/ports/payments';

/**
 * An in-memory payment provider for tests, with the test cards of the bundled provider:
 * 4242424242424242 succeeds, 4000000000000002 is declined, 4000000000009995 has insufficient funds,
 * 4000000000000069 is expired, 4000000000003220 needs a 3-D Secure challenge. PayPal, iDEAL and Apple
 * Pay always need the guest (action_required with a redirect). Tests finish a challenge or redirect with
 * `complete`, which answers the signed notification the provider would post. Like the bundled provider it
 * refuses (PaymentRequestRejected) a card token it does not know or that has expired (`expireToken`), a
 * CVV token (`cvv_...`) used twice, and a return URL with credentials in it.
 */

export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  expired: '4000000000000069',
  challenge: '4000000000003220',
} as const;

const OUTCOMES: Readonly<Record<string, ProviderDeclineReason | 'authorized' | 'challenge'>> = {
  [TEST_CARDS.success]: 'authorized',
  [TEST_CARDS.declined]: 'declined',
  [TEST_CARDS.insufficientFunds]: 'insufficient_funds',
  [TEST_CARDS.expired]: 'expired_card',
  [TEST_CARDS.challenge]: 'challenge',
};

const SIGNATURE_HEADER = 'x-psp-signature';

export interface FakePayments extends PaymentsPort {
  /** A token the hosted form would give for this card number: a new one on every call, as the form mints one per entry. */
  tokenFor(cardNumber: string): string;
  /** The last token `tokenFor` gave. */
  lastToken(): string;
  /** Every authorisation that reached the provider (repeats of one idempotency key counted once). */
  readonly authorizations: AuthorizeRequest[];
  readonly captures: { paymentId: string; amountMinor: number }[];
  readonly refunds: { paymentId: string; amountMinor: number }[];
  readonly cancellations: string[];
  /** The guest finishes (or abandons) a challenge or redirect: the payment's new state and its signed notification. */
  complete(paymentId: string, outcome: 'authorized' | ProviderDeclineReason): { body: string; headers: Record<string, string> };
  /** Lets the next `count` calls fail as if the provider were down. */
  failNext(count?: number): void;
  /** The card token runs out: describing it answers null, authorising with it is refused. */
  expireToken(token: string): void;
}

export function createFakePayments({ secret = 'fake-psp-secret' }: { secret?: string } = {}): FakePayments {
  const payments = new Map<string, ProviderPayment>();
  const byKey = new Map<string, PaymentStatus>();
  const authorizations: AuthorizeRequest[] = [];
  const captures: { paymentId: string; amountMinor: number }[] = [];
  const refunds: { paymentId: string; amountMinor: number }[] = [];
  const cancellations: string[] = [];
  const doneKeys = new Set<string>();
  const expiredTokens = new Set<string>();
  const usedCvvTokens = new Set<string>();
  let failures = 0;

  const sign = (body: string) => createHmac('sha256', secret).update(body).digest('hex');
  const down = () => {
    if (failures <= 0) return;
    failures -= 1;
    throw new Error('The fake provider is down');
  };
  let issued = 0;
  let lastToken = '';
  const cardNumberOf = (token: string | undefined) => {
    const number = /^tok_(\d{16})(?:_[0-9a-f]+)?$/.exec(token ?? '')?.[1];
    return token && !expiredTokens.has(token) ? number : undefined;
  };

  /** What the bundled provider refuses outright, before anything is authorised. */
  function checkRequest(request: AuthorizeRequest): void {
    const url = URL.parse(request.returnUrl);
    if (!url || url.username || url.password)
      throw new PaymentRequestRejected('return_url_invalid', 'The return URL must be on the merchant site');
    if (request.method !== 'card') return;
    if (!cardNumberOf(request.cardToken))
      throw new PaymentRequestRejected('card_token_invalid', 'The card token is unknown or has expired');
    if (request.cvvToken === undefined) return;
    if (!request.cvvToken.startsWith('cvv_') || usedCvvTokens.has(request.cvvToken))
      throw new PaymentRequestRejected('card_token_invalid', 'The CVV token is unknown, used or expired');
    usedCvvTokens.add(request.cvvToken);
  }

  function authorizeOnce(request: AuthorizeRequest): PaymentStatus {
    const paymentId = `pay_${randomUUID()}`;
    const payment: ProviderPayment = {
      paymentId,
      reference: request.reference,
      method: request.method,
      amountMinor: request.amountMinor,
      currency: request.currency,
      state: 'pending',
      declineReason: null,
      capturedMinor: 0,
      refundedMinor: 0,
    };
    payments.set(paymentId, payment);
    const redirect = {
      status: 'action_required' as const,
      paymentId,
      redirectUrl: `https://psp.test/challenge/${paymentId}`,
    };
    if (request.method !== 'card') return redirect;
    const outcome = OUTCOMES[cardNumberOf(request.cardToken) ?? ''] ?? 'declined';
    if (outcome === 'challenge') return redirect;
    if (outcome === 'authorized') {
      payment.state = 'authorized';
      return { status: 'authorized', paymentId };
    }
    payment.state = 'declined';
    payment.declineReason = outcome;
    return { status: 'declined', paymentId, reason: outcome };
  }

  return {
    authorizations,
    captures,
    refunds,
    cancellations,
    tokenFor(cardNumber) {
      // Unique across fakes too: tokens are bound to the first cart that uses them, in a database tests share.
      issued += 1;
      lastToken = `tok_${cardNumber}_${randomUUID().slice(0, 8)}${issued.toString(16)}`;
      return lastToken;
    },
    lastToken: () => lastToken,
    failNext(count = 1) {
      failures = count;
    },
    expireToken(token) {
      expiredTokens.add(token);
    },
    merchant: () => ({
      provider: 'fake',
      hostedFormUrl: 'https://psp.test/hosted-form',
      origin: 'https://psp.test',
    }),
    async describeCard(token): Promise<CardDetails | null> {
      const number = cardNumberOf(token);
      if (!number) return null;
      return {
        token,
        brand: number.startsWith('4') ? 'visa' : 'mastercard',
        last4: number.slice(-4),
        expiryMonth: 12,
        expiryYear: 2030,
      };
    },
    async authorize(request) {
      down();
      const first = byKey.get(request.idempotencyKey);
      if (first) return first;
      checkRequest(request);
      authorizations.push(request);
      const status = authorizeOnce(request);
      byKey.set(request.idempotencyKey, status);
      return status;
    },
    async capture(paymentId, amountMinor, idempotencyKey) {
      down();
      const payment = payments.get(paymentId);
      if (!payment || doneKeys.has(idempotencyKey)) return;
      doneKeys.add(idempotencyKey);
      payment.capturedMinor += amountMinor;
      payment.state = 'captured';
      captures.push({ paymentId, amountMinor });
    },
    async refund(paymentId, amountMinor, idempotencyKey) {
      down();
      const payment = payments.get(paymentId);
      if (!payment || doneKeys.has(idempotencyKey)) return;
      doneKeys.add(idempotencyKey);
      payment.refundedMinor += amountMinor;
      if (payment.refundedMinor >= payment.capturedMinor) payment.state = 'refunded';
      refunds.push({ paymentId, amountMinor });
    },
    async cancel(paymentId) {
      const payment = payments.get(paymentId);
      if (payment && (payment.state === 'pending' || payment.state === 'authorized')) payment.state = 'cancelled';
      cancellations.push(paymentId);
    },
    async getPayment(paymentId) {
      down();
      const payment = payments.get(paymentId);
      return payment ? { ...payment } : null;
    },
    complete(paymentId, outcome) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`No payment ${paymentId}`);
      payment.state = outcome === 'authorized' ? 'authorized' : outcome === 'cancelled' ? 'cancelled' : 'declined';
      payment.declineReason = outcome === 'authorized' ? null : outcome;
      const notification: PaymentNotification = {
        paymentId,
        reference: payment.reference,
        state: payment.state,
        declineReason: payment.declineReason,
      };
      const body = JSON.stringify(notification);
      return {
        body,
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: sign(body),
        },
      };
    },
    async verifyNotification(rawBody, headers) {
      const given = Buffer.from(headers.get(SIGNATURE_HEADER) ?? '', 'hex');
      const expected = Buffer.from(sign(rawBody), 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new PaymentNotificationRejected('Bad signature');
      try {
        return JSON.parse(rawBody) as PaymentNotification;
      } catch {
        throw new PaymentNotificationRejected('Unreadable body');
      }
    },
    async applePaySession(validationUrl, domain) {
      down();
      return {
        merchantIdentifier: 'merchant.test',
        domainName: domain,
        validationUrl,
        epochTimestamp: 0,
      };
    },
  };
}
