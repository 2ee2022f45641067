import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  COUNTRY_REQUIREMENTS,
  DEFAULT_REQUIREMENTS,
  PersonalDetailsRequestSchema,
  registrationIssues,
  requiredRegistrationFields,
  StartCheckinRequestSchema,
} from './checkin';

describe('what a hotel country requires', () => {
  it('Germany: the registration form, a travel document for foreign guests, the company for business stays', () => {
    expect(requiredRegistrationFields('DE', { nationality: 'DE', purpose: 'leisure' })).toEqual([
      'first_name',
      'last_name',
      'date_of_birth',
      'nationality',
      'street',
      'postal_code',
      'city',
      'country',
      'arrival_time',
      'purpose',
    ]);
    expect(requiredRegistrationFields('de', { nationality: 'FR', purpose: 'business' })).toContain('document_number');
    expect(requiredRegistrationFields('DE', { nationality: 'FR', purpose: 'business' })).toContain('company_name');
    // Not chosen yet: the form shows the document field until the nationality says otherwise.
    expect(requiredRegistrationFields('DE', {})).toContain('document_number');
  });

  it('Spain asks every guest for a document; countries without a rule ask for name and nationality', () => {
    expect(requiredRegistrationFields('ES', { nationality: 'ES' })).toContain('document_number');
    expect(COUNTRY_REQUIREMENTS.NL).toBeUndefined();
    expect(requiredRegistrationFields('NL', { nationality: 'NL', purpose: 'leisure' })).toEqual([...DEFAULT_REQUIREMENTS.fields, 'arrival_time', 'purpose']);
  });
});

describe('registration issues', () => {
  const parse = (input: unknown) => v.parse(PersonalDetailsRequestSchema, input);
  const base = { first_name: 'A', last_name: 'B', nationality: 'NL', arrival_time: '09:05', purpose: 'leisure' };

  it('reports missing fields, a birth date in the future and a guest under 18', () => {
    expect(registrationIssues('NL', parse(base), '2026-03-02')).toEqual([]);
    expect(registrationIssues('NL', parse({ ...base, first_name: '  ' }), '2026-03-02')).toEqual([{ path: 'first_name', message: 'Required' }]);
    expect(registrationIssues('NL', parse({ ...base, date_of_birth: '2026-03-03' }), '2026-03-02')[0]?.path).toBe('date_of_birth');
    expect(registrationIssues('NL', parse({ ...base, date_of_birth: '2008-03-03' }), '2026-03-02')).toHaveLength(1);
    expect(registrationIssues('NL', parse({ ...base, date_of_birth: '2008-03-02' }), '2026-03-02')).toEqual([]);
  });

  it('normalises document numbers and refuses bad times', () => {
    expect(parse({ ...base, document_number: ' c01x 00t-47 ' }).document_number).toBe('C01X00T47');
    expect(v.safeParse(PersonalDetailsRequestSchema, { ...base, arrival_time: '24:00' }).success).toBe(false);
  });
});

describe('starting', () => {
  it('takes a link token, a number with a last name, or a number alone', () => {
    expect(v.parse(StartCheckinRequestSchema, { reservation_number: ' sbtg 12 ', last_name: 'Guest' })).toEqual({ reservation_number: 'SBTG12', last_name: 'Guest' });
    expect(v.parse(StartCheckinRequestSchema, { reservation_number: 'SBTG-1' })).toEqual({ reservation_number: 'SBTG-1' });
    expect(v.safeParse(StartCheckinRequestSchema, {}).success).toBe(false);
  });
});
