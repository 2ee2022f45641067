import * as v from 'valibot';
import { CompanyAddressSchema, TravellerSchema } from '../../contract/ecommerce';
import type { Cart, CompanyAddress, CreateCartRequest, PaymentMethod, RoomStay, Traveller } from '../../contract/ecommerce';
import type { Locale } from '../../contract/locales';
import { CurrencySchema } from '../../contract/search';
import { HttpError } from '../../services/bff/client';
import { commerceCodeOf } from '../../services/booking/cart';
import { cartRequest } from '../../services/search/search-requests';
import { toQuery } from '../../services/search/search-url';
import type { SearchQueryState } from '../../services/search/search-state';
import type {
  CartChange,
  CartContext,
  CartFailure,
  CartInput,
  ChosenCard,
  CompanyDraft,
  CompanyField,
  FieldErrors,
  MemberPrefill,
  SavedDrafts,
  TravellerDraft,
  TravellerField,
  VoucherProblem,
} from './cart.types';

/*
 * Pure rules of the cart flow, shared by the machine, its selectors and the views. Nothing here computes
 * a price: every amount shown comes from the server's cart.
 */

// ---------- failures ----------

/** How a failed call is handled: by its commerce code first, then by its HTTP status. */
export function classifyFailure(error: unknown): CartFailure {
  switch (commerceCodeOf(error)) {
    case 'cart_expired':
      return 'expired';
    case 'room_unavailable':
      return 'roomGone';
    case 'cart_not_open':
      return 'notOpen';
    case 'voucher_invalid':
      return 'voucherInvalid';
    case 'voucher_expired':
      return 'voucherExpired';
    case 'voucher_used':
      return 'voucherUsed';
    case 'voucher_unavailable':
      return 'voucherInUse';
    case null:
      break;
    default:
      return 'invalid';
  }
  if (!(error instanceof HttpError)) return 'network';
  if (error.status === 410) return 'expired';
  // A member rate asked for without a member (the cart routes answer 401 to a guest).
  if (error.status === 401) return 'signInRequired';
  if (error.status === 404) return 'notFound';
  if (error.status === 400 || error.status === 422) return 'invalid';
  return 'network';
}

// ---------- the cart ----------

/**
 * The card the server keeps on the cart, for a page that starts again (after a reload or a return from the
 * provider) and so no longer has the guest's choice: only what may be shown, never a provider token. A
 * saved card chosen again asks for its security code again.
 */
export function cardOfCart(cart: Cart): ChosenCard | null {
  if (cart.payment_method !== 'card' || !cart.credit_card_id || !cart.card) return null;
  if (cart.card.cvv_required) return { source: 'saved', cardId: cart.credit_card_id };
  const { brand, last4, expiry_month: expiryMonth, expiry_year: expiryYear } = cart.card;
  return { source: 'new', brand, last4, expiryMonth, expiryYear };
}

export interface RoomStayRef {
  stayId: string;
  roomStay: RoomStay;
}

/** Every room stay of the cart with its stay's id, in order. */
export function roomStaysOf(cart: Cart | null): RoomStayRef[] {
  return (cart?.stays ?? []).flatMap((stay) => stay.room_stays.map((roomStay) => ({ stayId: stay.stay_id, roomStay })));
}

const sameAges = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((age, index) => age === b[index]);

/** Whether a cart is the one the search asks for: same hotel, dates and rooms (type, rate, guests), in order. */
export function cartMatchesRequest(cart: Cart, request: CreateCartRequest): boolean {
  const stay = cart.stays[0];
  if (!stay || stay.hotel_code !== request.hotel_code || stay.check_in_date !== request.check_in_date || stay.check_out_date !== request.check_out_date) return false;
  if (stay.room_stays.length !== request.room_stays.length) return false;
  if ((cart.promo_code ?? '') !== (request.promo_code ?? '')) return false;
  return request.room_stays.every((wanted, index) => {
    const room = stay.room_stays[index];
    return (
      room !== undefined &&
      room.room_type_code === wanted.room_type_code &&
      room.rate_code === wanted.rate_code &&
      room.adults_count === wanted.adults_count &&
      sameAges(room.child_ages, wanted.child_ages)
    );
  });
}

