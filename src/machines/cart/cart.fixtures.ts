import type { Cart, CreateCartRequest, RoomStay } from '../../contract/ecommerce';
import type { MemberPrefill } from './cart.types';

/** Hand-made carts for the cart machine's tests, shaped as the contract says the server answers. */

export const REQUEST: CreateCartRequest = {
  hotel_code: 'JAZB',
  check_in_date: '2027-04-01',
  check_out_date: '2027-04-03',
  room_stays: [{ room_type_code: 'DBL', rate_code: 'FLEX', adults_count: 2, child_ages: [] }],
  locale: 'en',
};

export const MEMBER: MemberPrefill = { salutation: 'ms', first_name: 'Mia', last_name: 'Muster', email: 'mia@example.com', country_code: 'DE' };

export function roomStay(overrides: Partial<RoomStay> = {}): RoomStay {
  return {
    room_stay_id: 'rs-1',
    room_type_code: 'DBL',
    room_type_name: 'Double room',
    rate_code: 'FLEX',
    adults_count: 2,
    child_ages: [],
    price: 180,
    price_with_tax: 200,
    city_tax: 10,
    points_price: 20000,
    reservation_number: null,
    addons: [],
    unclaimed_benefits: [],
    receive_points_for_green_option: false,
    traveller: null,
    reservation_info: {
      rate_name: 'Flexible',
      guarantee_policy_code: 'G1',
      guarantee_type: 'guarantee',
      cancellation_policy_code: 'C1',
      free_cancellation_until: '2027-03-31T16:00:00Z',
      breakfast_included: false,
      is_member_rate: false,
    },
    ...overrides,
  };
}

export function cartFixture(overrides: Partial<Cart> = {}, rooms: RoomStay[] = [roomStay()]): Cart {
  return {
    cart_id: 'cart-1',
    order_id: null,
    status: 'open',
    currency: 'EUR',
    price_tax: 18,
    promo_code: null,
    promo_status: null,
    business: false,
    customer: { email: null, sso_guid: null },
    payment_method: null,
    credit_card_id: null,
    payments: [],
    vouchers: [],
    insurance: null,
    amount_to_pay_total: 200,
    amount_to_pay_now: 0,
    amount_at_hotel: 200,
    city_tax_total: 10,
    points_to_pay_total: 20000,
    points_earned: 400,
    hold_expires_at: null,
    last_decline_reason: null,
    stays: [
      {
        stay_id: 'stay-1',
        hotel_code: 'JAZB',
        hotel_name: 'Jaz Berlin',
        check_in_date: '2027-04-01',
        check_out_date: '2027-04-03',
        night_count: 2,
        room_stays: rooms,
      },
    ],
    ...overrides,
  };
}
