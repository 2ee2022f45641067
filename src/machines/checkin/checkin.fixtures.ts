import type { Checkin, PersonalDetails } from '../../contract/checkin';

/** A registration a German hotel takes from a foreign guest (with the travel document). */
export const REGISTERED: PersonalDetails = {
  first_name: 'Mia',
  last_name: 'Muster',
  date_of_birth: '1990-04-12',
  nationality: 'GB',
  street: '1 High Street',
  postal_code: 'SW1A 1AA',
  city: 'London',
  country: 'GB',
  document_number: 'C01X00T47',
  arrival_time: '15:00',
  purpose: 'leisure',
  company_name: null,
};

/** A check-in of a two-night stay at a Berlin hotel, as the BFF answers it; `overrides` change what a test needs. */
export function checkinFixture(overrides: Partial<Checkin> = {}): Checkin {
  return {
    id: '0b6f4c1e-8d2a-4c1b-9a55-3f1d2e7c9a10',
    status: 'details_required',
    stay: {
      reservation_number: 'HB-12345',
      hotel_code: 'ZLBF',
      hotel_name: 'Zleep Berlin Friedrichshain',
      hotel_country: 'DE',
      arrival_date: '2026-11-27',
      departure_date: '2026-11-29',
      nights: 2,
      room_type_name: 'Double Room',
      guest: { first_name: 'Mia', last_name: 'Muster' },
      adults: 1,
      children: 0,
      check_in_from: '15:00',
    },
    requirements: { country: 'DE', fields: ['first_name', 'last_name', 'date_of_birth', 'nationality', 'street', 'postal_code', 'city', 'country'], foreign_guest_fields: ['document_number'] },
    details: null,
    payment_method: null,
    pre_authorisation: { amount: 300, currency: 'EUR', room: 180, city_tax: 20, incidentals: 100 },
    payment_pending: false,
    last_decline_reason: null,
    confirmation: null,
    ...overrides,
  };
}
