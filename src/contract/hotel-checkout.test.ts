import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from './errors';
import { BusinessAddressSchema, CreateHotelCheckoutRequestSchema, HOTEL_CHECKOUT_ERROR_CODES, HOTEL_CHECKOUT_PATHS, MoveTransactionRequestSchema, VatIdSchema } from './hotel-checkout';

/*
 * The hotel checkout's request schemas: the three ways to start it, the VAT number as people type it, and
 * the error codes every page reads from the one error body.
 */

describe('the hotel checkout contract', () => {
  it('starts from a link token, a reservation number with a last name, or the number alone (members)', () => {
    expect(v.parse(CreateHotelCheckoutRequestSchema, { token: 'abc.def' })).toEqual({ token: 'abc.def' });
    expect(v.parse(CreateHotelCheckoutRequestSchema, { reservation_number: ' sbtg-ab 12 ', last_name: ' Guest ' })).toEqual({ reservation_number: 'SBTG-AB12', last_name: 'Guest' });
    expect(v.parse(CreateHotelCheckoutRequestSchema, { reservation_number: 'SBTG-AB12', locale: 'ar' })).toEqual({ reservation_number: 'SBTG-AB12', locale: 'ar' });
    for (const bad of [{}, { token: '' }, { reservation_number: 'a/b' }, { reservation_number: 'SBTG-1', last_name: '  ' }, { token: 'x', locale: 'xx' }]) {
      expect(v.safeParse(CreateHotelCheckoutRequestSchema, bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('reads a VAT number with spaces, dots and dashes, and refuses one without a country', () => {
    expect(v.parse(VatIdSchema, 'de 123.456-789')).toBe('DE123456789');
    expect(v.parse(VatIdSchema, 'ATU12345678')).toBe('ATU12345678');
    for (const bad of ['123456789', 'D1', 'DE 12345678901234567']) expect(v.safeParse(VatIdSchema, bad).success, bad).toBe(false);
    const company = { company_name: 'Acme', address_line: 'Street 1', postal_code: '10115', city: 'Berlin', country_code: 'de' };
    expect(v.parse(BusinessAddressSchema, { ...company, vat_id: '' }).vat_id).toBeNull();
    expect(v.parse(BusinessAddressSchema, company)).toMatchObject({ country_code: 'DE' });
  });

  it('moves a charge at a whole, non-negative folio version to either folio', () => {
    expect(v.safeParse(MoveTransactionRequestSchema, { charge_id: 'c1', to: 'business', folio_version: 3 }).success).toBe(true);
    for (const bad of [{ charge_id: 'c1', to: 'company', folio_version: 3 }, { charge_id: 'c1', to: 'private', folio_version: 1.5 }, { charge_id: '', to: 'private', folio_version: 1 }]) {
      expect(v.safeParse(MoveTransactionRequestSchema, bad).success).toBe(false);
    }
  });

  it('has its error codes in the one error body, and paths under /ecommerce/hotel-checkout', () => {
    for (const code of HOTEL_CHECKOUT_ERROR_CODES) expect(v.safeParse(ErrorBodySchema, { error: { code, message: 'm' } }).success, code).toBe(true);
    expect(HOTEL_CHECKOUT_PATHS.sessionPay('s1')).toBe('/ecommerce/hotel-checkout/session/s1/pay');
    expect(HOTEL_CHECKOUT_PATHS.invoice('c1', 'business')).toBe('/ecommerce/hotel-checkout/c1/invoices/business');
  });
});
