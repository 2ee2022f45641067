import { BFF_PREFIX, type Brand, type BrandDetail, type Destination, type Hotel, type HotelOption, type HotelSummary } from '../../src/contract/content';
import { type Locale, pickLocalized } from '../../src/contract/locales';
import type { Database } from '../db/database';
import type { brands } from '../db/schema';
import {
  type HotelSummaryRow,
  selectAmenitiesOfHotel,
  selectBrandByCode,
  selectBrandsWithHotelCount,
  selectDestinations,
  selectHotelByCode,
  selectHotelImage,
  selectHotelOptions,
  selectHotelSummariesOfBrand,
  selectImagesOfHotel,
  selectRoomTypeImage,
} from './queries';

/** Content as the web app shows it: one locale picked (English where a text is missing), links built. */

export function hotelImageUrl(hotelCode: string, position: number): string {
  return `${BFF_PREFIX}/content/hotel-images/${encodeURIComponent(hotelCode)}/${position}.svg`;
}

/** A room type's drawing (server/content/illustration/room-interior.ts). */
export function roomImageUrl(hotelCode: string, typeCode: string): string {
  return `${BFF_PREFIX}/content/room-images/${encodeURIComponent(hotelCode)}/${encodeURIComponent(typeCode)}.svg`;
}

/** The brand page of the web app (its route `/$locale/brands/$brandCode`). */
export function brandTeaserLink(locale: Locale, brandCode: string): string {
  return `/${locale}/brands/${encodeURIComponent(brandCode)}`;
}

type BrandRow = typeof brands.$inferSelect;

function toBrand(brand: BrandRow, hotelCount: number, locale: Locale): Brand {
  return {
    code: brand.code,
    brandName: brand.name,
    theme: brand.theme,
    tagline: pickLocalized(brand.tagline, locale),
    description: pickLocalized(brand.description, locale),
    teaserLink: brandTeaserLink(locale, brand.code),
    hotelCount,
  };
}

function toHotelSummary(row: HotelSummaryRow, locale: Locale): HotelSummary {
  return {
    hotelCode: row.hotelCode,
    hotelName: row.name,
    brandCode: row.brandCode,
    city: pickLocalized(row.cityName, locale),
    countryCode: row.countryCode,
    image: {
      url: hotelImageUrl(row.hotelCode, row.imagePosition ?? 1),
      alt: row.imageAlt ? pickLocalized(row.imageAlt, locale) : row.name,
    },
    openingDate: row.openingDate,
    useExternalBooking: row.useExternalBooking,
  };
}

/** Sorts by several localised keys the way a reader of that locale expects (é next to e, ä next to a). */
function byKeys<T>(locale: Locale, ...keys: ((item: T) => string)[]) {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return (a: T, b: T) => {
    for (const key of keys) {
      const order = collator.compare(key(a), key(b));
      if (order !== 0) return order;
    }
    return 0;
  };
}

export function createContentService(db: Database) {
  return {
    async brands(locale: Locale): Promise<Brand[]> {
      const rows = await selectBrandsWithHotelCount(db);
      return rows.map((row) => toBrand(row.brand, row.hotelCount, locale));
    },

    /** The brand and its hotels (by city, then name), or undefined for an unknown code. */
    async brand(code: string, locale: Locale): Promise<BrandDetail | undefined> {
      const brand = await selectBrandByCode(db, code);
      if (!brand) return undefined;
      const hotels = (await selectHotelSummariesOfBrand(db, brand.id))
        .map((row) => toHotelSummary(row, locale))
        .sort(byKeys(locale, (hotel) => hotel.city, (hotel) => hotel.hotelName));
      return { ...toBrand(brand, hotels.length, locale), hotels };
    },

    async hotel(hotelCode: string, locale: Locale): Promise<Hotel | undefined> {
      const row = await selectHotelByCode(db, hotelCode);
      if (!row) return undefined;
      const { hotel, brand, city, country } = row;
      const [features, images] = await Promise.all([selectAmenitiesOfHotel(db, hotel.id), selectImagesOfHotel(db, hotel.id)]);
      const localizedImages = images.map((image) => ({
        url: hotelImageUrl(hotel.hotelCode, image.position),
        alt: pickLocalized(image.alt, locale),
      }));
      return {
        hotelCode: hotel.hotelCode,
        hotelName: hotel.name,
        brandCode: brand.code,
        city: pickLocalized(city.name, locale),
        countryCode: country.code,
        image: localizedImages[0] ?? { url: hotelImageUrl(hotel.hotelCode, 1), alt: hotel.name },
        openingDate: hotel.openingDate,
        useExternalBooking: hotel.useExternalBooking,
        description: pickLocalized(hotel.description, locale),
        address: {
          street: hotel.street,
          postalCode: hotel.postalCode,
          city: pickLocalized(city.name, locale),
          countryCode: country.code,
          country: pickLocalized(country.name, locale),
        },
        geo: { latitude: hotel.latitude, longitude: hotel.longitude },
        timeZone: hotel.timeZone,
        features: features.map((feature) => pickLocalized(feature.name, locale)),
        images: localizedImages,
        externalBookingUrl: hotel.useExternalBooking ? hotel.externalBookingUrl : null,
        brand: { code: brand.code, brandName: brand.name, theme: brand.theme },
      };
    },

    async hotelsForDropdown(locale: Locale): Promise<HotelOption[]> {
      const rows = await selectHotelOptions(db);
      return rows
        .map((row) => ({ hotelCode: row.hotelCode, hotelName: row.name, city: pickLocalized(row.cityName, locale), brandCode: row.brandCode }))
        .sort(byKeys(locale, (option) => option.city, (option) => option.hotelName));
    },

    /** Cities with hotels, most hotels first, for the home page teaser. */
    async destinations(locale: Locale): Promise<Destination[]> {
      const rows = await selectDestinations(db);
      const byName = byKeys<Destination>(locale, (destination) => destination.city);
      return rows
        .map((row) => {
          const city = pickLocalized(row.cityName, locale);
          return {
            city,
            country: pickLocalized(row.countryName, locale),
            countryCode: row.countryCode,
            hotelCount: row.hotelCount,
            image: { url: hotelImageUrl(row.teaserHotelCode ?? '', 1), alt: city },
          };
        })
        .sort((a, b) => b.hotelCount - a.hotelCount || byName(a, b));
    },

    /** What the image route needs to draw a hotel image, or undefined when the hotel has no such image. */
    async hotelImage(hotelCode: string, position: number, locale: Locale) {
      const row = await selectHotelImage(db, hotelCode, position);
      if (!row) return undefined;
      return { ...row, alt: pickLocalized(row.alt, locale) };
    },

    async roomImage(hotelCode: string, typeCode: string, locale: Locale) {
      const row = await selectRoomTypeImage(db, hotelCode, typeCode);
      if (!row) return undefined;
      return { primaryColour: row.primaryColour, accentColour: row.accentColour, title: pickLocalized(row.saleName, locale) };
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
