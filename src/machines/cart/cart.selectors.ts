import type { Cart, DeclineReason, PaymentMethod } from '../../contract/ecommerce';
import { emptyTraveller, paymentMethodsFor, roomStaysOf, searchQueryOfCart } from './cart.rules';
import type { MethodRules } from './cart.rules';
import { payProblemsOf } from './cart.machine';
import type {
  CartContext,
  CartNotice,
  CartTag,
  ChosenCard,
  CompanyDraft,
  FieldErrors,
  PayProblem,
  TravellerDraft,
  TravellerField,
  CompanyField,
  FieldProblem,
  VoucherProblem,
} from './cart.types';
import type { StateValue } from 'xstate';
import { routerSearch } from '../../services/navigation/router-search';
import type { RouterSearch } from '../../services/navigation/router-search';

/** What the selectors read: a machine snapshot, or a hand-made object of the same shape (tests). */
export interface CartSnapshot {
  value: StateValue;
  context: CartContext;
  hasTag: (tag: CartTag) => boolean;
}

/** Where the flow stands, for the page to choose what to show. */
export type CartPhase = 'loading' | 'noSearch' | 'loadFailed' | 'signInRequired' | 'awaitingPayment' | 'ready' | 'ordered' | 'redirecting' | 'expired' | 'roomGone';

export function selectPhase(snapshot: Pick<CartSnapshot, 'value'>): CartPhase {
  const top = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0];
  switch (top) {
    case 'noSearch':
    case 'loadFailed':
    case 'signInRequired':
    case 'awaitingPayment':
    case 'ready':
    case 'ordered':
    case 'redirecting':
    case 'expired':
    case 'roomGone':
      return top;
    default:
      return 'loading';
  }
}

/** The state inside `ready`: editing, declined, updating, submitting or paymentFailed. */
export function selectReadyState(snapshot: Pick<CartSnapshot, 'value'>): string | null {
  const { value } = snapshot;
  if (typeof value === 'string' || !('ready' in value)) return null;
  const ready = value.ready;
  return typeof ready === 'string' ? ready : (Object.keys(ready ?? {})[0] ?? null);
}

export const selectCart = (snapshot: CartSnapshot): Cart | null => snapshot.context.cart;
export const selectCartId = (snapshot: CartSnapshot): string | null => snapshot.context.cart?.cart_id ?? null;
export const selectIsBusy = (snapshot: CartSnapshot): boolean => snapshot.hasTag('busy');
export const selectIsPaying = (snapshot: CartSnapshot): boolean => snapshot.hasTag('paying');
export const selectIsDeclined = (snapshot: CartSnapshot): boolean => selectReadyState(snapshot) === 'declined';
export const selectPaymentFailed = (snapshot: CartSnapshot): boolean => selectReadyState(snapshot) === 'paymentFailed';
export const selectDeclineReason = (snapshot: CartSnapshot): DeclineReason | null => snapshot.context.declineReason;
export const selectNotice = (snapshot: CartSnapshot): CartNotice | null => snapshot.context.notice;
export const selectRedirectUrl = (snapshot: CartSnapshot): string | null => snapshot.context.redirectUrl;
export const selectOrderId = (snapshot: CartSnapshot): string | null => snapshot.context.orderId;
export const selectChosenCard = (snapshot: CartSnapshot): ChosenCard | null => snapshot.context.card;
export const selectHasCvv = (snapshot: CartSnapshot): boolean => snapshot.context.cvvToken !== null;
export const selectCompany = (snapshot: CartSnapshot): CompanyDraft => snapshot.context.company;
export const selectIsBusiness = (snapshot: CartSnapshot): boolean => snapshot.context.cart?.business ?? false;
export const selectPaymentMethod = (snapshot: CartSnapshot): PaymentMethod | null => snapshot.context.cart?.payment_method ?? null;

/**
 * The payment method to show as chosen: the guest's choice at once, while the server is asked to set it
 * (optimistic), else the cart's. When the server refuses, the change is dropped and the cart's shows again.
 */
