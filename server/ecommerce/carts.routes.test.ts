import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AvailableAddonsResponseSchema,
  CustomerRateFlagsResponseSchema,
  ECOMMERCE_PATHS,
  InsuranceQuoteResponseSchema,
  MerchantResponseSchema,
} from '../../src/contract/ecommerce';
import { ErrorBodySchema } from '../../src/contract/errors';
import { RatesResponseSchema, SEARCH_PATHS } from '../../src/contract/search';
import { useTestDatabase } from '../../test/bff/database';
import { TEST_CARDS } from '../../test/bff/fake-payments';
import { DEMO_MEMBERS } from '../db/seed/members';
import { DEMO_VOUCHERS } from '../db/seed/vouchers';
import { setNights } from '../search/test-inventory';
import { codeOf, type CommerceTestApp, createCommerceTestApp, day, END, START, STAY, stdRoom, TRAVELLER } from './testing';

/*
 * Carts through the app on one seeded database: creation and its checks, prices equal to search's, the
 * cart's changes (promo, currency, dates, traveller, add-ons in every pricing mode, green option),
 * vouchers, insurance, payment method and card, and the small public calls. Today is 2 March 2026.
 */

const database = useTestDatabase();
let t: CommerceTestApp;
let anna: string;
let omar: string;

const STD_AX = stdRoom();

beforeAll(async () => {
  t = createCommerceTestApp(database.db);
  for (const [typeCode, price] of Object.entries({ SGL: 8000, STD: 10_000, SUP: 12_000, STE: 20_000 })) {
    await setNights(database.db, { hotelCode: 'SBTG', typeCode, from: START, to: END, available: 3, price });
  }
  // June: in the SUMMER10 window.
  await setNights(database.db, { hotelCode: 'SBTG', from: day(100), to: day(103), available: 3, price: 10_000 });
  await setNights(database.db, { hotelCode: 'SBTG', from: day(40), to: day(42), available: 0 });
  anna = await t.tokenOf(DEMO_MEMBERS.withPassword);
  omar = await t.tokenOf(DEMO_MEMBERS.codeOnly);
});

const errorOf = (answer: { status: number; body: unknown }) => v.parse(ErrorBodySchema, answer.body).error;

