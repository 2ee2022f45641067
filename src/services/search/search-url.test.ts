import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SORT_OPTIONS } from '../../contract/search';
import { addDaysToDate, businessToday } from './search-rules';
import type { SearchQueryState, SearchRoomState } from './search-state';
import { CheckoutPageSchema, fromQuery, locationQuery, RoomsPageSchema, SearchPageSchema, toQuery } from './search-url';

const now = new Date('2027-03-10T09:00:00Z'); // 10:00 in Berlin
const rules = { now };
const defaults: SearchQueryState = {
  features: [],
  brands: [],
  promoCode: '',
  location: '',
  dateRange: { start: '2027-03-10', end: '2027-03-11' },
  isBusiness: false,
  payWithPoints: false,
  rooms: [{ uuid: 'room-1', adults: 1, children: [] }],
  approxDateRange: null,
  sortBy: 'price-asc',
  priceRange: { min: null, max: null },
};

describe('toQuery', () => {
  it('writes only the dates for a default search', () => {
    expect(toQuery(defaults)).toEqual({ startDate: '2027-03-10', endDate: '2027-03-11' });
  });

  it('writes every field in the spec’s format, keys in a fixed order', () => {
    const query = toQuery({
      features: ['spa', 'pool'],
      brands: ['JA', 'MA'],
      promoCode: 'SPRING',
      location: 'Frankfurt am Main',
      dateRange: { start: '2027-04-01', end: '2027-04-03' },
      isBusiness: true,
      payWithPoints: true,
      rooms: [
        { uuid: 'a', adults: 2, children: [4, 9], rateCode: 'HRW1X', roomTypeCode: 'DBL' },
        { uuid: 'b', adults: 1, children: [] },
      ],
      approxDateRange: 3,
      sortBy: 'distance',
      priceRange: { min: 50, max: 180.5 },
    });
    expect(Object.entries(query)).toEqual([
      ['location', 'Frankfurt am Main'],
      ['startDate', '2027-04-01'],
      ['endDate', '2027-04-03'],
      ['rooms', '2'],
      ['promo', 'SPRING'],
      ['business', '1'],
      ['payWithPoints', '1'],
      ['approxDateRange', '3'],
      ['features', 'spa,pool'],
      ['brands', 'JA,MA'],
      ['sortBy', 'distance'],
      ['minPrice', '50'],
      ['maxPrice', '180.5'],
      ['room-1-adults', '2'],
      ['room-1-child-1', '4'],
      ['room-1-child-2', '9'],
      ['room-1-rate-code', 'HRW1X'],
      ['room-1-room-type-code', 'DBL'],
    ]);
  });

  it('leaves out a child whose age is not chosen yet', () => {
    const query = toQuery({ ...defaults, rooms: [{ uuid: 'a', adults: 1, children: [-1, 6] }] });
    expect(query['room-1-child-1']).toBe('6');
    expect(query['room-1-child-2']).toBeUndefined();
  });
});

