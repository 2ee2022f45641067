import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { BoundedArraySchema, CountryCodeSchema, IsoDateSchema, isStorableText, someField, TextSchema } from './primitives';

describe('TextSchema', () => {
  const Name = TextSchema({ max: 10, required: 'Required' });

  it('takes any text a person types, emoji and other scripts included, trimmed', () => {
    expect(v.parse(Name, '  Zoë  ')).toBe('Zoë');
    expect(v.parse(Name, 'محمد 😀')).toBe('محمد 😀');
  });

  it.each([
    ['a NUL', 'Ber\u0000lin'],
    ['a lone high surrogate', 'x\uD800'],
    ['a lone low surrogate', '\uDC00y'],
    ['a low surrogate before its high one', '\uDE00\uD83D'],
  ])('refuses %s', (_, value) => {
    expect(v.safeParse(Name, value).success).toBe(false);
    expect(isStorableText(value)).toBe(false);
  });

  it('refuses empty (when required) and too long text', () => {
    expect(v.safeParse(Name, '   ').issues?.[0]?.message).toBe('Required');
    expect(v.safeParse(Name, 'x'.repeat(11)).issues?.[0]?.message).toBe('At most 10 characters');
    expect(v.parse(TextSchema({ max: 5 }), '')).toBe('');
  });
});

describe('IsoDateSchema', () => {
  it.each(['2020-02-29', '1900-01-01', '2999-12-31', '2027-03-05'])('takes %s', (date) => {
    expect(v.is(IsoDateSchema, date)).toBe(true);
  });

  it.each(['0000-01-01', '0001-01-01', '1899-12-31', '3000-01-01', '9999-12-31', '2020-02-31', '2021-02-29', '2027-04-31', '2027-13-01', '2027-00-10', '2027-1-1', '2027-01-01T00:00'])(
    'refuses %s',
    (date) => {
      expect(v.is(IsoDateSchema, date)).toBe(false);
    },
  );
});

describe('CountryCodeSchema', () => {
  it('takes two letters, trimmed and upper-cased', () => {
    expect(v.parse(CountryCodeSchema, ' de ')).toBe('DE');
    expect(v.parse(CountryCodeSchema, 'AT')).toBe('AT');
  });

  it.each(['ßß', '😀', 'D', 'DEU', 'D1', 'ÄÖ', '\u0000\u0000'])('refuses %s', (code) => {
    expect(v.is(CountryCodeSchema, code)).toBe(false);
  });
});

describe('BoundedArraySchema', () => {
  const Ages = BoundedArraySchema(v.pipe(v.number(), v.integer()), 4, 'At most 4');

  it('checks the length before the items: one issue for a long list of wrong items', () => {
    const result = v.safeParse(Ages, Array.from({ length: 100_000 }, () => 'x'));
    expect(result.issues?.map((issue) => issue.message)).toEqual(['At most 4']);
  });

  it('checks the items of a list that is short enough', () => {
    expect(v.parse(Ages, [1, 2])).toEqual([1, 2]);
    expect(v.safeParse(Ages, [1, 'x']).success).toBe(false);
    expect(v.safeParse(Ages, 'x').success).toBe(false);
  });
});

describe('someField', () => {
  const Update = v.pipe(v.object({ a: v.optional(v.string()), b: v.optional(v.number()) }), someField());

  it('refuses an update without any field', () => {
    expect(v.safeParse(Update, {}).issues?.[0]?.message).toBe('Send at least one field to change');
    expect(v.parse(Update, { b: 1 })).toEqual({ b: 1 });
  });
});
