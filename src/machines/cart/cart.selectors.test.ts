import { describe, expect, it } from 'vitest';
import { HttpError } from '../../services/bff/client';
import { CommerceError } from '../../services/booking/cart';
import { fromQuery } from '../../services/search/search-url';
import { cartFixture, MEMBER, REQUEST, roomStay } from './cart.fixtures';
import {
  cardOfCart,
  carryOverChanges,
  cartMatchesRequest,
  cartRequestOf,
  classifyFailure,
  emptyCompany,
  emptyTraveller,
  initialCartContext,
  fillFromMember,
  moveDrafts,
  paymentMethodsFor,
  requestOfCart,
  reviewCompany,
  reviewTraveller,
  searchQueryOfCart,
} from './cart.rules';
import {
  selectShownPaymentMethod,
  selectCompanyErrors,
  selectPayProblems,
  selectPaymentMethods,
  selectPhase,
  selectPriceSummary,
  selectReadyState,
  selectRoomsPageSearch,
  selectSearchQuery,
  selectTravellerErrors,
} from './cart.selectors';
import type { CartSnapshot } from './cart.selectors';
import type { CartContext, CartTag } from './cart.types';

const context = (overrides: Partial<CartContext> = {}): CartContext => ({
  ...initialCartContext({ locale: 'en', request: REQUEST, knownCartId: null, returning: null, member: null, newKey: () => 'key' }),
  cart: cartFixture(),
  drafts: { 'rs-1': { ...emptyTraveller(), first_name: 'Mia', last_name: 'Muster', email: 'mia@example.com' } },
  ...overrides,
});
const snapshot = (value: CartSnapshot['value'], overrides: Partial<CartContext> = {}, tags: CartTag[] = []): CartSnapshot => ({
  value,
  context: context(overrides),
  hasTag: (tag) => tags.includes(tag),
});

