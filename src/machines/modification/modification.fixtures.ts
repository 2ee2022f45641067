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

const STAY = { check_in_date: '2027-04-01', check_out_date: '2027-04-03', room_type_code: 'DBL', rate_code: 'FLEX', adults_count: 2, child_ages: [] as number[] };

/** A modification as started: the proposal is the stay as booked. */
export const STARTED: Modification = {
  modification_id: 'mod-1',
  order_id: '7a1c6a52-3f0e-4b8e-9d55-4a4f4d1c2b10',
  reservation_number: '100200301',
  room_stay_id: 'rs-1',
  status: 'open',
  currency: 'EUR',
  original: { ...STAY, price_with_tax: 240 },
  proposed: { ...STAY, price_with_tax: 240, traveller: null },
  available: true,
  price_difference: 0,
};

/** The server priced a longer stay that can be booked. */
export const PRICED: Modification = {
  ...STARTED,
  proposed: { ...STARTED.proposed, check_out_date: '2027-04-04', price_with_tax: 360 },
  price_difference: 120,
};

/** The server priced a stay that cannot be booked. */
export const UNAVAILABLE: Modification = {
  ...STARTED,
  proposed: { ...STARTED.proposed, check_in_date: '2027-05-01', check_out_date: '2027-05-03' },
  available: false,
};
