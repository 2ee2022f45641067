import type * as v from 'valibot';
import { type Locale, pickLocalized } from '../../src/contract/locales';
import type { BoundedHotelSearchRequestSchema, Currency, HotelResult, HotelSearchResponse, Price } from '../../src/contract/search';
import type { CompanyRate } from '../corporate/rates';
import type { Catalogue, CatalogueHotel } from './catalogue';
import type { NightTable } from './inventory-cache';
import { listPrices, type StayTotals } from './list-prices';
import type { CurrencyRate } from './money';
import { fits, type Occupancy, occupancyOf } from './occupancy';
import { lookUpPromo, percentOffAt, promoOutcome, STANDARD_TERMS } from './promotions';
import type { InventoryRow } from './queries';
import { hotelRestriction, type Restriction, type Stay, stayOf } from './stay';
import { normalizeText } from './text-match';
import { imageView, priceView } from './views';

export type HotelSearchInput = v.InferOutput<typeof BoundedHotelSearchRequestSchema>;

export type LoadInventory = (roomTypeIds: readonly number[], startDate: string, endDate: string) => Promise<InventoryRow[]>;

/** The same nights as LoadInventory, as a table by room type and night of the stay. */
export type LoadNights = (roomTypeIds: readonly number[], startDate: string, endDate: string) => Promise<NightTable>;

/** A city by any of its names or its code (accent-insensitive), or one hotel by its code; [] for anything else. */
export function hotelsAt(catalogue: Catalogue, location: string): CatalogueHotel[] {
  const hotel = catalogue.hotelsByCode.get(location.trim().toUpperCase());
  if (hotel) return [hotel];
  return catalogue.citiesByName.get(normalizeText(location))?.hotels ?? [];
}

/** What a hotel's entry in the list says whatever the search: the same for every request in one locale. */
type HotelListing = Pick<
  HotelResult,
  'hotelCode' | 'hotelName' | 'brandCode' | 'brandName' | 'city' | 'image' | 'latitude' | 'longitude' | 'distanceKm' | 'features'
>;

interface LocalizedCatalogue {
  listings: ReadonlyMap<CatalogueHotel, HotelListing>;
  listingsByCode: ReadonlyMap<string, HotelListing>;
  /** Position of each hotel's name in the locale's alphabetical order; hotels whose names compare equal share one. */
  nameRanks: ReadonlyMap<CatalogueHotel, number>;
  facetIndex: FacetIndex;
}

/**
 * Every brand and feature of the catalogue in facet order (their sort order; ties, which the data does not
 * have, by code), named in the locale, and each hotel's brand and features as positions in these lists:
 * counting facets per request is then counting positions.
 */
interface FacetIndex {
  brands: { code: string; name: string }[];
  features: { code: string; name: string }[];
  byHotel: ReadonlyMap<CatalogueHotel, { brand: number; features: number[] }>;
}

function facetIndexOf(catalogue: Catalogue, featureNames: ReadonlyMap<string, string>): FacetIndex {
  const brands = new Map<string, { code: string; name: string; order: number }>();
  const features = new Map<string, { code: string; name: string; order: number }>();
  for (const hotel of catalogue.hotels) {
    if (!brands.has(hotel.brand.code)) brands.set(hotel.brand.code, { code: hotel.brand.code, name: hotel.brand.name, order: hotel.brand.sortOrder });
    for (const feature of hotel.features) {
      if (!features.has(feature.code)) features.set(feature.code, { code: feature.code, name: featureNames.get(feature.code) ?? '', order: feature.sortOrder });
    }
  }
  const inOrder = (facets: Iterable<{ code: string; name: string; order: number }>) =>
    [...facets].sort((a, b) => a.order - b.order || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)).map(({ code, name }) => ({ code, name }));
  const brandList = inOrder(brands.values());
  const featureList = inOrder(features.values());
  const brandOrdinals = new Map(brandList.map((brand, ordinal) => [brand.code, ordinal]));
  const featureOrdinals = new Map(featureList.map((feature, ordinal) => [feature.code, ordinal]));
  const byHotel = new Map<CatalogueHotel, { brand: number; features: number[] }>();
  for (const hotel of catalogue.hotels) {
    byHotel.set(hotel, {
      brand: brandOrdinals.get(hotel.brand.code) ?? 0,
      features: hotel.features.map((feature) => featureOrdinals.get(feature.code) ?? 0),
    });
  }
  return { brands: brandList, features: featureList, byHotel };
}