describe('POST cart', () => {
  it('prices a room exactly as /search/rates does for the same stay, room type and rate', async () => {
    const cart = await t.createCart({ ...STAY, room_stays: [STD_AX] });
    const rates = await t.post(SEARCH_PATHS.rates, {
      hotelCode: 'SBTG',
      typeCode: 'STD',
      startDate: START,
      endDate: END,
      rooms: [{ adults: 2, childAges: [] }],
      currency: 'EUR',
      locale: 'en',
    });
    expect(rates.status).toBe(200);
    const rate = v.parse(RatesResponseSchema, rates.body).data.rooms[0]?.rates.find((candidate) => candidate.rateCode === 'AX');
    const room = cart.stays[0]?.room_stays[0];
    expect(room?.price_with_tax).toBe(rate?.total_with_tax);
    expect(room?.city_tax).toBe(rate?.city_tax);
    expect(room?.price_with_tax).toBe(200);
    expect(room?.reservation_info).toMatchObject({ guarantee_type: 'hold', cancellation_policy_code: 'CXL18', is_member_rate: false });
    expect(cart).toMatchObject({
      status: 'open',
      currency: 'EUR',
      amount_to_pay_total: 200,
      amount_to_pay_now: 0,
      amount_at_hotel: 200,
      order_id: null,
    });
    // Berlin: 5 EUR per adult and night.
    expect(cart.city_tax_total).toBe(20);
  });

  it('prices in the guest currency and with a deposit rate charged now', async () => {
    const usd = await t.createCart({ ...STAY, currency: 'USD', room_stays: [STD_AX] });
    expect(usd.amount_to_pay_total).toBe(217);
    const deposit = await t.createCart({ ...STAY, room_stays: [{ ...STD_AX, rate_code: 'S07' }] });
    expect(deposit.stays[0]?.room_stays[0]?.reservation_info.guarantee_type).toBe('deposit');
    expect(deposit.amount_to_pay_now).toBe(176);
    expect(deposit.amount_at_hotel).toBe(0);
  });

  it('answers 400 with issues for bad input, 404 for an unknown hotel', async () => {
    const missing = await t.post(ECOMMERCE_PATHS.carts, { locale: 'en', ...STAY });
    expect(missing.status).toBe(400);
    expect(errorOf(missing).issues?.some((issue) => issue.path === 'room_stays')).toBe(true);
    expect((await t.post(ECOMMERCE_PATHS.carts, '{not json', undefined)).status).toBe(400);
    const backwards = await t.post(ECOMMERCE_PATHS.carts, { locale: 'en', ...STAY, check_out_date: START, room_stays: [STD_AX] });
    expect(backwards.status).toBe(400);
    const unknownType = await t.post(ECOMMERCE_PATHS.carts, { locale: 'en', ...STAY, room_stays: [{ ...STD_AX, room_type_code: 'NOPE' }] });
    expect(errorOf(unknownType).issues?.[0]?.path).toBe('room_stays.0.room_type_code');
    const tooMany = await t.post(ECOMMERCE_PATHS.carts, { locale: 'en', ...STAY, room_stays: [{ ...STD_AX, room_type_code: 'SGL' }] });
    expect(tooMany.status).toBe(400);
    expect((await t.post(ECOMMERCE_PATHS.carts, { locale: 'en', ...STAY, hotel_code: 'NOPE1', room_stays: [STD_AX] })).status).toBe(404);
  });

  it('refuses a member rate to a guest (401) and books it for a member', async () => {
    const guest = await t.post(ECOMMERCE_PATHS.carts, { locale: 'en', ...STAY, room_stays: [{ ...STD_AX, rate_code: 'HRW1X' }] });
    expect(guest.status).toBe(401);
    const cart = await t.createCart({ ...STAY, room_stays: [{ ...STD_AX, rate_code: 'HRW1X' }] }, anna);
    expect(cart.stays[0]?.room_stays[0]?.price_with_tax).toBe(190);
    expect(cart.customer.sso_guid).not.toBeNull();
    expect(cart.points_to_pay_total).toBeGreaterThan(0);
    expect((await t.post(ECOMMERCE_PATHS.carts, { locale: 'en', ...STAY, room_stays: [STD_AX] }, 'not-a-token')).status).toBe(401);
  });

  it('answers 409 room_unavailable when the rooms are not free on every night', async () => {
    const soldOut = await t.post(ECOMMERCE_PATHS.carts, {
      locale: 'en',
      ...STAY,
      check_in_date: day(40),
      check_out_date: day(42),
      room_stays: [STD_AX],
    });
    expect(soldOut.status).toBe(409);
    expect(codeOf(soldOut)).toBe('room_unavailable');
    const fourRooms = await t.post(ECOMMERCE_PATHS.carts, { locale: 'en', ...STAY, room_stays: [STD_AX, STD_AX, STD_AX, STD_AX] });
    expect(codeOf(fourRooms)).toBe('room_unavailable');
    const past = await t.post(ECOMMERCE_PATHS.carts, {
      locale: 'en',
      ...STAY,
      check_in_date: day(-1),
      check_out_date: day(1),
      room_stays: [STD_AX],
    });
    expect(codeOf(past)).toBe('room_unavailable');
  });
});

