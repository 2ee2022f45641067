import { nightsBetween, SEARCH_LIMITS } from '../../src/contract/search';
import { type CartRoomStayRow, GUARANTEE_POLICY_TYPES } from '../db/schema';
import { addonUnits } from '../search/addons';
import type { Catalogue, CatalogueAddon, CatalogueHotel, CatalogueRatePlan, CatalogueRoomType } from '../search/catalogue';
import { convertMinor, type CurrencyRate, EURO } from '../search/money';
import { fits, type Occupancy, occupancyOf } from '../search/occupancy';
import { cityTaxMinor, groupInventory, type PricedRate, priceRate, type RoomTypeStay, roomTypeStays } from '../search/pricing';
import { lookUpPromo, percentOffAt, type PricingTerms, type PromoLookup, STANDARD_TERMS, termsApply } from '../search/promotions';
import type { InventoryRow } from '../search/queries';
import { hotelRestriction, rateApplies, type Stay, stayOf } from '../search/stay';
import { accommodationVatBps } from '../search/taxes';
import { ECOMMERCE_LIMITS } from '../../src/contract/ecommerce';
import { isCompanyRateCode } from '../../src/contract/corporate';

/**
 * A cart's prices, recomputed from the rate plans and the inventory on every read with search's own
 * functions (priceRate, addonUnits, the promo code's terms, the city tax), so a cart shows the same
 * numbers as /search/rates for the same stay. Room prices are euro cents as search has them; everything
 * that is summed for payment is first converted to minor units of the cart's currency, once per amount.
 */

/** Why a stay cannot be put in a cart (or kept there): the status and code the route answers with. */
export interface StayProblem {
  status: 400 | 401 | 409 | 422;
  code: 'bad_request' | 'unauthorized' | 'room_unavailable' | 'company_rate_not_allowed';
  message: string;
  path?: string;
}

export interface PricedAddon {
  addon: CatalogueAddon;
  quantity: number;
  units: number;
  /** In the cart's currency, minor units. */
  price: number;
}

export interface PricedRoomStay {
  row: CartRoomStayRow;
  roomType: CatalogueRoomType;
  plan: CatalogueRatePlan;
  guests: Occupancy;
  /** Euro cents, as search prices it. */
  rate: PricedRate;
  cityTaxEur: number;
  addons: PricedAddon[];
}

export interface PricedStay {
  hotel: CatalogueHotel;
  stay: Stay;
  promo: PromoLookup | null;
  percentOff: number;
  rooms: PricedRoomStay[];
  /** Per room type: rooms free on every night of the stay. */
  options: RoomTypeStay[];
}

export interface StayInput {
  catalogue: Catalogue;
  hotel: CatalogueHotel;
  checkIn: string;
  checkOut: string;
  today: string;
  rooms: readonly CartRoomStayRow[];
  promoCode: string | null;
  business: boolean;
  /** A signed-in member: member rates allowed. */
  member: boolean;
  /** The company rate of the cart's member (server/corporate/rates.ts): the only company rate that may be booked. */
  companyRate?: CatalogueRatePlan | null;
  inventory: readonly InventoryRow[];
}

const problem = (status: StayProblem['status'], code: StayProblem['code'], message: string, path?: string): { problem: StayProblem } => ({
  problem: path ? { status, code, message, path } : { status, code, message },
});

/** The stay's nights, in bounds: at least one night, at most the search's maximum. */
export function stayProblem(checkIn: string, checkOut: string): StayProblem | null {
  const nights = nightsBetween(checkIn, checkOut);
  if (nights < 1) return problem(400, 'bad_request', 'The check-out date must be after the check-in date', 'check_out_date').problem;
  if (nights > SEARCH_LIMITS.maxNights)
    return problem(400, 'bad_request', `At most ${SEARCH_LIMITS.maxNights} nights`, 'check_out_date').problem;
  return null;
}

/** The stay and the terms its rates are priced on: the promo code's percentage off, refundable rates only for business. */
export function stayTerms(input: Pick<StayInput, 'catalogue' | 'hotel' | 'checkIn' | 'checkOut' | 'today' | 'promoCode' | 'business'>) {
  const stay = stayOf(input.checkIn, input.checkOut, input.today);
  const promo = lookUpPromo(input.catalogue, input.promoCode ?? undefined, stay.today);
  const percentOff = percentOffAt(promo, input.hotel, stay);
  const terms: PricingTerms = { ...STANDARD_TERMS, percentOff, refundableOnly: input.business };
  return { stay, promo, percentOff, terms };
}

