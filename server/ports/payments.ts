/**
 * The payment service provider (PSP). Card data is entered in the provider's hosted form and never
 * reaches the BFF: the BFF sees a card token with its brand, last four digits and expiry, and asks the
 * provider to authorise payments against it. Methods that need the guest (3-D Secure, PayPal, iDEAL,
 * Apple Pay) answer `action_required` with the provider page to send the guest to; the outcome then comes
 * back as a signed notification (and can be read with `getPayment`).
 *
 * Amounts are integer minor units of `currency`. An amount of 0 verifies the card for a guarantee
 * (nothing is charged). Every call that moves money takes an idempotency key: the provider answers a
 * repeated key with the first answer and never charges twice.
 */

export type ProviderPaymentMethod = 'card' | 'paypal' | 'ideal' | 'apple_pay';

export type ProviderDeclineReason = 'declined' | 'insufficient_funds' | 'expired_card' | 'authentication_failed' | 'cancelled';

export interface CardDetails {
  token: string;
  brand: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
}

export interface AuthorizeRequest {
  idempotencyKey: string;
  method: ProviderPaymentMethod;
  /** Card payments: the card token (from the hosted form or a saved card). */
  cardToken?: string;
  /** Card payments with a saved card: the one-time token of the CVV entered in the hosted field. */
  cvvToken?: string;
  applePayToken?: string;
  amountMinor: number;
  currency: string;
  /** Our reference for the payment (the cart id); comes back in notifications. */
  reference: string;
  /** Where the provider sends the guest back after a challenge or approval page (our site). */
  returnUrl: string;
  locale: string;
  browserInfo?: Record<string, unknown>;
}

export type PaymentStatus =
  | { status: 'authorized'; paymentId: string }
  | { status: 'action_required'; paymentId: string; redirectUrl: string }
  | { status: 'declined'; paymentId: string; reason: ProviderDeclineReason };

export interface ProviderPayment {
  paymentId: string;
  reference: string;
  method: ProviderPaymentMethod;
  amountMinor: number;
  currency: string;
  state: 'pending' | 'authorized' | 'captured' | 'declined' | 'refunded' | 'cancelled';
  declineReason: ProviderDeclineReason | null;
  capturedMinor: number;
  refundedMinor: number;
}

/** A notification the provider posts to the BFF when a payment changes state (after a challenge or approval). */
export interface PaymentNotification {
  paymentId: string;
  reference: string;
  state: ProviderPayment['state'];
  declineReason: ProviderDeclineReason | null;
}

export interface PaymentsPort {
  /**
   * Who the provider is and where its hosted card form lives (the browser frames it); `hostedCvvUrl`, when
   * the provider has one, is the hosted field for a saved card's security code.
   */
  merchant(): { provider: string; hostedFormUrl: string; origin: string; hostedCvvUrl?: string };
  /** The card behind a token from the hosted form; null for an unknown or expired token. */
  describeCard(token: string): Promise<CardDetails | null>;
  authorize(request: AuthorizeRequest): Promise<PaymentStatus>;
  /** Takes the authorised amount (or less). Idempotent per key. */
  capture(paymentId: string, amountMinor: number, idempotencyKey: string): Promise<void>;
  /** Gives money back on a captured payment. Idempotent per key. */
  refund(paymentId: string, amountMinor: number, idempotencyKey: string): Promise<void>;
  /** Releases an authorisation that will not be captured (a zero-amount verification needs none). */
  cancel(paymentId: string): Promise<void>;
  getPayment(paymentId: string): Promise<ProviderPayment | null>;
  /**
   * Checks a notification's signature over the raw body and reads it; throws PaymentNotificationRejected
   * for a bad signature or an unreadable body.
   */
  verifyNotification(rawBody: string, headers: Headers): Promise<PaymentNotification>;
  /** Apple Pay merchant validation: the session object the browser hands to ApplePaySession. */
  applePaySession(validationUrl: string, domain: string): Promise<Record<string, unknown>>;
}

export class PaymentNotificationRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentNotificationRejected';
  }
}

export class PaymentProviderUnavailable extends Error {
  constructor(message = 'The payment provider did not answer', options?: ErrorOptions) {
    super(message, options);
    this.name = 'PaymentProviderUnavailable';
  }
}

/** Why the provider refused a request outright (nothing was changed; retrying the same request will not help). */
export type PaymentRequestRejectedCode =
  /** The card token (or CVV token) is unknown, expired or already used: the guest enters the card again. */
  | 'card_token_invalid'
  /** The return URL is not on our site (the provider never redirects elsewhere). */
  | 'return_url_invalid'
  | 'payment_not_found'
  /** A capture or refund amount that is not a whole positive number of minor units, or more than is left to capture or refund. */
  | 'amount_invalid'
  /** The payment is not in a state that allows this (capturing a declined payment, cancelling a captured one). */
  | 'invalid_state'
  /** The idempotency key was first used with a different request. */
  | 'idempotency_conflict'
  | 'invalid_request';

/** The provider refused a request as invalid (its 4xx answers). */
export class PaymentRequestRejected extends Error {
  constructor(
    readonly code: PaymentRequestRejectedCode,
    message: string,
  ) {
    super(message);
    this.name = 'PaymentRequestRejected';
  }
}
