import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
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
  ratePlans,
  roomInventory,
  roomTypes,
} from '../db/schema';

/**
 * Reads for search. The content (hotels, room types, rate plans, policies, currencies, add-ons) is read
 * whole, one set-based query per table, once per process (see catalogue.ts); the inventory, which changes
 * with every booking, is read per request for the room types and nights asked about.
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

export interface InventoryRow {
  roomTypeId: number;
  stayDate: string;
  availableRooms: number;
  basePriceMinor: number;
  currency: string;
}

/**
 * The nights from `startDate` up to (not including) `endDate` of the given room types. The rows come back
 * as one JSON array rather than one result row each: an embedded PostgreSQL (PGlite) spends most of a
 * small query's time handing over rows one by one, and this is the one query of every search request.
 */
export async function selectInventory(db: Database, roomTypeIds: readonly number[], startDate: string, endDate: string): Promise<InventoryRow[]> {
  const [row] = await db
    .select({
      nights: sql<string | null>`json_agg(json_build_array(
        ${roomInventory.roomTypeId}, ${roomInventory.stayDate}, ${roomInventory.availableRooms}, ${roomInventory.basePriceMinor}, ${roomInventory.currency}
      ))::text`,
    })
    .from(roomInventory)
    .where(
      and(
        sql`${roomInventory.roomTypeId} = any(${sql.param([...roomTypeIds])}::int[])`,
        gte(roomInventory.stayDate, startDate),
        lt(roomInventory.stayDate, endDate),
      ),
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