/**
 * Prices every room of the stay. A room type that is unknown, does not take the guests, or a rate that
 * is unknown answers 400; a member rate without a signed-in member 401; a stay the hotel does not take, a
 * rate that does not apply to it (early booker, long stay, business: refundable only) or a night without
 * inventory 409 room_unavailable. Availability is checked apart (`availabilityProblem`).
 */
export function priceStay(input: StayInput): { priced: PricedStay } | { problem: StayProblem } {
  const { hotel } = input;
  const nightsProblem = stayProblem(input.checkIn, input.checkOut);
  if (nightsProblem) return { problem: nightsProblem };
  const { stay, promo, percentOff, terms } = stayTerms(input);
  const restriction = hotelRestriction(hotel, stay);
  if (restriction) return problem(409, 'room_unavailable', `The hotel cannot be booked for this stay (${restriction.reason})`);
  // Every room type over the stay, priced or not: the prices of a night do not depend on rooms being free.
  const options = roomTypeStays(hotel, stay, groupInventory(input.inventory), input.catalogue.currencies, 'cheapestOfEachKind');
  const vatBps = accommodationVatBps(hotel.city.countryCode);
  const rooms: PricedRoomStay[] = [];
  for (const [index, row] of input.rooms.entries()) {
    const at = (field: string) => `room_stays.${index}.${field}`;
    const option = options.find((candidate) => candidate.roomType.typeCode === row.roomTypeCode);
    if (!option) return problem(400, 'bad_request', `Hotel ${hotel.code} has no room type ${row.roomTypeCode}`, at('room_type_code'));
    const plan =
      hotel.ratePlans.find((candidate) => candidate.rateCode === row.rateCode) ??
      (input.companyRate?.rateCode === row.rateCode ? input.companyRate : undefined);
    if (!plan && isCompanyRateCode(row.rateCode))
      return problem(422, 'company_rate_not_allowed', 'This company rate is only for members enrolled with the company', at('rate_code'));
    if (!plan) return problem(400, 'bad_request', `Hotel ${hotel.code} has no rate ${row.rateCode}`, at('rate_code'));
    const guests = occupancyOf({
      adults: row.adults,
      childAges: row.childAges,
    });
    if (!fits(guests, option.roomType))
      return problem(400, 'bad_request', `Room type ${row.roomTypeCode} does not take these guests`, at('adults_count'));
    if (plan.isMemberRate && !input.member) return problem(401, 'unauthorized', 'Sign in to book a member rate');
    if (!rateApplies(plan.rateCode, stay) || !termsApply(terms, plan))
      return problem(409, 'room_unavailable', `Rate ${plan.rateCode} does not apply to this stay`);
    if (option.nightlyPrices.some((price) => price === null))
      return problem(409, 'room_unavailable', `Room type ${row.roomTypeCode} cannot be booked for these nights`);
    const rate = priceRate(plan, stay, option.nightlyPrices as number[], vatBps, percentOff);
    rooms.push({
      row,
      roomType: option.roomType,
      plan,
      guests,
      rate,
      cityTaxEur: cityTaxMinor(hotel, guests.adults, stay.nights),
      addons: [],
    });
  }
  return { priced: { hotel, stay, promo, percentOff, rooms, options } };
}

/** 409 room_unavailable when the stay's rooms of some type outnumber the rooms of that type free on every night. */
export function availabilityProblem(priced: PricedStay): StayProblem | null {
  const wanted = new Map<number, number>();
  for (const room of priced.rooms) wanted.set(room.roomType.id, (wanted.get(room.roomType.id) ?? 0) + 1);
  for (const [roomTypeId, count] of wanted) {
    const option = priced.options.find((candidate) => candidate.roomType.id === roomTypeId);
    if (!option || option.freeRooms < count) {
      return problem(409, 'room_unavailable', `Not enough rooms of type ${option?.roomType.typeCode ?? roomTypeId} are free for this stay`)
        .problem;
    }
  }
  return null;
}

/** The add-ons of a room priced in `currency` by their pricing mode; unknown codes and those that do not apply are left out. */
export function priceAddons(
  room: Pick<PricedRoomStay, 'row' | 'guests'>,
  hotel: CatalogueHotel,
  nights: number,
  currencies: ReadonlyMap<string, CurrencyRate>,
  currency: CurrencyRate,
): PricedAddon[] {
  return room.row.addons.flatMap((wanted) => {
    const addon = hotel.addons.find((candidate) => candidate.code === wanted.code);
    const from = addon && currencies.get(addon.currency);
    if (!addon || !from) return [];
    const units = addonUnits(addon.pricingMode, room.guests, nights);
    if (units === 0) return [];
    return [
      {
        addon,
        quantity: wanted.quantity,
        units,
        price: convertMinor(addon.priceMinor * units * wanted.quantity, from, currency),
      },
    ];
  });
}

