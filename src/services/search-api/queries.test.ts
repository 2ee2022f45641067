import { describe, expect, it } from 'vitest';
import type { SearchQueryState } from '../search/search-state';
import { nearbyAvailableArrivals, toHotelSearchRequest } from './queries';

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

describe('toHotelSearchRequest', () => {
  const state: SearchQueryState = {
    features: ['wifi'],
    brands: ['jaz'],
    promoCode: '',
    location: 'Berlin',
    dateRange: { start: '2027-03-05', end: '2027-03-07' },
    isBusiness: true,
    payWithPoints: false,
    rooms: [
      { uuid: 'a', adults: 2, children: [] },
      { uuid: 'b', adults: 1, children: [5, 1] },
    ],
    approxDateRange: null,
    sortBy: 'name',
    priceRange: { min: 50, max: null },
  };

  it('turns the search state into the hotels-v2 body, leaving out what is unset', () => {
    expect(toHotelSearchRequest(state, { currency: 'CHF', locale: 'de' })).toEqual({
      location: 'Berlin',
      startDate: '2027-03-05',
      endDate: '2027-03-07',
      rooms: [
        { adults: 2, childAges: [] },
        { adults: 1, childAges: [5, 1] },
      ],
      business: true,
      payWithPoints: false,
      brands: ['jaz'],
      features: ['wifi'],
      sortBy: 'name',
      minPrice: 50,
      currency: 'CHF',
      locale: 'de',
    });
  });
});
