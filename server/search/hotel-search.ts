import type * as v from 'valibot';
import { type Locale, pickLocalized } from '../../src/contract/locales';
import type { BoundedHotelSearchRequestSchema, Currency, HotelResult, HotelSearchResponse } from '../../src/contract/search';
import { type Booking, bookingsOf, staticRestriction } from './booking';
import type { Catalogue, CatalogueHotel } from './catalogue';
import type { CurrencyRate } from './money';
import { fits, occupancyOf } from './occupancy';
import { groupInventory, roomTypeStays } from './pricing';
import type { InventoryRow } from './queries';
import { stayOf } from './stay';
import { normalizeText } from './text-match';
import { imageView, priceView } from './views';

export type HotelSearchInput = v.InferOutput<typeof BoundedHotelSearchRequestSchema>;

export type LoadInventory = (roomTypeIds: readonly number[], startDate: string, endDate: string) => Promise<InventoryRow[]>;

/** A city by any of its names or its code (accent-insensitive), or one hotel by its code; [] for anything else. */
export function hotelsAt(catalogue: Catalogue, location: string): CatalogueHotel[] {
  const hotel = catalogue.hotelsByCode.get(location.trim().toUpperCase());
  if (hotel) return [hotel];
  return catalogue.citiesByName.get(normalizeText(location))?.hotels ?? [];
}

interface Evaluated {
  hotel: CatalogueHotel;
  result: HotelResult;
  /** Member average per night with tax in the response currency (non-member when there is no member rate). */
  sortPrice: number | null;
}

/**
 * hotels-v2: every hotel of the location with its cheapest member and non-member price for all rooms of
 * the search, or why it cannot be booked. One inventory query covers all hotels; the rest is computed here.
 */
export async function searchHotels(
  catalogue: Catalogue,
  request: HotelSearchInput,
  today: string,
  loadInventory: LoadInventory,
): Promise<HotelSearchResponse> {
  const currency = catalogue.currencies.get(request.currency) as CurrencyRate;
  const stay = stayOf(request.startDate, request.endDate, today);
  const candidates = hotelsAt(catalogue, request.location);

  const restrictions = candidates.map((hotel) => staticRestriction(hotel, stay, request.rooms));
  const occupancies = request.rooms.map(occupancyOf);
  const roomTypeIds = candidates.flatMap((hotel, index) =>
    restrictions[index] ? [] : hotel.roomTypes.filter((roomType) => occupancies.some((guests) => fits(guests, roomType))).map((roomType) => roomType.id),
  );
  const inventory = groupInventory(roomTypeIds.length > 0 ? await loadInventory(roomTypeIds, stay.startDate, stay.endDate) : []);

  const evaluated = candidates.map((hotel, index): Evaluated => {
    let restriction = restrictions[index] ?? null;
    let member: Booking | null = null;
    let nonMember: Booking | null = null;
    if (!restriction) {
      const options = roomTypeStays(hotel, stay, inventory, catalogue.currencies, 'cheapestOfEachKind');
      ({ member, nonMember, restriction } = bookingsOf(hotel, stay, request.rooms, options));
    }
    const memberPrice = member ? priceView(member, stay.nights, currency) : null;
    const nonMemberPrice = nonMember ? priceView(nonMember, stay.nights, currency) : null;
    return {
      hotel,
      sortPrice: (memberPrice ?? nonMemberPrice)?.avgPerNightWithTax ?? null,
      result: {
        hotelCode: hotel.code,
        hotelName: hotel.name,
        brandCode: hotel.brand.code,
        brandName: hotel.brand.name,
        city: pickLocalized(hotel.city.name, request.locale),
        image: imageView(hotel, request.locale),
        latitude: hotel.latitude,
        longitude: hotel.longitude,
        distanceKm: hotel.distanceKm,
        features: hotel.features.map((feature) => ({ code: feature.code, name: pickLocalized(feature.name, request.locale) })),
        available: restriction === null,
        unavailableReason: restriction?.reason ?? null,
        minimumStay: restriction?.minimumStay ?? null,
        memberPrice,
        nonMemberPrice,
        pointsPrice: request.payWithPoints && member ? member.pointsPrice : null,
      },
    };
  });

  const memberNightly = evaluated.flatMap((entry) => (entry.result.memberPrice ? [entry.result.memberPrice.avgPerNightWithTax] : []));
  const priceRange = memberNightly.length > 0 ? { min: Math.min(...memberNightly), max: Math.max(...memberNightly) } : null;

  const inPriceRange = evaluated.filter((entry) => withinPrice(entry, request.minPrice, request.maxPrice));
  const facets = facetsOf(inPriceRange.map((entry) => entry.hotel), request.locale);
  const shown = inPriceRange.filter(
    (entry) =>
      (request.brands.length === 0 || request.brands.includes(entry.hotel.brand.code)) &&
      request.features.every((code) => entry.hotel.features.some((feature) => feature.code === code)),
  );
  shown.sort(comparator(request.sortBy, request.locale));

  return {
    hotels: shown.map((entry) => entry.result),
    total: shown.length,
    nights: stay.nights,
    currency: currency.code as Currency,
    priceRange,
    facets,
  };
}

