import type { Currency, HotelSearchRequest } from '../../contract/search';
import type { Locale } from '../../contract/locales';
import { canAddRoom, canRemoveRoom, isChildAgeSet, nightsBetween } from '../../services/search/search-rules';
import { toQuery } from '../../services/search/search-url';
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
  const request: HotelSearchRequest = {
    location,
    startDate: context.dateRange.start,
    endDate: context.dateRange.end,
    rooms: context.rooms.map((room) => ({ adults: room.adults, childAges: [...room.children] })),
    business: context.isBusiness,
    payWithPoints: context.payWithPoints,
    brands: [...context.brands],
    features: [...context.features],
    sortBy: context.sortBy,
    currency,
    locale,
  };
  const promo = context.promoCode.trim();
  if (promo !== '') request.promo = promo;
  if (context.priceRange.min !== null) request.minPrice = context.priceRange.min;
  if (context.priceRange.max !== null) request.maxPrice = context.priceRange.max;
  return request;
}
