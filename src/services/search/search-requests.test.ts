import { describe, expect, it } from 'vitest';
import { DEFAULT_CURRENCY } from '../../contract/search';
import { cartRequest, hotelSearchRequest, occupancyOf, roomsRequest } from './search-requests';
import type { SearchQueryState } from './search-state';

const state: SearchQueryState = {
  features: ['wifi'],
  brands: ['jaz'],
  promoCode: '',
  location: 'Berlin',
  dateRange: { start: '2027-03-05', end: '2027-03-07' },
  isBusiness: true,
  payWithPoints: false,
  rooms: [
    { uuid: 'a', adults: 2, children: [], rateCode: 'FLEX', roomTypeCode: 'DBL' },
    { uuid: 'b', adults: 1, children: [5, 1], rateCode: 'SAVE', roomTypeCode: 'TWN' },
  ],
  approxDateRange: null,
  sortBy: 'name',
  priceRange: { min: 50, max: null },
};

describe('occupancyOf', () => {
  it('is who stays in the room, with a copy of the ages', () => {
    const room = { uuid: 'a', adults: 2, children: [4] };
    const occupancy = occupancyOf(room);
    expect(occupancy).toEqual({ adults: 2, childAges: [4] });
    expect(occupancy.childAges).not.toBe(room.children);
  });
});

describe('hotelSearchRequest', () => {
  it('turns the search into the hotels-v2 body, leaving out what is unset', () => {
    expect(hotelSearchRequest(state, { currency: 'CHF', locale: 'de' })).toEqual({
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

  it('asks in the default currency unless told otherwise, with a trimmed promo code', () => {
    const request = hotelSearchRequest({ ...state, promoCode: ' SPRING ', priceRange: { min: null, max: 0 } }, { locale: 'en' });
    expect(request.currency).toBe(DEFAULT_CURRENCY);
    expect(request.promo).toBe('SPRING');
    expect(request).not.toHaveProperty('minPrice');
    expect(request.maxPrice).toBe(0);
  });
});

describe('roomsRequest', () => {
  it('asks for the rooms of the hotel the search names, for the same guests', () => {
    expect(roomsRequest({ ...state, location: 'JAZB', promoCode: 'SPRING', payWithPoints: true }, { locale: 'ar' })).toEqual({
      hotelCode: 'JAZB',
      startDate: '2027-03-05',
      endDate: '2027-03-07',
      rooms: [
        { adults: 2, childAges: [] },
        { adults: 1, childAges: [5, 1] },
      ],
      promo: 'SPRING',
      payWithPoints: true,
      currency: DEFAULT_CURRENCY,
      locale: 'ar',
    });
  });
});

describe('cartRequest', () => {
  it('books the chosen rate of every room, for the same guests as the search', () => {
    expect(cartRequest({ ...state, location: 'JAZB', promoCode: 'SPRING' }, { locale: 'de' })).toEqual({
      hotel_code: 'JAZB',
      check_in_date: '2027-03-05',
      check_out_date: '2027-03-07',
      room_stays: [
        { room_type_code: 'DBL', rate_code: 'FLEX', adults_count: 2, child_ages: [] },
        { room_type_code: 'TWN', rate_code: 'SAVE', adults_count: 1, child_ages: [5, 1] },
      ],
      promo_code: 'SPRING',
      business: true,
      locale: 'de',
    });
  });

  it('carries points and a currency only when asked for', () => {
    expect(cartRequest({ ...state, payWithPoints: true }, { locale: 'en', currency: 'CHF' })).toMatchObject({ pay_with_points: true, currency: 'CHF' });
    expect(cartRequest(state, { locale: 'en' })).not.toHaveProperty('currency');
  });

  it('is no request while a room has no rate, or without a hotel or rooms', () => {
    const rated = { uuid: 'a', adults: 2, children: [], rateCode: 'FLEX', roomTypeCode: 'DBL' };
    expect(cartRequest({ ...state, rooms: [rated, { uuid: 'b', adults: 1, children: [], roomTypeCode: 'TWN' }] }, { locale: 'en' })).toBeNull();
    expect(cartRequest({ ...state, rooms: [rated, { uuid: 'c', adults: 1, children: [], rateCode: 'FLEX' }] }, { locale: 'en' })).toBeNull();
    expect(cartRequest({ ...state, location: '' }, { locale: 'en' })).toBeNull();
    expect(cartRequest({ ...state, rooms: [] }, { locale: 'en' })).toBeNull();
  });
});
