import { describe, expect, it } from 'vitest';
import {
  addDaysToDate,
  businessToday,
  canAddChild,
  canAddRoom,
  canRemoveRoom,
  clampAdults,
  defaultDateRange,
  isAfterEveningCutoff,
  isRoomLimitReached,
  newRoom,
  nightsBetween,
  normaliseApproxDateRange,
  normaliseChildAge,
  normaliseCodes,
  normaliseDateRange,
  normalisePriceRange,
} from './search-rules';

// Berlin is UTC+1 in winter (CET) and UTC+2 in summer (CEST). In 2027 summer time starts on 28 March
// (02:00 CET becomes 03:00 CEST) and ends on 31 October (03:00 CEST becomes 02:00 CET).
const at = (iso: string) => new Date(iso);

describe('today and the evening cutoff in Europe/Berlin', () => {
  it('is the Berlin calendar date, not the UTC one', () => {
    expect(businessToday(at('2027-01-15T23:30:00Z'))).toBe('2027-01-16');
    expect(businessToday(at('2027-06-30T22:30:00Z'))).toBe('2027-07-01');
    expect(businessToday(at('2027-06-30T21:59:59Z'))).toBe('2027-06-30');
  });

  it('starts at 18:00:00 Berlin time exactly', () => {
    expect(isAfterEveningCutoff(at('2027-01-15T16:59:59.999Z'))).toBe(false);
    expect(isAfterEveningCutoff(at('2027-01-15T17:00:00.000Z'))).toBe(true);
    expect(isAfterEveningCutoff(at('2027-07-15T15:59:59.999Z'))).toBe(false);
    expect(isAfterEveningCutoff(at('2027-07-15T16:00:00.000Z'))).toBe(true);
    expect(isAfterEveningCutoff(at('2027-07-15T21:59:59Z'))).toBe(true);
    expect(isAfterEveningCutoff(at('2027-07-15T22:00:00Z'))).toBe(false);
  });

  it.each([
    ['winter, 17:59:59 CET', '2027-01-15T16:59:59Z', { start: '2027-01-15', end: '2027-01-16' }],
    ['winter, 18:00:00 CET', '2027-01-15T17:00:00Z', { start: '2027-01-16', end: '2027-01-17' }],
    ['start of summer time, 17:59 CEST', '2027-03-28T15:59:00Z', { start: '2027-03-28', end: '2027-03-29' }],
    ['start of summer time, 18:00 CEST', '2027-03-28T16:00:00Z', { start: '2027-03-29', end: '2027-03-30' }],
    ['start of summer time, 17:00 UTC is 19:00 CEST, not 18:00 CET', '2027-03-28T16:59:00Z', { start: '2027-03-29', end: '2027-03-30' }],
    ['the night summer time starts, 01:30 CET', '2027-03-28T00:30:00Z', { start: '2027-03-28', end: '2027-03-29' }],
    ['end of summer time, 17:59 CET', '2027-10-31T16:59:00Z', { start: '2027-10-31', end: '2027-11-01' }],
    ['end of summer time, 18:00 CET', '2027-10-31T17:00:00Z', { start: '2027-11-01', end: '2027-11-02' }],
    ['end of summer time, 16:00 UTC is 17:00 CET, not 18:00 CEST', '2027-10-31T16:00:00Z', { start: '2027-10-31', end: '2027-11-01' }],
    ['the day before summer time ends, 18:00 CEST', '2027-10-30T16:00:00Z', { start: '2027-10-31', end: '2027-11-01' }],
    ['New Year’s Eve after the cutoff', '2027-12-31T17:30:00Z', { start: '2028-01-01', end: '2028-01-02' }],
  ])('default range: %s', (_, now, expected) => {
    expect(defaultDateRange(at(now))).toEqual(expected);
  });
});

