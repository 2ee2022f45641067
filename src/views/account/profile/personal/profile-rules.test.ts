import { describe, expect, it } from 'vitest';
import { addressProblems, addressRequest, billingAddressProblems, billingAddressRequest, firstProblem, phoneProblem, refusedAddressFields, type AddressValues } from './profile-rules';

const BERLIN: AddressValues = { street: 'Friedrichstraße 1', postalCode: '10117', city: 'Berlin', country: 'DE', state: 'BE', companyName: '', vatId: '' };

describe('the checks of the profile’s address forms', () => {
  it('wants street, postal code, city and a country of the list, and a state exactly where the country has states', () => {
    expect(addressProblems(BERLIN, true)).toEqual({});
    expect(addressProblems({ ...BERLIN, street: ' ', city: '', country: '' }, false)).toEqual({ street: 'required', city: 'required', country: 'required' });
    expect(addressProblems({ ...BERLIN, state: '' }, true)).toEqual({ state: 'required' });
    expect(addressProblems({ ...BERLIN, country: 'NL', state: '' }, false)).toEqual({});
    expect(addressProblems({ ...BERLIN, country: 'XX' }, false)).toEqual({ country: 'format' });
    expect(addressProblems({ ...BERLIN, city: 'B'.repeat(81) }, true)).toEqual({ city: 'tooLong' });
  });

  it('checks a billing address’s VAT number against its country’s format, and takes none', () => {
    expect(billingAddressProblems({ ...BERLIN, vatId: 'DE12' }, true)).toEqual({ vatId: 'format' });
    expect(billingAddressProblems({ ...BERLIN, vatId: 'de 123.456.789' }, true)).toEqual({});
    expect(billingAddressProblems({ ...BERLIN, companyName: 'Acme GmbH' }, true)).toEqual({});
  });

  it('sends what the contract takes: no empty state, nulls for a billing address’s empty parts', () => {
    expect(addressRequest({ ...BERLIN, country: 'NL', state: '' })).toEqual({ street: 'Friedrichstraße 1', postalCode: '10117', city: 'Berlin', country: 'NL' });
    expect(billingAddressRequest(BERLIN)).toEqual({ companyName: null, vatId: null, street: 'Friedrichstraße 1', postalCode: '10117', city: 'Berlin', country: 'DE', state: 'BE' });
  });

  it('marks the fields the BFF refused, and names the first to correct in the form’s order', () => {
    expect(refusedAddressFields(['postalCode', 'code', 'state'])).toEqual({ postalCode: 'format', state: 'format' });
    expect(firstProblem({ state: 'required', street: 'required' })).toBe('street');
    expect(firstProblem({})).toBeUndefined();
  });

  it('takes a phone number with its country code, as people type it, and an empty one (which removes it)', () => {
    expect(phoneProblem('+49 30 1234567')).toBeNull();
    expect(phoneProblem('0049 (30) 123-4567')).toBeNull();
    expect(phoneProblem('')).toBeNull();
    expect(phoneProblem('030 1234')).toBe('format');
  });
});