const localizedCatalogues = new WeakMap<Catalogue, Map<Locale, LocalizedCatalogue>>();

/**
 * The parts of hotels-v2 that depend only on the catalogue and the locale, made once per catalogue and
 * locale (the catalogue is loaded once per process): each hotel's listing, its place in alphabetical order
 * and the features' names. Search requests share these objects and never change them.
 */
function localizedCatalogue(catalogue: Catalogue, locale: Locale): LocalizedCatalogue {
  let byLocale = localizedCatalogues.get(catalogue);
  if (!byLocale) localizedCatalogues.set(catalogue, (byLocale = new Map()));
  const existing = byLocale.get(locale);
  if (existing) return existing;

  const featureNames = new Map<string, string>();
  const listings = new Map<CatalogueHotel, HotelListing>();
  for (const hotel of catalogue.hotels) {
    for (const feature of hotel.features) {
      if (!featureNames.has(feature.code)) featureNames.set(feature.code, pickLocalized(feature.name, locale));
    }
    listings.set(hotel, {
      hotelCode: hotel.code,
      hotelName: hotel.name,
      brandCode: hotel.brand.code,
      brandName: hotel.brand.name,
      city: pickLocalized(hotel.city.name, locale),
      image: imageView(hotel, locale),
      latitude: hotel.latitude,
      longitude: hotel.longitude,
      distanceKm: hotel.distanceKm,
      features: hotel.features.map((feature) => ({ code: feature.code, name: featureNames.get(feature.code) ?? '' })),
    });
  }
  const collator = collatorFor(locale);
  const alphabetical = [...catalogue.hotels].sort((a, b) => collator.compare(a.name, b.name));
  const nameRanks = new Map<CatalogueHotel, number>();
  alphabetical.forEach((hotel, index) => {
    const previous = alphabetical[index - 1];
    const rank = previous && collator.compare(previous.name, hotel.name) === 0 ? (nameRanks.get(previous) ?? index) : index;
    nameRanks.set(hotel, rank);
  });

  const listingsByCode = new Map([...listings.values()].map((listing) => [listing.hotelCode, listing]));
  const made = { listings, listingsByCode, nameRanks, facetIndex: facetIndexOf(catalogue, featureNames) };
  byLocale.set(locale, made);
  return made;
}

interface Evaluated {
  hotel: CatalogueHotel;
  nameRank: number;
  result: HotelResult;
  /** Member average per night with tax in the response currency (non-member when there is no member rate). */
  sortPrice: number | null;
}

/**
 * What hotels-v2 works out before looking at the inventory: the stay, the hotels of the location and why
 * each cannot be booked whatever the inventory says, the rooms' guests, the promo code, and the room
 * types whose nights it needs (those of hotels without such a reason that take some room's guests).
 */
export interface HotelSearchPlan {
  stay: Stay;
  candidates: CatalogueHotel[];
  restrictions: (Restriction | null)[];
  occupancies: Occupancy[];
  promo: ReturnType<typeof lookUpPromo>;
  roomTypeIds: number[];
}

export function planHotelSearch(catalogue: Catalogue, request: HotelSearchInput, today: string): HotelSearchPlan {
  const stay = stayOf(request.startDate, request.endDate, today);
  const candidates = hotelsAt(catalogue, request.location);
  const occupancies = request.rooms.map(occupancyOf);
  const restrictions = candidates.map((hotel) => staticRestriction(hotel, stay, occupancies));
  const roomTypeIds: number[] = [];
  candidates.forEach((hotel, index) => {
    if (restrictions[index]) return;
    for (const roomType of hotel.roomTypes) {
      if (occupancies.some((guests) => fits(guests, roomType))) roomTypeIds.push(roomType.id);
    }
  });
  return { stay, candidates, restrictions, occupancies, promo: lookUpPromo(catalogue, request.promo, today), roomTypeIds };
}