/** Insurance against cancellation: this share of the rooms' price with tax (decision record 0014). */
export const INSURANCE_BPS = 500;

export function insurancePrice(roomsGross: number): number {
  return Math.round((roomsGross * INSURANCE_BPS) / 10_000);
}

export interface CartMoney {
  currency: CurrencyRate;
  /** Per room, minor units of the cart's currency. */
  rooms: {
    gross: number;
    net: number;
    tax: number;
    cityTax: number;
    addons: number;
    payNow: number;
  }[];
  roomsGross: number;
  tax: number;
  addons: number;
  insurance: number;
  /** Vouchers as applied: never more than the booking costs. */
  vouchers: number;
  total: number;
  now: number;
  atHotel: number;
  cityTax: number;
  /** Points the rooms cost when every room can be paid with points; else 0. */
  pointsToPay: number;
  pointsEarned: number;
}

export interface MoneyInput {
  priced: PricedStay;
  currency: CurrencyRate;
  currencies: ReadonlyMap<string, CurrencyRate>;
  insurance: boolean;
  vouchers: readonly { amountMinor: number; currency: string }[];
  payWithPoints: boolean;
  /** A member's booking: only members earn points (decision record 0014). */
  member: boolean;
}

/**
 * What the cart costs and when it is paid (decision record 0014). Deposit rates (1002) are charged at
 * payment; hold (1000) and guarantee (1001) rates are paid at the hotel, the card only guarantees them.
 * Add-ons and insurance are charged at payment. Paying with points, the points pay for the rooms and
 * add-ons and insurance are paid at the hotel. Vouchers come off what is charged now first, then off
 * what is paid at the hotel. The city tax is always paid at the hotel and is not in the totals.
 */
export function cartMoney({ priced, currency, currencies, insurance, vouchers, payWithPoints, member }: MoneyInput): CartMoney {
  const toCart = (eurMinor: number) => convertMinor(eurMinor, EURO, currency);
  const rooms = priced.rooms.map((room) => {
    const gross = toCart(room.rate.gross);
    const net = toCart(room.rate.net);
    const addons = room.addons.reduce((sum, addon) => sum + addon.price, 0);
    const deposit = room.plan.guarantee.type === GUARANTEE_POLICY_TYPES.deposit;
    const payNow = payWithPoints ? 0 : (deposit ? gross : 0) + addons;
    return {
      gross,
      net,
      tax: gross - net,
      cityTax: toCart(room.cityTaxEur),
      addons,
      payNow,
    };
  });
  const sum = (pick: (room: (typeof rooms)[number]) => number) => rooms.reduce((total, room) => total + pick(room), 0);
  const roomsGross = sum((room) => room.gross);
  const addons = sum((room) => room.addons);
  const insuranceMinor = insurance ? insurancePrice(roomsGross) : 0;
  const before = (payWithPoints ? 0 : roomsGross) + addons + insuranceMinor;
  const nowBefore = payWithPoints ? 0 : sum((room) => room.payNow) + insuranceMinor;
  const voucherTotal = vouchers.reduce((total, voucher) => {
    const from = currencies.get(voucher.currency);
    return total + (from ? convertMinor(voucher.amountMinor, from, currency) : 0);
  }, 0);
  const applied = Math.min(voucherTotal, before);
  const now = Math.max(0, nowBefore - applied);
  const total = before - applied;
  const everyRoomHasPoints = priced.rooms.length > 0 && priced.rooms.every((room) => room.rate.pointsPrice > 0);
  return {
    currency,
    rooms,
    roomsGross,
    tax: sum((room) => room.tax),
    addons,
    insurance: insuranceMinor,
    vouchers: applied,
    total,
    now,
    atHotel: total - now,
    cityTax: sum((room) => room.cityTax),
    pointsToPay: everyRoomHasPoints ? priced.rooms.reduce((total, room) => total + room.rate.pointsPrice, 0) : 0,
    pointsEarned: member ? priced.rooms.reduce((total, room) => total + roomPointsEarned(room, payWithPoints), 0) : 0,
  };
}

/** Points a member's room earns: its member rate's points when paid with money, and the green option's. */
export function roomPointsEarned(room: Pick<PricedRoomStay, 'rate' | 'row'>, payWithPoints: boolean): number {
  return (payWithPoints ? 0 : room.rate.pointsEarned) + (room.row.green ? ECOMMERCE_LIMITS.greenOptionPoints : 0);
}

/** Whether the rate plan's guarantee is a deposit: paid ahead. */
export function isDepositPlan(plan: CatalogueRatePlan): boolean {
  return plan.guarantee.type === GUARANTEE_POLICY_TYPES.deposit;
}
