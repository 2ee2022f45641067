import type { SortOption } from '../../contract/search';
import type { SearchQueryState } from '../../services/search/search-state';

/** One room of a search. `uuid` keeps a room's identity while others are added or removed. */
export interface RoomEntry {
  uuid: string;
  adults: number;
  /** Child ages; an age of 0 is stored as 1 (spec section 5). */
  children: number[];
  /** Chosen on the room-and-rate step; carried in the URL as room-N-rate-code / room-N-room-type-code. */
  rateCode?: string;
  roomTypeCode?: string;
}

export interface DateRange {
  /** Arrival, `yyyy-MM-dd`. */
  start: string;
  /** Departure, `yyyy-MM-dd`, always after the arrival. */
  end: string;
}

export interface PriceRange {
  min: number | null;
  max: number | null;
}

/** The search state of the specification (section 3), kept in the URL in the spec's format (section 2). */
export interface SearchState {
  features: string[];
  brands: string[];
  promoCode: string;
  location: string;
  dateRange: DateRange;
  isBusiness: boolean;
  payWithPoints: boolean;
  rooms: RoomEntry[];
  /** Flexible-dates window in days, when the guest asked for one. */
  approxDateRange: number | null;
  sortBy: SortOption;
  priceRange: PriceRange;
}

export type SearchFieldError = 'location.missing' | 'dates.outsideWindow' | 'dates.beforeOpening' | 'rooms.childAgeMissing';

export interface SearchContext extends SearchState {
  /** Raised when the rooms reach the maximum of 9 (spec section 5). */
  roomLimitReached: boolean;
  /** Problems found when the guest submitted; cleared as they fix them. */
  errors: SearchFieldError[];
  /** A hotel that opens later forces its opening date as the arrival (spec section 4). */
  openingDate: string | null;
  /** Whether the pay-with-points flag is on; the toggle does nothing when it is off. */
  payWithPointsEnabled: boolean;
}

export interface SearchInput {
  /** The clock, so rules that depend on today (defaults, past dates, the evening cutoff) are testable. */
  now: () => Date;
  /** The URL query the search starts from; garbage falls back to defaults. */
  query?: Record<string, unknown>;
  payWithPointsEnabled?: boolean;
  /** Set on a hotel's page: that hotel's opening date, if it is in the future. */
  openingDate?: string | null;
  /** Makes room ids; tests pass a deterministic one. */
  newId?: () => string;
}

export type SearchEvent =
  | { type: 'url.changed'; query: Record<string, unknown> }
  | { type: 'location.changed'; location: string }
  | { type: 'dates.changed'; start: string; end: string }
  | { type: 'approxDateRange.changed'; days: number | null }
  | { type: 'room.add' }
  | { type: 'room.remove'; uuid: string }
  | { type: 'room.adults.changed'; uuid: string; adults: number }
  | { type: 'room.child.add'; uuid: string }
  | { type: 'room.child.remove'; uuid: string; index: number }
  | { type: 'room.child.age.changed'; uuid: string; index: number; age: number }
  | { type: 'promo.changed'; promoCode: string }
  | { type: 'business.toggled' }
  | { type: 'points.toggled' }
  | { type: 'brands.changed'; brands: string[] }
  | { type: 'features.changed'; features: string[] }
  | { type: 'sort.changed'; sortBy: SortOption }
  | { type: 'price.changed'; min: number | null; max: number | null }
  | { type: 'rate.selected'; uuid: string; rateCode: string; roomTypeCode: string }
  | { type: 'search.submit' }
  | { type: 'editor.open' }
  | { type: 'editor.close' };

/**
 * How the URL should change: on a valid submit (`submit`: the results page opens), and on every
 * results-page refinement (`refine`: filters, sort, price, rate choice replace the address), so the
 * address bar always restores what the guest sees.
 */
export interface SearchAddressUpdate {
  query: Record<string, string>;
  reason: 'submit' | 'refine';
}

// ---------- additions for the machine ----------

/** The age a child has until the guest chooses one (`children` holds numbers only). */
export { CHILD_AGE_UNSET } from '../../services/search/search-rules';

/** Tags the views select on: `snapshot.hasTag('editorOpen')`, `snapshot.hasTag('invalid')`. */
export type SearchTag = 'editorOpen' | 'invalid';

/** The machine's own context: the search plus the dependencies it was started with. */
export interface SearchMachineContext extends SearchContext {
  /** `input.now`: read whenever a rule needs today (dates picked, URL changed, submit). */
  clock: () => Date;
  /** From `input.newId`: room ids are `<prefix>-1`, `<prefix>-2`, ..., the first number no current room uses. */
  roomIdPrefix: string;
  /**
   * The applied search: what the URL says, so what the results show. Set from `input.query`, from a
   * `url.changed` that describes another search and on a valid submit. Refinements change it (and the
   * form alike) and go to the URL; edits change only the form above it (the guest's unsubmitted draft).
   * Its rooms keep the ids of the form's rooms they came from, so a rate is chosen for the same room in both.
   */
  applied: SearchState;
}

// The URL codec in services/ declares the same shape (services may not import machines): keep them in step.
type Assert<T extends true> = T;
type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type _SearchStateMatchesCodec = Assert<SameShape<SearchState, SearchQueryState>>;
