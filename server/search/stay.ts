import { nightsBetween, SEARCH_LIMITS, type UnavailableReason } from '../../src/contract/search';
import { addDays, type IsoDate } from '../lib/calendar';
import type { CatalogueHotel } from './catalogue';

/** A stay as search reasons about it: its nights, and how far ahead of today (in Berlin) it starts. */
export interface Stay {
  startDate: IsoDate;
  endDate: IsoDate;
  /** The dates of the nights, arrival first, departure excluded. */
  dates: IsoDate[];
  nights: number;
  /** The business date in Europe/Berlin. */
  today: IsoDate;
  daysAhead: number;
}

export function stayOf(startDate: IsoDate, endDate: IsoDate, today: IsoDate): Stay {
  const nights = nightsBetween(startDate, endDate);
  return {
    startDate,
    endDate,
    dates: Array.from({ length: Math.max(0, nights) }, (_, night) => addDays(startDate, night)),
    nights,
    today,
    daysAhead: nightsBetween(today, startDate),
  };
}

export interface Restriction {
  reason: UnavailableReason;
  /** For minimum_stay: the nights needed. */
  minimumStay: number | null;
}

/**
 * Why a hotel cannot be booked for these dates whatever the rooms, or null. In order: it is booked on
 * another site; it has not opened by the arrival (searchable from its opening date on); the arrival is
 * before today plus the hotel's lead time or more than 365 days ahead; the stay is shorter than the
 * hotel's minimum length of stay.
 */
export function hotelRestriction(hotel: CatalogueHotel, stay: Stay): Restriction | null {
  if (hotel.useExternalBooking) return { reason: 'external_booking', minimumStay: null };
  if (hotel.openingDate !== null && stay.startDate < hotel.openingDate) return { reason: 'not_open_yet', minimumStay: null };
  if (!withinArrivalWindow(hotel, stay.daysAhead)) return { reason: 'outside_arrival_window', minimumStay: null };
  if (stay.nights < hotel.minLengthOfStay) return { reason: 'minimum_stay', minimumStay: hotel.minLengthOfStay };
  return null;
}

/** Arrival (`daysAhead` days after today) from today plus the hotel's minimum lead days up to today plus 365 days. */
export function withinArrivalWindow(hotel: Pick<CatalogueHotel, 'minLeadDays'>, daysAhead: number): boolean {
  return daysAhead >= hotel.minLeadDays && daysAhead <= SEARCH_LIMITS.arrivalWindowDays;
}

/**
 * Conditions some rates carry in their name and nowhere else in the data: an early-booker rate needs the
 * arrival 14 days ahead, a long-stay rate 7 nights. Keyed by rate code until rate plans get columns for them.
 */
const RATE_CONDITIONS: Readonly<Record<string, { minDaysAhead?: number; minNights?: number }>> = {
  ADV14: { minDaysAhead: 14 },
  HRWADV: { minDaysAhead: 14 },
  LS7: { minNights: 7 },
  HRWLS: { minNights: 7 },
};

export function rateApplies(rateCode: string, stay: Pick<Stay, 'daysAhead' | 'nights'>): boolean {
  const conditions = RATE_CONDITIONS[rateCode];
  if (!conditions) return true;
  return stay.daysAhead >= (conditions.minDaysAhead ?? 0) && stay.nights >= (conditions.minNights ?? 0);
}
