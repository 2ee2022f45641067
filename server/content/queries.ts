import { and, asc, count, eq, min } from 'drizzle-orm';
import type { Database } from '../db/database';
import { amenities, brands, cities, countries, hotelAmenities, hotelImages, hotels, roomTypes } from '../db/schema';

/** Reads of the content tables, returning rows with every locale; choosing a locale is the service's job. */

export function selectBrandsWithHotelCount(db: Database) {
  return db
    .select({ brand: brands, hotelCount: count(hotels.id) })
    .from(brands)
    .leftJoin(hotels, eq(hotels.brandId, brands.id))
    .groupBy(brands.id)
    .orderBy(asc(brands.sortOrder));
}

/** Hotel summaries joined with what a hotel card needs: brand, city, country and the first image. */
function selectHotelSummaries(db: Database) {
  return db
    .select({
      hotelCode: hotels.hotelCode,
      name: hotels.name,
      brandCode: brands.code,
      cityName: cities.name,
      countryCode: cities.countryCode,
      openingDate: hotels.openingDate,
      useExternalBooking: hotels.useExternalBooking,
      imagePosition: hotelImages.position,
      imageAlt: hotelImages.alt,
    })
    .from(hotels)
    .innerJoin(brands, eq(brands.id, hotels.brandId))
    .innerJoin(cities, eq(cities.id, hotels.cityId))
    .leftJoin(hotelImages, and(eq(hotelImages.hotelId, hotels.id), eq(hotelImages.position, 1)));
}
export type HotelSummaryRow = Awaited<ReturnType<typeof selectHotelSummaries>>[number];

export function selectHotelSummariesOfBrand(db: Database, brandId: number) {
  return selectHotelSummaries(db).where(eq(hotels.brandId, brandId));
}

export async function selectBrandByCode(db: Database, code: string) {
  const [brand] = await db.select().from(brands).where(eq(brands.code, code)).limit(1);
  return brand;
}

export async function selectHotelByCode(db: Database, hotelCode: string) {
  const [row] = await db
    .select({ hotel: hotels, brand: brands, city: cities, country: countries })
    .from(hotels)
    .innerJoin(brands, eq(brands.id, hotels.brandId))
    .innerJoin(cities, eq(cities.id, hotels.cityId))
    .innerJoin(countries, eq(countries.code, cities.countryCode))
    .where(eq(hotels.hotelCode, hotelCode))
    .limit(1);
  return row;
}

export function selectAmenitiesOfHotel(db: Database, hotelId: number) {
  return db
    .select({ code: amenities.code, name: amenities.name })
    .from(hotelAmenities)
    .innerJoin(amenities, eq(amenities.id, hotelAmenities.amenityId))
    .where(eq(hotelAmenities.hotelId, hotelId))
    .orderBy(asc(amenities.sortOrder));
}

export function selectImagesOfHotel(db: Database, hotelId: number) {
  return db
    .select({ position: hotelImages.position, alt: hotelImages.alt })
    .from(hotelImages)
    .where(eq(hotelImages.hotelId, hotelId))
    .orderBy(asc(hotelImages.position));
}

export function selectHotelOptions(db: Database) {
  return db
    .select({ hotelCode: hotels.hotelCode, name: hotels.name, brandCode: brands.code, cityName: cities.name })
    .from(hotels)
    .innerJoin(brands, eq(brands.id, hotels.brandId))
    .innerJoin(cities, eq(cities.id, hotels.cityId));
}

/** Cities that have hotels, with how many and the code of one hotel whose image stands for the city. */
export function selectDestinations(db: Database) {
  return db
    .select({
      cityName: cities.name,
      countryCode: countries.code,
      countryName: countries.name,
      hotelCount: count(hotels.id),
      teaserHotelCode: min(hotels.hotelCode),
    })
    .from(cities)
    .innerJoin(countries, eq(countries.code, cities.countryCode))
    .innerJoin(hotels, eq(hotels.cityId, cities.id))
    .groupBy(cities.id, countries.code);
}

/** What drawing one hotel image needs: its seed and the hotel's brand colours. */
/** What a room type's drawing needs: its sale name and its brand's colours. */
export async function selectRoomTypeImage(db: Database, hotelCode: string, typeCode: string) {
  const [row] = await db
    .select({ saleName: roomTypes.saleName, primaryColour: brands.primaryColour, accentColour: brands.accentColour })
    .from(roomTypes)
    .innerJoin(hotels, eq(hotels.id, roomTypes.hotelId))
    .innerJoin(brands, eq(brands.id, hotels.brandId))
    .where(and(eq(hotels.hotelCode, hotelCode), eq(roomTypes.typeCode, typeCode)))
    .limit(1);
  return row;
}

export async function selectHotelImage(db: Database, hotelCode: string, position: number) {
  const [row] = await db
    .select({
      colourSeed: hotelImages.colourSeed,
      alt: hotelImages.alt,
      primaryColour: brands.primaryColour,
      accentColour: brands.accentColour,
    })
    .from(hotelImages)
    .innerJoin(hotels, eq(hotels.id, hotelImages.hotelId))
    .innerJoin(brands, eq(brands.id, hotels.brandId))
    .where(and(eq(hotels.hotelCode, hotelCode), eq(hotelImages.position, position)))
    .limit(1);
  return row;
}
