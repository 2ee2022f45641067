import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { resultRows } from '../db/rows';
import {
  addons,
  amenities,
  brands,
  cancellationPolicies,
  cities,
  countries,
  currencies,
  guaranteePolicies,
  hotelAmenities,
  hotelImages,
  hotels,
  promotionBrands,
  promotions,
  ratePlans,
  roomTypes,
} from '../db/schema';

/**
 * Reads for search. The content (hotels, room types, rate plans, policies, currencies, add-ons, promo
 * codes) is read whole, one set-based query per table, once per process (see catalogue.ts); the
 * inventory, which changes with every booking, is read in blocks of nights through a cache that drops
 * what a change touches (inventory-cache.ts: kept a few seconds on PostgreSQL, until a change on PGlite).
 */

export function selectHotels(db: Database) {
  return db
    .select({
      id: hotels.id,
      hotelCode: hotels.hotelCode,
      name: hotels.name,
      latitude: hotels.latitude,
      longitude: hotels.longitude,
      timeZone: hotels.timeZone,
      openingDate: hotels.openingDate,
      useExternalBooking: hotels.useExternalBooking,
      minLeadDays: hotels.minLeadDays,
      minLengthOfStay: hotels.minLengthOfStay,
      brandCode: brands.code,
      brandName: brands.name,
      brandOrder: brands.sortOrder,
      cityId: cities.id,
      cityCode: cities.code,
      cityName: cities.name,
      cityLatitude: cities.latitude,
      cityLongitude: cities.longitude,
      countryCode: countries.code,
      countryName: countries.name,
      imageAlt: hotelImages.alt,
    })
    .from(hotels)
    .innerJoin(brands, eq(brands.id, hotels.brandId))
    .innerJoin(cities, eq(cities.id, hotels.cityId))
    .innerJoin(countries, eq(countries.code, cities.countryCode))
    .leftJoin(hotelImages, and(eq(hotelImages.hotelId, hotels.id), eq(hotelImages.position, 1)))
    .orderBy(asc(hotels.id));
}
export type HotelRow = Awaited<ReturnType<typeof selectHotels>>[number];

export function selectHotelFeatures(db: Database) {
  return db
    .select({ hotelId: hotelAmenities.hotelId, code: amenities.code, name: amenities.name, sortOrder: amenities.sortOrder })
    .from(hotelAmenities)
    .innerJoin(amenities, eq(amenities.id, hotelAmenities.amenityId))
    .orderBy(asc(amenities.sortOrder));
}

export function selectRoomTypes(db: Database) {
  return db
    .select({
      id: roomTypes.id,
      hotelId: roomTypes.hotelId,
      typeCode: roomTypes.typeCode,
      saleName: roomTypes.saleName,
      maxAdults: roomTypes.maxAdults,
      maxChildren: roomTypes.maxChildren,
      maxOccupancy: roomTypes.maxOccupancy,
      baseRateMinor: roomTypes.baseRateMinor,
    })
    .from(roomTypes)
    .orderBy(asc(roomTypes.baseRateMinor), asc(roomTypes.id));
}

export function selectRatePlans(db: Database) {
  return db
    .select({
      hotelId: ratePlans.hotelId,
      rateCode: ratePlans.rateCode,
      name: ratePlans.name,
      isMemberRate: ratePlans.isMemberRate,
      pairedNonMemberRateCode: ratePlans.pairedNonMemberRateCode,
      breakfastIncluded: ratePlans.breakfastIncluded,
      guaranteePolicyCode: ratePlans.guaranteePolicyCode,
      cancellationPolicyCode: ratePlans.cancellationPolicyCode,
      priceFactorBps: ratePlans.priceFactorBps,
      pointsPerNight: ratePlans.pointsPerNight,
    })
    .from(ratePlans)
    .orderBy(asc(ratePlans.id));
}

export function selectGuaranteePolicies(db: Database) {
  return db.select().from(guaranteePolicies);
}

export function selectCancellationPolicies(db: Database) {
  return db.select().from(cancellationPolicies);
}

export function selectCurrencies(db: Database) {
  return db
    .select({ code: currencies.code, decimals: currencies.decimals, ratePerEurMicros: currencies.ratePerEurMicros })
    .from(currencies);
}

export function selectAddons(db: Database) {
  return db
    .select({
      hotelId: addons.hotelId,
      code: addons.code,
      name: addons.name,
      pricingMode: addons.pricingMode,
      priceMinor: addons.priceMinor,
      currency: addons.currency,
    })
    .from(addons)
    .orderBy(asc(addons.id));
}

/** Promo codes, each with the codes of the brands it is limited to (none: every brand). */
export function selectPromotions(db: Database) {
  return db
    .select({
      code: promotions.code,
      percentOff: promotions.percentOff,
      stayFrom: promotions.stayFrom,
      stayUntil: promotions.stayUntil,
      brandCodes: sql<string[]>`coalesce(array_agg(${brands.code}) filter (where ${brands.code} is not null), '{}')`,
    })
    .from(promotions)
    .leftJoin(promotionBrands, eq(promotionBrands.promotionId, promotions.id))
    .leftJoin(brands, eq(brands.id, promotionBrands.brandId))
    .groupBy(promotions.id);
}

export interface InventoryRow {
  roomTypeId: number;
  stayDate: string;
  availableRooms: number;
  basePriceMinor: number;
  currency: string;
}

/**
 * The nights of several room types, each over its own range of dates (the blocks the inventory cache
 * lacks, see inventory-cache.ts), in one query: the wanted ranges are passed as three parallel arrays and
 * joined with the inventory, which is read by its primary key (room type, night). The dates go as text[]
 * (postgres-js has no serializer for a date[] parameter). The rows come back as one JSON array rather than
 * one result row each: an embedded PostgreSQL (PGlite) spends most of a small query's time handing over
 * rows one by one.
 */
export async function selectInventoryRanges(
  db: Database,
  ranges: readonly { roomTypeId: number; from: string; to: string }[],
): Promise<InventoryRow[]> {
  if (ranges.length === 0) return [];
  const [row] = resultRows<{ nights: string | null }>(
    await db.execute(sql`
      SELECT json_agg(json_build_array(ri.room_type_id, ri.stay_date, ri.available_rooms, ri.base_price_minor, ri.currency))::text AS nights
      FROM unnest(
        ${sql.param(ranges.map((range) => range.roomTypeId))}::int[],
        ${sql.param(ranges.map((range) => range.from))}::text[]::date[],
        ${sql.param(ranges.map((range) => range.to))}::text[]::date[]
      ) AS wanted(room_type_id, from_date, to_date)
      JOIN room_inventory ri
        ON ri.room_type_id = wanted.room_type_id AND ri.stay_date >= wanted.from_date AND ri.stay_date < wanted.to_date
    `),
  );
  const nights = JSON.parse(row?.nights ?? '[]') as [number, string, number, number, string][];
  return nights.map(([roomTypeId, stayDate, availableRooms, basePriceMinor, currency]) => ({
    roomTypeId,
    stayDate,
    availableRooms,
    basePriceMinor,
    currency,
  }));
}