/** The search a cart was made from, as the search URL writes it (spec section 2); without rates to choose a room again. */
export function searchQueryOfCart(cart: Cart, options: { withRates: boolean }): Record<string, string> {
  const stay = cart.stays[0];
  if (!stay) return {};
  const search: SearchQueryState = {
    features: [],
    brands: [],
    promoCode: cart.promo_code ?? '',
    location: stay.hotel_code,
    dateRange: { start: stay.check_in_date, end: stay.check_out_date },
    isBusiness: cart.business,
    payWithPoints: cart.payment_method === 'points',
    rooms: stay.room_stays.map((room, index) => ({
      uuid: `room-${index + 1}`,
      adults: room.adults_count,
      children: [...room.child_ages],
      ...(options.withRates ? { rateCode: room.rate_code, roomTypeCode: room.room_type_code } : {}),
    })),
    approxDateRange: null,
    sortBy: 'price-asc',
    priceRange: { min: null, max: null },
  };
  return toQuery(search);
}

/** The cart a search asks for, or null when a room has no rate chosen yet (the guest must choose first). */
export function cartRequestOf(search: SearchQueryState, locale: Locale): CreateCartRequest | null {
  return cartRequest(search, { locale });
}

/** The request that makes a cart like this one again (the search it was made from), for a member who just signed in. */
export function requestOfCart(cart: Cart, locale: Locale): CreateCartRequest | null {
  const stay = cart.stays[0];
  if (!stay || stay.room_stays.length === 0) return null;
  return {
    hotel_code: stay.hotel_code,
    check_in_date: stay.check_in_date,
    check_out_date: stay.check_out_date,
    room_stays: stay.room_stays.map((room) => ({
      room_type_code: room.room_type_code,
      rate_code: room.rate_code,
      adults_count: room.adults_count,
      child_ages: [...room.child_ages],
    })),
    ...(v.is(CurrencySchema, cart.currency) ? { currency: cart.currency } : {}),
    ...(cart.promo_code ? { promo_code: cart.promo_code } : {}),
    ...(cart.business ? { business: true } : {}),
    ...(cart.payment_method === 'points' ? { pay_with_points: true } : {}),
    locale,
  };
}

/** Whether a cart belongs to a member (the server binds a cart to a member only when it makes it). */
export const isMemberCart = (cart: Cart): boolean => cart.customer.sso_guid !== null;

/**
 * What the guest chose on a cart, as changes to make on another cart for the same search (room stays
 * matched by position): add-ons with their quantities, the green option, the insurance and the payment
 * method. A card is not carried over: its token was given for the first cart, so it is entered again.
 */
export function carryOverChanges(from: Cart, to: Cart): CartChange[] {
  const target = roomStaysOf(to);
  const changes: CartChange[] = [];
  roomStaysOf(from).forEach(({ roomStay }, index) => {
    const next = target[index];
    if (!next) return;
    const ids = { stayId: next.stayId, roomStayId: next.roomStay.room_stay_id };
    if (roomStay.addons.length > 0) changes.push({ kind: 'addons', ...ids, addons: roomStay.addons.map((addon) => ({ addon_code: addon.addon_code, quantity: addon.quantity })) });
    if (roomStay.receive_points_for_green_option && !next.roomStay.receive_points_for_green_option) changes.push({ kind: 'greenOption', ...ids, on: true });
  });
  if (from.insurance && !to.insurance) changes.push({ kind: 'insurance', product: from.insurance.product, add: true });
  if (from.payment_method && from.payment_method !== to.payment_method) changes.push({ kind: 'paymentMethod', method: from.payment_method });
  return changes;
}

/** The drafts of one cart's room stays under another cart's room stay ids (matched by position). */
export function moveDrafts(drafts: Record<string, TravellerDraft>, from: Cart | null, to: Cart): Record<string, TravellerDraft> {
  const target = roomStaysOf(to);
  const moved: Record<string, TravellerDraft> = {};
  roomStaysOf(from).forEach(({ roomStay }, index) => {
    const draft = drafts[roomStay.room_stay_id];
    const next = target[index];
    if (draft && next) moved[next.roomStay.room_stay_id] = draft;
  });
  return moved;
}

