import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Locale } from '../../contract/locales';
import {
  CalendarResponseSchema,
  HotelSearchResponseSchema,
  LocationSearchResponseSchema,
  RoomsResponseSchema,
  SEARCH_PATHS,
} from '../../contract/search';
import type { Currency, HotelSearchRequest, SearchRoom } from '../../contract/search';
import { postJson } from '../bff/client';
import type { SearchQueryState } from '../search/search-state';

/** Availability and prices move; a minute keeps back-and-forth navigation instant without going stale. */
const SEARCH_STALE_MS = 60 * 1000;

export const locationSuggestionsQuery = (query: string, locale: Locale) =>
  queryOptions({
    queryKey: ['search', 'location', locale, query.trim().toLowerCase()],
    queryFn: async ({ signal }) =>
      (await postJson(SEARCH_PATHS.location, { query, locale }, LocationSearchResponseSchema, { signal })).data,
    enabled: query.trim().length > 0,
    staleTime: 5 * 60 * 1000,
    placeholderData: keepPreviousData,
  });

export const hotelSearchQuery = (request: HotelSearchRequest) =>
  queryOptions({
    queryKey: ['search', 'hotels', request],
    queryFn: async ({ signal }) => (await postJson(SEARCH_PATHS.hotels, request, HotelSearchResponseSchema, { signal })).data,
    staleTime: SEARCH_STALE_MS,
    placeholderData: keepPreviousData,
  });

export interface CalendarRequest {
  hotelCode?: string;
  city?: string;
  startDate: string;
  endDate: string;
  adults: number;
  currency: Currency;
}

export const priceCalendarQuery = (request: CalendarRequest) =>
  queryOptions({
    queryKey: ['search', 'calendar', request],
    queryFn: async ({ signal }) => (await postJson(SEARCH_PATHS.calendar, request, CalendarResponseSchema, { signal })).data,
    staleTime: SEARCH_STALE_MS,
  });

export interface RoomsRequest {
  hotelCode: string;
  startDate: string;
  endDate: string;
  rooms: SearchRoom[];
  promo?: string;
  payWithPoints: boolean;
  currency: Currency;
  locale: Locale;
}

export const roomsQuery = (request: RoomsRequest) =>
  queryOptions({
    queryKey: ['search', 'rooms', request],
    queryFn: async ({ signal }) => (await postJson(SEARCH_PATHS.rooms, request, RoomsResponseSchema, { signal })).data,
    staleTime: SEARCH_STALE_MS,
  });

/** The hotels-v2 request body for a search state (rooms as adults and child ages). */
export function toHotelSearchRequest(
  state: SearchQueryState,
  options: { currency: Currency; locale: Locale },
): HotelSearchRequest {
  return {
    location: state.location,
    startDate: state.dateRange.start,
    endDate: state.dateRange.end,
    rooms: state.rooms.map((room) => ({ adults: room.adults, childAges: room.children })),
    ...(state.promoCode ? { promo: state.promoCode } : {}),
    business: state.isBusiness,
    payWithPoints: state.payWithPoints,
    brands: state.brands,
    features: state.features,
    sortBy: state.sortBy,
    ...(state.priceRange.min != null ? { minPrice: state.priceRange.min } : {}),
    ...(state.priceRange.max != null ? { maxPrice: state.priceRange.max } : {}),
    currency: options.currency,
    locale: options.locale,
  };
}

/** The results page's request for a search (prices in euros until the currency choice exists). */
export function resultsRequest(state: SearchQueryState, locale: Locale): HotelSearchRequest {
  return toHotelSearchRequest(state, { currency: 'EUR', locale });
}

/**
 * Arrival dates near the one asked for on which every night of a stay of the same length is available,
 * nearest first: what an empty result proposes instead.
 */
export function nearbyAvailableArrivals(
  days: readonly { date: string; available: boolean }[],
  wantedStart: string,
  nights: number,
  limit = 3,
): string[] {
  const available = new Set(days.filter((day) => day.available).map((day) => day.date));
  const dates = days.map((day) => day.date);
  const distance = (date: string) => Math.abs(Date.parse(date) - Date.parse(wantedStart));
  return dates
    .filter((date, index) => date !== wantedStart && dates.slice(index, index + nights).length === nights && dates.slice(index, index + nights).every((night) => available.has(night)))
    .sort((a, b) => distance(a) - distance(b) || a.localeCompare(b))
    .slice(0, limit);
}
