/*
 * The search state as the URL codec and the rules see it. Its shape is declared in the contract, beside
 * the schemas the routes read URLs with; src/machines/search/search.types.ts checks at compile time that
 * its SearchState is the same shape.
 */
export type { SearchDateRange, SearchPriceRange, SearchQueryState, SearchRoomState } from '../../contract/search';
