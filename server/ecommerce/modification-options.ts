import type { Modification } from '../../src/contract/ecommerce';
import { type Locale, pickLocalized } from '../../src/contract/locales';
import { convertMinor, type CurrencyRate, EURO, toMajor } from '../search/money';
import { fits, occupancyOf } from '../search/occupancy';
import { groupInventory, roomTypeStays } from '../search/pricing';
import type { InventoryRow } from '../search/queries';
import { hotelRestriction } from '../search/stay';
import { type StayInput, stayProblem, stayTerms } from './pricing';

/**
 * What a reservation could be changed to: the hotel's room types that take the guests and have a room
 * free on every night of the proposed stay, each with the rates that apply to it (member rates only for
 * a member's booking), priced for the whole stay with search's own `roomTypeStays`, as /search/rates
 * prices them. The inventory given counts the reservation's own room as free on the nights it holds.
 */

export type ModificationOption = NonNullable<Modification['options']>[number];

export interface OptionsInput extends Omit<StayInput, 'rooms'> {
  guests: { adults: number; childAges: number[] };
  currency: CurrencyRate;
  locale: Locale;
}

export function modificationOptions(input: OptionsInput): ModificationOption[] {
  if (stayProblem(input.checkIn, input.checkOut)) return [];
  const { stay, terms } = stayTerms(input);
  if (hotelRestriction(input.hotel, stay)) return [];
  const guests = occupancyOf(input.guests);
  const byRoomType = roomTypeStays(input.hotel, stay, groupInventory(input.inventory), input.catalogue.currencies, 'allRates', terms);
  return byRoomType.flatMap((option) => {
    if (option.freeRooms < 1 || !fits(guests, option.roomType)) return [];
    const rates = option.rates
      .filter((rate) => input.member || !rate.plan.isMemberRate)
      .map((rate) => ({
        rate_code: rate.plan.rateCode,
        rate_name: pickLocalized(rate.plan.name, input.locale),
        is_member_rate: rate.plan.isMemberRate,
        price_with_tax: toMajor(convertMinor(rate.gross, EURO, input.currency), input.currency),
      }));
    if (rates.length === 0) return [];
    return [{ room_type_code: option.roomType.typeCode, room_type_name: pickLocalized(option.roomType.saleName, input.locale), rates }];
  });
}

/** The stay's inventory with one more room of the reservation's type on the nights the reservation already holds. */
export function withOwnRoom(
  rows: readonly InventoryRow[],
  own: { roomTypeId: number; checkInDate: string; checkOutDate: string },
): InventoryRow[] {
  return rows.map((row) =>
    row.roomTypeId === own.roomTypeId && row.stayDate >= own.checkInDate && row.stayDate < own.checkOutDate
      ? { ...row, availableRooms: row.availableRooms + 1 }
      : row,
  );
}