describe('fromQuery', () => {
  it('gives the default search for an empty query', () => {
    expect(fromQuery({}, rules)).toEqual(defaults);
  });

  it('reads every field', () => {
    const state = fromQuery(
      {
        location: 'Frankfurt am Main',
        startDate: '2027-04-01',
        endDate: '2027-04-03',
        rooms: '2',
        promo: 'SPRING',
        business: '1',
        payWithPoints: '1',
        approxDateRange: '3',
        features: 'spa,pool',
        brands: 'JA,MA',
        sortBy: 'distance',
        minPrice: '50',
        maxPrice: '180.5',
        'room-1-adults': '2',
        'room-1-child-1': '4',
        'room-1-child-2': '9',
        'room-1-rate-code': 'HRW1X',
        'room-1-room-type-code': 'DBL',
        'room-2-adults': '3',
      },
      { now, roomId: (index) => `r${index}` },
    );
    expect(state).toEqual({
      features: ['spa', 'pool'],
      brands: ['JA', 'MA'],
      promoCode: 'SPRING',
      location: 'Frankfurt am Main',
      dateRange: { start: '2027-04-01', end: '2027-04-03' },
      isBusiness: true,
      payWithPoints: true,
      rooms: [
        { uuid: 'r0', adults: 2, children: [4, 9], rateCode: 'HRW1X', roomTypeCode: 'DBL' },
        { uuid: 'r1', adults: 3, children: [] },
      ],
      approxDateRange: 3,
      sortBy: 'distance',
      priceRange: { min: 50, max: 180.5 },
    });
  });

  it('takes the values the router’s parser makes: numbers, booleans, arrays', () => {
    const state = fromQuery(
      { promo: 123, business: 1, payWithPoints: true, rooms: 2, approxDateRange: 5, minPrice: 40, brands: ['JA', 'MA,ZL'], 'room-2-adults': 4, 'room-2-child-1': 0, 'room-1-rate-code': 42 },
      rules,
    );
    expect(state.promoCode).toBe('123');
    expect(state.isBusiness).toBe(true);
    expect(state.payWithPoints).toBe(true);
    expect(state.approxDateRange).toBe(5);
    expect(state.priceRange).toEqual({ min: 40, max: null });
    expect(state.brands).toEqual(['JA', 'MA', 'ZL']);
    expect(state.rooms).toEqual([
      { uuid: 'room-1', adults: 1, children: [], rateCode: '42' },
      { uuid: 'room-2', adults: 4, children: [1] },
    ]);
  });

  it('drops what it cannot read, field by field', () => {
    const state = fromQuery(
      {
        location: { city: 'Berlin' },
        startDate: ['2027-04-01'],
        promo: null,
        business: 'yes',
        payWithPoints: 2,
        approxDateRange: 'a week',
        features: { spa: true },
        sortBy: 'cheapest',
        minPrice: 'cheap',
        maxPrice: '-20',
        rooms: 'many',
        'room-1-adults': 'two',
      },
      rules,
    );
    expect(state).toEqual(defaults);
  });

  it('URL-decodes the location, and keeps text that is not valid encoding', () => {
    expect(fromQuery({ location: 'Berlin%20Mitte' }, rules).location).toBe('Berlin Mitte');
    expect(fromQuery({ location: 'K%C3%B6ln' }, rules).location).toBe('Köln');
    expect(fromQuery({ location: '100% Hotel' }, rules).location).toBe('100% Hotel');
  });

  it('cuts more than 9 rooms to 9 and reads a missing room count from the room keys', () => {
    expect(fromQuery({ rooms: '12' }, rules).rooms).toHaveLength(9);
    expect(fromQuery({ rooms: 0, 'room-3-adults': '2' }, rules).rooms).toHaveLength(3);
    expect(fromQuery({ 'room-14-adults': '2' }, rules).rooms).toHaveLength(9);
    expect(fromQuery({ rooms: '2.5' }, rules).rooms).toHaveLength(1);
  });

  it('gives a room with a bad adult count 1 adult', () => {
    const rooms = fromQuery({ rooms: '4', 'room-1-adults': '0', 'room-2-adults': '7', 'room-3-adults': '2.5', 'room-4-adults': 'x' }, rules).rooms;
    expect(rooms.map((room) => room.adults)).toEqual([1, 1, 1, 1]);
  });

  it('reads children in order, stores age 0 as 1, drops bad ages and children beyond 4', () => {
    const children = (query: Record<string, unknown>) => fromQuery(query, rules).rooms[0]?.children;
    expect(children({ 'room-1-child-2': '7', 'room-1-child-1': '0', 'room-1-child-10': '3' })).toEqual([1, 7, 3]);
    expect(children({ 'room-1-child-1': '18', 'room-1-child-2': '-1', 'room-1-child-3': 'x', 'room-1-child-4': '2.5', 'room-1-child-5': '5' })).toEqual([5]);
    expect(children({ 'room-1-child-1': 1, 'room-1-child-2': 2, 'room-1-child-3': 3, 'room-1-child-4': 4, 'room-1-child-5': 5, 'room-1-child-6': 6 })).toEqual([1, 2, 3, 4]);
    expect(children({ 'room-1-child-0': '5', 'room-1-child-01': '6' })).toEqual([]);
  });

  it('normalises dates with the rules: past dates give the default range', () => {
    expect(fromQuery({ startDate: '2027-03-01', endDate: '2027-03-04' }, rules).dateRange).toEqual(defaults.dateRange);
    expect(fromQuery({ startDate: '2027-03-20', endDate: '2027-03-20' }, rules).dateRange).toEqual({ start: '2027-03-20', end: '2027-03-21' });
    expect(fromQuery({}, { now, openingDate: '2027-06-01' }).dateRange).toEqual({ start: '2027-06-01', end: '2027-06-02' });
  });

  it('swaps price bounds given the wrong way round', () => {
    expect(fromQuery({ minPrice: '200', maxPrice: '100' }, rules).priceRange).toEqual({ min: 100, max: 200 });
  });

  it('never throws, whatever the query holds', () => {
    const random = prng(7);
    const junk = (): unknown => pick(random, [undefined, null, true, false, 0, -1, 1e300, Number.MAX_VALUE, '1e400', Number.NaN, '', ' ', '%', '%E0%A4%A', '{}', [], ['1', 2], { a: 1 }, '9'.repeat(400)]);
    const keys = ['location', 'startDate', 'endDate', 'rooms', 'promo', 'business', 'payWithPoints', 'approxDateRange', 'features', 'brands', 'sortBy', 'minPrice', 'maxPrice', 'room-1-adults', 'room-1-child-1', 'room-2-rate-code', 'room-9-child-4'];
    for (let run = 0; run < 500; run += 1) {
      const query = Object.fromEntries(keys.filter(() => random() < 0.5).map((key) => [key, junk()]));
      const state = fromQuery(query, rules);
      expect(state.rooms.length).toBeGreaterThanOrEqual(1);
      expect(state.rooms.length).toBeLessThanOrEqual(9);
      // What came out of garbage is a valid state: it survives the round trip too.
      expect(fromQuery(toQuery(state), { now, roomId: (index) => state.rooms[index]?.uuid ?? '' })).toEqual(state);
    }
  });
});