describe('GET and PUT cart', () => {
  it('lets anyone with a guest cart id read it; a member cart only its member; bad ids 400', async () => {
    const guestCart = await t.createCart({ ...STAY, room_stays: [STD_AX] });
    expect(t.cartOf(await t.get(ECOMMERCE_PATHS.cart(guestCart.cart_id))).cart_id).toBe(guestCart.cart_id);
    const annaCart = await t.createCart({ ...STAY, room_stays: [STD_AX] }, anna);
    expect((await t.get(ECOMMERCE_PATHS.cart(annaCart.cart_id), anna)).status).toBe(200);
    expect((await t.get(ECOMMERCE_PATHS.cart(annaCart.cart_id), omar)).status).toBe(404);
    expect((await t.get(ECOMMERCE_PATHS.cart(annaCart.cart_id))).status).toBe(404);
    expect((await t.get(ECOMMERCE_PATHS.cart('3f1c2b7e-3d44-4b8a-9a51-1a2b3c4d5e99'))).status).toBe(404);
    expect((await t.get(ECOMMERCE_PATHS.cart('not-a-uuid'))).status).toBe(400);
  });

  it('applies a promo code, a currency and the business flag, each re-priced', async () => {
    const cart = await t.createCart({ hotel_code: 'SBTG', check_in_date: day(100), check_out_date: day(102), room_stays: [STD_AX] });
    expect(cart.amount_to_pay_total).toBe(200);
    const promo = t.cartOf(await t.put(ECOMMERCE_PATHS.cart(cart.cart_id), { promo_code: 'summer10' }));
    expect(promo).toMatchObject({ promo_code: 'SUMMER10', promo_status: 'applied', amount_to_pay_total: 180 });
    const unknown = t.cartOf(await t.put(ECOMMERCE_PATHS.cart(cart.cart_id), { promo_code: 'NOPE99' }));
    expect(unknown).toMatchObject({ promo_status: 'unknown', amount_to_pay_total: 200 });
    expect(t.cartOf(await t.put(ECOMMERCE_PATHS.cart(cart.cart_id), { currency: 'USD' })).currency).toBe('USD');
    expect((await t.put(ECOMMERCE_PATHS.cart(cart.cart_id), { currency: 'XXX' })).status).toBe(400);
    const nonRefundable = await t.createCart({ ...STAY, room_stays: [{ ...STD_AX, rate_code: 'S07' }] });
    const business = await t.put(ECOMMERCE_PATHS.cart(nonRefundable.cart_id), { business: true });
    expect(codeOf(business)).toBe('room_unavailable');
  });

  it('changes the dates of a stay: re-priced, and refused (cart unchanged) when the new nights are gone', async () => {
    const cart = await t.createCart({ ...STAY, room_stays: [STD_AX] });
    const stayId = cart.stays[0]?.stay_id ?? '';
    const moved = t.cartOf(await t.put(ECOMMERCE_PATHS.stay(cart.cart_id, stayId), { check_in_date: day(100), check_out_date: day(103) }));
    expect(moved.stays[0]).toMatchObject({ check_in_date: day(100), night_count: 3 });
    expect(moved.amount_to_pay_total).toBe(300);
    const gone = await t.put(ECOMMERCE_PATHS.stay(cart.cart_id, stayId), { check_in_date: day(40), check_out_date: day(42) });
    expect(codeOf(gone)).toBe('room_unavailable');
    expect(t.cartOf(await t.get(ECOMMERCE_PATHS.cart(cart.cart_id))).stays[0]?.check_in_date).toBe(day(100));
    expect(
      (
        await t.put(ECOMMERCE_PATHS.stay(cart.cart_id, '3f1c2b7e-3d44-4b8a-9a51-1a2b3c4d5e99'), {
          check_in_date: START,
          check_out_date: END,
        })
      ).status,
    ).toBe(404);
    expect((await t.put(ECOMMERCE_PATHS.stay(cart.cart_id, stayId), { check_in_date: 'tomorrow' })).status).toBe(400);
  });
});

