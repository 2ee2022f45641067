import type { Cart, CreateCartRequest, DeclineReason, InsuranceProductSchema, PaymentMethod, PayResult, Traveller } from '../../contract/ecommerce';
import type { Locale } from '../../contract/locales';
import type * as v from 'valibot';

/** What the guest types for one room stay's traveller: text fields as typed, checked only when they pay. */
export interface TravellerDraft {
  salutation: '' | 'mr' | 'ms' | 'mx';
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  country_code: string;
  special_requests: string;
}
export type TravellerField = keyof TravellerDraft;

/** The company an invoice goes to (business bookings; spec anchor #payment-legal-address-company). */
export interface CompanyDraft {
  name: string;
  address_line: string;
  postal_code: string;
  city: string;
  country_code: string;
  vat_id: string;
}
export type CompanyField = keyof CompanyDraft;

/** Why a field is refused; the view words it. */
export type FieldProblem = 'required' | 'invalid';
export type FieldErrors<TField extends string> = Partial<Record<TField, FieldProblem>>;

/** What still stops a payment; the view says it next to the pay button. */
export type PayProblem = 'travellers' | 'company' | 'paymentMethod' | 'card' | 'cvv';

/** How a failed call is handled (services/booking/cart.ts gives the status and the commerce code). */
export type CartFailure =
  'expired' | 'roomGone' | 'notOpen' | 'notFound' | 'invalid' | 'voucherInvalid' | 'voucherExpired' | 'voucherUsed' | 'voucherInUse' | 'signInRequired' | 'network';

/** Why the server refused a voucher code; the view says it next to the voucher field. */
export type VoucherProblem = 'invalid' | 'expired' | 'used' | 'inUse';

/**
 * What the guest typed on the check-out page, kept in the browser's session storage for one cart (so a
 * reload, or "Change rooms" and back, keeps it); forgotten on sign-out and once the booking is paid.
 */
export interface SavedDrafts {
  cartId: string;
  drafts: Record<string, TravellerDraft>;
  company: CompanyDraft;
}

/** A notice shown in the form after a change or a save did not go through; the guest can go on. */
export type CartNotice =
  | 'changeFailed'
  | 'travellerRejected'
  | 'saveFailed'
  | 'cvvFailed'
  /** The server refused the payment method the guest chose; the choice went back to the cart's. */
  | 'methodRefused'
  /** After a sign-in, the booking could not be moved to the member: it goes on as the guest's. */
  | 'memberCartFailed'
  /** After a sign-in, the member's new cart did not take every extra or the payment method: check them. */
  | 'carryOverFailed'
  /** The member signed out (here or in another tab): their details and their cart left the page. */
  | 'signedOut';

export type InsuranceProduct = v.InferOutput<typeof InsuranceProductSchema>;

/** One change to the cart, answered by the server with the whole cart (its prices recomputed). */
export type CartChange =
  | { kind: 'addons'; stayId: string; roomStayId: string; addons: { addon_code: string; quantity?: number }[] }
  | { kind: 'greenOption'; stayId: string; roomStayId: string; on: boolean }
  | { kind: 'insurance'; product: InsuranceProduct; add: boolean }
  | { kind: 'voucher.apply'; code: string }
  | { kind: 'voucher.remove'; voucherId: string }
  | { kind: 'promo'; code: string | null }
  | { kind: 'paymentMethod'; method: PaymentMethod }
  /**
   * A saved card's id, or the token of a card just entered in the provider's hosted form. The token goes
   * to the server once, for this cart; the cart never gives it back (its `credit_card_id` is a reference).
   */
  | { kind: 'creditCard'; creditCardId: string; save: boolean };

/** The card the guest pays with: entered in the hosted form (brand, last four) or one of a member's saved cards. */
export type ChosenCard = { source: 'new'; brand: string; last4: string; expiryMonth: number; expiryYear: number } | { source: 'saved'; cardId: string };

/** The member's details that prefill the first room's traveller. */
export interface MemberPrefill {
  salutation: TravellerDraft['salutation'];
  first_name: string;
  last_name: string;
  email: string;
  country_code: string;
}

/** The guest came back from the payment provider (3-D Secure, PayPal, iDEAL, Apple Pay). */
export interface ProviderReturn {
  cartId: string;
  paymentId: string | null;
  status: string | null;
}

export interface CartInput {
  locale: Locale;
  /** The cart the search in the URL asks for (hotel, dates, rooms and rates), or null when it names none. */
  request: CreateCartRequest | null;
  /** A cart this browser already has: the URL's cart_id, else the persisted one. */
  knownCartId: string | null;
  returning: ProviderReturn | null;
  member: MemberPrefill | null;
  /** Makes idempotency keys (crypto.randomUUID in the browser; tests pass a deterministic one). */
  newKey: () => string;
}