/** A draft with its empty fields filled from the member's profile; what the guest typed stays. */
export function fillFromMember(draft: TravellerDraft, member: MemberPrefill): TravellerDraft {
  const fill = (typed: string, profile: string) => (typed.trim() === '' ? profile : typed);
  return {
    ...draft,
    salutation: draft.salutation === '' ? member.salutation : draft.salutation,
    first_name: fill(draft.first_name, member.first_name),
    last_name: fill(draft.last_name, member.last_name),
    email: fill(draft.email, member.email),
    country_code: fill(draft.country_code, member.country_code),
  };
}

// ---------- payment methods ----------

export interface MethodRules {
  flags: { paypal: boolean; idealAlongWithGuarantee: boolean; payWithPoints: boolean };
  signedIn: boolean;
}

/**
 * The payment methods the cart offers: card and Apple Pay always; PayPal behind its flag; iDEAL for
 * prepaid (deposit) rates, and alongside guarantee rates only with its flag; points for signed-in members
 * when the flag is on and the rooms can be paid with points.
 */
export function paymentMethodsFor(cart: Cart, rules: MethodRules): PaymentMethod[] {
  const guarantees = roomStaysOf(cart).map(({ roomStay }) => roomStay.reservation_info.guarantee_type);
  const deposit = guarantees.includes('deposit');
  const guarantee = guarantees.includes('guarantee');
  const methods: PaymentMethod[] = ['card'];
  if (rules.flags.paypal) methods.push('paypal');
  methods.push('apple_pay');
  if (deposit || (guarantee && rules.flags.idealAlongWithGuarantee)) methods.push('ideal');
  if (rules.flags.payWithPoints && rules.signedIn && cart.points_to_pay_total > 0) methods.push('points');
  return methods;
}

// ---------- travellers ----------

export const emptyTraveller = (): TravellerDraft => ({ salutation: '', first_name: '', last_name: '', email: '', phone: '', country_code: '', special_requests: '' });
export const emptyCompany = (): CompanyDraft => ({ name: '', address_line: '', postal_code: '', city: '', country_code: '', vat_id: '' });

/** A cart machine's context before anything happened: the input, and nothing loaded, typed or paid. */
export function initialCartContext(input: CartInput): CartContext {
  return {
    locale: input.locale,
    request: input.request,
    knownCartId: input.knownCartId,
    returning: input.returning,
    member: input.member,
    newKey: input.newKey,
    cart: null,
    drafts: {},
    company: emptyCompany(),
    voucherCode: '',
    voucherProblem: null,
    travellerErrors: {},
    companyErrors: {},
    showProblems: false,
    refusedPays: 0,
    notice: null,
    change: null,
    card: null,
    cvvToken: null,
    payKey: null,
    declineReason: null,
    redirectUrl: null,
    orderId: null,
    pendingChecks: 0,
    carryOver: [],
    pendingSession: null,
    announced: false,
  };
}

export function draftOfTraveller(traveller: Traveller): TravellerDraft {
  return {
    salutation: traveller.salutation ?? '',
    first_name: traveller.first_name,
    last_name: traveller.last_name,
    email: traveller.email,
    phone: traveller.phone ?? '',
    country_code: traveller.country_code ?? '',
    special_requests: traveller.special_requests ?? '',
  };
}

export function draftOfCompany(company: CompanyAddress): CompanyDraft {
  return {
    name: company.name,
    address_line: company.address_line,
    postal_code: company.postal_code,
    city: company.city,
    country_code: company.country_code,
    vat_id: company.vat_id ?? '',
  };
}