export function selectShownPaymentMethod(snapshot: CartSnapshot): PaymentMethod | null {
  const change = snapshot.context.change;
  if (selectReadyState(snapshot) === 'updating' && change?.kind === 'paymentMethod') return change.method;
  return selectPaymentMethod(snapshot);
}

/** Whether the cart is being moved to the member who just signed in. */
export const selectIsSwitchingToMember = (snapshot: CartSnapshot): boolean => selectReadyState(snapshot) === 'switchingToMember';

export const selectDraft = (snapshot: CartSnapshot, roomStayId: string): TravellerDraft => snapshot.context.drafts[roomStayId] ?? EMPTY_DRAFT;
const EMPTY_DRAFT = emptyTraveller();
const NO_ERRORS = {};
export const selectTravellerErrors = (snapshot: CartSnapshot, roomStayId: string): FieldErrors<TravellerField> =>
  snapshot.context.showProblems ? (snapshot.context.travellerErrors[roomStayId] ?? NO_ERRORS) : NO_ERRORS;
export const selectCompanyErrors = (snapshot: CartSnapshot): FieldErrors<CompanyField> => (snapshot.context.showProblems ? snapshot.context.companyErrors : NO_ERRORS);

/** One entry of the error summary above the pay button: a field with its problem, or what the payment lacks. */
export type SummaryError =
  | { kind: 'traveller'; roomStayId: string; roomNumber: number; field: TravellerField; problem: FieldProblem }
  | { kind: 'company'; field: CompanyField; problem: FieldProblem }
  | { kind: 'payment'; problem: Exclude<PayProblem, 'travellers' | 'company'> };

const TRAVELLER_FIELD_ORDER: TravellerField[] = ['salutation', 'first_name', 'last_name', 'email', 'phone', 'country_code', 'special_requests'];
const COMPANY_FIELD_ORDER: CompanyField[] = ['name', 'address_line', 'postal_code', 'city', 'country_code', 'vat_id'];

/**
 * Every problem that stops the payment, once the guest tried to pay, in the order of the page's fields:
 * the summary links each to its field.
 */
export function selectErrorSummary(snapshot: CartSnapshot): SummaryError[] {
  const { context } = snapshot;
  if (!context.showProblems) return [];
  const errors: SummaryError[] = [];
  roomStaysOf(context.cart).forEach(({ roomStay }, index) => {
    const fields = context.travellerErrors[roomStay.room_stay_id] ?? {};
    for (const field of TRAVELLER_FIELD_ORDER) {
      const problem = fields[field];
      if (problem) errors.push({ kind: 'traveller', roomStayId: roomStay.room_stay_id, roomNumber: index + 1, field, problem });
    }
  });
  for (const field of COMPANY_FIELD_ORDER) {
    const problem = context.companyErrors[field];
    if (problem) errors.push({ kind: 'company', field, problem });
  }
  for (const problem of payProblemsOf(context)) {
    if (problem !== 'travellers' && problem !== 'company') errors.push({ kind: 'payment', problem });
  }
  return errors;
}

/** Counts the refused payments: each one takes the guest to the first problem. */
export const selectRefusedPays = (snapshot: CartSnapshot): number => snapshot.context.refusedPays;

/** The voucher code as typed, and why the server refused it (shown next to the field). */
export const selectVoucherCode = (snapshot: CartSnapshot): string => snapshot.context.voucherCode;
export const selectVoucherProblem = (snapshot: CartSnapshot): VoucherProblem | null => snapshot.context.voucherProblem;

/** What still stops the payment, once the guest tried to pay (not before: an empty form is no error). */
export function selectPayProblems(snapshot: CartSnapshot): PayProblem[] {
  return snapshot.context.showProblems ? payProblemsOf(snapshot.context) : [];
}