describe('cart selectors', () => {
  it('names the phase and the state inside ready', () => {
    expect(selectPhase(snapshot('creating'))).toBe('loading');
    expect(selectPhase(snapshot('roomGone'))).toBe('roomGone');
    expect(selectPhase(snapshot('signInRequired'))).toBe('signInRequired');
    expect(selectPhase(snapshot({ ready: { switchingToMember: 'recreating' } }))).toBe('ready');
    expect(selectPhase(snapshot({ ready: { submitting: 'paying' } }))).toBe('ready');
    expect(selectReadyState(snapshot({ ready: { submitting: 'paying' } }))).toBe('submitting');
    expect(selectReadyState(snapshot({ ready: 'declined' }))).toBe('declined');
    expect(selectReadyState(snapshot('expired'))).toBeNull();
  });

  it('gives the price summary line by line from the server cart, adding nothing up', () => {
    const cart = cartFixture(
      {
        payment_method: 'points',
        insurance: { product: 'cancellation', price: 15.5 },
        vouchers: [{ voucher_id: 'v-1', code: 'SAVE20', category: 'Voucher', amount: 20 }],
        // Deliberately not the sum of the lines: the server's figures are shown as they are.
        amount_to_pay_total: 999.99,
        amount_to_pay_now: 55.5,
        amount_at_hotel: 944.49,
      },
      [roomStay({ addons: [{ addon_code: 'BRK', name: 'Breakfast', pricing: 'per_person_per_night', quantity: 1, price: 40 }] })],
    );
    const summary = selectPriceSummary(snapshot({ ready: 'editing' }, { cart }));
    expect(summary).toMatchObject({
      currency: 'EUR',
      rooms: [{ roomStayId: 'rs-1', name: 'Double room', rateName: 'Flexible', priceWithTax: 200 }],
      addons: [{ roomStayId: 'rs-1', code: 'BRK', name: 'Breakfast', quantity: 1, price: 40 }],
      insurance: 15.5,
      vouchers: [{ voucherId: 'v-1', code: 'SAVE20', amount: 20 }],
      tax: 18,
      cityTax: 10,
      total: 999.99,
      payNow: 55.5,
      atHotel: 944.49,
      points: 20000,
      nights: 2,
    });
    expect(selectPriceSummary(snapshot('creating', { cart: null }))).toBeNull();
    expect(selectPriceSummary(snapshot({ ready: 'editing' }))?.points).toBeNull();
  });

  it('shows problems only once the guest tried to pay', () => {
    const invalid = { drafts: { 'rs-1': { ...emptyTraveller(), first_name: 'Mia', email: 'not-an-email' } } };
    expect(selectPayProblems(snapshot({ ready: 'editing' }, invalid))).toEqual([]);
    const tried = snapshot({ ready: 'editing' }, { ...invalid, showProblems: true, travellerErrors: { 'rs-1': { last_name: 'required', email: 'invalid' } } });
    expect(selectPayProblems(tried)).toEqual(['travellers', 'paymentMethod']);
    expect(selectTravellerErrors(tried, 'rs-1')).toEqual({ last_name: 'required', email: 'invalid' });
    expect(selectTravellerErrors(snapshot({ ready: 'editing' }, { travellerErrors: { 'rs-1': { last_name: 'required' } } }), 'rs-1')).toEqual({});
  });

  it("asks for a card, then for a saved card's CVV", () => {
    const card = cartFixture({ payment_method: 'card', credit_card_id: null });
    expect(selectPayProblems(snapshot({ ready: 'editing' }, { cart: card, showProblems: true }))).toEqual(['card']);
    const saved = cartFixture({ payment_method: 'card', credit_card_id: 'card-9' });
    expect(selectPayProblems(snapshot({ ready: 'editing' }, { cart: saved, card: { source: 'saved', cardId: 'card-9' }, showProblems: true }))).toEqual([
      'cvv',
    ]);
    expect(
      selectPayProblems(snapshot({ ready: 'editing' }, { cart: saved, card: { source: 'saved', cardId: 'card-9' }, cvvToken: 'cvv', showProblems: true })),
    ).toEqual([]);
  });

  it('needs the company address on business bookings', () => {
    const business = snapshot(
      { ready: 'editing' },
      { cart: cartFixture({ business: true, payment_method: 'paypal' }), showProblems: true, companyErrors: { name: 'required' } },
    );
    expect(selectPayProblems(business)).toEqual(['company']);
    expect(selectCompanyErrors(business)).toEqual({ name: 'required' });
  });

  it('offers the payment methods the flags, the rates and the visitor allow', () => {
    const flags = { paypal: true, idealAlongWithGuarantee: false, payWithPoints: true };
    const guarantee = cartFixture();
    const deposit = cartFixture({}, [roomStay({ reservation_info: { ...roomStay().reservation_info, guarantee_type: 'deposit' } })]);
    expect(paymentMethodsFor(guarantee, { flags, signedIn: false })).toEqual(['card', 'paypal', 'apple_pay']);
    expect(paymentMethodsFor(guarantee, { flags: { ...flags, idealAlongWithGuarantee: true }, signedIn: false })).toEqual([
      'card',
      'paypal',
      'apple_pay',
      'ideal',
    ]);
    expect(paymentMethodsFor(deposit, { flags: { ...flags, paypal: false }, signedIn: true })).toEqual(['card', 'apple_pay', 'ideal', 'points']);
    expect(paymentMethodsFor(cartFixture({ points_to_pay_total: 0 }), { flags, signedIn: true })).not.toContain('points');
    expect(paymentMethodsFor(guarantee, { flags: { ...flags, payWithPoints: false }, signedIn: true })).not.toContain('points');
    expect(selectPaymentMethods(snapshot('creating', { cart: null }), { flags, signedIn: true })).toEqual([]);
  });

  it('links back to the same search, with or without the rates', () => {
    const withRates = selectSearchQuery(snapshot({ ready: 'editing' }), { withRates: true });
    expect(withRates).toMatchObject({
      location: 'JAZB',
      startDate: '2027-04-01',
      endDate: '2027-04-03',
      'room-1-adults': '2',
      'room-1-rate-code': 'FLEX',
      'room-1-room-type-code': 'DBL',
    });
    expect(selectSearchQuery(snapshot({ ready: 'editing' }), { withRates: false })).not.toHaveProperty('room-1-rate-code');
    // Before there is a cart, the search in the URL.
    expect(selectSearchQuery(snapshot('roomGone', { cart: null }), { withRates: false })).toEqual({
      location: 'JAZB',
      startDate: '2027-04-01',
      endDate: '2027-04-03',
      'room-1-adults': '2',
    });
    expect(selectSearchQuery(snapshot('noSearch', { cart: null, request: null }), { withRates: false })).toBeNull();
  });

  it('gives the rooms page link the same search, numbers as the router reads them back', () => {
    expect(selectRoomsPageSearch(snapshot({ ready: 'editing' }), { withRates: true })).toMatchObject({
      location: 'JAZB',
      startDate: '2027-04-01',
      'room-1-adults': 2,
      'room-1-rate-code': 'FLEX',
    });
    expect(selectRoomsPageSearch(snapshot('noSearch', { cart: null, request: null }), { withRates: true })).toBeNull();
  });
});