describe('room stays, add-ons and benefits', () => {
  it('prices every add-on pricing mode for the room stay and offers the green option', async () => {
    const cart = await t.createCart({ ...STAY, room_stays: [{ ...STD_AX, child_ages: [5] }] });
    const stay = cart.stays[0];
    const room = stay?.room_stays[0];
    const answer = await t.get(ECOMMERCE_PATHS.availableAddons(cart.cart_id, stay?.stay_id ?? '', room?.room_stay_id ?? ''));
    expect(answer.status).toBe(200);
    const { addons, benefits } = v.parse(AvailableAddonsResponseSchema, answer.body).data;
    const priceOf = (code: string) => addons.find((addon) => addon.code === code)?.price;
    // Two adults and a child of 5, two nights.
    expect(priceOf('BREAKFAST')).toBe(2 * 2 * 24); // per adult per night
    expect(priceOf('KIDS_BREAKFAST')).toBe(1 * 2 * 12); // per child per night
    expect(priceOf('PARKING')).toBe(2 * 25); // per night
    expect(priceOf('LATE_CHECKOUT')).toBe(30); // per stay
    expect(priceOf('WELCOME_DRINK')).toBe(3 * 9); // per person
    expect(priceOf('HALF_BOARD')).toBe(3 * 2 * 39); // per person per night
    expect(new Set(addons.map((addon) => addon.pricing)).size).toBe(6);
    expect(benefits).toEqual([expect.objectContaining({ code: 'GREEN_OPTION', points: 500 })]);
  });

  it('sets the traveller, add-ons and the green option; add-ons are charged now', async () => {
    const cart = await t.createCart({ ...STAY, room_stays: [STD_AX] });
    const stayId = cart.stays[0]?.stay_id ?? '';
    const roomStayId = cart.stays[0]?.room_stays[0]?.room_stay_id ?? '';
    const path = ECOMMERCE_PATHS.roomStay(cart.cart_id, stayId, roomStayId);
    const updated = t.cartOf(
      await t.put(path, {
        traveller: TRAVELLER,
        addons: [{ addon_code: 'BREAKFAST' }, { addon_code: 'LATE_CHECKOUT', quantity: 2 }],
        receive_points_for_green_option: true,
      }),
    );
    const room = updated.stays[0]?.room_stays[0];
    expect(room?.traveller?.email).toBe(TRAVELLER.email);
    expect(room?.addons.map((addon) => [addon.addon_code, addon.quantity, addon.price])).toEqual([
      ['BREAKFAST', 1, 96],
      ['LATE_CHECKOUT', 2, 60],
    ]);
    expect(room?.unclaimed_benefits).toEqual([]);
    // A guest earns no points, not even the green option's (a member's: the points tests in orders.routes.test.ts).
    expect(updated).toMatchObject({ amount_to_pay_total: 356, amount_to_pay_now: 156, amount_at_hotel: 200, points_earned: 0 });
    expect(updated.customer.email).toBe(TRAVELLER.email);
    const unknown = await t.put(path, { addons: [{ addon_code: 'NOPE' }] });
    expect(errorOf(unknown).issues?.[0]?.path).toBe('addons.0.addon_code');
    expect((await t.put(path, { traveller: { ...TRAVELLER, email: 'not-an-email' } })).status).toBe(400);
    expect((await t.put(path, { addons: [{ addon_code: 'BREAKFAST', quantity: 99 }] })).status).toBe(400);
    expect((await t.put(ECOMMERCE_PATHS.roomStay(cart.cart_id, stayId, stayId), { traveller: TRAVELLER })).status).toBe(404);
  });
});

