import { describe, expect, it } from 'vitest';
import { nearbyAvailableArrivals } from './queries';

const days = (availability: string) =>
  [...availability].map((flag, index) => ({ date: `2027-03-${String(index + 1).padStart(2, '0')}`, available: flag === '1' }));

describe('nearbyAvailableArrivals', () => {
  it('proposes the nearest arrivals on which every night of the stay is free', () => {
    //                 day:  1234567890
    const calendar = days('1100011110');
    // 03-01 and 03-07 are equally near: the earlier comes first.
    expect(nearbyAvailableArrivals(calendar, '2027-03-04', 2)).toEqual(['2027-03-06', '2027-03-01', '2027-03-07']);
  });

  it('never proposes the dates that were asked for, nor stays that run past the calendar', () => {
    const calendar = days('1111');
    expect(nearbyAvailableArrivals(calendar, '2027-03-02', 3)).toEqual(['2027-03-01']);
  });

  it('proposes nothing when nothing is free', () => {
    expect(nearbyAvailableArrivals(days('0000000'), '2027-03-03', 1)).toEqual([]);
  });
});
