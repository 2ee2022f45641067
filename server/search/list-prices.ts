import { type AssignmentProblem, cheapestAssignment } from './assignment';
import type { CatalogueHotel, CatalogueRatePlan, CatalogueRoomType } from './catalogue';
import type { NightTable } from './inventory-cache';
import type { CurrencyRate } from './money';
import { fits, type Occupancy } from './occupancy';
import { inEuroCents, nightlyRatePrice, nightPointsPrice, payableWithPoints } from './pricing';
import { type PricingTerms, STANDARD_TERMS, termsApply, withPercentOff } from './promotions';
import type { InventoryRow } from './queries';
import { rateApplies, type Stay } from './stay';
import { accommodationVatBps, cityTaxPerGuestNightMinor } from './taxes';

/**
 * The two prices hotels-v2 shows per hotel, computed directly: the cheapest way to book every room of the
 * search on member rates and on non-member rates. It gives exactly what roomTypeStays + bookingsOf give
 * for the cheapest rate of each kind (pricing.ts, booking.ts: same roundings, same assignment), without
 * building each room type's nightly breakdown, which a list of a hundred hotels does not show. The
 * single-hotel routes (rooms, rates, cheapest room) keep using the full breakdown.
 */

/** Sums of booking every room of the search, euro cents. */
export interface StayTotals {
  gross: number;
  net: number;
  cityTax: number;
  pointsPrice: number;
}

export interface ListPrices {
  member: StayTotals | null;
  nonMember: StayTotals | null;
  /** On the company rate listPrices was given (a member of a company: corporate/rates.ts); null without one. */
  company: StayTotals | null;
}

/** An assignment problem over a cost table (`costs[room × options + option]`, null: not possible). */
class CostTable implements AssignmentProblem {
  readonly rooms: number;
  readonly capacity: readonly number[];
  private readonly costs: readonly (number | null)[];

  constructor(rooms: number, capacity: readonly number[], costs: readonly (number | null)[]) {
    this.rooms = rooms;
    this.capacity = capacity;
    this.costs = costs;
  }

  cost(room: number, option: number): number | null {
    return this.costs[room * this.capacity.length + option] ?? null;
  }
}

/**
 * The member and the non-member rate with the lowest price factor among those that apply to the stay
 * (the first one listed on a tie): every night of a rate is the inventory price times its factor, so
 * these are the cheapest of their kind on any room type (pricing.ts, cheapestOfEachKind).
 */
function cheapestPlans(
  plans: readonly CatalogueRatePlan[],
  stay: Stay,
  terms: PricingTerms,
): { member: CatalogueRatePlan | undefined; nonMember: CatalogueRatePlan | undefined } {
  let member: CatalogueRatePlan | undefined;
  let nonMember: CatalogueRatePlan | undefined;
  for (const plan of plans) {
    if (!rateApplies(plan.rateCode, stay) || !termsApply(terms, plan)) continue;
    if (plan.isMemberRate) {
      if (!member || plan.priceFactorBps < member.priceFactorBps) member = plan;
    } else if (!nonMember || plan.priceFactorBps < nonMember.priceFactorBps) {
      nonMember = plan;
    }
  }
  return { member, nonMember };
}

/**
 * The hotel's cheapest member and non-member booking of every room (`occupancies`, in search order) over
 * the stay, or null for a kind that cannot book them all; with `companyPlan` (the company rate of the
 * member who searches) also the cheapest booking on it, priced like any rate, apart from the member rates
 * so that the caller can tell which is lower. `nights` holds the inventory of (at least) the hotel's room
 * types that take some room's guests; a room type without rows has nothing free.
 */
export function listPrices(
  hotel: CatalogueHotel,
  stay: Stay,
  occupancies: readonly Occupancy[],
  nights: NightTable,
  currencies: ReadonlyMap<string, CurrencyRate>,
  terms: PricingTerms = STANDARD_TERMS,
  companyPlan: CatalogueRatePlan | null = null,
): ListPrices {
  const { member, nonMember } = cheapestPlans(hotel.ratePlans, stay, terms);
  const company = companyPlan && rateApplies(companyPlan.rateCode, stay) && termsApply(terms, companyPlan) ? companyPlan : undefined;
  // The plans priced, in this order: member, non-member, company.
  const plans = [member, nonMember, company] as const;
  const pricing: Pricing = {
    vatDivisor: 10_000 + accommodationVatBps(hotel.city.countryCode),
    percentOff: terms.percentOff,
    cityTaxPerAdult: cityTaxPerGuestNightMinor(hotel.city.code) * stay.nights,
    currencies,
  };
  const [memberTotals, nonMemberTotals, companyTotals] =
    occupancies.length === 1
      ? oneRoomPrices(hotel, stay, occupancies[0] as Occupancy, nights, plans, pricing)
      : severalRoomsPrices(hotel, stay, occupancies, nights, plans, pricing);
  return { member: memberTotals ?? null, nonMember: nonMemberTotals ?? null, company: companyTotals ?? null };
}

/** What pricing a stay at the hotel needs besides the rate and the nights. */
interface Pricing {
  vatDivisor: number;
  percentOff: number;
  cityTaxPerAdult: number;
  currencies: ReadonlyMap<string, CurrencyRate>;
}