describe('vouchers', () => {
  it('applies a code, takes it off the price, and removes it; a cart that only lists it keeps it from no other cart', async () => {
    const cart = await t.createCart({ ...STAY, room_stays: [STD_AX] });
    const applied = t.cartOf(await t.post(ECOMMERCE_PATHS.vouchers(cart.cart_id), { code: 'welcome50' }));
    expect(applied.vouchers).toEqual([{ voucher_id: DEMO_VOUCHERS.welcome.id, code: 'WELCOME50', category: 'Voucher', amount: 50 }]);
    expect(applied).toMatchObject({ amount_to_pay_total: 150, amount_at_hotel: 150 });
    const other = await t.createCart({ ...STAY, room_stays: [STD_AX] });
    // Claimed only by paying (vouchers.routes.test.ts): another cart may apply it meanwhile.
    expect(t.cartOf(await t.post(ECOMMERCE_PATHS.vouchers(other.cart_id), { code: 'WELCOME50' })).vouchers).toHaveLength(1);
    t.cartOf(await t.del(ECOMMERCE_PATHS.voucher(other.cart_id, DEMO_VOUCHERS.welcome.id)));
    expect(codeOf(await t.post(ECOMMERCE_PATHS.vouchers(other.cart_id), { code: 'NOPE' }))).toBe('voucher_invalid');
    expect((await t.post(ECOMMERCE_PATHS.vouchers(other.cart_id), { code: '' })).status).toBe(400);
    const removed = t.cartOf(await t.del(ECOMMERCE_PATHS.voucher(cart.cart_id, DEMO_VOUCHERS.welcome.id)));
    expect(removed).toMatchObject({ vouchers: [], amount_to_pay_total: 200 });
    expect((await t.del(ECOMMERCE_PATHS.voucher(cart.cart_id, DEMO_VOUCHERS.welcome.id))).status).toBe(404);
    expect(t.cartOf(await t.post(ECOMMERCE_PATHS.vouchers(other.cart_id), { code: 'WELCOME50' })).vouchers).toHaveLength(1);
    await t.del(ECOMMERCE_PATHS.voucher(other.cart_id, DEMO_VOUCHERS.welcome.id));
  });

  it("applies a member's own voucher by id only for that member", async () => {
    const guestCart = await t.createCart({ ...STAY, room_stays: [STD_AX] });
    expect((await t.post(ECOMMERCE_PATHS.voucher(guestCart.cart_id, DEMO_VOUCHERS.anna.id), {})).status).toBe(401);
    expect(codeOf(await t.post(ECOMMERCE_PATHS.vouchers(guestCart.cart_id), { code: DEMO_VOUCHERS.anna.code }))).toBe('voucher_invalid');
    const omarCart = await t.createCart({ ...STAY, room_stays: [STD_AX] }, omar);
    expect(codeOf(await t.post(ECOMMERCE_PATHS.voucher(omarCart.cart_id, DEMO_VOUCHERS.anna.id), {}, omar))).toBe('voucher_invalid');
    const annaCart = await t.createCart({ ...STAY, room_stays: [STD_AX] }, anna);
    const applied = t.cartOf(await t.post(ECOMMERCE_PATHS.voucher(annaCart.cart_id, DEMO_VOUCHERS.anna.id), {}, anna));
    // 100 off a 200 booking paid at the hotel.
    expect(applied).toMatchObject({ amount_to_pay_total: 100, amount_at_hotel: 100 });
    t.cartOf(await t.del(ECOMMERCE_PATHS.voucher(annaCart.cart_id, DEMO_VOUCHERS.anna.id), anna));
  });
});