export function draftOfMember(member: MemberPrefill): TravellerDraft {
  return { ...emptyTraveller(), salutation: member.salutation, first_name: member.first_name, last_name: member.last_name, email: member.email, country_code: member.country_code };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

function companyInput(company: CompanyDraft) {
  return {
    name: company.name,
    address_line: company.address_line,
    postal_code: company.postal_code,
    city: company.city,
    country_code: company.country_code.trim().toUpperCase(),
    vat_id: orNull(company.vat_id),
  };
}

function travellerInput(draft: TravellerDraft) {
  return {
    salutation: draft.salutation === '' ? null : draft.salutation,
    first_name: draft.first_name,
    last_name: draft.last_name,
    email: draft.email,
    phone: orNull(draft.phone),
    country_code: orNull(draft.country_code.toUpperCase()),
    special_requests: orNull(draft.special_requests),
  };
}

function errorsOf<TField extends string>(issues: readonly v.BaseIssue<unknown>[], values: Record<TField, string>): FieldErrors<TField> {
  const errors: FieldErrors<TField> = {};
  for (const issue of issues) {
    const key = issue.path?.[0]?.key;
    if (typeof key !== 'string' || !(key in values)) continue;
    const field = key as TField;
    errors[field] ??= values[field].trim() === '' ? 'required' : 'invalid';
  }
  return errors;
}

/** The traveller to send for a draft, or the problems of its fields. */
export function reviewTraveller(draft: TravellerDraft): { traveller: Omit<Traveller, 'company'> | null; errors: FieldErrors<TravellerField> } {
  const parsed = v.safeParse(v.omit(TravellerSchema, ['company']), travellerInput(draft));
  return parsed.success ? { traveller: parsed.output, errors: {} } : { traveller: null, errors: errorsOf(parsed.issues, draft) };
}

export function reviewCompany(company: CompanyDraft): { company: CompanyAddress | null; errors: FieldErrors<CompanyField> } {
  const parsed = v.safeParse(CompanyAddressSchema, companyInput(company));
  return parsed.success ? { company: parsed.output, errors: {} } : { company: null, errors: errorsOf(parsed.issues, company) };
}

/** The same traveller, whatever order or absent-versus-null the fields come in. */
export function sameTraveller(a: Traveller | null, b: Traveller | null): boolean {
  const canonical = (t: Traveller | null) =>
    t === null
      ? null
      : JSON.stringify([
          t.salutation ?? null,
          t.first_name,
          t.last_name,
          t.email,
          t.phone ?? null,
          t.country_code ?? null,
          t.special_requests ?? null,
          t.company ? [t.company.name, t.company.address_line, t.company.postal_code, t.company.city, t.company.country_code, t.company.vat_id ?? null] : null,
        ]);
  return canonical(a) === canonical(b);
}

export const hasErrors = (errors: Record<string, unknown>) => Object.keys(errors).length > 0;

// ---------- vouchers ----------

/** The voucher problem a refused code means, or null when the failure is not about the voucher. */
export function voucherProblemOf(failure: CartFailure): VoucherProblem | null {
  switch (failure) {
    case 'voucherInvalid':
      return 'invalid';
    case 'voucherExpired':
      return 'expired';
    case 'voucherUsed':
      return 'used';
    case 'voucherInUse':
      return 'inUse';
    default:
      return null;
  }
}

// ---------- drafts kept in the browser ----------

/** What to keep of the page's drafts for its cart, or null before there is a cart. */
export function savedDraftsOf(context: CartContext): SavedDrafts | null {
  const cartId = context.cart?.cart_id;
  return cartId ? { cartId, drafts: context.drafts, company: context.company } : null;
}

/**
 * The drafts kept for this cart put back (after a reload, or "Change rooms" and back): what was typed wins
 * over what the cart or the member's profile filled in, for the room stays the cart still has.
 */
export function withSavedDrafts(context: CartContext, saved: SavedDrafts | null): Pick<CartContext, 'drafts' | 'company'> {
  const cart = context.cart;
  if (!saved || !cart || saved.cartId !== cart.cart_id) return { drafts: context.drafts, company: context.company };
  const drafts = { ...context.drafts };
  for (const { roomStay } of roomStaysOf(cart)) {
    const kept = saved.drafts[roomStay.room_stay_id];
    if (kept) drafts[roomStay.room_stay_id] = kept;
  }
  return { drafts, company: saved.company };
}
