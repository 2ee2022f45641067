import type { Currency, HotelSearchRequest } from '../../contract/search';
import type { Locale } from '../../contract/locales';
import { hotelSearchRequest } from '../../services/search/search-requests';
import { canAddRoom, canRemoveRoom, isChildAgeSet, nightsBetween } from '../../services/search/search-rules';
import { routerSearch } from '../../services/navigation/router-search';
import type { RouterSearch } from '../../services/navigation/router-search';
import { locationQuery, toQuery } from '../../services/search/search-url';
import type { SearchQueryState } from '../../services/search/search-state';
import type { RoomEntry, SearchContext, SearchFieldError, SearchTag } from './search.types';

/** What the selectors read: a machine snapshot, or any object with the same context (tests use hand-made ones). */
interface SearchSnapshot {
  context: SearchContext;
}
interface TaggedSnapshot {
  hasTag: (tag: SearchTag) => boolean;
}

export const selectRooms = (snapshot: SearchSnapshot): RoomEntry[] => snapshot.context.rooms;

/** Everyone the search is for: adults and children of every room. */
export const selectGuestCount = (snapshot: SearchSnapshot): number => snapshot.context.rooms.reduce((total, room) => total + room.adults + room.children.length, 0);

export const selectNights = (snapshot: SearchSnapshot): number => nightsBetween(snapshot.context.dateRange.start, snapshot.context.dateRange.end);

/** The URL query of the search (spec section 2). A new object on each call: compare it shallowly. */
export const selectQuery = (snapshot: SearchSnapshot): Record<string, string> => toQuery(snapshot.context);

export const selectErrors = (snapshot: SearchSnapshot): SearchFieldError[] => snapshot.context.errors;

export const selectRoomLimitReached = (snapshot: SearchSnapshot): boolean => snapshot.context.roomLimitReached;

export const selectCanAddRoom = (snapshot: SearchSnapshot): boolean => canAddRoom(snapshot.context.rooms.length);

export const selectCanRemoveRoom = (snapshot: SearchSnapshot): boolean => canRemoveRoom(snapshot.context.rooms.length);

export const selectIsEditorOpen = (snapshot: TaggedSnapshot): boolean => snapshot.hasTag('editorOpen');

/**
 * The body of the hotels-v2 request (HotelSearchRequestSchema) for the search, or null while it cannot
 * run: no destination yet, or a child whose age is not chosen.
 */
export function selectSearchRequest(snapshot: SearchSnapshot, currency: Currency, locale: Locale): HotelSearchRequest | null {
  const { context } = snapshot;
  const location = context.location.trim();
  if (location === '' || context.rooms.some((room) => !room.children.every(isChildAgeSet))) return null;
  return hotelSearchRequest({ ...context, location }, { currency, locale });
}

/** The router's search for a link to a search page with this search (the URL's own format). */
export const searchLinkSearch = (search: SearchQueryState): RouterSearch => routerSearch(toQuery(search));

/** The router's search for a link to the results for a destination, with the default dates and guests. */
export const destinationLinkSearch = (city: string): RouterSearch => routerSearch(locationQuery(city));

/** A value of the address the search could not use, and what it uses instead (`used` is null when the field is dropped). */
export interface ReplacedUrlValue {
  /** The address's field: `startDate`, `endDate`, `rooms`, `sortBy`, `approxDateRange`, `room-N-adults` or `room-N-child-M`. */
  field: string;
  given: string;
  used: string | null;
}

/** What the search writes when a field is left out of the address (toQuery writes only what differs from these). */
const URL_DEFAULTS: Record<string, string> = { rooms: '1', sortBy: 'price-asc' };
const NUMBER = /^\d+$/;
const roomOf = (field: string) => Number(/^room-(\d+)-/.exec(field)?.[1] ?? 0);
const CHECKED_FIELDS = /^(startDate|endDate|rooms|sortBy|approxDateRange|room-[1-9]\d*-(adults|child-[1-9]\d*))$/;

/**
 * The address's values the search replaced (a past or impossible date, ten rooms, an adult count or a
 * child's age out of range, an unknown sort order), so the page can say which and with what, instead of
 * changing them silently. `given` is the address as the router read it; `searched` what the route made of it.
 */
export function selectReplacedUrlValues(given: Record<string, unknown>, searched: SearchQueryState): ReplacedUrlValue[] {
  const used = toQuery(searched);
  const replaced: ReplacedUrlValue[] = [];
  for (const [field, value] of Object.entries(given)) {
    if (!CHECKED_FIELDS.test(field) || (typeof value !== 'string' && typeof value !== 'number')) continue;
    const text = String(value).trim();
    // null: the search has no such value (a room beyond `rooms`, a child whose age could not be read).
    const now = used[field] ?? URL_DEFAULTS[field] ?? (field.endsWith('-adults') && roomOf(field) <= searched.rooms.length ? '1' : null);
    const same = now !== null && (text === now || (NUMBER.test(text) && Number(text) === Number(now)));
    if (!same) replaced.push({ field, given: text, used: now });
  }
  return replaced;
}

/** The router's search for a link to the results with a promo code and first dates it applies to (the destination still to choose). */
export const offerLinkSearch = (promo: string, startDate: string, endDate: string): RouterSearch => routerSearch({ promo, startDate, endDate });
