import { afterEach, describe, expect, it, vi } from 'vitest';
import { todayIn, todayInBerlin } from './dates';

describe('todayIn', () => {
  it('is the calendar date in the given zone', () => {
    const lateEveningUtc = new Date('2026-11-22T23:30:00Z');
    expect(todayIn('Europe/Berlin', lateEveningUtc)).toBe('2026-11-23');
    expect(todayIn('UTC', lateEveningUtc)).toBe('2026-11-22');
  });
});

describe('todayInBerlin', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is the business day in Berlin, whatever the clock’s own zone says', () => {
    // 23:30 UTC is already the next day in Berlin (UTC+1 in winter, UTC+2 in summer).
    expect(todayInBerlin(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
    expect(todayInBerlin(new Date('2027-07-01T21:59:59Z'))).toBe('2027-07-01');
    expect(todayInBerlin(new Date('2027-07-01T22:00:00Z'))).toBe('2027-07-02');
  });

  it('reads the present moment when given none', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-31T23:15:00Z'));
    expect(todayInBerlin()).toBe('2027-01-01');
  });
});
