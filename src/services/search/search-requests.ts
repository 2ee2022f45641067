/**
 * The one way from a search (its rooms, dates and options) to the BFF's requests: the hotel results,
 * the rooms and rates of one hotel, and the cart that books the chosen rates.
 */
import type { CreateCartRequest } from '../../contract/ecommerce';
import type { Locale } from '../../contract/locales';
import { DEFAULT_CURRENCY } from '../../contract/search';
import type { Currency, HotelSearchRequest, RoomsRequest, SearchRoom } from '../../contract/search';
import type { SearchQueryState, SearchRoomState } from './search-state';

export interface RequestOptions {
  locale: Locale;
  /** The prices' currency; the default one until the guest can choose. */
  currency?: Currency;
}

/** Who stays in a room, as the search requests write it. */
export function occupancyOf(room: SearchRoomState): SearchRoom {
  return { adults: room.adults, childAges: [...room.children] };
}

const promoOf = (state: SearchQueryState) => state.promoCode.trim();

/** The hotels-v2 body for a search: rooms as adults and child ages, leaving out what is unset. */
export function hotelSearchRequest(state: SearchQueryState, options: RequestOptions): HotelSearchRequest {
  const promo = promoOf(state);
  return {
    location: state.location,
    startDate: state.dateRange.start,
    endDate: state.dateRange.end,
    rooms: state.rooms.map(occupancyOf),
    ...(promo ? { promo } : {}),
    business: state.isBusiness,
    payWithPoints: state.payWithPoints,
    brands: [...state.brands],
    features: [...state.features],
    sortBy: state.sortBy,
    ...(state.priceRange.min !== null ? { minPrice: state.priceRange.min } : {}),
    ...(state.priceRange.max !== null ? { maxPrice: state.priceRange.max } : {}),
    currency: options.currency ?? DEFAULT_CURRENCY,
    locale: options.locale,
  };
}

/** The rooms-and-rates body for the hotel a search names (its `location` is the hotel code there). */
export function roomsRequest(state: SearchQueryState, options: RequestOptions): RoomsRequest {
  const promo = promoOf(state);
  return {
    hotelCode: state.location,
    startDate: state.dateRange.start,
    endDate: state.dateRange.end,
    rooms: state.rooms.map(occupancyOf),
    ...(promo ? { promo } : {}),
    payWithPoints: state.payWithPoints,
    currency: options.currency ?? DEFAULT_CURRENCY,
    locale: options.locale,
  };
}

/** The cart a search asks for, or null when a room has no rate chosen yet (the guest must choose first). */
export function cartRequest(state: SearchQueryState, options: RequestOptions): CreateCartRequest | null {
  if (state.location === '' || state.rooms.length === 0) return null;
  const promo = promoOf(state);
  const roomStays = state.rooms.flatMap((room) => {
    const { rateCode, roomTypeCode } = room;
    if (!rateCode || !roomTypeCode) return [];
    const { adults, childAges } = occupancyOf(room);
    return [{ room_type_code: roomTypeCode, rate_code: rateCode, adults_count: adults, child_ages: childAges }];
  });
  if (roomStays.length !== state.rooms.length) return null;
  return {
    hotel_code: state.location,
    check_in_date: state.dateRange.start,
    check_out_date: state.dateRange.end,
    room_stays: roomStays,
    ...(options.currency ? { currency: options.currency } : {}),
    ...(promo ? { promo_code: promo } : {}),
    ...(state.isBusiness ? { business: true } : {}),
    ...(state.payWithPoints ? { pay_with_points: true } : {}),
    locale: options.locale,
  };
}