/**
 * hotels-v2: every hotel of the location with its cheapest member and non-member price for all rooms of
 * the search (with its promo code's percentage off where that applies; on refundable rates only for a
 * business search: promotions.ts), or why it cannot be booked. For a member of a company (`company`) the
 * member price is the lower of the member rates' and the company rate's, marked when it is the company's
 * (decision record 0061). One inventory read covers all hotels (through the inventory cache: decision
 * record 0009); the rest is computed here, the parts that depend only on the catalogue and the locale
 * once per catalogue.
 */
export async function searchHotels(
  catalogue: Catalogue,
  request: HotelSearchInput,
  today: string,
  loadNights: LoadNights,
  company: CompanyRate | null = null,
): Promise<HotelSearchResponse> {
  const plan = planHotelSearch(catalogue, request, today);
  return hotelSearchAnswer(catalogue, request, plan, await loadNights(plan.roomTypeIds, plan.stay.startDate, plan.stay.endDate), company);
}

/**
 * The member price a member of a company sees: the company rate's when it is lower than the member rates'
 * (on a tie, the member rate's: nothing to point out), otherwise the member rates'; `company` says which.
 */
function memberOrCompany(member: StayTotals | null, company: StayTotals | null): { totals: StayTotals | null; isCompany: boolean } {
  return company && (!member || company.gross < member.gross) ? { totals: company, isCompany: true } : { totals: member, isCompany: false };
}

/** hotels-v2's answer from its plan and the nights of the plan's room types; `company` as for searchHotels. */
export function hotelSearchAnswer(
  catalogue: Catalogue,
  request: HotelSearchInput,
  plan: HotelSearchPlan,
  nights: NightTable,
  company: CompanyRate | null = null,
): HotelSearchResponse {
  const { stay, candidates, restrictions, occupancies, promo } = plan;
  const currency = catalogue.currencies.get(request.currency) as CurrencyRate;
  const localized = localizedCatalogue(catalogue, request.locale);

  const evaluated = candidates.map((hotel, index): Evaluated => {
    let restriction = restrictions[index] ?? null;
    let member: StayTotals | null = null;
    let nonMember: StayTotals | null = null;
    let shownMember: StayTotals | null = null;
    let isCompany = false;
    const percentOff = percentOffAt(promo, hotel, stay);
    if (!restriction) {
      const terms = percentOff > 0 || request.business ? { percentOff, refundableOnly: request.business } : STANDARD_TERMS;
      const prices = listPrices(hotel, stay, occupancies, nights, catalogue.currencies, terms, company?.plan ?? null);
      ({ member, nonMember } = prices);
      ({ totals: shownMember, isCompany } = memberOrCompany(member, prices.company));
      if (!shownMember && !nonMember) restriction = { reason: 'sold_out', minimumStay: null };
    }
    const memberPrice = shownMember ? priceView(shownMember, stay.nights, currency) : null;
    const nonMemberPrice = nonMember ? priceView(nonMember, stay.nights, currency) : null;
    const listing = localized.listings.get(hotel) as HotelListing;
    return {
      hotel,
      nameRank: localized.nameRanks.get(hotel) ?? 0,
      sortPrice: (memberPrice ?? nonMemberPrice)?.avgPerNightWithTax ?? null,
      result: {
        hotelCode: listing.hotelCode,
        hotelName: listing.hotelName,
        brandCode: listing.brandCode,
        brandName: listing.brandName,
        city: listing.city,
        image: listing.image,
        latitude: listing.latitude,
        longitude: listing.longitude,
        distanceKm: listing.distanceKm,
        features: listing.features,
        available: restriction === null,
        unavailableReason: restriction?.reason ?? null,
        minimumStay: restriction?.minimumStay ?? null,
        memberPrice,
        nonMemberPrice,
        // The company rate is not paid with points (decision record 0056): the points are the member rates'.
        pointsPrice: request.payWithPoints && member ? member.pointsPrice : null,
        ...(promo ? { promoApplied: percentOff > 0 } : {}),
        ...(isCompany && company ? { company: { name: company.plan.company.name } } : {}),
      },
    };
  });

  let priceRange: { min: number; max: number } | null = null;
  for (const entry of evaluated) {
    const nightly = entry.result.memberPrice?.avgPerNightWithTax;
    if (nightly === undefined) continue;
    if (!priceRange) priceRange = { min: nightly, max: nightly };
    else if (nightly < priceRange.min) priceRange.min = nightly;
    else if (nightly > priceRange.max) priceRange.max = nightly;
  }

  const inPriceRange = evaluated.filter((entry) => withinPrice(entry, request.minPrice, request.maxPrice));
  const facets = facetsOf(inPriceRange.map((entry) => entry.hotel), localized);
  const shown = inPriceRange.filter(
    (entry) =>
      (request.brands.length === 0 || request.brands.includes(entry.hotel.brand.code)) &&
      request.features.every((code) => entry.hotel.features.some((feature) => feature.code === code)),
  );
  shown.sort(comparator(request.sortBy));

  return {
    hotels: shown.map((entry) => entry.result),
    total: shown.length,
    nights: stay.nights,
    currency: currency.code as Currency,
    priceRange,
    facets,
    promo: promoOutcome(promo, shown.some((entry) => entry.result.promoApplied === true)),
  };
}

