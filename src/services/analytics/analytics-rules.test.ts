import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AnalyticsEventSchema, isMemberAreaClick, MEMBER_AREAS } from '../../contract/analytics';
import { analyticsDate } from './dates';
import { hotelCustomParameters } from './hotel-parameters';
import { brandCodeOfPath, hotelCodeOfPath, pageTypeGroup } from './page-types';
import { goodVital } from './web-vitals';

describe('page-type groups (spec section 2)', () => {
  it.each([
    ['/en/account/overview', 'Member'],
    ['/de/account/points-history', 'Member'],
    ['/en/account/login', 'Member'],
    ['/en/checkin/personal-details', 'CICO'],
    ['/en/checkout/redirect', 'CICO'],
    ['/en/booking/select-room-rate', 'IBE'],
    // The booking engine's check-out step is booking, not the hotel checkout flow.
    ['/en/booking/check-out', 'IBE'],
    ['/fr/booking/confirmation', 'IBE'],
    ['/en/offers/summer-in-berlin', 'Offers'],
    ['/en/brands/jaz', 'Brand'],
    ['/ar/hotels/JAZAMS', 'Hotel'],
    ['/en/', 'Default'],
    ['/en', 'Default'],
    ['/en/find-a-hotel', 'Default'],
    ['/en/preference-center', 'Default'],
    ['/', 'Default'],
    // No locale segment: the first segment decides just the same.
    ['/account/overview', 'Member'],
    // A page whose name only contains a group's word stays in the default group.
    ['/en/accounts-payable', 'Default'],
  ] as const)('%s is %s', (pathname, group) => {
    expect(pageTypeGroup(pathname)).toBe(group);
  });

  it('finds the hotel code of hotel pages only', () => {
    expect(hotelCodeOfPath('/en/hotels/JAZAMS')).toBe('JAZAMS');
    expect(hotelCodeOfPath('/en/hotels/')).toBeNull();
    expect(hotelCodeOfPath('/en/brands/jaz')).toBeNull();
  });

  it('finds the brand code of brand pages only', () => {
    expect(brandCodeOfPath('/de/brands/jaz')).toBe('jaz');
    expect(brandCodeOfPath('/brands/zleep/')).toBe('zleep');
    expect(brandCodeOfPath('/en/brands')).toBeNull();
    expect(brandCodeOfPath('/en/hotels/JAZAMS')).toBeNull();
  });
});

describe('hotel custom parameters (spec section 3)', () => {
  it.each([
    [{ hotelName: 'Jaz in the City Amsterdam', hotelCode: 'JAZAMS', brandCode: 'jaz' }, { param1: 'jaz_in_the_city_amsterdam', param2: 'JAZAMS', param3: 'jaz' }],
    [{ hotelName: 'Hotel  Berlin', hotelCode: 'HB1', brandCode: null }, { param1: 'hotel_berlin', param2: 'HB1', param3: 'no_brand' }],
    [{ hotelName: 'Zleep Köln', hotelCode: 'ZLK', brandCode: '' }, { param1: 'zleep_köln', param2: 'ZLK', param3: 'no_brand' }],
    [{ hotelName: 'MAXX', hotelCode: 'MX', brandCode: undefined }, { param1: 'maxx', param2: 'MX', param3: 'no_brand' }],
  ])('%o gives %o', (hotel, parameters) => {
    expect(hotelCustomParameters(hotel)).toEqual(parameters);
  });
});

describe('analytics dates (spec section 7)', () => {
  it('formats calendar dates as dd-LL-yyyy, keeping their day', () => {
    expect(analyticsDate('2026-03-02')).toBe('02-03-2026');
    expect(analyticsDate('2027-12-31')).toBe('31-12-2027');
  });

  it('formats instants as the day in Berlin', () => {
    // 23:30 UTC on 1 March is already 2 March in Berlin.
    expect(analyticsDate(Date.UTC(2026, 2, 1, 23, 30))).toBe('02-03-2026');
    expect(analyticsDate(new Date(Date.UTC(2026, 6, 1, 21, 59)))).toBe('01-07-2026');
    expect(analyticsDate(new Date(Date.UTC(2026, 6, 1, 22, 0)))).toBe('02-07-2026');
  });
});

describe('web vitals (spec section 7)', () => {
  it.each([
    [{ name: 'LCP', value: 1800, rating: 'good' }, { name: 'LCP', value: 1800 }],
    [{ name: 'CLS', value: 0.02, rating: 'good' }, { name: 'CLS', value: 0.02 }],
    [{ name: 'INP', value: 120, rating: 'good' }, { name: 'INP', value: 120 }],
    [{ name: 'LCP', value: 3000, rating: 'needs-improvement' }, null],
    [{ name: 'CLS', value: 0.4, rating: 'poor' }, null],
    [{ name: 'INP', value: 600, rating: 'poor' }, null],
    [{ name: 'FCP', value: 900, rating: 'good' }, null],
    [{ name: 'TTFB', value: 100, rating: 'good' }, null],
  ])('%o is reported as %o', (metric, reported) => {
    expect(goodVital(metric)).toEqual(reported);
  });
});

describe('member-area click names (spec section 2)', () => {
  it('knows every area of the spec and the actions inside them', () => {
    expect(MEMBER_AREAS).toHaveLength(16);
    expect(isMemberAreaClick('overview', 'next-status benefits')).toBe(true);
    expect(isMemberAreaClick('points history', 'previous year')).toBe(true);
    expect(isMemberAreaClick('logout', undefined)).toBe(true);
    expect(isMemberAreaClick('overview', 'redeem')).toBe(false);
    expect(isMemberAreaClick('toString', undefined)).toBe(false);
  });

  it('the contract refuses a click outside those names', () => {
    const click = { type: 'click', at: 1, date: '01-01-2026', pathname: '/en/account/overview' };
    expect(v.is(AnalyticsEventSchema, { ...click, area: 'bookings', action: 'book again' })).toBe(true);
    expect(v.is(AnalyticsEventSchema, { ...click, area: 'bookings', action: 'redeem' })).toBe(false);
    expect(v.is(AnalyticsEventSchema, { ...click, area: 'basket' })).toBe(false);
  });
});