describe('the payment method shown', () => {
  it("is the guest's choice while the server is asked, else the cart's", () => {
    const paypal = { kind: 'paymentMethod' as const, method: 'paypal' as const };
    const card = cartFixture({ payment_method: 'card' });
    expect(selectShownPaymentMethod(snapshot({ ready: 'updating' }, { cart: card, change: paypal }))).toBe('paypal');
    // Another change on its way, or the change dropped after a refusal: the cart's method.
    expect(selectShownPaymentMethod(snapshot({ ready: 'updating' }, { cart: card, change: { kind: 'promo', code: 'X' } }))).toBe('card');
    expect(selectShownPaymentMethod(snapshot({ ready: 'editing' }, { cart: card, change: null }))).toBe('card');
  });
});

describe('moving a booking to a member who signed in', () => {
  const guest = cartFixture({ payment_method: 'paypal', insurance: { product: 'cancellation', price: 12 } }, [
    roomStay({ addons: [{ addon_code: 'WINE', name: 'Wine', pricing: 'per_stay', quantity: 2, price: 30 }], receive_points_for_green_option: true }),
    roomStay({ room_stay_id: 'rs-2' }),
  ]);
  const member = cartFixture({ cart_id: 'cart-2' }, [roomStay({ room_stay_id: 'rs-8' }), roomStay({ room_stay_id: 'rs-9' })]);

  it('makes the same search again from the cart', () => {
    expect(requestOfCart(guest, 'de')).toEqual({
      hotel_code: 'JAZB',
      check_in_date: '2027-04-01',
      check_out_date: '2027-04-03',
      room_stays: [
        { room_type_code: 'DBL', rate_code: 'FLEX', adults_count: 2, child_ages: [] },
        { room_type_code: 'DBL', rate_code: 'FLEX', adults_count: 2, child_ages: [] },
      ],
      currency: 'EUR',
      locale: 'de',
    });
    expect(requestOfCart(cartFixture({ promo_code: 'SPRING', business: true, payment_method: 'points' }), 'en')).toMatchObject({
      promo_code: 'SPRING',
      business: true,
      pay_with_points: true,
    });
  });

  it('carries add-ons with quantities, the green option, the insurance and the method over, room by room', () => {
    expect(carryOverChanges(guest, member)).toEqual([
      { kind: 'addons', stayId: 'stay-1', roomStayId: 'rs-8', addons: [{ addon_code: 'WINE', quantity: 2 }] },
      { kind: 'greenOption', stayId: 'stay-1', roomStayId: 'rs-8', on: true },
      { kind: 'insurance', product: 'cancellation', add: true },
      { kind: 'paymentMethod', method: 'paypal' },
    ]);
    expect(carryOverChanges(cartFixture(), member)).toEqual([]);
  });

  it('moves the drafts by room and fills only the empty fields from the profile', () => {
    const anna = { ...emptyTraveller(), first_name: 'Anna', phone: '+49 30 1234567' };
    expect(moveDrafts({ 'rs-1': anna, 'rs-2': emptyTraveller(), 'rs-x': anna }, guest, member)).toEqual({ 'rs-8': anna, 'rs-9': emptyTraveller() });
    expect(fillFromMember({ ...anna, last_name: '  ' }, MEMBER)).toEqual({
      ...anna,
      salutation: 'ms',
      last_name: 'Muster',
      email: 'mia@example.com',
      country_code: 'DE',
    });
  });
});

