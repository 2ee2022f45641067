import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl-cache';

describe('cached Intl formatters', () => {
  it('reuses a formatter for the same locale and options, and builds another for different ones', () => {
    const euro = numberFormat('de', { style: 'currency', currency: 'EUR' });
    expect(numberFormat('de', { style: 'currency', currency: 'EUR' })).toBe(euro);
    expect(numberFormat('de', { style: 'currency', currency: 'USD' })).not.toBe(euro);
    expect(numberFormat('en', { style: 'currency', currency: 'EUR' })).not.toBe(euro);
    expect(euro.format(1234.5)).toBe(new Intl.NumberFormat('de', { style: 'currency', currency: 'EUR' }).format(1234.5));
  });

  it('keys date formatters by their options too', () => {
    const long = dateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });
    expect(dateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' })).toBe(long);
    expect(dateTimeFormat('en', { dateStyle: 'short', timeZone: 'UTC' })).not.toBe(long);
  });
});