/**
 * Why nothing of the hotel fits the search before looking at availability: the hotel's rules, then
 * occupancy (a room whose guests no room type takes). As booking.ts staticRestriction, for the guests of
 * the rooms counted once per search.
 */
function staticRestriction(hotel: CatalogueHotel, stay: Stay, occupancies: readonly Occupancy[]): Restriction | null {
  const restriction = hotelRestriction(hotel, stay);
  if (restriction) return restriction;
  for (const guests of occupancies) {
    if (!hotel.roomTypes.some((roomType) => fits(guests, roomType))) return { reason: 'occupancy', minimumStay: null };
  }
  return null;
}

/**
 * The answer of hotels-v2 as JSON, UTF-8 encoded: the bytes of JSON.stringify({ data: response }). Each
 * hotel's part that depends only on the catalogue and the locale is written and encoded once per
 * catalogue and locale and reused; only the prices and availability are written per request. (A list of
 * a hundred hotels is over 100 kB of JSON, most of it names, images and features; writing and encoding it
 * whole cost more than computing the prices.)
 */
export function hotelSearchJson(catalogue: Catalogue, locale: Locale, response: HotelSearchResponse): Uint8Array {
  const localized = localizedCatalogue(catalogue, locale);
  const { hotels, ...rest } = response;
  const parts: Uint8Array[] = [];
  // Text between two prepared listings is gathered and encoded at once.
  let text = '{"data":{"hotels":[';
  hotels.forEach((result, index) => {
    if (index > 0) text += ',';
    const listing = localized.listingsByCode.get(result.hotelCode);
    if (listing && isListingOf(result, listing)) {
      parts.push(Buffer.from(text), listingJson(listing));
      text = tailJson(result);
    } else {
      text += JSON.stringify(result);
    }
  });
  parts.push(Buffer.from(`${text}],${JSON.stringify(rest).slice(1)}}`));
  return Buffer.concat(parts);
}

/** Whether the result's constant part is the listing's (then the listing's JSON can stand for it). */
function isListingOf(result: HotelResult, listing: HotelListing): boolean {
  return (
    result.hotelCode === listing.hotelCode &&
    result.hotelName === listing.hotelName &&
    result.brandCode === listing.brandCode &&
    result.brandName === listing.brandName &&
    result.city === listing.city &&
    result.image === listing.image &&
    result.latitude === listing.latitude &&
    result.longitude === listing.longitude &&
    result.distanceKm === listing.distanceKm &&
    result.features === listing.features
  );
}

const listingJsonCache = new WeakMap<HotelListing, Uint8Array>();

/** `{"hotelCode":...,"features":[...]` without the closing brace, UTF-8, made once per listing. */
function listingJson(listing: HotelListing): Uint8Array {
  let json = listingJsonCache.get(listing);
  if (json === undefined) {
    json = Buffer.from(JSON.stringify(listing).slice(0, -1));
    listingJsonCache.set(listing, json);
  }
  return json;
}

