import type { Modification, Traveller } from '../../contract/ecommerce';

/** Hand-made server answers for the modification machine's tests. */

export const TODAY = '2027-03-10';

export const TRAVELLER: Traveller = {
  salutation: 'ms',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: '+49 30 1234567',
  country_code: 'DE',
  company: null,
  special_requests: 'Quiet room',
};

/** The rooms and rates free for the booked dates and guests: the booked one, a member rate and a larger room. */
export const OPTIONS: NonNullable<Modification['options']> = [
  {
    room_type_code: 'DBL',
    room_type_name: 'Double room',
    rates: [
      { rate_code: 'FLEX', rate_name: 'Flexible rate', is_member_rate: false, price_with_tax: 240 },
      { rate_code: 'MEMBER', rate_name: 'Flexible member rate', is_member_rate: true, price_with_tax: 220 },
    ],
  },
  { room_type_code: 'SUP', room_type_name: 'Superior room', rates: [{ rate_code: 'FLEX', rate_name: 'Flexible rate', is_member_rate: false, price_with_tax: 300 }] },
];

/**
 * A modification as started for a double room at the flexible rate for two adults, 240 for the stay: the
 * proposal is the stay as booked, and the options are OPTIONS.
 */
export function startedFor(
  dates: { check_in_date: string; check_out_date: string },
  ids: Pick<Modification, 'order_id' | 'reservation_number' | 'room_stay_id'>,
): Modification {
  const stay = { ...dates, room_type_code: 'DBL', rate_code: 'FLEX', adults_count: 2, child_ages: [] as number[] };
  return {
    modification_id: 'mod-1',
    ...ids,
    status: 'open',
    currency: 'EUR',
    original: { ...stay, price_with_tax: 240 },
    proposed: { ...stay, price_with_tax: 240, traveller: null },
    available: true,
    price_difference: 0,
    options: OPTIONS,
  };
}

export const STARTED = startedFor(
  { check_in_date: '2027-04-01', check_out_date: '2027-04-03' },
  { order_id: '7a1c6a52-3f0e-4b8e-9d55-4a4f4d1c2b10', reservation_number: '100200301', room_stay_id: 'rs-1' },
);

/** A started modification's answer for one more night (departing on `checkOutDate`), 360 for the stay. */
export const oneNightLonger = (started: Modification, checkOutDate: string): Modification => ({
  ...started,
  proposed: { ...started.proposed, check_out_date: checkOutDate, price_with_tax: 360 },
  price_difference: 360 - started.original.price_with_tax,
});

/** The server priced a longer stay that can be booked. */
export const PRICED = oneNightLonger(STARTED, '2027-04-04');

/** A started modification's answer for the booked dates in the larger room of OPTIONS (300 for the stay). */
export const inSuperiorRoom = (started: Modification): Modification => ({
  ...started,
  proposed: { ...started.proposed, room_type_code: 'SUP', price_with_tax: 300 },
  price_difference: 300 - started.original.price_with_tax,
});

/** The server priced the booked dates in the larger room. */
export const ROOM_PRICED = inSuperiorRoom(STARTED);

/** The server priced a stay that cannot be booked. */
export const UNAVAILABLE: Modification = {
  ...STARTED,
  proposed: { ...STARTED.proposed, check_in_date: '2027-05-01', check_out_date: '2027-05-03' },
  available: false,
};
