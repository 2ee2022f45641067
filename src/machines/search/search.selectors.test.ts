import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { HotelSearchRequestSchema } from '../../contract/search';
import { fromQuery } from '../../services/search/search-url';
import {
  selectCanAddRoom,
  selectCanRemoveRoom,
  selectErrors,
  selectGuestCount,
  selectIsEditorOpen,
  selectNights,
  selectQuery,
  selectReplacedUrlValues,
  selectRoomLimitReached,
  selectRooms,
  selectSearchRequest,
} from './search.selectors';
import type { RoomEntry, SearchContext } from './search.types';

const room = (uuid: string, adults: number, children: number[] = []): RoomEntry => ({ uuid, adults, children });

const base: SearchContext = {
  features: [],
  brands: [],
  promoCode: '',
  location: 'Berlin',
  dateRange: { start: '2027-03-27', end: '2027-03-30' },
  isBusiness: false,
  payWithPoints: false,
  rooms: [room('a', 2, [4]), room('b', 1)],
  approxDateRange: null,
  sortBy: 'price-asc',
  priceRange: { min: null, max: null },
  roomLimitReached: false,
  errors: [],
  openingDate: null,
  payWithPointsEnabled: false,
};
const snapshot = (context: Partial<SearchContext> = {}) => ({ context: { ...base, ...context } });

describe('search selectors', () => {
  it('read rooms, guests and nights (three across the change to summer time)', () => {
    expect(selectRooms(snapshot())).toBe(base.rooms);
    expect(selectGuestCount(snapshot())).toBe(4);
    expect(selectNights(snapshot())).toBe(3);
  });

  it('read the URL query of the search', () => {
    expect(selectQuery(snapshot())).toEqual({ location: 'Berlin', startDate: '2027-03-27', endDate: '2027-03-30', rooms: '2', 'room-1-adults': '2', 'room-1-child-1': '4' });
  });

  it('read errors and the room limit', () => {
    expect(selectErrors(snapshot({ errors: ['location.missing'] }))).toEqual(['location.missing']);
    const nine = Array.from({ length: 9 }, (_, index) => room(`r${index}`, 1));
    expect(selectRoomLimitReached(snapshot({ rooms: nine, roomLimitReached: true }))).toBe(true);
    expect(selectCanAddRoom(snapshot({ rooms: nine }))).toBe(false);
    expect(selectCanAddRoom(snapshot())).toBe(true);
    expect(selectCanRemoveRoom(snapshot())).toBe(true);
    expect(selectCanRemoveRoom(snapshot({ rooms: [room('a', 1)] }))).toBe(false);
  });

  it('read whether the editor is open from its tag', () => {
    expect(selectIsEditorOpen({ hasTag: (tag) => tag === 'editorOpen' })).toBe(true);
    expect(selectIsEditorOpen({ hasTag: () => false })).toBe(false);
  });

  describe('selectSearchRequest', () => {
    it('builds a hotels-v2 body the contract accepts', () => {
      const request = selectSearchRequest(
        snapshot({
          location: ' Berlin ',
          promoCode: ' SPRING ',
          isBusiness: true,
          brands: ['JA'],
          features: ['spa'],
          sortBy: 'distance',
          priceRange: { min: 50, max: null },
          rooms: [{ ...room('a', 2, [4, 1]), rateCode: 'HRW1X', roomTypeCode: 'DBL' }, room('b', 1)],
        }),
        'CHF',
        'de',
      );
      expect(request).toEqual({
        location: 'Berlin',
        startDate: '2027-03-27',
        endDate: '2027-03-30',
        rooms: [
          { adults: 2, childAges: [4, 1] },
          { adults: 1, childAges: [] },
        ],
        promo: 'SPRING',
        business: true,
        payWithPoints: false,
        brands: ['JA'],
        features: ['spa'],
        sortBy: 'distance',
        minPrice: 50,
        currency: 'CHF',
        locale: 'de',
      });
      expect(v.safeParse(HotelSearchRequestSchema, request).success).toBe(true);
    });

    it('is null while the search cannot run: no destination, or a child age not chosen', () => {
      expect(selectSearchRequest(snapshot({ location: '  ' }), 'EUR', 'en')).toBeNull();
      expect(selectSearchRequest(snapshot({ rooms: [room('a', 1, [5, -1])] }), 'EUR', 'en')).toBeNull();
    });
  });
});

describe('selectReplacedUrlValues', () => {
  const now = new Date('2026-11-25T10:00:00Z');
  const read = (query: Record<string, string>) => fromQuery(query, { now });

  it('names each value of the address the search replaced, and with what', () => {
    const given = { location: 'Berlin', startDate: '2020-01-01', endDate: 'soon', rooms: '12', sortBy: 'cheapest', 'room-1-adults': '40' };
    expect(selectReplacedUrlValues(given, read(given))).toEqual([
      { field: 'startDate', given: '2020-01-01', used: '2026-11-25' },
      { field: 'endDate', given: 'soon', used: '2026-11-26' },
      { field: 'rooms', given: '12', used: '9' },
      { field: 'sortBy', given: 'cheapest', used: 'price-asc' },
      { field: 'room-1-adults', given: '40', used: '1' },
    ]);
  });

  it('says nothing of values the search took as they are, defaults written out included', () => {
    const given = { location: 'Berlin', startDate: '2026-12-01', endDate: '2026-12-03', rooms: '1', 'room-1-adults': '1', 'room-1-child-1': '7', sortBy: 'price-asc' };
    expect(selectReplacedUrlValues(given, read(given))).toEqual([]);
  });
});
