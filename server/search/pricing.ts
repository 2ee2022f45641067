import type { CatalogueHotel, CatalogueRatePlan, CatalogueRoomType } from './catalogue';
import { convertMinor, type CurrencyRate, EURO } from './money';
import { type PricingTerms, STANDARD_TERMS, termsApply, withPercentOff } from './promotions';
import type { InventoryRow } from './queries';
import { rateApplies, type Stay } from './stay';
import { accommodationVatBps, cityTaxPerGuestNightMinor } from './taxes';

/**
 * Prices of one room for a stay, in euro cents. A rate's price for a night is the night's inventory price
 * times the rate's factor, rounded to the cent; inventory prices include VAT, which is split out per
 * night. The stay's price is the sum of its nights, so a nightly breakdown always adds up to the total.
 */

export interface NightPrice {
  date: string;
  gross: number;
  net: number;
  tax: number;
}

export interface PricedRate {
  plan: CatalogueRatePlan;
  nights: NightPrice[];
  gross: number;
  net: number;
  tax: number;
  /** Points that pay for the stay instead of money (nightPointsPrice summed; 0: not payable with points). */
  pointsPrice: number;
  /** Points a member earns paying money: one per full euro without tax, on member rates. */
  pointsEarned: number;
}

/** A room type over the stay: rooms free on every night, and its applicable rates with their prices. */
export interface RoomTypeStay {
  roomType: CatalogueRoomType;
  freeRooms: number;
  /** Nightly inventory price in euro cents; null where a night has no inventory. */
  nightlyPrices: (number | null)[];
  /** Empty when no room is free. Cheapest first. */
  rates: PricedRate[];
}

/**
 * The member and the non-member rate with the lowest price factor. Every night of a rate is the same
 * inventory price times its factor, so these two are the cheapest of their kind on any room type and
 * stay; a list of hotels needs no other.
 */
function cheapestOfEachKind(plans: readonly CatalogueRatePlan[]): CatalogueRatePlan[] {
  const cheapest = new Map<boolean, CatalogueRatePlan>();
  for (const plan of plans) {
    const current = cheapest.get(plan.isMemberRate);
    if (!current || plan.priceFactorBps < current.priceFactorBps) cheapest.set(plan.isMemberRate, plan);
  }
  return [...cheapest.values()];
}

/** Inventory rows grouped by room type, each list in date order. */
export function groupInventory(rows: readonly InventoryRow[]): Map<number, InventoryRow[]> {
  const byRoomType = new Map<number, InventoryRow[]>();
  for (const row of rows) {
    let list = byRoomType.get(row.roomTypeId);
    if (!list) byRoomType.set(row.roomTypeId, (list = []));
    list.push(row);
  }
  for (const list of byRoomType.values()) list.sort((a, b) => (a.stayDate < b.stayDate ? -1 : 1));
  return byRoomType;
}

/** A rate's price for one night, tax included: the inventory price times the rate's factor, to the cent. */
export function nightlyRatePrice(inventoryPrice: number, plan: Pick<CatalogueRatePlan, 'priceFactorBps'>): number {
  return Math.round((inventoryPrice * plan.priceFactorBps) / 10_000);
}

/** Points a euro of a night's price costs when paying with points (decision record 0031). */
export const POINTS_PER_EURO = 2;
/** Points prices are rounded up to a multiple of this, so they read as round numbers. */
export const POINTS_ROUNDING = 10;

/** Whether points can pay for a rate: member rates whose plan allows it (a plan's points per night above 0). */
export function payableWithPoints(plan: Pick<CatalogueRatePlan, 'isMemberRate' | 'pointsPerNight'>): boolean {
  return plan.isMemberRate && plan.pointsPerNight > 0;
}

/**
 * The points one night of a rate costs, from the night's cash price (euro cents, VAT included, before any
 * promo code: a promo code takes money off, not points): POINTS_PER_EURO points a euro, rounded up to a
 * multiple of POINTS_ROUNDING. A dearer room type or rate therefore costs more points (decision record 0031).
 */