describe('round trip', () => {
  it('fromQuery(toQuery(s)) is s for 1000 generated valid states', () => {
    const random = prng(20270310);
    for (let run = 0; run < 1000; run += 1) {
      const state = validState(random);
      const back = fromQuery(toQuery(state), { now, roomId: (index) => state.rooms[index]?.uuid ?? '' });
      expect(back, JSON.stringify(state)).toEqual(state);
    }
  });

  it('also through a real URL and the router’s number and boolean parsing', () => {
    const random = prng(99);
    for (let run = 0; run < 300; run += 1) {
      const state = validState(random);
      const url = new URL(`https://example.test/en/find-a-hotel?${new URLSearchParams(toQuery(state)).toString()}`);
      const parsed = Object.fromEntries([...url.searchParams].map(([key, value]) => [key, routerValue(value)]));
      const back = fromQuery(parsed, { now, roomId: (index) => state.rooms[index]?.uuid ?? '' });
      // A promo code like 123 arrives as a number and is read back as the same text.
      expect(back, JSON.stringify(state)).toEqual(state);
    }
  });
});

/** What TanStack Router's default search parser does to one value: JSON when it parses, else the text. */
function routerValue(value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** mulberry32: a small seeded generator, so every run tests the same states. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const int = (random: () => number, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T,>(random: () => number, values: readonly T[]): T => values[int(random, 0, values.length - 1)] as T;
const maybe = <T,>(random: () => number, value: () => T): T | null => (random() < 0.5 ? null : value());

function word(random: () => number, alphabet: string, min: number, max: number): string {
  return Array.from({ length: int(random, min, max) }, () => pick(random, [...alphabet])).join('');
}

function codes(random: () => number): string[] {
  return [...new Set(Array.from({ length: int(random, 0, 4) }, () => word(random, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij0123456789-_', 1, 8)))];
}

function price(random: () => number): number {
  return int(random, 0, 100_000) / pick(random, [1, 10, 100]);
}

/** A state as the machine keeps it after its rules ran: normalised dates, every child age chosen. */
function validState(random: () => number): SearchQueryState {
  const today = businessToday(now);
  const start = addDaysToDate(today, int(random, 0, 365));
  const low = maybe(random, () => price(random));
  const high = maybe(random, () => price(random));
  const [min, max] = low !== null && high !== null && low > high ? [high, low] : [low, high];
  const rooms: SearchRoomState[] = Array.from({ length: int(random, 1, 9) }, (_, index) => {
    const room: SearchRoomState = {
      uuid: `u${index}-${int(random, 0, 999)}`,
      adults: int(random, 1, 6),
      children: Array.from({ length: int(random, 0, 4) }, () => int(random, 1, 17)),
    };
    if (random() < 0.3) room.rateCode = word(random, 'ABCDEFGHRWX0123456789', 1, 8);
    if (random() < 0.3) room.roomTypeCode = word(random, 'ABCDEFGHSTUVWXYZ', 1, 6);
    return room;
  });
  return {
    features: codes(random),
    brands: codes(random),
    promoCode: random() < 0.5 ? '' : word(random, 'ABCXYZ0123456789', 1, 12),
    location: random() < 0.2 ? '' : word(random, 'abcdefgXYZ äöüßéçøåłİ中文한 -,&/+#?=%\'"', 1, 30),
    dateRange: { start, end: addDaysToDate(start, int(random, 1, 30)) },
    isBusiness: random() < 0.5,
    payWithPoints: random() < 0.5,
    rooms,
    approxDateRange: maybe(random, () => int(random, 1, 365)),
    sortBy: pick(random, SORT_OPTIONS),
    priceRange: { min, max },
  };
}

describe('the search pages’ schemas (validateSearch)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('read the URL into the typed search at the present moment, under `searched`', () => {
    const query = { location: 'Berlin', startDate: '2027-04-01', endDate: '2027-04-03', rooms: '2', 'room-2-adults': '3' };
    expect(v.parse(SearchPageSchema, query)).toEqual({ searched: fromQuery(query, rules) });
  });

  it('parse numbers and flags written as text as the router’s numbers and booleans', () => {
    const asText = v.parse(SearchPageSchema, { rooms: '2', 'room-1-adults': '2', business: '1', minPrice: '50', approxDateRange: '3' }).searched;
    const asValues = v.parse(SearchPageSchema, { rooms: 2, 'room-1-adults': 2, business: true, minPrice: 50, approxDateRange: 3 }).searched;
    expect(asText).toEqual(asValues);
    expect(asText).toMatchObject({ isBusiness: true, approxDateRange: 3, priceRange: { min: 50, max: null } });
    expect(asText.rooms.map((room) => room.adults)).toEqual([2, 1]);
  });

  it('never fail: bad values fall back to their defaults, field by field, and no query at all is the default search', () => {
    const bad = { rooms: 'many', 'room-1-adults': 99, startDate: '2027-02-30', sortBy: 'cheapest', minPrice: -5, business: 'maybe', location: ['a', 'b'] };
    expect(v.parse(SearchPageSchema, bad).searched).toEqual(defaults);
    expect(v.parse(SearchPageSchema, undefined).searched).toEqual(defaults);
    expect(v.parse(SearchPageSchema, 'not a query').searched).toEqual(defaults);
  });

  it('give today’s default dates from Berlin’s clock: after 18:00 there the arrival is tomorrow', () => {
    vi.setSystemTime(new Date('2027-03-10T17:30:00Z')); // 18:30 in Berlin
    expect(v.parse(SearchPageSchema, {}).searched.dateRange).toEqual({ start: '2027-03-11', end: '2027-03-12' });
  });

  it('read the cart id of the rooms-and-rates page, dropping one that is not an id', () => {
    expect(v.parse(RoomsPageSchema, { location: 'JAZB', cart_id: 'abc_1' })).toMatchObject({ cart_id: 'abc_1', searched: { location: 'JAZB' } });
    expect(v.parse(RoomsPageSchema, { cart_id: 12345 }).cart_id).toBe('12345');
    expect(v.parse(RoomsPageSchema, { cart_id: '../x' }).cart_id).toBeUndefined();
  });

  it('read the check-out page’s own parameters beside the search it books', () => {
    const query = { location: 'JAZB', 'room-1-rate-code': 'FLEX', 'room-1-room-type-code': 'DBL', cart_id: 'c-1', payment_id: 42, status: 'bad status' };
    expect(v.parse(CheckoutPageSchema, query)).toEqual({ cart_id: 'c-1', payment_id: '42', status: undefined, searched: fromQuery(query, rules) });
  });
});

describe('locationQuery', () => {
  it('is a search for a destination alone, read back as that destination', () => {
    const query = locationQuery('100% Berlin');
    expect(Object.keys(query)).toEqual(['location']);
    // The router hands the value over as it was given (it encodes and decodes it once).
    expect(fromQuery(query, rules).location).toBe('100% Berlin');
  });
});
