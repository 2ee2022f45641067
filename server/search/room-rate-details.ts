import type { Currency, RoomRateDetails } from '../../src/contract/search';
import type { CatalogueHotel, CatalogueRatePlan, CatalogueRoomType } from './catalogue';
import { type CurrencyRate, displayAmount } from './money';
import { fits, type Occupancy } from './occupancy';
import { inEuroCents, priceRate } from './pricing';
import type { InventoryRow } from './queries';
import { rateApplies, type Restriction, type Stay } from './stay';
import { accommodationVatBps, cityTaxPerGuestNightMinor } from './taxes';
import { priceView } from './views';

/**
 * One room type on one rate, night by night: the price of each night with and without VAT, its city tax,
 * and whether it can be sold. The stay is available when the room takes the guests, the hotel can be
 * booked for the dates, the rate applies to the stay and every night has a room free.
 */
export function roomRateDetailsView(
  hotel: CatalogueHotel,
  stay: Stay,
  roomType: CatalogueRoomType,
  plan: CatalogueRatePlan,
  guests: Occupancy,
  rows: readonly InventoryRow[],
  restriction: Restriction | null,
  currencies: ReadonlyMap<string, CurrencyRate>,
  currency: CurrencyRate,
): RoomRateDetails {
  const byDate = new Map(rows.map((row) => [row.stayDate, row]));
  const nightRows = stay.dates.map((date) => byDate.get(date));
  const sellable = nightRows.map((row) => row !== undefined && row.availableRooms > 0);
  const fitsGuests = fits(guests, roomType);
  const available = fitsGuests && restriction === null && rateApplies(plan.rateCode, stay) && sellable.every(Boolean);
  const cityTaxPerNight = cityTaxPerGuestNightMinor(hotel.city.code) * guests.adults;
  // Nights without inventory are priced at 0 only to keep the positions; they are reported as unavailable.
  const priced = priceRate(
    plan,
    stay,
    nightRows.map((row) => (row ? inEuroCents(row, currencies) : 0)),
    accommodationVatBps(hotel.city.countryCode),
  );
  const amount = (value: number, show: boolean) => (show ? displayAmount(value, currency) : null);
  return {
    hotelCode: hotel.code,
    typeCode: roomType.typeCode,
    rateCode: plan.rateCode,
    currency: currency.code as Currency,
    fits: fitsGuests,
    available,
    nights: priced.nights.map((night, index) => {
      const show = sellable[index] ?? false;
      return {
        date: night.date,
        available: show,
        priceWithTax: amount(night.gross, show),
        priceWithoutTax: amount(night.net, show),
        tax: amount(night.tax, show),
        cityTax: displayAmount(cityTaxPerNight, currency),
      };
    }),
    total: available ? priceView({ gross: priced.gross, net: priced.net, cityTax: cityTaxPerNight * stay.nights }, stay.nights, currency) : null,
    pointsPrice: available ? priced.pointsPrice : 0,
    pointsEarned: available ? priced.pointsEarned : 0,
  };
}
