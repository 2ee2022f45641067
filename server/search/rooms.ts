import { pickLocalized } from '../../src/contract/locales';
import type { CheapestRoom, Currency, Price, Rate, RatesResponse, RoomOffer, RoomsResponse, SearchRoom, UpgradableRooms } from '../../src/contract/search';
import { bookableFor, bookingsOf, fitMatrix, type RoomChoice } from './booking';
import type { CatalogueHotel } from './catalogue';
import { displayAmount } from './money';
import { occupancyOf } from './occupancy';
import { cityTaxMinor, type PricedRate, type RoomTypeStay } from './pricing';
import type { Restriction, Stay } from './stay';
import { imageView, priceView, rateView, type ViewContext } from './views';

/**
 * Rooms and rates of one hotel for a search, in the contract's shapes. `options` are the hotel's room
 * types over the stay (freeRooms 0 and no rates when the hotel cannot be booked for it: `restriction`).
 */
export interface HotelStay {
  hotel: CatalogueHotel;
  stay: Stay;
  rooms: readonly SearchRoom[];
  options: RoomTypeStay[];
  restriction: Restriction | null;
}

/** Rates a guest may choose: all of them, or when paying with points only those points can pay for. */
function offeredRates(option: RoomTypeStay, payWithPoints: boolean): PricedRate[] {
  return payWithPoints ? option.rates.filter((rate) => rate.pointsPrice > 0) : option.rates;
}

function roomCityTax(hotelStay: HotelStay, roomIndex: number): number {
  const room = hotelStay.rooms[roomIndex] as SearchRoom;
  return cityTaxMinor(hotelStay.hotel, occupancyOf(room).adults, hotelStay.stay.nights);
}

/** Whether room `roomIndex` can have the option while the search's other rooms still get a room. */
function availableFor(hotelStay: HotelStay, roomIndex: number, optionIndex: number): boolean {
  return hotelStay.restriction === null && bookableFor(hotelStay.rooms, hotelStay.options, roomIndex, optionIndex);
}

function ratesFor(hotelStay: HotelStay, roomIndex: number, option: RoomTypeStay, payWithPoints: boolean, context: ViewContext): Rate[] {
  const cityTax = roomCityTax(hotelStay, roomIndex);
  return offeredRates(option, payWithPoints).map((rate) => rateView(rate, hotelStay.stay, cityTax, hotelStay.hotel, context));
}

export function roomsView(hotelStay: HotelStay, payWithPoints: boolean, context: ViewContext): RoomsResponse {
  const { hotel, stay, options } = hotelStay;
  const fit = fitMatrix(hotelStay.rooms, options);
  return {
    hotelCode: hotel.code,
    hotelName: hotel.name,
    nights: stay.nights,
    currency: context.currency.code as Currency,
    rooms: hotelStay.rooms.map((_, roomIndex) => {
      const offers = options.flatMap((option, optionIndex): RoomOffer[] => {
        if (!fit[roomIndex]?.[optionIndex]) return [];
        const available = availableFor(hotelStay, roomIndex, optionIndex);
        const rates = available ? ratesFor(hotelStay, roomIndex, option, payWithPoints, context) : [];
        const { roomType } = option;
        return [
          {
            typeCode: roomType.typeCode,
            typeSaleName: pickLocalized(roomType.saleName, context.locale),
            available: available && rates.length > 0,
            min_amnt_with_tax: rates.length > 0 ? Math.min(...rates.map((rate) => rate.avg_amnt_with_tax)) : null,
            maxAdults: roomType.maxAdults,
            maxChildren: roomType.maxChildren,
            maxOccupancy: roomType.maxOccupancy,
            image: imageView(hotel, context.locale, roomType),
            rates,
          },
        ];
      });
      // Free rooms first, cheapest first; the others after them in the hotel's order.
      offers.sort(
        (a, b) =>
          Number(a.min_amnt_with_tax === null) - Number(b.min_amnt_with_tax === null) ||
          (a.min_amnt_with_tax ?? 0) - (b.min_amnt_with_tax ?? 0),
      );
      return { roomIndex, offers };
    }),
  };
}

export function ratesView(hotelStay: HotelStay, optionIndex: number, payWithPoints: boolean, context: ViewContext): RatesResponse {
  const { hotel, stay, options } = hotelStay;
  const option = options[optionIndex] as RoomTypeStay;
  const fit = fitMatrix(hotelStay.rooms, options);
  return {
    hotelCode: hotel.code,
    typeCode: option.roomType.typeCode,
    typeSaleName: pickLocalized(option.roomType.saleName, context.locale),
    nights: stay.nights,
    currency: context.currency.code as Currency,
    rooms: hotelStay.rooms.map((_, roomIndex) => {
      const fits = fit[roomIndex]?.[optionIndex] ?? false;
      const rates = fits && availableFor(hotelStay, roomIndex, optionIndex) ? ratesFor(hotelStay, roomIndex, option, payWithPoints, context) : [];
      return { roomIndex, fits, available: rates.length > 0, rates };
    }),
  };
}

/**
 * The cheapest way to book all rooms on member rates (non-member rates when no member rate can), each
 * room with the non-member rate its member rate is paired with, so the saving can be shown.
 */