/**
 * The price filter compares the member average per night with tax, in the response currency. When a
 * bound is set, hotels without a member price (unavailable ones included) do not pass it.
 */
function withinPrice(entry: Evaluated, minPrice: number | undefined, maxPrice: number | undefined): boolean {
  if (minPrice === undefined && maxPrice === undefined) return true;
  const price = entry.result.memberPrice?.avgPerNightWithTax;
  if (price === undefined) return false;
  return (minPrice === undefined || price >= minPrice) && (maxPrice === undefined || price <= maxPrice);
}

/** Brands and features of the hotels before the brand and feature filters, with how many hotels have each. */
function facetsOf(hotels: readonly CatalogueHotel[], locale: Locale): HotelSearchResponse['facets'] {
  const brands = new Map<string, { code: string; name: string; count: number; order: number }>();
  const features = new Map<string, { code: string; name: string; count: number; order: number }>();
  for (const hotel of hotels) {
    const brand = brands.get(hotel.brand.code) ?? { code: hotel.brand.code, name: hotel.brand.name, count: 0, order: hotel.brand.sortOrder };
    brand.count += 1;
    brands.set(brand.code, brand);
    for (const feature of hotel.features) {
      const facet = features.get(feature.code) ?? { code: feature.code, name: pickLocalized(feature.name, locale), count: 0, order: feature.sortOrder };
      facet.count += 1;
      features.set(facet.code, facet);
    }
  }
  const ordered = (facets: Iterable<{ code: string; name: string; count: number; order: number }>) =>
    [...facets].sort((a, b) => a.order - b.order).map(({ code, name, count }) => ({ code, name, count }));
  return { brands: ordered(brands.values()), features: ordered(features.values()) };
}

const collators = new Map<Locale, Intl.Collator>();

/** Price orders put available hotels first; distance and name order everything together. Ties go by name. */
function comparator(sortBy: HotelSearchInput['sortBy'], locale: Locale) {
  let collator = collators.get(locale);
  if (!collator) collators.set(locale, (collator = new Intl.Collator(locale, { sensitivity: 'base' })));
  const byName = (a: Evaluated, b: Evaluated) => collator.compare(a.hotel.name, b.hotel.name);
  switch (sortBy) {
    case 'name':
      return byName;
    case 'distance':
      return (a: Evaluated, b: Evaluated) => a.hotel.distanceKm - b.hotel.distanceKm || byName(a, b);
    case 'price-asc':
    case 'price-desc': {
      const direction = sortBy === 'price-asc' ? 1 : -1;
      return (a: Evaluated, b: Evaluated) => {
        if (a.sortPrice === null || b.sortPrice === null) {
          return (a.sortPrice === null ? 1 : 0) - (b.sortPrice === null ? 1 : 0) || byName(a, b);
        }
        return direction * (a.sortPrice - b.sortPrice) || byName(a, b);
      };
    }
  }
}
