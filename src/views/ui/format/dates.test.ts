import { describe, expect, it } from 'vitest';
import { formatCalendarDate, isFutureDate } from './dates';

describe('formatCalendarDate', () => {
  it('writes dates for the locale', () => {
    expect(formatCalendarDate('2027-03-05', 'en')).toBe('5 March 2027');
    expect(formatCalendarDate('2027-03-05', 'de')).toBe('5. März 2027');
  });
  it('uses Latin digits and the Gregorian calendar in Arabic', () => {
    const text = formatCalendarDate('2027-03-05', 'ar');
    expect(text).toContain('2027');
    expect(text).toMatch(/\b5\b/);
    expect(text).not.toMatch(/[٠-٩]/);
  });
  it('leaves a malformed date as it is', () => {
    expect(formatCalendarDate('soon', 'en')).toBe('soon');
  });
});

describe('isFutureDate', () => {
  it('compares calendar dates', () => {
    expect(isFutureDate('2026-11-23', '2026-11-22')).toBe(true);
    expect(isFutureDate('2026-11-22', '2026-11-22')).toBe(false);
  });
});
