import type { FolioCharge, HotelCheckout, HotelCheckoutSession } from '../../contract/hotel-checkout';

/** Hand-made checkouts for the hotel-checkout machine's tests, shaped as the contract says the BFF answers. */

export const CHECKOUT_ID = '3f1e6a52-8d1b-4c3a-9e0f-1a2b3c4d5e6f';
export const SESSION_ID = '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';

export const ROOM: FolioCharge = { id: 'c-room', folio: 'private', kind: 'room', description: 'Room night', service_date: '2027-03-01', amount: 120 };
export const TAX: FolioCharge = { id: 'c-tax', folio: 'private', kind: 'city_tax', description: 'City tax', service_date: '2027-03-01', amount: 6 };
export const MINIBAR: FolioCharge = { id: 'c-minibar', folio: 'private', kind: 'minibar', description: 'Minibar', service_date: '2027-03-01', amount: 12.5 };
export const RESTAURANT: FolioCharge = { id: 'c-restaurant', folio: 'private', kind: 'restaurant', description: 'Restaurant', service_date: '2027-03-02', amount: 34 };

export function session(overrides: Partial<HotelCheckoutSession> = {}): HotelCheckoutSession {
  return { id: SESSION_ID, state: 'open', folio_version: 3, amounts: { private: 18.5, business: 0 }, total: 18.5, currency: 'EUR', payment_method: null, ...overrides };
}

/** An open checkout: the room paid with the booking, the city tax and the minibar open on the private folio. */
export function checkout(overrides: Partial<HotelCheckout> = {}, charges: FolioCharge[] = [ROOM, TAX, MINIBAR]): HotelCheckout {
  const sum = (folio: 'private' | 'business') => charges.filter((charge) => charge.folio === folio).reduce((total, charge) => total + charge.amount, 0);
  const paid = { private: ROOM.amount, business: 0 };
  return {
    id: CHECKOUT_ID,
    status: 'open',
    stay: {
      reservation_number: 'HR1234567',
      hotel_code: 'ZLBF',
      hotel_name: 'Zleep Berlin Friedrichshain',
      arrival_date: '2027-03-01',
      departure_date: '2027-03-02',
      room_number: '214',
      room_type_name: 'Double room',
      guest: { first_name: 'Mia', last_name: 'Muster' },
      adults: 1,
      children: 0,
      currency: 'EUR',
    },
    folio: {
      version: 3,
      charges,
      payments: [{ id: 'p-1', folio: 'private', amount: ROOM.amount, method: 'prepaid', paid_at: '2027-02-01T10:00:00Z' }],
      balances: { private: sum('private') - paid.private, business: sum('business') - paid.business },
      totals: { private: sum('private'), business: sum('business') },
    },
    addresses: { private: null, business: null },
    session: null,
    points: null,
    invoice_folios: ['private'],
    invoices: [],
    can_check_out: false,
    ...overrides,
  };
}

/** The minibar moved to the business folio (version 4). */
export const MOVED = (() => {
  const base = checkout({}, [ROOM, TAX, { ...MINIBAR, folio: 'business' }]);
  return { ...base, folio: { ...base.folio, version: 4 }, invoice_folios: ['private', 'business'] } satisfies HotelCheckout;
})();

/** A restaurant bill posted while the guest paid (version 5). */
export const CHANGED = (() => {
  const base = checkout({ session: session({ state: 'stale' }) }, [ROOM, TAX, MINIBAR, RESTAURANT]);
  return { ...base, folio: { ...base.folio, version: 5 } } satisfies HotelCheckout;
})();

/** Everything paid: the guest may check out. */
export const SETTLED = (() => {
  const base = checkout({ status: 'settled', can_check_out: true, session: session({ state: 'paid' }) });
  return { ...base, folio: { ...base.folio, balances: { private: 0, business: 0 } } } satisfies HotelCheckout;
})();

export const PAYING = checkout({ status: 'paying', session: session({ state: 'action_required', payment_method: 'card' }) });

export const DECLINED = checkout({ session: session({ state: 'declined', payment_method: 'card' }) });

export const CHECKED_OUT: HotelCheckout = {
  ...SETTLED,
  status: 'checked_out',
  can_check_out: false,
  points: { points: 250, credited: true },
  invoices: [{ folio: 'private', invoice_number: 'INV-2027-000123', issued_on: '2027-03-02', total: 138.5 }],
};
