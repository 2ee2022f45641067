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
export const selectGuestCount = (snapshot: SearchSnapshot): number =>
  snapshot.context.rooms.reduce((total, room) => total + room.adults + room.children.length, 0);

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
