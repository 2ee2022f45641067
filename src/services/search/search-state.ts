import type { SortOption } from '../../contract/search';

/*
 * The search state as the URL codec and the rules see it. services/ may not import machines/, so the
 * shape is declared here; src/machines/search/search.types.ts checks at compile time that its
 * SearchState is the same shape.
 */

export interface SearchRoomState {
  uuid: string;
  adults: number;
  children: number[];
  rateCode?: string;
  roomTypeCode?: string;
}

export interface SearchDateRange {
  start: string;
  end: string;
}

export interface SearchPriceRange {
  min: number | null;
  max: number | null;
}

export interface SearchQueryState {
  features: string[];
  brands: string[];
  promoCode: string;
  location: string;
  dateRange: SearchDateRange;
  isBusiness: boolean;
  payWithPoints: boolean;
  rooms: SearchRoomState[];
  approxDateRange: number | null;
  sortBy: SortOption;
  priceRange: SearchPriceRange;
}