describe('calendar arithmetic across daylight-saving changes', () => {
  it('counts each night as one, including the nights the clocks change', () => {
    expect(nightsBetween('2027-03-27', '2027-03-28')).toBe(1);
    expect(nightsBetween('2027-03-28', '2027-03-29')).toBe(1);
    expect(nightsBetween('2027-10-30', '2027-10-31')).toBe(1);
    expect(nightsBetween('2027-10-31', '2027-11-01')).toBe(1);
    expect(nightsBetween('2027-03-25', '2027-04-01')).toBe(7);
    expect(nightsBetween('2027-10-25', '2027-11-08')).toBe(14);
    expect(nightsBetween('2027-01-05', '2027-01-01')).toBe(-4);
  });

  it('adds days without slipping a date', () => {
    expect(addDaysToDate('2027-03-27', 1)).toBe('2027-03-28');
    expect(addDaysToDate('2027-03-28', 1)).toBe('2027-03-29');
    expect(addDaysToDate('2027-10-31', 1)).toBe('2027-11-01');
    expect(addDaysToDate('2027-10-25', 7)).toBe('2027-11-01');
    expect(addDaysToDate('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDaysToDate('2027-01-01', -1)).toBe('2026-12-31');
  });
});

describe('normaliseDateRange', () => {
  const morning = at('2027-01-15T09:00:00Z'); // 10:00 in Berlin, today 2027-01-15
  const evening = at('2027-01-15T18:30:00Z'); // 19:30 in Berlin
  const today = { start: '2027-01-15', end: '2027-01-16' };

  it('keeps a valid range', () => {
    expect(normaliseDateRange({ start: '2027-02-01', end: '2027-02-05' }, morning)).toEqual({ start: '2027-02-01', end: '2027-02-05' });
  });

  it('keeps an arrival today that the guest chose, also after the evening cutoff', () => {
    expect(normaliseDateRange(today, evening)).toEqual(today);
  });

  it('resets a past or malformed arrival to the default range', () => {
    expect(normaliseDateRange({ start: '2027-01-14', end: '2027-01-20' }, morning)).toEqual(today);
    expect(normaliseDateRange({ start: '2027-01-14', end: '2027-01-20' }, evening)).toEqual({ start: '2027-01-16', end: '2027-01-17' });
    expect(normaliseDateRange({ start: 'soon', end: '2027-01-20' }, morning)).toEqual(today);
    expect(normaliseDateRange({ start: '2027-02-30', end: '2027-03-02' }, morning)).toEqual(today);
    expect(normaliseDateRange({ start: 20270201, end: '2027-02-02' }, morning)).toEqual(today);
    expect(normaliseDateRange({}, morning)).toEqual(today);
  });

  it('makes a departure that is missing, malformed or not after the arrival the next day', () => {
    expect(normaliseDateRange({ start: '2027-02-01' }, morning)).toEqual({ start: '2027-02-01', end: '2027-02-02' });
    expect(normaliseDateRange({ start: '2027-02-01', end: 'later' }, morning)).toEqual({ start: '2027-02-01', end: '2027-02-02' });
    expect(normaliseDateRange({ start: '2027-02-01', end: '2027-02-01' }, morning)).toEqual({ start: '2027-02-01', end: '2027-02-02' });
    expect(normaliseDateRange({ start: '2027-02-01', end: '2027-01-20' }, morning)).toEqual({ start: '2027-02-01', end: '2027-02-02' });
  });

  it('resets an arrival beyond the 365-day window to the default range, and keeps the last day of it', () => {
    expect(normaliseDateRange({ start: '2028-01-15', end: '2028-01-16' }, morning)).toEqual({ start: '2028-01-15', end: '2028-01-16' });
    expect(normaliseDateRange({ start: '2028-01-16', end: '2028-01-17' }, morning)).toEqual(today);
    expect(normaliseDateRange({ start: '2027-01-26', end: '2027-01-27' }, morning, { arrivalWindowDays: 10 })).toEqual(today);
    expect(normaliseDateRange({ start: '2027-01-25', end: '2027-01-27' }, morning, { arrivalWindowDays: 10 })).toEqual({ start: '2027-01-25', end: '2027-01-27' });
  });

  it('shortens a stay longer than the maximum', () => {
    expect(normaliseDateRange({ start: '2027-02-01', end: '2027-03-03' }, morning)).toEqual({ start: '2027-02-01', end: '2027-03-03' });
    expect(normaliseDateRange({ start: '2027-02-01', end: '2027-03-15' }, morning)).toEqual({ start: '2027-02-01', end: '2027-03-03' });
    expect(normaliseDateRange({ start: '2027-02-01', end: '2027-02-20' }, morning, { maxNights: 7 })).toEqual({ start: '2027-02-01', end: '2027-02-08' });
  });

  it('counts the maximum stay in nights across a daylight-saving change', () => {
    expect(normaliseDateRange({ start: '2027-03-20', end: '2027-04-19' }, morning)).toEqual({ start: '2027-03-20', end: '2027-04-19' });
    expect(normaliseDateRange({ start: '2027-10-20', end: '2027-11-30' }, morning)).toEqual({ start: '2027-10-20', end: '2027-11-19' });
  });

  it('honours a minimum lead time', () => {
    expect(normaliseDateRange(today, morning, { minLeadDays: 2 })).toEqual({ start: '2027-01-17', end: '2027-01-18' });
    expect(normaliseDateRange({ start: '2027-01-17', end: '2027-01-19' }, morning, { minLeadDays: 2 })).toEqual({ start: '2027-01-17', end: '2027-01-19' });
  });

  describe('a hotel with a future opening date', () => {
    const rules = { openingDate: '2027-05-01' };

    it('starts a stay without dates on the opening date, for one night', () => {
      expect(normaliseDateRange({}, morning, rules)).toEqual({ start: '2027-05-01', end: '2027-05-02' });
    });

    it('forces an arrival before the opening to the opening date and the next day', () => {
      expect(normaliseDateRange({ start: '2027-02-01', end: '2027-02-05' }, morning, rules)).toEqual({ start: '2027-05-01', end: '2027-05-02' });
      expect(normaliseDateRange({ start: '2027-04-28', end: '2027-05-05' }, morning, rules)).toEqual({ start: '2027-05-01', end: '2027-05-02' });
      expect(normaliseDateRange({ start: '2026-12-01', end: '2026-12-05' }, morning, rules)).toEqual({ start: '2027-05-01', end: '2027-05-02' });
    });

    it('keeps a stay from the opening date on', () => {
      expect(normaliseDateRange({ start: '2027-05-01', end: '2027-05-04' }, morning, rules)).toEqual({ start: '2027-05-01', end: '2027-05-04' });
      expect(normaliseDateRange({ start: '2027-05-10', end: '2027-05-12' }, morning, rules)).toEqual({ start: '2027-05-10', end: '2027-05-12' });
    });

    it('ignores an opening date that is today or past', () => {
      expect(normaliseDateRange({}, morning, { openingDate: '2027-01-15' })).toEqual(today);
      expect(normaliseDateRange({}, morning, { openingDate: '2026-06-01' })).toEqual(today);
      expect(normaliseDateRange({}, morning, { openingDate: 'next spring' })).toEqual(today);
      expect(normaliseDateRange({}, morning, { openingDate: null })).toEqual(today);
    });
  });
});

describe('rooms and guests', () => {
  it('stores a child age of 0 as 1 and refuses what is not an age', () => {
    expect(normaliseChildAge(0)).toBe(1);
    expect(normaliseChildAge(1)).toBe(1);
    expect(normaliseChildAge(17)).toBe(17);
    for (const bad of [18, -1, 2.5, Number.NaN, '5', null]) expect(normaliseChildAge(bad)).toBeNull();
  });

  it('clamps adults to 1..6', () => {
    expect(clampAdults(0)).toBe(1);
    expect(clampAdults(-3)).toBe(1);
    expect(clampAdults(3)).toBe(3);
    expect(clampAdults(2.9)).toBe(2);
    expect(clampAdults(7)).toBe(6);
    expect(clampAdults(Number.NaN)).toBe(1);
  });

  it('starts a new room with 1 adult and no children', () => {
    expect(newRoom('r-2')).toEqual({ uuid: 'r-2', adults: 1, children: [] });
  });

  it('allows at most 9 rooms, at least 1, and raises the limit flag at 9', () => {
    expect(canAddRoom(8)).toBe(true);
    expect(canAddRoom(9)).toBe(false);
    expect(canRemoveRoom(1)).toBe(false);
    expect(canRemoveRoom(2)).toBe(true);
    expect(isRoomLimitReached(8)).toBe(false);
    expect(isRoomLimitReached(9)).toBe(true);
  });

  it('allows at most 4 children per room', () => {
    expect(canAddChild({ uuid: 'r', adults: 1, children: [3, 5, 7] })).toBe(true);
    expect(canAddChild({ uuid: 'r', adults: 1, children: [3, 5, 7, 9] })).toBe(false);
  });
});

describe('refinements', () => {
  it('takes a flexible-dates window of whole days, 0 meaning exact dates', () => {
    expect(normaliseApproxDateRange(3)).toBe(3);
    expect(normaliseApproxDateRange(365)).toBe(365);
    for (const bad of [0, -2, 1.5, 366, null, '3']) expect(normaliseApproxDateRange(bad)).toBeNull();
  });

  it('rounds prices to 2 decimals, drops negative or non-numeric ones, and puts the bounds in order', () => {
    expect(normalisePriceRange(12.346, 99.999)).toEqual({ min: 12.35, max: 100 });
    expect(normalisePriceRange(-5, 10)).toEqual({ min: null, max: 10 });
    expect(normalisePriceRange(Number.NaN, Number.POSITIVE_INFINITY)).toEqual({ min: null, max: null });
    expect(normalisePriceRange(200, 100)).toEqual({ min: 100, max: 200 });
    expect(normalisePriceRange(0, null)).toEqual({ min: 0, max: null });
  });

  it('cleans brand and feature codes', () => {
    expect(normaliseCodes([' spa ', 'spa', 'pool,gym', '', ' , '])).toEqual(['spa', 'pool', 'gym']);
  });
});