describe('cart rules', () => {
  it('classifies failures by commerce code, then by status', () => {
    expect(classifyFailure(new CommerceError(410, 'cart_expired'))).toBe('expired');
    expect(classifyFailure(new HttpError(410))).toBe('expired');
    expect(classifyFailure(new CommerceError(409, 'room_unavailable'))).toBe('roomGone');
    expect(classifyFailure(new CommerceError(409, 'cart_not_open'))).toBe('notOpen');
    expect(classifyFailure(new CommerceError(422, 'voucher_invalid'))).toBe('voucherInvalid');
    expect(classifyFailure(new CommerceError(422, 'traveller_missing'))).toBe('invalid');
    expect(classifyFailure(new HttpError(404))).toBe('notFound');
    expect(classifyFailure(new HttpError(401))).toBe('signInRequired');
    expect(classifyFailure(new HttpError(503))).toBe('network');
    expect(classifyFailure(new TypeError('Failed to fetch'))).toBe('network');
  });

  it('makes the cart request from the search URL, only when every room has a rate', () => {
    const now = new Date('2027-03-10T09:00:00Z');
    const query = {
      location: 'JAZB',
      startDate: '2027-04-01',
      endDate: '2027-04-03',
      'room-1-adults': '2',
      'room-1-rate-code': 'FLEX',
      'room-1-room-type-code': 'DBL',
      promo: 'SPRING',
      business: '1',
    };
    expect(cartRequestOf(fromQuery(query, { now }), 'de')).toEqual({ ...REQUEST, promo_code: 'SPRING', business: true, locale: 'de' });
    expect(cartRequestOf(fromQuery({ ...query, 'room-1-rate-code': undefined }, { now }), 'en')).toBeNull();
    expect(cartRequestOf(fromQuery({ ...query, location: '' }, { now }), 'en')).toBeNull();
  });

  it('takes up a known cart only for the same hotel, dates, rooms and promo code', () => {
    expect(cartMatchesRequest(cartFixture(), REQUEST)).toBe(true);
    expect(cartMatchesRequest(cartFixture(), { ...REQUEST, check_out_date: '2027-04-04' })).toBe(false);
    expect(cartMatchesRequest(cartFixture(), { ...REQUEST, promo_code: 'SPRING' })).toBe(false);
    expect(cartMatchesRequest(cartFixture({}, [roomStay({ child_ages: [5] })]), REQUEST)).toBe(false);
    expect(cartMatchesRequest(cartFixture({}, [roomStay(), roomStay({ room_stay_id: 'rs-2' })]), REQUEST)).toBe(false);
  });

  it("checks a traveller with the contract's rules and says which fields are wrong", () => {
    expect(reviewTraveller({ ...emptyTraveller(), ...MEMBER, country_code: 'de' }).traveller).toMatchObject({
      first_name: 'Mia',
      country_code: 'DE',
      phone: null,
    });
    expect(reviewTraveller({ ...emptyTraveller(), first_name: 'Mia', email: 'mia@', phone: 'call me' }).errors).toEqual({
      last_name: 'required',
      email: 'invalid',
      phone: 'invalid',
    });
    expect(reviewCompany({ ...emptyCompany(), name: 'Acme', country_code: 'Germany' }).errors).toEqual({
      address_line: 'required',
      postal_code: 'required',
      city: 'required',
      country_code: 'invalid',
    });
  });

  it("writes the cart's search the way the search URL does", () => {
    expect(searchQueryOfCart(cartFixture({ business: true, promo_code: 'SPRING' }), { withRates: true })).toMatchObject({
      business: '1',
      promo: 'SPRING',
      'room-1-rate-code': 'FLEX',
    });
  });
});

describe('cardOfCart', () => {
  const shown = { brand: 'visa', last4: '4242', expiry_month: 12, expiry_year: 2030 };
  it('gives a page that starts again the card the server keeps: what may be shown, or a saved card that asks for its code', () => {
    expect(cardOfCart(cartFixture({ payment_method: 'card', credit_card_id: 'ref-1', card: { ...shown, cvv_required: false } }))).toEqual({
      source: 'new',
      brand: 'visa',
      last4: '4242',
      expiryMonth: 12,
      expiryYear: 2030,
    });
    expect(cardOfCart(cartFixture({ payment_method: 'card', credit_card_id: 'card-9', card: { ...shown, cvv_required: true } }))).toEqual({
      source: 'saved',
      cardId: 'card-9',
    });
  });

  it('gives nothing without a card, for another method, or for a cart from before cards were shown', () => {
    expect(cardOfCart(cartFixture({ payment_method: 'card', credit_card_id: null, card: null }))).toBeNull();
    expect(cardOfCart(cartFixture({ payment_method: 'paypal', credit_card_id: 'ref-1', card: { ...shown, cvv_required: false } }))).toBeNull();
    expect(cardOfCart(cartFixture({ payment_method: 'card', credit_card_id: 'ref-1' }))).toBeNull();
  });
});