/**
 * `,"available":...}`: the rest of a result after its listing, in the contract's order, written by hand
 * (JSON.stringify of these small objects, a hundred times per answer, cost more than the prices did).
 * hotel-search.test.ts holds the text to JSON.stringify's.
 */
function tailJson(result: HotelResult): string {
  return (
    `,"available":${result.available ? 'true' : 'false'}` +
    `,"unavailableReason":${result.unavailableReason === null ? 'null' : JSON.stringify(result.unavailableReason)}` +
    `,"minimumStay":${numberJson(result.minimumStay)}` +
    `,"memberPrice":${priceJson(result.memberPrice)}` +
    `,"nonMemberPrice":${priceJson(result.nonMemberPrice)}` +
    `,"pointsPrice":${numberJson(result.pointsPrice)}` +
    (result.promoApplied === undefined ? '' : `,"promoApplied":${result.promoApplied ? 'true' : 'false'}`) +
    (result.company === undefined ? '}' : `,"company":${JSON.stringify(result.company)}}`)
  );
}

/** A number as JSON writes it (the same digits as String; null for what is not finite). */
function numberJson(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return 'null';
  // Most amounts have at most two decimals: written from their integer cents, which gives String's digits
  // (the shortest decimal that reads back as the same number) without its general conversion.
  const cents = Math.round(value * 100);
  if (cents / 100 !== value || cents < 0 || cents > 1e13) return String(value);
  const whole = Math.floor(cents / 100);
  const fraction = cents - whole * 100;
  if (fraction === 0) return String(whole);
  if (fraction % 10 === 0) return `${whole}.${fraction / 10}`;
  return `${whole}.${fraction < 10 ? '0' : ''}${fraction}`;
}

function priceJson(price: Price | null): string {
  if (price === null) return 'null';
  return (
    `{"currency":${JSON.stringify(price.currency)}` +
    `,"totalWithTax":${numberJson(price.totalWithTax)}` +
    `,"totalWithoutTax":${numberJson(price.totalWithoutTax)}` +
    `,"avgPerNightWithTax":${numberJson(price.avgPerNightWithTax)}` +
    `,"avgPerNightWithoutTax":${numberJson(price.avgPerNightWithoutTax)}` +
    `,"cityTax":${numberJson(price.cityTax)}}`
  );
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
function facetsOf(hotels: readonly CatalogueHotel[], localized: LocalizedCatalogue): HotelSearchResponse['facets'] {
  const { facetIndex } = localized;
  const brandCounts = new Array<number>(facetIndex.brands.length).fill(0);
  const featureCounts = new Array<number>(facetIndex.features.length).fill(0);
  for (const hotel of hotels) {
    const ordinals = facetIndex.byHotel.get(hotel);
    if (!ordinals) continue;
    brandCounts[ordinals.brand] = (brandCounts[ordinals.brand] as number) + 1;
    for (const feature of ordinals.features) featureCounts[feature] = (featureCounts[feature] as number) + 1;
  }
  const counted = (facets: readonly { code: string; name: string }[], counts: readonly number[]) => {
    const list: { code: string; name: string; count: number }[] = [];
    facets.forEach((facet, ordinal) => {
      const count = counts[ordinal] as number;
      if (count > 0) list.push({ code: facet.code, name: facet.name, count });
    });
    return list;
  };
  return { brands: counted(facetIndex.brands, brandCounts), features: counted(facetIndex.features, featureCounts) };
}

const collators = new Map<Locale, Intl.Collator>();

function collatorFor(locale: Locale): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) collators.set(locale, (collator = new Intl.Collator(locale, { sensitivity: 'base' })));
  return collator;
}

/**
 * Price orders put available hotels first; distance and name order everything together. Ties go by name
 * (the locale's alphabetical order, ranked once per catalogue), then stay in the city's order.
 */
function comparator(sortBy: HotelSearchInput['sortBy']) {
  const byName = (a: Evaluated, b: Evaluated) => a.nameRank - b.nameRank;
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
