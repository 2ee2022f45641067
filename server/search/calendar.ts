import type * as v from 'valibot';
import { type BoundedCalendarRequestSchema, type CalendarDay, type Currency, nightsBetween } from '../../src/contract/search';
import type { CompanyRate } from '../corporate/rates';
import type { Catalogue, CatalogueHotel, CatalogueRatePlan, CatalogueRoomType } from './catalogue';
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
 * hotels available that night. For a member of a company (`company`) the company rate counts among the
 * member rates, and a night whose price is the company rate's (lower than every member rate's) says so.
 */
export async function priceCalendar(
  catalogue: Catalogue,
  hotels: readonly CatalogueHotel[],
  request: CalendarInput,
  today: string,
  loadInventory: LoadInventory,
  company: CompanyRate | null = null,
): Promise<{ currency: Currency; days: CalendarDay[] }> {
  const plan = planCalendar(hotels, request, today);
  const rows = plan.roomTypeIds.length > 0 ? await loadInventory(plan.roomTypeIds, plan.window.startDate, plan.window.endDate) : [];
  return calendarAnswer(catalogue, request, plan, rows, company);
}

/** A night's cheapest price at one hotel, in euro cents, and whether it is the company rate's. */
interface NightPrice {
  price: number;
  isCompany: boolean;
}

/** Whether a price is cheaper than `best`; on a tie the member rate wins over the company rate (nothing to point out). */
function cheaper(price: number, isCompany: boolean, best: NightPrice | undefined): boolean {
  return !best || price < best.price || (price === best.price && best.isCompany && !isCompany);
}

/** The price calendar from its plan and the inventory rows of the plan's room types over the window; `company` as for priceCalendar. */
export function calendarAnswer(
  catalogue: Catalogue,
  request: CalendarInput,
  { window, hotels, bookable, roomTypes }: CalendarPlan,
  rows: readonly InventoryRow[],
  company: CompanyRate | null = null,
): { currency: Currency; days: CalendarDay[] } {
  const currency = catalogue.currencies.get(request.currency) as CurrencyRate;
  const { today } = window;
  const inventory = groupInventory(rows);
  const plansOf = (hotel: CatalogueHotel): readonly CatalogueRatePlan[] => (company ? [...hotel.ratePlans, company.plan] : hotel.ratePlans);

  // Cheapest member price per hotel and night.
  const cheapest = new Map<string, Map<CatalogueHotel, NightPrice>>();
  for (const { hotel, roomType } of roomTypes) {
    const plans = plansOf(hotel);
    for (const night of inventory.get(roomType.id) ?? []) {
      const date = night.stayDate;
      const nightStay = { daysAhead: nightsBetween(today, date), nights: 1 };
      if (night.availableRooms < 1 || (hotel.openingDate !== null && date < hotel.openingDate) || !withinArrivalWindow(hotel, nightStay.daysAhead)) continue;
      for (const plan of plans) {
        if (!plan.isMemberRate || !rateApplies(plan.rateCode, nightStay)) continue;
        const price = nightlyRatePrice(inEuroCents(night, catalogue.currencies), plan);
        const isCompany = plan === company?.plan;
        let byHotel = cheapest.get(date);
        if (!byHotel) cheapest.set(date, (byHotel = new Map()));
        if (cheaper(price, isCompany, byHotel.get(hotel))) byHotel.set(hotel, { price, isCompany });
      }
    }
  }

  const shortestStay = (candidates: Iterable<CatalogueHotel>) => Math.min(...[...candidates].map((hotel) => hotel.minLengthOfStay));
  const days = window.dates.map((date): CalendarDay => {
    const byHotel = cheapest.get(date);
    if (!byHotel || byHotel.size === 0) {
      return { date, available: false, price: null, minimumStay: shortestStay(bookable.length > 0 ? bookable : hotels) };
    }
    let best: NightPrice | undefined;
    for (const candidate of byHotel.values()) if (cheaper(candidate.price, candidate.isCompany, best)) best = candidate;
    const { price, isCompany } = best as NightPrice;
    return {
      date,
      available: true,
      price: displayAmount(price, currency),
      minimumStay: shortestStay(byHotel.keys()),
      ...(isCompany && company ? { company: { name: company.plan.company.name } } : {}),
    };
  });
  return { currency: currency.code as Currency, days };
}