describe('insurance, payment method, card and flags', () => {
  it('quotes insurance at 5 % of the rooms, adds it (charged now) and removes it', async () => {
    const cart = await t.createCart({ ...STAY, room_stays: [STD_AX] });
    const quote = await t.post(ECOMMERCE_PATHS.insuranceCalculate(cart.cart_id, 'cancellation'), {});
    expect(v.parse(InsuranceQuoteResponseSchema, quote.body).data).toEqual({ product: 'cancellation', price: 10, currency: 'EUR' });
    const added = t.cartOf(await t.post(ECOMMERCE_PATHS.insurance(cart.cart_id, 'cancellation'), {}));
    expect(added).toMatchObject({ insurance: { product: 'cancellation', price: 10 }, amount_to_pay_total: 210, amount_to_pay_now: 10 });
    expect(t.cartOf(await t.del(ECOMMERCE_PATHS.insurance(cart.cart_id, 'cancellation'))).insurance).toBeNull();
    expect((await t.post(ECOMMERCE_PATHS.insurance(cart.cart_id, 'flood'), {})).status).toBe(400);
  });

  it('sets the payment method (points only for a member whose rooms have a points price) and the card', async () => {
    const cart = await t.createCart({ ...STAY, room_stays: [STD_AX] });
    expect(t.cartOf(await t.put(ECOMMERCE_PATHS.paymentMethod(cart.cart_id), { payment_method: 'paypal' })).payment_method).toBe('paypal');
    expect(codeOf(await t.put(ECOMMERCE_PATHS.paymentMethod(cart.cart_id), { payment_method: 'points' }))).toBe('points_not_allowed');
    expect((await t.put(ECOMMERCE_PATHS.paymentMethod(cart.cart_id), { payment_method: 'cash' })).status).toBe(400);
    const nonMemberRate = await t.createCart({ ...STAY, room_stays: [STD_AX] }, anna);
    expect(codeOf(await t.put(ECOMMERCE_PATHS.paymentMethod(nonMemberRate.cart_id), { payment_method: 'points' }, anna))).toBe(
      'points_not_allowed',
    );
    const memberRate = await t.createCart({ ...STAY, room_stays: [{ ...STD_AX, rate_code: 'HRW1X' }] }, anna);
    const points = t.cartOf(await t.put(ECOMMERCE_PATHS.paymentMethod(memberRate.cart_id), { payment_method: 'points' }, anna));
    expect(points).toMatchObject({ payment_method: 'points', amount_to_pay_total: 0 });

    const token = t.payments?.tokenFor(TEST_CARDS.success) ?? '';
    const withCard = t.cartOf(await t.put(ECOMMERCE_PATHS.creditCard(cart.cart_id), { credit_card_id: token }));
    // The cart names the card by a reference of ours and shows what may be shown of it, never the provider's token.
    expect(withCard.credit_card_id).toEqual(expect.any(String));
    expect(withCard.credit_card_id).not.toBe(token);
    expect(withCard.card).toEqual({ brand: 'visa', last4: '4242', expiry_month: 12, expiry_year: 2030, cvv_required: false });
    expect((await t.put(ECOMMERCE_PATHS.creditCard(cart.cart_id), { credit_card_id: 'tok_garbage' })).status).toBe(400);
    expect((await t.put(ECOMMERCE_PATHS.creditCard(cart.cart_id), {})).status).toBe(400);
  });

  it("saves a member's card when asked and answers the flags", async () => {
    expect(v.parse(CustomerRateFlagsResponseSchema, (await t.get(ECOMMERCE_PATHS.customerRateFlags)).body).data).toEqual({
      member_rates: false,
      pay_with_points: false,
      points_balance: 0,
      saved_cards: false,
    });
    const cart = await t.createCart({ ...STAY, room_stays: [STD_AX] }, omar);
    const saved = t.cartOf(
      await t.put(ECOMMERCE_PATHS.creditCard(cart.cart_id), { credit_card_id: t.payments?.tokenFor(TEST_CARDS.success), save: true }, omar),
    );
    const flags = v.parse(CustomerRateFlagsResponseSchema, (await t.get(ECOMMERCE_PATHS.customerRateFlags, omar)).body).data;
    expect(flags).toMatchObject({ member_rates: true, saved_cards: true });
    const cards = (await t.get(ECOMMERCE_PATHS.creditCards, omar)).body as { data: { id: string; last4: string }[] };
    expect(cards.data.map((card) => card.last4)).toEqual(['4242']);
    expect(saved.credit_card_id).toBe(cards.data[0]?.id);
  });

  it('accepts tracking calls whatever they carry, and tells the hosted form', async () => {
    for (const path of Object.values(ECOMMERCE_PATHS.tracking)) {
      expect((await t.post(path, { cart_id: 'anything' })).status).toBe(200);
      expect((await t.post(path, '{broken')).status).toBe(200);
    }
    const merchant = v.parse(MerchantResponseSchema, (await t.get(ECOMMERCE_PATHS.merchant)).body).data;
    expect(merchant.hosted_form_url).toMatch(/^https:/);
  });
});

describe('without a payment provider', () => {
  it('answers 503 payments_unavailable for the card and provider calls', async () => {
    const bare = createCommerceTestApp(database.db, { payments: null });
    const cart = await bare.createCart({ ...STAY, room_stays: [STD_AX] });
    const card = await bare.put(ECOMMERCE_PATHS.creditCard(cart.cart_id), { credit_card_id: 'tok_4242424242424242' });
    expect(card.status).toBe(503);
    expect(codeOf(card)).toBe('payments_unavailable');
    expect((await bare.get(ECOMMERCE_PATHS.merchant)).status).toBe(503);
    expect(
      (await bare.post(ECOMMERCE_PATHS.applePaySession, { validation_url: 'https://apple.test/v', domain: 'example.com' })).status,
    ).toBe(503);
    await bare.readyToPay(cart, { method: 'paypal' });
    const paid = await bare.pay(cart.cart_id, 'no-provider-key-1');
    expect(paid.status).toBe(503);
  });
});
