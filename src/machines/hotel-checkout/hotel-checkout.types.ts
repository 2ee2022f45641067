import type { HotelCheckout, HotelCheckoutSession, HotelDeclineReason, HotelFolioKind, HotelPayResult, HotelPaymentMethod } from '../../contract/hotel-checkout';
import type { Locale } from '../../contract/locales';

/**
 * How the page was reached: the room card's QR code or a mail's link (`link`), a member's booking in the
 * account (`member`, the bearer proves it), the checkout page itself (`resume`: a reload, or back from the
 * payment provider), or nothing to go on (`lookup`: reservation number and last name).
 */
export type HotelCheckoutStart =
  | { kind: 'link'; token: string }
  | { kind: 'member'; reservationNumber: string }
  | { kind: 'resume'; checkoutId: string; returning: boolean }
  | { kind: 'lookup' };

export interface HotelCheckoutInput {
  locale: Locale;
  start: HotelCheckoutStart;
  /** The page it runs on: the redirect page hands over to the checkout page; the checkout page goes on itself. */
  page: 'redirect' | 'folio';
  /** A fresh Idempotency-Key for a payment attempt. */
  newKey: () => string;
}

/** The private invoice's address as typed. */
export interface PrivateAddressDraft {
  name: string;
  address_line: string;
  postal_code: string;
  city: string;
  country_code: string;
}

/** The business invoice's company and address as typed. */
export interface BusinessAddressDraft extends PrivateAddressDraft {
  vat_id: string;
}

export type AddressForm = 'private' | 'business';
export type AddressField = keyof BusinessAddressDraft;
/** What is wrong with a field (worded by the view). */
export type FieldProblem = 'required' | 'invalid';
export type AddressErrors = Record<AddressForm, Partial<Record<AddressField, FieldProblem>>>;

export interface LookupDraft {
  reservationNumber: string;
  lastName: string;
}

/** Why the lookup form is shown (besides nothing to go on). */
export type LookupReason = 'linkInvalid' | 'notFound' | 'tooManyAttempts' | 'accessLost' | 'notMember';

/** A message over the step the guest is on. */
export type HotelCheckoutNotice =
  /** The folio changed since it was read (a charge posted, or moved at the desk): read again, new charges marked. */
  | 'folioChanged'
  | 'moveFailed'
  | 'saveFailed'
  | 'methodFailed'
  | 'sessionFailed'
  /** The hotel's system did not answer a change; nothing changed. */
  | 'hotelUnavailable'
  /** The business folio has charges and no company address: the addresses step says so. */
  | 'businessAddressMissing';

/** The card from the provider's hosted form (its token only: the number never reaches this page). */
export interface ChosenCard {
  token: string;
  brand: string;
  last4: string;
}

export interface HotelCheckoutContext {
  locale: Locale;
  start: HotelCheckoutStart;
  page: 'redirect' | 'folio';
  newKey: () => string;
  /** The BFF's last answer: amounts are never computed here. */
  checkout: HotelCheckout | null;
  lookup: LookupDraft;
  lookupReason: LookupReason | null;
  /** The lookup was tried: empty fields are named. */
  lookupTried: boolean;
  /** The charge being moved and where to. */
  moving: { chargeId: string; to: HotelFolioKind } | null;
  addresses: { private: PrivateAddressDraft; business: BusinessAddressDraft };
  addressErrors: AddressErrors;
  /** The guest tried to go on: the errors follow their typing. */
  addressesTried: boolean;
  /** Charges that were not on the folio the guest saw before it changed. */
  newCharges: string[];
  /** What was open before the folio changed (the page says "was … now …"). */
  previousTotal: number | null;
  notice: HotelCheckoutNotice | null;
  session: HotelCheckoutSession | null;
  /** The method chosen (shown at once; the session's, if the BFF refused the change). */
  method: HotelPaymentMethod | null;
  card: ChosenCard | null;
  /** The guest pressed Pay without what a payment needs. */
  payTried: boolean;
  /** This payment attempt's Idempotency-Key: a retry after no answer sends it again. */
  payKey: string | null;
  declineReason: HotelDeclineReason | null;
  redirectUrl: string | null;
  /** How often a payment still with the provider was read again. */
  pendingChecks: number;
}

export type HotelCheckoutEvent =
  | { type: 'lookup.changed'; field: keyof LookupDraft; value: string }
  | { type: 'lookup.submit' }
  /** Not in house, already checked out: find another booking. */
  | { type: 'lookup.start' }
  | { type: 'retry' }
  | { type: 'folio.move'; chargeId: string; to: HotelFolioKind }
  | { type: 'notice.dismiss' }
  | { type: 'review.continue' }
  | { type: 'address.changed'; form: AddressForm; field: AddressField; value: string }
  | { type: 'addresses.submit' }
  | { type: 'addresses.back' }
  | { type: 'method.select'; method: HotelPaymentMethod }
  | { type: 'card.tokenized'; token: string; brand: string; last4: string }
  | { type: 'payment.submit' }
  | { type: 'payment.back' }
  /** After the folio changed while paying: pay what is open now. */
  | { type: 'payment.resume' }
  /** No answer to a payment: send it again (same key). */
  | { type: 'payment.retry' }
  /** No answer to a payment: read the checkout to learn how it ended. */
  | { type: 'payment.check' };

export type HotelCheckoutTag = 'busy' | 'failure';

/** Inputs and outputs of the actors the machine invokes (bound with `.provide` by the live binding or a test). */
export interface HotelCheckoutActorTypes {
  createCheckout: { input: { start: HotelCheckoutStart; lookup: LookupDraft }; output: HotelCheckout };
  loadCheckout: { input: { checkoutId: string }; output: HotelCheckout };
  moveCharge: { input: { checkoutId: string; chargeId: string; to: HotelFolioKind; folioVersion: number }; output: HotelCheckout };
  saveAddresses: {
    input: { checkoutId: string; private: PrivateAddressDraft | null; business: BusinessAddressDraft | null };
    output: HotelCheckout;
  };
  openSession: { input: { checkoutId: string; refresh: boolean }; output: HotelCheckoutSession };
  setMethod: { input: { checkoutId: string; sessionId: string; method: HotelPaymentMethod }; output: HotelCheckoutSession };
  pay: { input: { checkoutId: string; sessionId: string; cardToken: string | null; locale: Locale; idempotencyKey: string }; output: HotelPayResult };
  performCheckout: { input: { checkoutId: string }; output: HotelCheckout };
}
