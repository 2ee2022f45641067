import { flagsOff } from '../../../../test/web/flags-off';
import { vi } from 'vitest';
import { addDays } from '../../../contract/calendar-dates';
import type { Order } from '../../../contract/ecommerce';
import { inSuperiorRoom, oneNightLonger, startedFor } from '../../../machines/modification/modification.fixtures';

/**
 * Hand-made BFF answers for the booking pages' tests, on dates a month ahead whatever day the tests run,
 * and the setup those tests share.
 */

export const ORDER_ID = '7a1c6a52-3f0e-4b8e-9d55-4a4f4d1c2b10';
export const FIRST = '100200301';
export const SECOND = '100200302';
export const ORDER_PATH = `/bff/ecommerce/order/${ORDER_ID}`;

// ---------- shared setup ----------

/** Flags the views see off (test/web/flags-off.ts), and the mock that applies them: kept here for the booking pages' tests. */
export { flagsOff, withFlagsOff } from '../../../../test/web/flags-off';

/** After each test: the default flags and the real fetch. */
export function resetBookingPageTests(): void {
  flagsOff.clear();
  vi.unstubAllGlobals();
}

type Calls = [RequestInfo | URL, RequestInit | undefined][];

/** The requests the fake BFF received for a path, with what was sent. */
export const callsTo = (fetchMock: { mock: { calls: unknown[] } }, path: string) =>
  (fetchMock.mock.calls as Calls).filter(([input]) => new URL(String(input), 'http://site.test').pathname === path);

// ---------- answers ----------

const today = new Date().toISOString().slice(0, 10);
export const CHECK_IN = addDays(today, 30);
export const CHECK_OUT = addDays(today, 32);

const traveller = { salutation: 'ms' as const, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: null, country_code: 'DE', company: null, special_requests: null };

function roomStay(number: string, overrides: Partial<Order['stays'][number]['room_stays'][number]> = {}): Order['stays'][number]['room_stays'][number] {
  return {
    room_stay_id: `rs-${number}`,
    room_type_code: 'DBL',
    room_type_name: 'Double room',
    rate_code: 'FLEX',
    adults_count: 2,
    child_ages: [],
    price: 218.18,
    price_with_tax: 240,
    city_tax: 12,
    points_price: 0,
    reservation_number: number,
    addons: [],
    unclaimed_benefits: [],
    receive_points_for_green_option: false,
    traveller,
    reservation_info: {
      rate_name: 'Flexible rate',
      guarantee_policy_code: 'GCC',
      guarantee_type: 'guarantee',
      cancellation_policy_code: 'CXL18',
      free_cancellation_until: `${addDays(CHECK_IN, -1)}T16:00:00Z`,
      breakfast_included: true,
      is_member_rate: false,
    },
    status: 'confirmed',
    cancellable: true,
    modifiable: true,
    ...overrides,
  };
}

/** The hotel's practical details as the BFF answers them. */
export const HOTEL: NonNullable<Order['hotel']> = {
  hotel_code: 'JAZB',
  name: 'Jaz in the City Berlin',
  street: 'Torstraße 12',
  postal_code: '10119',
  city: 'Berlin',
  country_code: 'DE',
  country: 'Germany',
  phone: '+49 30 1234 5670',
  latitude: 52.52937,
  longitude: 13.40113,
  check_in_from: '15:00',
  check_out_until: '12:00',
  time_zone: 'Europe/Berlin',
  map_url: 'https://www.openstreetmap.org/?mlat=52.52937&mlon=13.40113#map=17/52.52937/13.40113',
};

export function order(overrides: Partial<Order> = {}, rooms = [roomStay(FIRST), roomStay(SECOND, { reservation_info: { ...roomStay(SECOND).reservation_info, rate_name: 'Prepaid saver', guarantee_type: 'deposit', free_cancellation_until: null }, cancellable: false, modifiable: false })]): Order {
  return {
    order_id: ORDER_ID,
    cart_id: 'c1f0c7a4-8a0c-4b57-9b53-0a3c0ad8f0a1',
    created_at: `${today}T09:15:00Z`,
    currency: 'EUR',
    customer: { email: 'ada@example.com', sso_guid: null },
    payment_method: 'card',
    amount_paid: 240,
    points_paid: 0,
    amount_at_hotel: 240,
    amount_to_pay_total: 480,
    city_tax_total: 24,
    amount_refunded: 0,
    points_earned: 960,
    status: 'confirmed',
    insurance: null,
    voucher_discount: 0,
    hotel: HOTEL,
    stays: [
      {
        stay_id: 'stay-1',
        hotel_code: 'JAZB',
        hotel_name: 'Jaz in the City Berlin',
        check_in_date: CHECK_IN,
        check_out_date: CHECK_OUT,
        night_count: 2,
        room_stays: rooms,
      },
    ],
    ...overrides,
  };
}

export { roomStay };

export const STARTED = startedFor({ check_in_date: CHECK_IN, check_out_date: CHECK_OUT }, { order_id: ORDER_ID, reservation_number: FIRST, room_stay_id: `rs-${FIRST}` });

export const LONGER_CHECK_OUT = addDays(CHECK_OUT, 1);

export const PRICED = oneNightLonger(STARTED, LONGER_CHECK_OUT);

/** The booked dates in the larger room, priced. */
export const ROOM_PRICED = inSuperiorRoom(STARTED);
