/**
 * The business rules of a search (spec sections 4, 5 and 9), as pure functions. Anything that depends
 * on "today" takes the clock as a parameter; "today" is the calendar date in Europe/Berlin.
 */
import { addDays, nightsBetween } from '../../contract/calendar-dates';
import * as v from 'valibot';
import { BUSINESS_TIME_ZONE, IsoDateSchema, SEARCH_LIMITS, SORT_OPTIONS } from '../../contract/search';
import type { SortOption } from '../../contract/search';
import { todayInBerlin } from '../format/dates';
import type { SearchDateRange, SearchPriceRange, SearchRoomState } from './search-state';

/** The order results come in when the guest chose none (the BFF's default too). */
export const DEFAULT_SORT: SortOption = 'price-asc';

/** A child whose age the guest has not chosen yet; a search cannot be submitted with one. */
export const CHILD_AGE_UNSET = -1;

export function isIsoDate(value: unknown): value is string {
  return v.is(IsoDateSchema, value);
}

/** Adds whole days to a calendar date. Calendar arithmetic, so a daylight-saving change never shifts it. */
export const addDaysToDate = addDays;

/** Nights between arrival and departure: calendar days, one per date change whatever the clock does. */
export { nightsBetween };

/** Today's calendar date in the business time zone. */
export function businessToday(now: Date): string {
  return todayInBerlin(now);
}

const businessHour = new Intl.DateTimeFormat('en-GB', { timeZone: BUSINESS_TIME_ZONE, hour: '2-digit', hourCycle: 'h23' });

/** From 18:00:00 Berlin time on, the default arrival is tomorrow. */
export function isAfterEveningCutoff(now: Date): boolean {
  return Number(businessHour.format(now)) >= SEARCH_LIMITS.eveningCutoffHour;
}

/** Arrival today (tomorrow from the evening cutoff on), one night. */
export function defaultDateRange(now: Date): SearchDateRange {
  const start = addDaysToDate(businessToday(now), isAfterEveningCutoff(now) ? 1 : 0);
  return { start, end: addDaysToDate(start, 1) };
}

export interface DateRules {
  /** A hotel's opening date: no arrival before it (spec section 4). Ignored unless it is after the earliest arrival. */
  openingDate?: string | null;
  /** Latest arrival, in days from today. Default 365. */
  arrivalWindowDays?: number;
  /** Earliest arrival, in days from today. Default 0 (today). */
  minLeadDays?: number;
  /** Longest stay. Default 30. */
  maxNights?: number;
}

/**
 * Makes a date range searchable:
 * - a hotel's future opening date is the earliest arrival; a range starting before it (or a missing
 *   one) becomes opening date → opening date + 1;
 * - a missing, malformed or past arrival, or one before the minimum lead time, becomes the default range;
 * - an arrival beyond the arrival window also becomes the default range (reset, not clamped: a date
 *   the guest never chose is worse than today's default);
 * - a departure missing, malformed or not after the arrival becomes arrival + 1 night;
 * - a stay longer than maxNights is shortened to maxNights.
 */
export function normaliseDateRange(range: { start?: unknown; end?: unknown }, now: Date, rules: DateRules = {}): SearchDateRange {
  const today = businessToday(now);
  const earliest = addDaysToDate(today, rules.minLeadDays ?? 0);
  const latest = addDaysToDate(today, rules.arrivalWindowDays ?? SEARCH_LIMITS.arrivalWindowDays);
  const maxNights = rules.maxNights ?? SEARCH_LIMITS.maxNights;
  const opening = isIsoDate(rules.openingDate) && rules.openingDate > earliest ? rules.openingDate : null;

  let start: string;
  if (opening !== null && (!isIsoDate(range.start) || range.start < opening)) {
    start = opening;
  } else if (!isIsoDate(range.start) || range.start < earliest || range.start > latest) {
    const fallback = defaultDateRange(now).start;
    start = opening ?? (fallback < earliest ? earliest : fallback);
  } else {
    start = range.start;
  }

  if (!isIsoDate(range.end) || range.end <= start || start !== range.start) return { start, end: addDaysToDate(start, 1) };
  if (nightsBetween(start, range.end) > maxNights) return { start, end: addDaysToDate(start, maxNights) };
  return { start, end: range.end };
}

/** A child's age as stored: whole years 0..17, with 0 stored as 1 (spec section 5); anything else is not an age. */
export function normaliseChildAge(age: unknown): number | null {
  if (typeof age !== 'number' || !Number.isInteger(age) || age < 0 || age > SEARCH_LIMITS.maxChildAge) return null;
  return Math.max(age, 1);
}

export function isChildAgeSet(age: number): boolean {
  return age !== CHILD_AGE_UNSET;
}

/** Adults of one room, clamped to 1..6; not a number at all gives the default of 1. */
export function clampAdults(adults: number): number {
  if (!Number.isFinite(adults)) return SEARCH_LIMITS.defaultAdults;
  return Math.min(Math.max(Math.trunc(adults), 1), SEARCH_LIMITS.maxAdultsPerRoom);
}

/** A new room: 1 adult, no children (spec section 5). */
export function newRoom(uuid: string): SearchRoomState {
  return { uuid, adults: SEARCH_LIMITS.defaultAdults, children: [] };
}

export const canAddRoom = (roomCount: number): boolean => roomCount < SEARCH_LIMITS.maxRooms;
export const canRemoveRoom = (roomCount: number): boolean => roomCount > 1;
/** The limit flag of spec section 5: raised while the search holds the maximum of 9 rooms. */
export const isRoomLimitReached = (roomCount: number): boolean => roomCount >= SEARCH_LIMITS.maxRooms;
export const canAddChild = (room: SearchRoomState): boolean => room.children.length < SEARCH_LIMITS.maxChildrenPerRoom;

/** A flexible-dates window: whole days 1..365; anything else (0 included) means exact dates. */
export function normaliseApproxDateRange(days: unknown): number | null {
  if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > SEARCH_LIMITS.arrivalWindowDays) return null;
  return days;
}

function priceOrNull(price: unknown): number | null {
  if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) return null;
  const rounded = Math.round(price * 100) / 100;
  return Number.isFinite(rounded) ? rounded : price;
}

/** Prices at or above 0, rounded to 2 decimals; bounds given the wrong way round are swapped. */
export function normalisePriceRange(min: unknown, max: unknown): SearchPriceRange {
  const low = priceOrNull(min);
  const high = priceOrNull(max);
  return low !== null && high !== null && low > high ? { min: high, max: low } : { min: low, max: high };
}

/** Brand or feature codes: trimmed, without empties or duplicates, and without commas (the URL's separator). */
export function normaliseCodes(codes: readonly string[]): string[] {
  const result: string[] = [];
  for (const code of codes.flatMap((entry) => entry.split(','))) {
    const trimmed = code.trim();
    if (trimmed !== '' && !result.includes(trimmed)) result.push(trimmed);
  }
  return result;
}

export function isSortOption(value: unknown): value is SortOption {
  return (SORT_OPTIONS as readonly unknown[]).includes(value);
}
