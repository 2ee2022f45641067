/**
 * Error codes of the commerce routes (in `{ error: { code } }`), beside the usual 400/401/404:
 * 409 room_unavailable (a room is no longer free for the stay), 409 cart_not_open (already paid or paying),
 * 410 cart_expired, 409 idempotency_conflict (the key was used with another request), 422 traveller_missing
 * or payment_method_missing (pay before the cart is complete), 409 points_not_allowed.
 */
export const ECOMMERCE_ERROR_CODES = [
  'room_unavailable',
  'cart_not_open',
  'cart_expired',
  'idempotency_conflict',
  'traveller_missing',
  'payment_method_missing',
  'points_not_allowed',
  /** 409 on applying a voucher: the code is not known (or is another member's). */
  'voucher_invalid',
  /** 409 on applying a voucher: its validity ended. */
  'voucher_expired',
  /** 409 on applying a member's voucher: it was used for a booking already. */
  'voucher_used',
  /** 409: another booking is being paid with this single-use voucher right now (on applying it, or paying). */
  'voucher_unavailable',
  'not_cancellable',
  'modification_unavailable',
  /**
   * 409 on completing a modification: the price difference (prepaid rates) could not be charged to the
   * booking's card. Nothing was changed; a rate paid at the hotel needs no charge.
   */
  'modification_payment_failed',
  /** The card token is unknown or expired at the provider: enter the card again. */
  'invalid_card',
  /** No payment provider is configured, or it did not answer (503). */
  'payments_unavailable',
] as const;
export type EcommerceErrorCode = (typeof ECOMMERCE_ERROR_CODES)[number];
