import type * as v from 'valibot';
import { type BoundedCalendarRequestSchema, type CalendarDay, type Currency, nightsBetween } from '../../src/contract/search';
import type { Catalogue, CatalogueHotel, CatalogueRoomType } from './catalogue';
import type { LoadInventory } from './hotel-search';
import { type CurrencyRate, displayAmount } from './money';
import { fits } from './occupancy';
import { groupInventory, inEuroCents, nightlyRatePrice } from './pricing';
import type { InventoryRow } from './queries';
import { rateApplies, type Stay, stayOf, withinArrivalWindow } from './stay';
import { normalizeText } from './text-match';

export type CalendarInput = v.InferOutput<typeof BoundedCalendarRequestSchema>;

/** The hotels a calendar request is about: one hotel by code, or every hotel of a city by any name; null when unknown. */
export function calendarHotels(catalogue: Catalogue, request: Pick<CalendarInput, 'hotelCode' | 'city'>): CatalogueHotel[] | null {
  if (request.hotelCode) {
    const hotel = catalogue.hotelsByCode.get(request.hotelCode.trim().toUpperCase());
    return hotel ? [hotel] : null;
  }
  return catalogue.citiesByName.get(normalizeText(request.city ?? ''))?.hotels ?? null;
}

/** What the price calendar works out before looking at the inventory: its nights, and the room types it looks at. */
export interface CalendarPlan {
  window: Stay;
  hotels: readonly CatalogueHotel[];
  /** The hotels booked here (not on another site). */
  bookable: CatalogueHotel[];
  /** Their room types that take the adults. */
  roomTypes: { hotel: CatalogueHotel; roomType: CatalogueRoomType }[];
  roomTypeIds: number[];
}

export function planCalendar(hotels: readonly CatalogueHotel[], request: CalendarInput, today: string): CalendarPlan {
  const window = stayOf(request.startDate, request.endDate, today);
  const guests = { adults: request.adults, children: 0 };
  const bookable = hotels.filter((hotel) => !hotel.useExternalBooking);
  const roomTypes = bookable.flatMap((hotel) => hotel.roomTypes.filter((roomType) => fits(guests, roomType)).map((roomType) => ({ hotel, roomType })));
  return { window, hotels, bookable, roomTypes, roomTypeIds: roomTypes.map((entry) => entry.roomType.id) };
}

/**
 * The price calendar: for each night of the window, the cheapest member price with tax of one room for
 * `adults` (no children) staying that one night, at the hotel or anywhere in the city; a night is
 * unavailable when no hotel can take an arrival on it (not open yet, outside the arrival window, booked
 * elsewhere) or has a fitting room free. minimumStay is the hotel's, for a city the shortest among the
 * hotels available that night.
 */
export async function priceCalendar(
  catalogue: Catalogue,
  hotels: readonly CatalogueHotel[],
  request: CalendarInput,
  today: string,
  loadInventory: LoadInventory,
): Promise<{ currency: Currency; days: CalendarDay[] }> {
  const plan = planCalendar(hotels, request, today);
  const rows = plan.roomTypeIds.length > 0 ? await loadInventory(plan.roomTypeIds, plan.window.startDate, plan.window.endDate) : [];
  return calendarAnswer(catalogue, request, plan, rows);
}

/** The price calendar from its plan and the inventory rows of the plan's room types over the window. */
export function calendarAnswer(
  catalogue: Catalogue,
  request: CalendarInput,
  { window, hotels, bookable, roomTypes }: CalendarPlan,
  rows: readonly InventoryRow[],
): { currency: Currency; days: CalendarDay[] } {
  const currency = catalogue.currencies.get(request.currency) as CurrencyRate;
  const { today } = window;
  const inventory = groupInventory(rows);

  // Cheapest member price per hotel and night, in euro cents.
  const cheapest = new Map<string, Map<CatalogueHotel, number>>();
  for (const { hotel, roomType } of roomTypes) {
    for (const night of inventory.get(roomType.id) ?? []) {
      const date = night.stayDate;
      const nightStay = { daysAhead: nightsBetween(today, date), nights: 1 };
      if (night.availableRooms < 1 || (hotel.openingDate !== null && date < hotel.openingDate) || !withinArrivalWindow(hotel, nightStay.daysAhead)) continue;
      for (const plan of hotel.ratePlans) {
        if (!plan.isMemberRate || !rateApplies(plan.rateCode, nightStay)) continue;
        const price = nightlyRatePrice(inEuroCents(night, catalogue.currencies), plan);
        let byHotel = cheapest.get(date);
        if (!byHotel) cheapest.set(date, (byHotel = new Map()));
        if (price < (byHotel.get(hotel) ?? Number.POSITIVE_INFINITY)) byHotel.set(hotel, price);
      }
    }
  }

  const shortestStay = (candidates: Iterable<CatalogueHotel>) => Math.min(...[...candidates].map((hotel) => hotel.minLengthOfStay));
  const days = window.dates.map((date): CalendarDay => {
    const byHotel = cheapest.get(date);
    if (!byHotel || byHotel.size === 0) {
      return { date, available: false, price: null, minimumStay: shortestStay(bookable.length > 0 ? bookable : hotels) };
    }
    return {
      date,
      available: true,
      price: displayAmount(Math.min(...byHotel.values()), currency),
      minimumStay: shortestStay(byHotel.keys()),
    };
  });
  return { currency: currency.code as Currency, days };
}