/** The payment methods the cart offers for these flags and this visitor. */
export function selectPaymentMethods(snapshot: CartSnapshot, rules: MethodRules): PaymentMethod[] {
  const cart = snapshot.context.cart;
  return cart ? paymentMethodsFor(cart, rules) : [];
}

/** The search of the cart (or of the URL, before there is a cart), for links back to choosing a room. */
export function selectSearchQuery(snapshot: CartSnapshot, options: { withRates: boolean }): Record<string, string> | null {
  const cart = snapshot.context.cart;
  if (cart) return searchQueryOfCart(cart, options);
  const request = snapshot.context.request;
  if (!request) return null;
  const query: Record<string, string> = { location: request.hotel_code, startDate: request.check_in_date, endDate: request.check_out_date };
  if (request.room_stays.length !== 1) query.rooms = String(request.room_stays.length);
  request.room_stays.forEach((room, index) => {
    const n = index + 1;
    if (room.adults_count !== 1) query[`room-${n}-adults`] = String(room.adults_count);
    room.child_ages.forEach((age, child) => (query[`room-${n}-child-${child + 1}`] = String(age)));
    if (options.withRates) {
      query[`room-${n}-rate-code`] = room.rate_code;
      query[`room-${n}-room-type-code`] = room.room_type_code;
    }
  });
  if (request.promo_code) query.promo = request.promo_code;
  if (request.business) query.business = '1';
  if (request.pay_with_points) query.payWithPoints = '1';
  return query;
}

/** The same search as the rooms-and-rates page's link search (values as the router reads them back), or null when there is none. */
export function selectRoomsPageSearch(snapshot: CartSnapshot, options: { withRates: boolean }): RouterSearch | null {
  const query = selectSearchQuery(snapshot, options);
  return query ? routerSearch(query) : null;
}

export interface PriceSummary {
  currency: string;
  /** `company`: the member's company rate's company (decision 0059), null on any other rate. */
  rooms: { roomStayId: string; name: string; rateName: string; company: string | null; priceWithTax: number }[];
  addons: { roomStayId: string; code: string; name: string; quantity: number; price: number }[];
  insurance: number | null;
  vouchers: { voucherId: string; code: string; amount: number }[];
  tax: number;
  cityTax: number;
  total: number;
  payNow: number;
  atHotel: number;
  /** Points the rooms cost, when the guest pays with points. */
  points: number | null;
  pointsEarned: number;
  nights: number;
}

/**
 * The price summary, line by line as the server's cart gives it. Nothing is added up here: totals, tax,
 * pay-now and at-hotel amounts are the server's, so the summary always matches what is charged.
 */
export function selectPriceSummary(snapshot: CartSnapshot): PriceSummary | null {
  const cart = snapshot.context.cart;
  if (!cart) return null;
  const rooms = roomStaysOf(cart);
  return {
    currency: cart.currency,
    rooms: rooms.map(({ roomStay }) => ({
      roomStayId: roomStay.room_stay_id,
      name: roomStay.room_type_name,
      rateName: roomStay.reservation_info.rate_name,
      company: roomStay.company?.name ?? null,
      priceWithTax: roomStay.price_with_tax,
    })),
    addons: rooms.flatMap(({ roomStay }) =>
      roomStay.addons.map((addon) => ({ roomStayId: roomStay.room_stay_id, code: addon.addon_code, name: addon.name, quantity: addon.quantity, price: addon.price })),
    ),
    insurance: cart.insurance?.price ?? null,
    vouchers: cart.vouchers.map((voucher) => ({ voucherId: voucher.voucher_id, code: voucher.code, amount: voucher.amount })),
    tax: cart.price_tax,
    cityTax: cart.city_tax_total,
    total: cart.amount_to_pay_total,
    payNow: cart.amount_to_pay_now,
    atHotel: cart.amount_at_hotel,
    points: cart.payment_method === 'points' ? cart.points_to_pay_total : null,
    pointsEarned: cart.points_earned,
    nights: cart.stays[0]?.night_count ?? 0,
  };
}
