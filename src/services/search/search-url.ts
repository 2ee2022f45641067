/**
 * The search URL of spec section 2, both ways.
 *
 * `toQuery` writes only what differs from the defaults, keys in a fixed order, so equal searches give
 * equal URLs. `fromQuery` reads what the router hands over (strings, or numbers, booleans, arrays and
 * objects from its JSON-aware parser), never throws, and falls back to the default field by field.
 * For every searchable state s (dates normalised, every child age chosen): fromQuery(toQuery(s)) = s.
 */
import { checkoutSearchSchema, roomsPageSearchSchema } from '../../contract/booking-pages';
import { SEARCH_LIMITS, searchPageSchema } from '../../contract/search';
import type { UrlQuery } from '../../contract/search';
import {
  DEFAULT_SORT,
  isChildAgeSet,
  isSortOption,
  normaliseApproxDateRange,
  normaliseChildAge,
  normaliseCodes,
  normaliseDateRange,
  normalisePriceRange,
} from './search-rules';
import type { DateRules } from './search-rules';
import type { SearchQueryState, SearchRoomState } from './search-state';

export interface QueryRules extends DateRules {
  /** The clock: past and default dates depend on today. */
  now: Date;
  /** The id of the room at this position (0-based). Default `room-1`, `room-2`, ... */
  roomId?: (index: number) => string;
}

const roomKey = (room: number, field: string) => `room-${room}-${field}`;

/** The query of a search for a destination and nothing else (the defaults for the rest). */
export function locationQuery(location: string): Record<string, string> {
  // The router decodes the URL once and fromQuery decodes `location` again (spec section 2), so a
  // literal percent sign is written escaped to survive the second decoding.
  return { location: location.replaceAll('%', '%25') };
}

export function toQuery(state: SearchQueryState): Record<string, string> {
  const query: Record<string, string> = {};
  if (state.location !== '') Object.assign(query, locationQuery(state.location));
  query.startDate = state.dateRange.start;
  query.endDate = state.dateRange.end;
  if (state.rooms.length !== 1) query.rooms = String(state.rooms.length);
  if (state.promoCode !== '') query.promo = state.promoCode;
  if (state.isBusiness) query.business = '1';
  if (state.payWithPoints) query.payWithPoints = '1';
  if (state.approxDateRange !== null) query.approxDateRange = String(state.approxDateRange);
  if (state.features.length > 0) query.features = state.features.join(',');
  if (state.brands.length > 0) query.brands = state.brands.join(',');
  if (state.sortBy !== DEFAULT_SORT) query.sortBy = state.sortBy;
  if (state.priceRange.min !== null) query.minPrice = String(state.priceRange.min);
  if (state.priceRange.max !== null) query.maxPrice = String(state.priceRange.max);
  state.rooms.forEach((room, index) => {
    const n = index + 1;
    if (room.adults !== SEARCH_LIMITS.defaultAdults) query[roomKey(n, 'adults')] = String(room.adults);
    // A child without a chosen age is an unfinished edit, not part of a search: it is not written.
    room.children.filter(isChildAgeSet).forEach((age, child) => {
      query[roomKey(n, `child-${child + 1}`)] = String(age);
    });
    if (room.rateCode) query[roomKey(n, 'rate-code')] = room.rateCode;
    if (room.roomTypeCode) query[roomKey(n, 'room-type-code')] = room.roomTypeCode;
  });
  return query;
}

export function fromQuery(query: Record<string, unknown>, rules: QueryRules): SearchQueryState {
  const roomId = rules.roomId ?? ((index: number) => `room-${index + 1}`);
  const price = normalisePriceRange(number(query.minPrice), number(query.maxPrice));
  return {
    features: codes(query.features),
    brands: codes(query.brands),
    promoCode: text(query.promo)?.trim() ?? '',
    location: decode(text(query.location) ?? ''),
    dateRange: normaliseDateRange({ start: text(query.startDate), end: text(query.endDate) }, rules.now, rules),
    isBusiness: flag(query.business) ?? false,
    payWithPoints: flag(query.payWithPoints) ?? false,
    rooms: Array.from({ length: roomCount(query) }, (_, index) => readRoom(query, index + 1, roomId(index))),
    approxDateRange: normaliseApproxDateRange(number(query.approxDateRange)),
    sortBy: isSortOption(query.sortBy) ? query.sortBy : DEFAULT_SORT,
    priceRange: price,
  };
}

/** A page's URL read as the search it describes, at the present moment (defaults and past dates depend on today). */
export const readSearchUrl = (query: UrlQuery): SearchQueryState => fromQuery(query, { now: new Date() });

/** The results page's query: the search the URL describes, under `searched`. */
export const SearchPageSchema = searchPageSchema(readSearchUrl);

/** The rooms-and-rates page's query: the search, and the cart the guest already has. */
export const RoomsPageSchema = roomsPageSearchSchema(readSearchUrl);

/** The check-out page's query: its own parameters, and the search it books under `searched`. */
export const CheckoutPageSchema = checkoutSearchSchema(readSearchUrl);

/** `rooms` when it is a whole number from 1 (more than 9 cut to 9); else the highest room-N-* key; else 1. */
function roomCount(query: Record<string, unknown>): number {
  const declared = number(query.rooms);
  if (declared !== undefined && Number.isInteger(declared) && declared >= 1) return Math.min(declared, SEARCH_LIMITS.maxRooms);
  const mentioned = Object.keys(query)
    .map((key) => /^room-([1-9]\d*)-/.exec(key)?.[1])
    .filter((n) => n !== undefined)
    .map(Number);
  return Math.min(Math.max(1, ...mentioned), SEARCH_LIMITS.maxRooms);
}

function readRoom(query: Record<string, unknown>, n: number, uuid: string): SearchRoomState {
  const adults = number(query[roomKey(n, 'adults')]);
  const childKey = new RegExp(`^room-${n}-child-([1-9]\\d*)$`);
  const children = Object.keys(query)
    .flatMap((key) => {
      const position = childKey.exec(key)?.[1];
      return position === undefined ? [] : [{ position: Number(position), age: normaliseChildAge(number(query[key])) }];
    })
    .sort((a, b) => a.position - b.position)
    .flatMap(({ age }) => (age === null ? [] : [age]))
    .slice(0, SEARCH_LIMITS.maxChildrenPerRoom);
  const room: SearchRoomState = {
    uuid,
    adults:
      adults !== undefined && Number.isInteger(adults) && adults >= 1 && adults <= SEARCH_LIMITS.maxAdultsPerRoom ? adults : SEARCH_LIMITS.defaultAdults,
    children,
  };
  const rateCode = text(query[roomKey(n, 'rate-code')])?.trim();
  const roomTypeCode = text(query[roomKey(n, 'room-type-code')])?.trim();
  if (rateCode) room.rateCode = rateCode;
  if (roomTypeCode) room.roomTypeCode = roomTypeCode;
  return room;
}

/** A text value: strings as they are; numbers and booleans the router parsed back to their text. */
function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') return String(value);
  return undefined;
}

const NUMBER = /^\s*-?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?\s*$/i;

function number(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && NUMBER.test(value)) return Number(value);
  return undefined;
}

function flag(value: unknown): boolean | undefined {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  return undefined;
}

/** A comma-separated list, or an array of values when the parameter was repeated or parsed as JSON. */
function codes(value: unknown): string[] {
  const entries = Array.isArray(value) ? value.map(text) : [text(value)];
  return normaliseCodes(entries.filter((entry) => entry !== undefined));
}

/** The location arrives URL-encoded once more (spec section 5); text that is not valid encoding stays as it is. */
function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
