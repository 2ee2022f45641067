import * as v from 'valibot';
import { BusinessAddressSchema, InvoiceAddressSchema } from '../../contract/hotel-checkout';
import type { BusinessAddress, HotelCheckout, InvoiceAddress } from '../../contract/hotel-checkout';
import { HttpError } from '../../services/bff/client';
import { HotelCheckoutError } from '../../services/hotel-checkout/hotel-checkout-api';
import type { AddressErrors, AddressField, BusinessAddressDraft, FieldProblem, HotelCheckoutContext, HotelCheckoutInput, LookupDraft, PrivateAddressDraft } from './hotel-checkout.types';

/** While the provider still works on a payment, the checkout is read again this often, at most this many times. */
export const HOTEL_CHECKOUT_TIMINGS = { pendingRecheckMs: 3000, maxPendingChecks: 5 } as const;

/**
 * What a failed call means for the guest: the BFF's code where it named one, else its status; no answer at
 * all (offline, a server error) is `failed`.
 */
export type HotelCheckoutFailure =
  | 'notFound'
  | 'invalid'
  | 'rateLimited'
  | 'notInHouse'
  | 'checkedOut'
  | 'folioChanged'
  | 'notSettled'
  | 'businessAddressMissing'
  | 'sessionNotOpen'
  | 'nothingToPay'
  | 'closed'
  | 'hotelUnavailable'
  | 'failed';

const CODES: Record<string, HotelCheckoutFailure> = {
  stay_not_in_house: 'notInHouse',
  already_checked_out: 'checkedOut',
  folio_changed: 'folioChanged',
  folio_not_settled: 'notSettled',
  business_address_missing: 'businessAddressMissing',
  session_not_open: 'sessionNotOpen',
  nothing_to_pay: 'nothingToPay',
  checkout_closed: 'closed',
  hotel_system_unavailable: 'hotelUnavailable',
};

export function classifyFailure(error: unknown): HotelCheckoutFailure {
  const code = error instanceof HotelCheckoutError ? error.code : null;
  if (code && CODES[code]) return CODES[code];
  if (!(error instanceof HttpError)) return 'failed';
  if (error.status === 404 || error.status === 401) return 'notFound';
  if (error.status === 400 || error.status === 422) return 'invalid';
  if (error.status === 429) return 'rateLimited';
  return 'failed';
}

/** The checkout a 409 about the folio carried (as it is now), or null. */
export const conflictCheckoutOf = (error: unknown): HotelCheckout | null => (error instanceof HotelCheckoutError ? error.checkout : null);

/** The address fields a 400 named. */
export const refusedFieldsOf = (error: unknown): readonly string[] => (error instanceof HotelCheckoutError ? error.fields : []);

const emptyPrivate = (): PrivateAddressDraft => ({ name: '', address_line: '', postal_code: '', city: '', country_code: '' });
const emptyBusiness = (): BusinessAddressDraft => ({ ...emptyPrivate(), vat_id: '' });
const noErrors = (): AddressErrors => ({ private: {}, business: {} });

export function initialContext(input: HotelCheckoutInput): HotelCheckoutContext {
  return {
    locale: input.locale,
    start: input.start,
    page: input.page,
    newKey: input.newKey,
    checkout: null,
    lookup: { reservationNumber: input.start.kind === 'member' ? input.start.reservationNumber : '', lastName: '' },
    lookupReason: null,
    lookupTried: false,
    moving: null,
    addresses: { private: emptyPrivate(), business: emptyBusiness() },
    addressErrors: noErrors(),
    addressesTried: false,
    newCharges: [],
    previousTotal: null,
    notice: null,
    session: null,
    method: null,
    card: null,
    payTried: false,
    payKey: null,
    declineReason: null,
    redirectUrl: null,
    pendingChecks: 0,
  };
}

export const lookupComplete = (lookup: LookupDraft): boolean => lookup.reservationNumber.trim() !== '' && lookup.lastName.trim() !== '';

/** What is open on both folios together. */
export const openTotal = (checkout: HotelCheckout | null): number => (checkout ? Math.max(checkout.folio.balances.private, 0) + Math.max(checkout.folio.balances.business, 0) : 0);

export const nothingToPay = (checkout: HotelCheckout | null): boolean => checkout !== null && checkout.folio.balances.private <= 0 && checkout.folio.balances.business <= 0;

/** The business folio has charges: its invoice needs the company's address. */
export const needsBusinessAddress = (checkout: HotelCheckout | null): boolean => (checkout?.folio.charges ?? []).some((charge) => charge.folio === 'business');

