import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type * as v from 'valibot';
import type { Locale } from '../../contract/locales';
import {
  CalendarResponseSchema,
  DEFAULT_CURRENCY,
  HotelSearchResponseSchema,
  LocationSearchResponseSchema,
  RoomsResponseSchema,
  SEARCH_PATHS,
} from '../../contract/search';
import type { Currency, HotelSearchRequest, RoomsRequest } from '../../contract/search';
import { tokenSubject } from '../account/token';
import { HttpError, postJson } from '../bff/client';
import { bffRequest } from '../bff/request';
import type { AuthAccess } from '../bff/request';
import { hotelSearchRequest, roomsRequest } from './search-requests';
import type { SearchQueryState } from './search-state';

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

/** The member a search read is for (the token's subject), or null for a visitor. */
const memberOf = (access: AuthAccess | null | undefined): string | null => (access?.token ? tokenSubject(access.token) : null);

/**
 * A search read whose answer depends on who asks: a member enrolled with a company gets the company's rate
 * (in the rooms, and where it is lower in the hotel list and the price calendar: decisions 0059 and 0061).
 * A signed-in member's request carries their token and is kept per member (the token's subject), so one
 * member's company rate never shows to anyone else in this browser, and signing in or out reads it again.
 * A visitor's is the plain request under `publicKey`.
 */
function searchRead<TSchema extends v.GenericSchema<unknown, { data: unknown }>>(
  path: string,
  body: unknown,
  schema: TSchema,
  publicKey: readonly unknown[],
  access: AuthAccess | null | undefined,
) {
  const member = memberOf(access);
  return {
    queryKey: member === null ? publicKey : [...publicKey, { member }],
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<v.InferOutput<TSchema>['data']> =>
      (member === null || !access
        ? await postJson(path, body, schema, { signal })
        : await bffRequest(path, schema, access, { method: 'POST', body, signal })
      ).data,
  };
}

/** hotels-v2 for a search; `access`: the signed-in member's, whose company rate may lower the prices. */
export const hotelSearchQuery = (request: HotelSearchRequest, access?: AuthAccess | null) =>
  queryOptions({
    ...searchRead(SEARCH_PATHS.hotels, request, HotelSearchResponseSchema, ['search', 'hotels', request], access),
    staleTime: SEARCH_STALE_MS,
    placeholderData: keepPreviousData,
  });

/** The hotel search's answer to a destination that is neither a city nor a hotel code (404 `unknown_location`). */
export const isUnknownPlace = (error: unknown): boolean => error instanceof HttpError && error.status === 404;

/** The hotels of a search as a page shows it (the typed search of its address, in the page's language). */
export const searchResultsQuery = (searched: SearchQueryState, locale: Locale, access?: AuthAccess | null) =>
  hotelSearchQuery(hotelSearchRequest(searched, { locale }), access);

export interface CalendarRequest {
  hotelCode?: string;
  city?: string;
  startDate: string;
  endDate: string;
  adults: number;
  /** The default currency unless given. */
  currency?: Currency;
}

/** The price calendar; `access` as for hotelSearchQuery (a company rate may lower the nightly prices). */
export const priceCalendarQuery = (request: CalendarRequest, access?: AuthAccess | null) => {
  const body = { ...request, currency: request.currency ?? DEFAULT_CURRENCY };
  return queryOptions({
    ...searchRead(SEARCH_PATHS.calendar, body, CalendarResponseSchema, ['search', 'calendar', body], access),
    staleTime: SEARCH_STALE_MS,
    // Signing in keeps the prices shown while the member's load.
    ...(memberOf(access) === null ? {} : { placeholderData: keepPreviousData }),
  });
};

export const roomsQuery = (request: RoomsRequest) =>
  queryOptions({
    queryKey: ['search', 'rooms', request],
    queryFn: async ({ signal }) => (await postJson(SEARCH_PATHS.rooms, request, RoomsResponseSchema, { signal })).data,
    staleTime: SEARCH_STALE_MS,
  });

/**
 * The room offers of a search for one hotel, as the rooms-and-rates page shows them: a signed-in member's
 * carry their company's rate among the hotel's (searchRead). A visitor's is the same query as roomsQuery's.
 */
export const roomOffersQuery = (searched: SearchQueryState, locale: Locale, access?: AuthAccess | null) => {
  const request = roomsRequest(searched, { locale });
  return queryOptions({
    ...searchRead(SEARCH_PATHS.rooms, request, RoomsResponseSchema, roomsQuery(request).queryKey, access),
    staleTime: SEARCH_STALE_MS,
    // Signing in on the page keeps the rooms shown while the member's (with their company rate) load.
    ...(memberOf(access) === null ? {} : { placeholderData: keepPreviousData }),
  });
};

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