/** Every room on each plan (undefined: not offered): the cheapest assignment of rooms to room types. */
function severalRoomsPrices(
  hotel: CatalogueHotel,
  stay: Stay,
  occupancies: readonly Occupancy[],
  nights: NightTable,
  plans: readonly (CatalogueRatePlan | undefined)[],
  pricing: Pricing,
): (StayTotals | null)[] {
  const roomTypes = hotel.roomTypes;
  const options = roomTypes.length;
  const free: number[] = new Array<number>(options);
  const prices = plans.map(() => ({
    gross: new Array<number>(options).fill(0),
    net: new Array<number>(options).fill(0),
    points: new Array<number>(options).fill(0),
  }));
  for (let option = 0; option < options; option += 1) {
    const rows = nights.get((roomTypes[option] as CatalogueRoomType).id);
    const freeRooms = freeOnEveryNight(rows, stay.nights);
    free[option] = freeRooms;
    if (freeRooms <= 0 || !rows) continue;
    plans.forEach((plan, index) => {
      if (!plan) return;
      const price = stayPrice(rows, stay.nights, plan, pricing);
      const table = prices[index] as (typeof prices)[number];
      table.gross[option] = price.gross;
      table.net[option] = price.net;
      table.points[option] = price.points;
    });
  }

  const rooms = occupancies.length;
  const fit: boolean[] = new Array<boolean>(rooms * options);
  for (let room = 0; room < rooms; room += 1) {
    for (let option = 0; option < options; option += 1) {
      fit[room * options + option] = fits(occupancies[room] as Occupancy, roomTypes[option] as CatalogueRoomType);
    }
  }
  return plans.map((plan, index) => (plan ? cheapestTotals(plan, occupancies, free, fit, prices[index] as OptionPrices, pricing.cityTaxPerAdult) : null));
}

/** Rooms free on every night of the stay (0 when a night has no row, or the stay has no nights). */
function freeOnEveryNight(rows: readonly (InventoryRow | undefined)[] | undefined, nights: number): number {
  let free = nights > 0 ? Number.POSITIVE_INFINITY : 0;
  for (let night = 0; night < nights; night += 1) {
    const available = rows?.[night]?.availableRooms ?? 0;
    if (available < free) free = available;
  }
  return free;
}

interface RoomPrice {
  gross: number;
  net: number;
  /** Points the stay costs on this room type (pricing.ts, nightPointsPrice), whether or not the rate takes points. */
  points: number;
}

/**
 * One room on one rate over the stay, with and without VAT, euro cents: each night the inventory price
 * times the rate's factor, rounded, less a promo code's percentage, rounded, VAT split out of it and
 * rounded, summed (pricing.ts, priceRate).
 * Every night has a row.
 */
function stayPrice(rows: readonly (InventoryRow | undefined)[], nights: number, plan: CatalogueRatePlan, { vatDivisor, percentOff, currencies }: Pricing): RoomPrice {
  let gross = 0;
  let net = 0;
  let points = 0;
  for (let night = 0; night < nights; night += 1) {
    const undiscounted = nightlyRatePrice(inEuroCents(rows[night] as InventoryRow, currencies), plan);
    const nightGross = withPercentOff(undiscounted, percentOff);
    gross += nightGross;
    net += Math.round((nightGross * 10_000) / vatDivisor);
    points += nightPointsPrice(undiscounted);
  }
  return { gross, net, points };
}

/**
 * One room: on each plan, the room type that takes the guests and has the lowest price (the first one on
 * a tie), as cheapestAssignment decides for a single room.
 */
function oneRoomPrices(
  hotel: CatalogueHotel,
  stay: Stay,
  guests: Occupancy,
  nights: NightTable,
  plans: readonly (CatalogueRatePlan | undefined)[],
  pricing: Pricing,
): (StayTotals | null)[] {
  const best: (RoomPrice | undefined)[] = plans.map(() => undefined);
  for (const roomType of hotel.roomTypes) {
    const rows = nights.get(roomType.id);
    if (!rows || !fits(guests, roomType) || freeOnEveryNight(rows, stay.nights) <= 0) continue;
    plans.forEach((plan, index) => {
      if (!plan) return;
      const price = stayPrice(rows, stay.nights, plan, pricing);
      const cheapest = best[index];
      if (!cheapest || price.gross < cheapest.gross) best[index] = price;
    });
  }
  const cityTax = pricing.cityTaxPerAdult * guests.adults;
  return plans.map((plan, index) => {
    const price = best[index];
    return plan && price ? oneRoomTotals(plan, price, cityTax) : null;
  });
}

function oneRoomTotals(plan: CatalogueRatePlan, price: RoomPrice, cityTax: number): StayTotals {
  return { gross: price.gross, net: price.net, cityTax, pointsPrice: payableWithPoints(plan) ? price.points : 0 };
}

/** Per room type option: the stay's price with and without VAT and in points (RoomPrice). */
interface OptionPrices {
  gross: readonly number[];
  net: readonly number[];
  points: readonly number[];
}

function cheapestTotals(
  plan: CatalogueRatePlan,
  occupancies: readonly Occupancy[],
  free: readonly number[],
  fit: readonly boolean[],
  { gross, net, points }: OptionPrices,
  cityTaxPerAdult: number,
): StayTotals | null {
  const rooms = occupancies.length;
  const options = free.length;
  const costs: (number | null)[] = new Array<number | null>(rooms * options);
  for (let room = 0; room < rooms; room += 1) {
    for (let option = 0; option < options; option += 1) {
      const cell = room * options + option;
      costs[cell] = fit[cell] && (free[option] as number) > 0 ? (gross[option] as number) : null;
    }
  }
  const assignment = cheapestAssignment(new CostTable(rooms, free, costs));
  if (!assignment) return null;
  const totals: StayTotals = { gross: 0, net: 0, cityTax: 0, pointsPrice: 0 };
  const takesPoints = payableWithPoints(plan);
  for (let room = 0; room < rooms; room += 1) {
    const option = assignment.options[room] as number;
    totals.gross += gross[option] as number;
    totals.net += net[option] as number;
    totals.cityTax += cityTaxPerAdult * (occupancies[room] as Occupancy).adults;
    if (takesPoints) totals.pointsPrice += points[option] as number;
  }
  return totals;
}
