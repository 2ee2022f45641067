import type { Rate, RoomsResponse } from '../../contract/search';
import type { RoomEntry } from '../../machines/search/search.types';

/**
 * How the rates of one room type are offered on the room page. A member rate and the standard rate it is
 * paired with (the spec's rate-code pairing table) are shown together, each a choice of its own: anyone
 * may book the standard rate, and a guest who picks the member rate does so knowing they sign in or join.
 * The `hide-non-member-rates` flag hides the paired standard rates as choices: the member rate is then
 * offered alone, with the standard price beside it for comparison. Rates without a pair are always offered.
 */
export type RateGroup = { kind: 'pair'; standard: Rate; member: Rate } | { kind: 'single'; rate: Rate; comparedWith: Rate | null };

export function rateGroups(rates: readonly Rate[], hideNonMemberRates: boolean): RateGroup[] {
  const byCode = new Map(rates.map((rate) => [rate.rateCode, rate]));
  // A member rate and its standard rate, found from either side.
  const pairOf = (rate: Rate): { member: Rate; standard: Rate } | null => {
    const other = rate.pair ? byCode.get(rate.pair) : undefined;
    if (!other || other.isMemberRate === rate.isMemberRate || other.pair !== rate.rateCode) return null;
    return rate.isMemberRate ? { member: rate, standard: other } : { member: other, standard: rate };
  };
  const placed = new Set<string>();
  const groups: RateGroup[] = [];
  for (const rate of rates) {
    if (placed.has(rate.rateCode)) continue;
    const pair = pairOf(rate);
    if (!pair) {
      placed.add(rate.rateCode);
      groups.push({ kind: 'single', rate, comparedWith: null });
      continue;
    }
    placed.add(pair.member.rateCode).add(pair.standard.rateCode);
    groups.push(hideNonMemberRates ? { kind: 'single', rate: pair.member, comparedWith: pair.standard } : { kind: 'pair', ...pair });
  }
  return groups;
}

/** A room of the search with the room type and rate chosen for it, as the offers describe them. */
export interface ChosenRoom {
  roomIndex: number;
  typeSaleName: string;
  rate: Rate;
}

/** For each room of the search, its choice, or null while it has none (or the offers no longer hold it). */
export function chosenRooms(data: RoomsResponse, rooms: readonly RoomEntry[]): (ChosenRoom | null)[] {
  return rooms.map((room, roomIndex) => {
    if (!room.rateCode || !room.roomTypeCode) return null;
    const offer = data.rooms.find((entry) => entry.roomIndex === roomIndex)?.offers.find((candidate) => candidate.typeCode === room.roomTypeCode);
    const rate = offer?.rates.find((candidate) => candidate.rateCode === room.rateCode);
    return offer && rate ? { roomIndex, typeSaleName: offer.typeSaleName, rate } : null;
  });
}

/** Prices are rounded to 2 decimals (spec section 5); sums of rounded amounts are rounded again. */
const roundMoney = (amount: number) => Math.round(amount * 100) / 100;

/** The stay's price of the rooms chosen so far: all nights with VAT, and the city tax paid at the hotel. */
export function runningTotal(chosen: readonly (ChosenRoom | null)[]): { rooms: number; totalWithTax: number; cityTax: number } {
  const rooms = chosen.filter((room): room is ChosenRoom => room !== null);
  return {
    rooms: rooms.length,
    totalWithTax: roundMoney(rooms.reduce((sum, room) => sum + room.rate.total_with_tax, 0)),
    cityTax: roundMoney(rooms.reduce((sum, room) => sum + room.rate.city_tax, 0)),
  };
}

/**
 * Where the guest goes on after choosing a rate for room `roomIndex`: the next room without a rate (after
 * it, then from the first), or null once every room has one.
 */
export function nextRoomToChoose(rooms: readonly RoomEntry[], roomIndex: number): number | null {
  for (let step = 1; step < rooms.length; step += 1) {
    const index = (roomIndex + step) % rooms.length;
    const room = rooms[index];
    if (room && !(room.rateCode && room.roomTypeCode)) return index;
  }
  return null;
}