/** Charges of `next` that `previous` did not have. */
export function newChargesOf(previous: HotelCheckout | null, next: HotelCheckout): string[] {
  if (!previous) return [];
  const known = new Set(previous.folio.charges.map((charge) => charge.id));
  return next.folio.charges.filter((charge) => !known.has(charge.id)).map((charge) => charge.id);
}

function draftOf(address: InvoiceAddress | null): PrivateAddressDraft {
  return address ? { name: address.name, address_line: address.address_line, postal_code: address.postal_code, city: address.city, country_code: address.country_code } : emptyPrivate();
}

function businessDraftOf(address: BusinessAddress | null): BusinessAddressDraft {
  return address
    ? {
        name: address.company_name,
        vat_id: address.vat_id ?? '',
        address_line: address.address_line,
        postal_code: address.postal_code,
        city: address.city,
        country_code: address.country_code,
      }
    : emptyBusiness();
}

const isBlank = (draft: PrivateAddressDraft | BusinessAddressDraft) => Object.values(draft).every((value) => value.trim() === '');

/**
 * The drafts for a checkout: what the guest typed stays; an untouched form takes the checkout's saved
 * address, and an untouched private one the guest's name.
 */
export function draftsFor(context: HotelCheckoutContext, checkout: HotelCheckout): HotelCheckoutContext['addresses'] {
  const current = context.addresses;
  const saved = draftOf(checkout.addresses.private);
  const privateDraft = isBlank(current.private) ? (checkout.addresses.private ? saved : { ...saved, name: `${checkout.stay.guest.first_name} ${checkout.stay.guest.last_name}`.trim() }) : current.private;
  const business = isBlank(current.business) ? businessDraftOf(checkout.addresses.business) : current.business;
  return { private: privateDraft, business };
}

function problemsOf(issues: v.BaseIssue<unknown>[] | undefined): Partial<Record<AddressField, FieldProblem>> {
  const problems: Partial<Record<AddressField, FieldProblem>> = {};
  for (const issue of issues ?? []) {
    const key = issue.path?.[0]?.key;
    const field = (key === 'company_name' ? 'name' : key) as AddressField | undefined;
    if (!field || problems[field]) continue;
    problems[field] = issue.input === '' || (typeof issue.input === 'string' && issue.input.trim() === '') ? 'required' : 'invalid';
  }
  return problems;
}

export interface AddressReview {
  errors: AddressErrors;
  /** What would be sent: null where nothing is to be saved. */
  private: PrivateAddressDraft | null;
  business: BusinessAddressDraft | null;
}

/**
 * The addresses as they stand. The private invoice's address is optional (a hotel bill names the guest);
 * once any field of it is filled, the rest is needed. The business address is needed when the business
 * folio has charges, and saved whenever it is filled in.
 */
export function reviewAddresses(context: HotelCheckoutContext): AddressReview {
  const errors = noErrors();
  const { private: privateDraft, business } = context.addresses;
  let privateOut: PrivateAddressDraft | null = null;
  const privateFilled = Object.entries(privateDraft).some(([field, value]) => field !== 'name' && value.trim() !== '');
  if (privateFilled) {
    const result = v.safeParse(InvoiceAddressSchema, privateDraft);
    if (result.success) privateOut = privateDraft;
    else errors.private = problemsOf(result.issues);
  }
  let businessOut: BusinessAddressDraft | null = null;
  if (needsBusinessAddress(context.checkout) || !isBlank(business)) {
    const result = v.safeParse(BusinessAddressSchema, { ...business, company_name: business.name, name: undefined });
    if (result.success) businessOut = business;
    else errors.business = problemsOf(result.issues);
  }
  return { errors, private: privateOut, business: businessOut };
}

export const hasAddressErrors = (errors: AddressErrors): boolean => Object.keys(errors.private).length > 0 || Object.keys(errors.business).length > 0;

/** The fields a 400 named, by form. */
export function refusedAddressErrors(fields: readonly string[], review: AddressReview): AddressErrors {
  const errors = noErrors();
  const form = review.business ? 'business' : 'private';
  for (const path of fields) {
    const field = (path === 'company_name' ? 'name' : path) as AddressField;
    errors[form][field] = 'invalid';
  }
  return errors;
}

/** What the payment still needs: a method, and for a card the card from the hosted form. */
export function payProblemOf(context: HotelCheckoutContext): 'method' | 'card' | null {
  if (!context.method) return 'method';
  if (context.method === 'card' && !context.card) return 'card';
  return null;
}
