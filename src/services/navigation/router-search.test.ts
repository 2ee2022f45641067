import { describe, expect, it } from 'vitest';
import { plainNumber, routerSearch } from './router-search';

describe('routerSearch', () => {
  it('gives numbers and flags as the values the router reads them as, so it writes them plainly', () => {
    expect(routerSearch({ rooms: '2', business: '1', minPrice: '49.5', payWithPoints: 'true', location: 'Berlin', startDate: '2027-04-01' })).toEqual({
      rooms: 2,
      business: 1,
      minPrice: 49.5,
      payWithPoints: true,
      location: 'Berlin',
      startDate: '2027-04-01',
    });
  });

  it('keeps as text what a number would change: leading zeros, exponents, blanks, huge numbers', () => {
    expect(routerSearch({ promo: '007', code: '1e3', blank: ' ', big: '123456789012345678901234' })).toEqual({
      promo: '007',
      code: '1e3',
      blank: ' ',
      big: '123456789012345678901234',
    });
  });
});

describe('plainNumber', () => {
  it('turns a reservation number into the number the router reads, and leaves other text', () => {
    expect(plainNumber('100200301')).toBe(100200301);
    expect(plainNumber('AB-12')).toBe('AB-12');
    expect(plainNumber('00120')).toBe('00120');
  });
});