export function cheapestRoomView(hotelStay: HotelStay, context: ViewContext): CheapestRoom {
  const { hotel, stay } = hotelStay;
  const base = {
    hotelCode: hotel.code,
    nights: stay.nights,
    currency: context.currency.code as Currency,
  };
  const unavailable = (restriction: Restriction) => ({
    ...base,
    available: false,
    unavailableReason: restriction.reason,
    minimumStay: restriction.minimumStay,
    rooms: [],
    memberTotal: null,
    nonMemberTotal: null,
  });
  if (hotelStay.restriction) return unavailable(hotelStay.restriction);
  const bookings = bookingsOf(hotel, stay, hotelStay.rooms, hotelStay.options);
  const booking = bookings.member ?? bookings.nonMember;
  if (!booking) return unavailable({ reason: 'sold_out', minimumStay: null });

  const paired = booking === bookings.member ? booking.choices.map(pairedRateOf) : [];
  const total = (rates: readonly PricedRate[]) => ({
    gross: rates.reduce((sum, rate) => sum + rate.gross, 0),
    net: rates.reduce((sum, rate) => sum + rate.net, 0),
    cityTax: booking.cityTax,
  });
  let nonMemberTotal: Price | null = null;
  if (booking === bookings.nonMember) nonMemberTotal = priceView(booking, stay.nights, context.currency);
  else if (paired.every((rate) => rate !== undefined)) nonMemberTotal = priceView(total(paired as PricedRate[]), stay.nights, context.currency);
  return {
    ...base,
    available: true,
    unavailableReason: null,
    minimumStay: null,
    rooms: booking.choices.map((choice, index) => {
      const pairedRate = paired[index];
      return {
        roomIndex: choice.roomIndex,
        typeCode: choice.option.roomType.typeCode,
        typeSaleName: pickLocalized(choice.option.roomType.saleName, context.locale),
        rate: rateView(choice.rate, stay, choice.cityTax, hotel, context),
        pairedRate: pairedRate ? rateView(pairedRate, stay, choice.cityTax, hotel, context) : null,
      };
    }),
    memberTotal: booking === bookings.member ? priceView(booking, stay.nights, context.currency) : null,
    nonMemberTotal,
  };
}

/** A member rate's non-member rate on the same room type (undefined when it has none or it does not apply). */
function pairedRateOf(choice: RoomChoice): PricedRate | undefined {
  const { pair, isMemberRate } = choice.rate.plan;
  if (!isMemberRate || !pair) return undefined;
  return choice.option.rates.find((rate) => rate.plan.rateCode === pair);
}

export type UpgradeOutcome = { kind: 'ok'; data: UpgradableRooms } | { kind: 'notBookable'; message: string };

/**
 * Room types dearer than the chosen one on the same rate, that take the same guests and can be booked
 * together with the search's other rooms; the smallest extra first.
 */
export function upgradableRooms(hotelStay: HotelStay, roomIndex: number, optionIndex: number, rateCode: string, context: ViewContext): UpgradeOutcome {
  const current = hotelStay.options[optionIndex] as RoomTypeStay;
  const currentRate = current.rates.find((rate) => rate.plan.rateCode === rateCode);
  const fit = fitMatrix(hotelStay.rooms, hotelStay.options);
  if (!fit[roomIndex]?.[optionIndex] || !currentRate || !availableFor(hotelStay, roomIndex, optionIndex)) {
    return { kind: 'notBookable', message: `Room type ${current.roomType.typeCode} on rate ${rateCode} cannot be booked for this room and stay` };
  }
  return { kind: 'ok', data: upgradesView(hotelStay, roomIndex, current, currentRate, fit, context) };
}

function upgradesView(
  hotelStay: HotelStay,
  roomIndex: number,
  current: RoomTypeStay,
  currentRate: PricedRate,
  fit: boolean[][],
  context: ViewContext,
): UpgradableRooms {
  const { hotel, stay } = hotelStay;
  const cityTax = roomCityTax(hotelStay, roomIndex);
  const upgrades = hotelStay.options.flatMap((option, optionIndex) => {
    if (option === current || !fit[roomIndex]?.[optionIndex] || !availableFor(hotelStay, roomIndex, optionIndex)) return [];
    const rate = option.rates.find((candidate) => candidate.plan.rateCode === currentRate.plan.rateCode);
    if (!rate || rate.gross <= currentRate.gross) return [];
    const extra = rate.gross - currentRate.gross;
    const { roomType } = option;
    return [
      {
        extra,
        upgrade: {
          typeCode: roomType.typeCode,
          typeSaleName: pickLocalized(roomType.saleName, context.locale),
          image: imageView(hotel, context.locale, roomType),
          maxAdults: roomType.maxAdults,
          maxChildren: roomType.maxChildren,
          maxOccupancy: roomType.maxOccupancy,
          rate: rateView(rate, stay, cityTax, hotel, context),
          extraPerNightWithTax: displayAmount(extra, context.currency, stay.nights),
          extraTotalWithTax: displayAmount(extra, context.currency),
        },
      },
    ];
  });
  upgrades.sort((a, b) => a.extra - b.extra);
  return {
    hotelCode: hotel.code,
    roomIndex,
    nights: stay.nights,
    currency: context.currency.code as Currency,
    current: {
      typeCode: current.roomType.typeCode,
      typeSaleName: pickLocalized(current.roomType.saleName, context.locale),
      rate: rateView(currentRate, stay, cityTax, hotel, context),
    },
    upgrades: upgrades.map((entry) => entry.upgrade),
  };
}