export function nightPointsPrice(rateNightGrossCents: number): number {
  return Math.ceil((rateNightGrossCents * POINTS_PER_EURO) / (100 * POINTS_ROUNDING)) * POINTS_ROUNDING;
}

/** One room on one rate over the stay; `percentOff` (a promo code's) is taken off each night's price. */
export function priceRate(plan: CatalogueRatePlan, stay: Stay, nightlyPrices: readonly number[], vatBps: number, percentOff = 0): PricedRate {
  let pointsPrice = 0;
  const nights = nightlyPrices.map((base, index) => {
    const undiscounted = nightlyRatePrice(base, plan);
    pointsPrice += nightPointsPrice(undiscounted);
    const gross = withPercentOff(undiscounted, percentOff);
    const net = Math.round((gross * 10_000) / (10_000 + vatBps));
    return { date: stay.dates[index] ?? '', gross, net, tax: gross - net };
  });
  const sum = (pick: (night: NightPrice) => number) => nights.reduce((total, night) => total + pick(night), 0);
  const net = sum((night) => night.net);
  return {
    plan,
    nights,
    gross: sum((night) => night.gross),
    net,
    tax: sum((night) => night.tax),
    pointsPrice: payableWithPoints(plan) ? pointsPrice : 0,
    pointsEarned: plan.isMemberRate ? Math.floor(net / 100) : 0,
  };
}

/**
 * Every room type of the hotel over the stay. `inventory` holds the rows of the stay's nights by room type;
 * a night without a row counts as nothing free. Rates are those of the hotel that apply to the stay and
 * to the search's terms (promotions.ts), priced with its promo code's percentage off.
 */
export function roomTypeStays(
  hotel: CatalogueHotel,
  stay: Stay,
  inventory: ReadonlyMap<number, readonly InventoryRow[]>,
  currencies: ReadonlyMap<string, CurrencyRate>,
  only: 'allRates' | 'cheapestOfEachKind' = 'allRates',
  terms: PricingTerms = STANDARD_TERMS,
): RoomTypeStay[] {
  const vatBps = accommodationVatBps(hotel.city.countryCode);
  const applicable = hotel.ratePlans.filter((plan) => rateApplies(plan.rateCode, stay) && termsApply(terms, plan));
  const rates = only === 'allRates' ? applicable : cheapestOfEachKind(applicable);
  return hotel.roomTypes.map((roomType) => {
    const byDate = new Map((inventory.get(roomType.id) ?? []).map((row) => [row.stayDate, row]));
    const nights = stay.dates.map((date) => byDate.get(date));
    const freeRooms = nights.length === 0 ? 0 : Math.min(...nights.map((night) => night?.availableRooms ?? 0));
    const nightlyPrices = nights.map((night) => (night ? inEuroCents(night, currencies) : null));
    const priced =
      freeRooms > 0
        ? rates.map((plan) => priceRate(plan, stay, nightlyPrices as number[], vatBps, terms.percentOff)).sort((a, b) => a.gross - b.gross)
        : [];
    return { roomType, freeRooms, nightlyPrices, rates: priced };
  });
}

/** A night's inventory price in euro cents (the inventory may be kept in another currency). */
export function inEuroCents(row: InventoryRow, currencies: ReadonlyMap<string, CurrencyRate>): number {
  if (row.currency === EURO.code) return row.basePriceMinor;
  const currency = currencies.get(row.currency);
  return currency ? convertMinor(row.basePriceMinor, currency, EURO) : row.basePriceMinor;
}

/** City tax of one room for the stay: per guest counted as an adult, per night. */
export function cityTaxMinor(hotel: CatalogueHotel, adults: number, nights: number): number {
  return cityTaxPerGuestNightMinor(hotel.city.code) * adults * nights;
}
