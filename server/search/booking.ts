import type { SearchRoom } from '../../src/contract/search';
import { type AssignmentProblem, canBookWith, cheapestAssignment } from './assignment';
import type { CatalogueHotel } from './catalogue';
import { fits, occupancyOf } from './occupancy';
import { cityTaxMinor, type PricedRate, type RoomTypeStay } from './pricing';
import { hotelRestriction, type Restriction, type Stay } from './stay';

/** Which rates a price is made of. */
export type RateKind = 'member' | 'nonMember';

export interface RoomChoice {
  roomIndex: number;
  option: RoomTypeStay;
  rate: PricedRate;
  /** This room's city tax for the stay, euro cents. */
  cityTax: number;
}

/** Every room of a search booked: what each room gets and the sums, in euro cents. */
export interface Booking {
  choices: RoomChoice[];
  gross: number;
  net: number;
  cityTax: number;
  pointsPrice: number;
}

export function cheapestRateOfKind(option: RoomTypeStay, kind: RateKind): PricedRate | undefined {
  // Rates are sorted cheapest first.
  return option.rates.find((rate) => rate.plan.isMemberRate === (kind === 'member'));
}

/** Whether each room of the search fits each room type: `[room][option]`. */
export function fitMatrix(rooms: readonly SearchRoom[], options: readonly Pick<RoomTypeStay, 'roomType'>[]): boolean[][] {
  return rooms.map((room) => {
    const occupancy = occupancyOf(room);
    return options.map((option) => fits(occupancy, option.roomType));
  });
}

/** The assignment problem of a search at a hotel, with each room type priced by `price` (null: not bookable). */
function problemOf(
  rooms: readonly SearchRoom[],
  options: readonly RoomTypeStay[],
  price: (option: RoomTypeStay) => number | null,
): AssignmentProblem {
  const fit = fitMatrix(rooms, options);
  const prices = options.map(price);
  return {
    rooms: rooms.length,
    capacity: options.map((option) => option.freeRooms),
    cost: (room, option) => (fit[room]?.[option] ? (prices[option] ?? null) : null),
  };
}

/** The cheapest way to book every room of the search on rates of one kind, or null when there is none. */
export function cheapestBooking(
  hotel: CatalogueHotel,
  stay: Stay,
  rooms: readonly SearchRoom[],
  options: readonly RoomTypeStay[],
  kind: RateKind,
): Booking | null {
  const assignment = cheapestAssignment(problemOf(rooms, options, (option) => cheapestRateOfKind(option, kind)?.gross ?? null));
  if (!assignment) return null;
  const choices = assignment.options.map((optionIndex, roomIndex) => {
    const option = options[optionIndex] as RoomTypeStay;
    const rate = cheapestRateOfKind(option, kind) as PricedRate;
    const adults = occupancyOf(rooms[roomIndex] as SearchRoom).adults;
    return { roomIndex, option, rate, cityTax: cityTaxMinor(hotel, adults, stay.nights) };
  });
  const sum = (pick: (choice: RoomChoice) => number) => choices.reduce((total, choice) => total + pick(choice), 0);
  return {
    choices,
    gross: sum((choice) => choice.rate.gross),
    net: sum((choice) => choice.rate.net),
    cityTax: sum((choice) => choice.cityTax),
    pointsPrice: sum((choice) => choice.rate.pointsPrice),
  };
}

/**
 * Whether room `roomIndex` can have this room type while every other room of the search still gets one:
 * several rooms of one type count against the rooms free on every night.
 */
export function bookableFor(rooms: readonly SearchRoom[], options: readonly RoomTypeStay[], roomIndex: number, optionIndex: number): boolean {
  return canBookWith(
    problemOf(rooms, options, (option) => (option.rates.length > 0 ? 0 : null)),
    roomIndex,
    optionIndex,
  );
}

/** Why nothing of the hotel fits the search before looking at availability: the hotel's rules, then occupancy. */
export function staticRestriction(hotel: CatalogueHotel, stay: Stay, rooms: readonly SearchRoom[]): Restriction | null {
  const restriction = hotelRestriction(hotel, stay);
  if (restriction) return restriction;
  const fit = fitMatrix(rooms, hotel.roomTypes.map((roomType) => ({ roomType })));
  if (fit.some((row) => !row.some(Boolean))) return { reason: 'occupancy', minimumStay: null };
  return null;
}

/**
 * The hotel's cheapest bookings on member and on non-member rates, once its inventory is known; sold out
 * when neither books every room. Call after staticRestriction found nothing.
 */
export function bookingsOf(
  hotel: CatalogueHotel,
  stay: Stay,
  rooms: readonly SearchRoom[],
  options: readonly RoomTypeStay[],
): { member: Booking | null; nonMember: Booking | null; restriction: Restriction | null } {
  const member = cheapestBooking(hotel, stay, rooms, options, 'member');
  const nonMember = cheapestBooking(hotel, stay, rooms, options, 'nonMember');
  const soldOut = !member && !nonMember;
  return { member, nonMember, restriction: soldOut ? { reason: 'sold_out', minimumStay: null } : null };
}