export interface CartContext {
  locale: Locale;
  request: CreateCartRequest | null;
  knownCartId: string | null;
  returning: ProviderReturn | null;
  member: MemberPrefill | null;
  newKey: () => string;
  /** The server's cart: every price shown comes from here, never from the browser. */
  cart: Cart | null;
  drafts: Record<string, TravellerDraft>;
  company: CompanyDraft;
  travellerErrors: Record<string, FieldErrors<TravellerField>>;
  companyErrors: FieldErrors<CompanyField>;
  /** The voucher code as typed: kept when the server refuses it, cleared once it is on the cart. */
  voucherCode: string;
  /** Why the last voucher code was refused, until the guest types again. */
  voucherProblem: VoucherProblem | null;
  /** Set when the guest tried to pay with something missing; errors then follow their typing. */
  showProblems: boolean;
  /** How often paying was refused for what is missing: each time, the page takes the guest to the first problem. */
  refusedPays: number;
  notice: CartNotice | null;
  /** The change on its way to the server. */
  change: CartChange | null;
  card: ChosenCard | null;
  /** The one-time token of a saved card's CVV from the provider's hosted field. */
  cvvToken: string | null;
  /** The Idempotency-Key of the current payment attempt, kept for a retry after a network failure. */
  payKey: string | null;
  declineReason: DeclineReason | null;
  /** Where the provider wants the guest (3-D Secure, PayPal...). */
  redirectUrl: string | null;
  orderId: string | null;
  /** How often a payment still waiting at the provider was checked again. */
  pendingChecks: number;
  /** After a sign-in moved the booking to a new member cart: the choices to set on it again, in order. */
  carryOver: CartChange[];
  /**
   * A sign-in or sign-out that came while a call was on its way (a change, a payment): it is taken up as
   * soon as the guest can edit again, so no answer is lost and no member's data stays.
   */
  pendingSession: { kind: 'signedIn'; member: MemberPrefill | null } | { kind: 'signedOut' } | null;
  /** The page announced its cart to analytics (once per page). */
  announced: boolean;
}

export type CartEvent =
  | { type: 'retry' }
  | { type: 'traveller.changed'; roomStayId: string; field: TravellerField; value: string }
  /** Copies the first room's traveller into another room's. */
  | { type: 'traveller.copy'; roomStayId: string }
  | { type: 'company.changed'; field: CompanyField; value: string }
  | { type: 'addon.toggle'; stayId: string; roomStayId: string; addonCode: string; selected: boolean }
  /** How many of a chosen add-on (per stay and per person add-ons; 1..ECOMMERCE_LIMITS.maxAddonQuantity). */
  | { type: 'addon.quantity'; stayId: string; roomStayId: string; addonCode: string; quantity: number }
  | { type: 'green.toggle'; stayId: string; roomStayId: string; on: boolean }
  | { type: 'insurance.toggle'; add: boolean }
  /** The guest types in the voucher field. */
  | { type: 'voucher.typed'; code: string }
  | { type: 'voucher.apply'; code: string }
  | { type: 'voucher.remove'; voucherId: string }
  | { type: 'promo.apply'; code: string }
  | { type: 'method.select'; method: PaymentMethod }
  /** The provider's hosted form tokenized a card (message checked for origin and shape by the view). */
  | { type: 'card.tokenized'; token: string; brand: string; last4: string; expiryMonth: number; expiryYear: number; save: boolean }
  | { type: 'savedCard.select'; cardId: string }
  | { type: 'cvv.tokenized'; cvvToken: string }
  | { type: 'notice.dismiss' }
  | { type: 'pay' }
  /** After a network failure while paying: the same attempt again, with the same Idempotency-Key. */
  | { type: 'payment.retry' }
  /** Asks the server how a payment ended (after a network failure, or while the provider still works on it). */
  | { type: 'payment.check' }
  /**
   * A member signed in while the page was open (the view sends it once the profile is there, or failed to
   * load). Calls carry the token from then on; the cart becomes the member's.
   */
  | { type: 'member.signedIn'; member: MemberPrefill | null }
  /**
   * The member signed out (here or in another tab). Their cart is theirs on the server and their details
   * are theirs: both leave the page, and the booking starts again from the search as a guest's.
   */
  | { type: 'member.signedOut' };

/** Tags the views select on. */
export type CartTag = 'loading' | 'ready' | 'busy' | 'paying' | 'failure';

/** Inputs and outputs of the actors the machine invokes (bound with `.provide` by the view's provider). */
export interface CartActorTypes {
  loadCart: { input: { cartId: string }; output: Cart };
  createCart: { input: { request: CreateCartRequest }; output: Cart };
  changeCart: { input: { cartId: string; change: CartChange }; output: Cart };
  /** Saves the travellers in order; answers the cart after the last one. */
  saveTravellers: { input: { cartId: string; travellers: { stayId: string; roomStayId: string; traveller: Traveller }[] }; output: Cart };
  setCvv: { input: { cardId: string; cvvToken: string }; output: null };
  pay: { input: { cartId: string; idempotencyKey: string; savedCardId: string | null; locale: Locale }; output: PayResult };
  /** Sets the guest's earlier choices on a new cart, one change after the other; answers the last cart. */
  carryOver: { input: { cartId: string; changes: CartChange[] }; output: Cart };
}
