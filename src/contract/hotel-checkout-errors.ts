/**
 * Error codes of the hotel checkout (in `{ error: { code } }`), beside the usual 400/401/404 and the
 * booking journey's payments_unavailable, idempotency_conflict, invalid_card and payment_method_missing.
 * 409 answers about the folio (`folio_changed`, `folio_not_settled`) also carry the fresh checkout in
 * `checkout` (HotelCheckoutConflictSchema), so the page shows what is owed now without another read.
 */
export const HOTEL_CHECKOUT_ERROR_CODES = [
  /** 409 on create: the stay is not in house (not arrived yet, or cancelled). */
  'stay_not_in_house',
  /** 409 on create: the stay is checked out already. */
  'already_checked_out',
  /** 409: the folio changed since the version sent (a charge posted or moved): re-read and try again; nothing was paid or moved. */
  'folio_changed',
  /** 409 on perform-checkout: a folio still has a balance (`checkout.folio.balances`). */
  'folio_not_settled',
  /** 422 on perform-checkout: the business folio has charges and no business invoice address was given. */
  'business_address_missing',
  /** 409: the payment session was paid, or replaced by a newer one: read the checkout again. */
  'session_not_open',
  /** 409 on pay or session: nothing is left to pay. */
  'nothing_to_pay',
  /** 409 on an invoice: the invoices are made at check-out. */
  'invoice_not_ready',
  /** 409 on a change after check-out. */
  'checkout_closed',
  /** 503: the hotel's system did not answer; nothing was changed (try again, or pay at the front desk). */
  'hotel_system_unavailable',
] as const;
export type HotelCheckoutErrorCode = (typeof HOTEL_CHECKOUT_ERROR_CODES)[number];
