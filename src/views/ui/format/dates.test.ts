import { describe, expect, it } from 'vitest';
import { formatBerlinDateTime, formatCalendarDate, formatCalendarDay, formatTimeOfDay, isFutureDate } from './dates';

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

describe('formatCalendarDay', () => {
  it('writes a day of a stay in short, without the year', () => {
    expect(formatCalendarDay('2027-03-05', 'en')).toBe('5 Mar');
    expect(formatCalendarDay('2027-03-05', 'de')).toBe('5. März');
    const arabic = formatCalendarDay('2027-03-05', 'ar');
    expect(arabic).toMatch(/\b5\b/);
    expect(arabic).not.toMatch(/2027|[٠-٩]/);
    expect(formatCalendarDay('soon', 'en')).toBe('soon');
  });
});

describe('formatBerlinDateTime', () => {
  it('writes a moment in Berlin time, with 24 hours in English as in Britain', () => {
    // 16:00 UTC in January is 17:00 in Berlin.
    expect(formatBerlinDateTime('2027-01-24T16:00:00Z', 'en')).toBe('24 Jan 2027, 17:00');
    expect(formatBerlinDateTime('2027-01-24T16:00:00Z', 'de')).toBe('24.01.2027, 17:00');
  });
  it('uses Latin digits and the Gregorian calendar in Arabic', () => {
    const text = formatBerlinDateTime('2027-01-24T16:00:00Z', 'ar');
    expect(text).toContain('2027');
    expect(text).toContain('5:00');
    expect(text).not.toMatch(/[٠-٩]/);
  });
  it('leaves a malformed moment as it is', () => {
    expect(formatBerlinDateTime('later', 'en')).toBe('later');
  });
});

describe('formatTimeOfDay', () => {
  it("writes a hotel's local time as the language's region does, with Latin digits", () => {
    expect(formatTimeOfDay('15:00', 'en')).toBe('15:00');
    expect(formatTimeOfDay('11:30', 'de')).toBe('11:30');
    expect(formatTimeOfDay('14:00', 'ar')).not.toMatch(/[٠-٩]/);
    expect(formatTimeOfDay('noon', 'en')).toBe('noon');
  });
});

describe('isFutureDate', () => {
  it('compares calendar dates', () => {
    expect(isFutureDate('2026-11-23', '2026-11-22')).toBe(true);
    expect(isFutureDate('2026-11-22', '2026-11-22')).toBe(false);
  });
});
