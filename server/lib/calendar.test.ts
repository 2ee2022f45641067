import { describe, expect, it } from 'vitest';
import { addDays, businessDate } from './calendar';

describe('businessDate', () => {
  it('is the calendar date in Berlin, not in UTC', () => {
    expect(businessDate(new Date('2026-03-02T09:00:00Z'))).toBe('2026-03-02');
    // 23:30 UTC is already the next day in Berlin (UTC+1 in winter, UTC+2 in summer).
    expect(businessDate(new Date('2026-01-15T23:30:00Z'))).toBe('2026-01-16');
    expect(businessDate(new Date('2026-07-15T22:30:00Z'))).toBe('2026-07-16');
    expect(businessDate(new Date('2026-07-15T21:30:00Z'))).toBe('2026-07-15');
  });
});

describe('addDays', () => {
  it('counts calendar days across month, year and daylight-saving changes', () => {
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-02', -2)).toBe('2026-02-28');
    expect(addDays('2026-03-02', 399)).toBe('2027-04-05');
  });
});
