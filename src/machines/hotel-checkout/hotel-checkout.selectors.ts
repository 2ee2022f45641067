import type { FolioCharge, HotelCheckout, HotelFolioKind } from '../../contract/hotel-checkout';
import { needsBusinessAddress, openTotal, payProblemOf } from './hotel-checkout.rules';
import type { HotelCheckoutContext } from './hotel-checkout.types';

/** What the selectors read: a machine snapshot, or a hand-made object of the same shape (tests). */
export interface HotelCheckoutSnapshot {
  value: unknown;
  context: HotelCheckoutContext;
  hasTag?: (tag: 'busy' | 'failure') => boolean;
}

/** The step the page shows. */
export type HotelCheckoutStep =
  | 'resolving'
  | 'lookup'
  | 'opened'
  | 'notInHouse'
  | 'alreadyCheckedOut'
  | 'hotelUnavailable'
  | 'loadFailed'
  | 'loading'
  | 'awaitingPayment'
  | 'review'
  | 'addresses'
  | 'payment'
  | 'redirecting'
  | 'checkingOut'
  | 'checkoutFailed'
  | 'checkoutUnavailable'
  | 'done';

const TOP: Record<string, HotelCheckoutStep> = {
  starting: 'resolving',
  resolving: 'resolving',
  lookup: 'lookup',
  opened: 'opened',
  notInHouse: 'notInHouse',
  alreadyCheckedOut: 'alreadyCheckedOut',
  hotelUnavailable: 'hotelUnavailable',
  loadFailed: 'loadFailed',
  loading: 'loading',
  routing: 'loading',
  awaitingPayment: 'awaitingPayment',
  review: 'review',
  moving: 'review',
  addresses: 'addresses',
  savingAddresses: 'addresses',
  payment: 'payment',
  redirecting: 'redirecting',
  checkingOut: 'checkingOut',
  checkoutFailed: 'checkoutFailed',
  checkoutUnavailable: 'checkoutUnavailable',
  done: 'done',
};

const topOf = (value: unknown): string => (typeof value === 'string' ? value : Object.keys(value as object)[0] ?? '');

export const selectStep = ({ value }: HotelCheckoutSnapshot): HotelCheckoutStep => TOP[topOf(value)] ?? 'loading';

/** The payment step's state: choosing, paying, declined, the folio changed, no answer, the hotel down. */
export type PaymentPhase = 'preparing' | 'sessionFailed' | 'choosing' | 'settingMethod' | 'paying' | 'declined' | 'folioChanged' | 'payFailed' | 'unavailable';

export function selectPaymentPhase({ value }: HotelCheckoutSnapshot): PaymentPhase | null {
  if (typeof value !== 'object' || value === null || !('payment' in value)) return null;
  return (value as { payment: PaymentPhase }).payment;
}

/** A call is on its way: the step's buttons wait. */
export const selectIsBusy = ({ value }: HotelCheckoutSnapshot): boolean => {
  const top = topOf(value);
  if (['starting', 'resolving', 'loading', 'routing', 'moving', 'savingAddresses', 'checkingOut', 'awaitingPayment'].includes(top)) return true;
  const phase = selectPaymentPhase({ value } as HotelCheckoutSnapshot);
  return phase === 'preparing' || phase === 'settingMethod' || phase === 'paying';
};

export const selectCheckout = ({ context }: HotelCheckoutSnapshot): HotelCheckout | null => context.checkout;

export interface FolioGroup {
  folio: HotelFolioKind;
  charges: FolioCharge[];
  total: number;
  balance: number;
}

/** The charges of each folio as the BFF listed them, with its total and what is open on it. */
export function selectFolioGroups({ context }: HotelCheckoutSnapshot): FolioGroup[] {
  const checkout = context.checkout;
  if (!checkout) return [];
  return (['private', 'business'] as const).map((folio) => ({
    folio,
    charges: checkout.folio.charges.filter((charge) => charge.folio === folio),
    total: checkout.folio.totals[folio],
    balance: checkout.folio.balances[folio],
  }));
}

/** The charge being moved now (its button says so), or null. */
export const selectMovingCharge = ({ context }: HotelCheckoutSnapshot): string | null => context.moving?.chargeId ?? null;

export const selectNewCharges = ({ context }: HotelCheckoutSnapshot): readonly string[] => context.newCharges;

/** What is open on both folios now, and (after a change) what was open before. */
export function selectTotals({ context }: HotelCheckoutSnapshot): { open: number; previous: number | null; currency: string } {
  return { open: openTotal(context.checkout), previous: context.previousTotal, currency: context.checkout?.stay.currency ?? 'EUR' };
}

export const selectNeedsBusinessAddress = ({ context }: HotelCheckoutSnapshot): boolean => needsBusinessAddress(context.checkout);

export const selectAddresses = ({ context }: HotelCheckoutSnapshot) => context.addresses;
export const selectAddressErrors = ({ context }: HotelCheckoutSnapshot) => context.addressErrors;
export const selectNotice = ({ context }: HotelCheckoutSnapshot) => context.notice;
export const selectLookup = ({ context }: HotelCheckoutSnapshot) => ({ draft: context.lookup, reason: context.lookupReason, tried: context.lookupTried });
export const selectMethod = ({ context }: HotelCheckoutSnapshot) => context.method;
export const selectCard = ({ context }: HotelCheckoutSnapshot) => context.card;
export const selectDeclineReason = ({ context }: HotelCheckoutSnapshot) => context.declineReason;
export const selectSession = ({ context }: HotelCheckoutSnapshot) => context.session;

/** What still stops the payment once the guest pressed Pay (null before, or when nothing does). */
export const selectPayProblem = ({ context }: HotelCheckoutSnapshot): 'method' | 'card' | null => (context.payTried ? payProblemOf(context) : null);

/** The checked-out stay: its invoices and a member's points. */
export function selectOutcome({ context }: HotelCheckoutSnapshot) {
  const checkout = context.checkout;
  return {
    invoices: checkout?.invoices ?? [],
    points: checkout?.points ?? null,
    checkoutId: checkout?.id ?? null,
  };
}
