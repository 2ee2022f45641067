import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import type { LocalizedText } from '../../src/contract/locales';
import { ADDON_PRICING_MODES } from '../../src/contract/search';
import type { AddonPricing } from '../../src/contract/search';
import type { ThemeId } from '../../src/contract/themes';

/*
 * The BFF's own data, PostgreSQL dialect (PGlite embedded, or a real server).
 * Conventions: money is integer minor units with its currency; calendar dates are `date` columns read as
 * `yyyy-MM-dd` strings (a stay date has no time zone); texts shown to guests are jsonb `{ en, de, ... }`
 * with `en` always present. Codes that other systems know (hotel, rate, room type) are unique.
 */

const localized = (name: string) => jsonb(name).$type<LocalizedText>().notNull();
const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

export const currencies = pgTable(
  'currencies',
  {
    code: char('code', { length: 3 }).primaryKey(),
    /** Digits after the decimal point: 2 for EUR, 0 for JPY, 3 for OMR. */
    decimals: integer('decimals').notNull(),
    /** Units of this currency for one euro, times one million (a fixed display rate, not for settlement). */
    ratePerEurMicros: integer('rate_per_eur_micros').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [
    check('currencies_code_format', sql`${t.code} ~ '^[A-Z]{3}$'`),
    check('currencies_decimals_range', sql`${t.decimals} between 0 and 3`),
    check('currencies_rate_positive', sql`${t.ratePerEurMicros} > 0`),
  ],
);

export const countries = pgTable(
  'countries',
  {
    /** ISO 3166-1 alpha-2. */
    code: char('code', { length: 2 }).primaryKey(),
    name: localized('name'),
  },
  (t) => [check('countries_code_format', sql`${t.code} ~ '^[A-Z]{2}$'`)],
);

export const cities = pgTable(
  'cities',
  {
    id: id(),
    code: text('code').notNull().unique(),
    name: localized('name'),
    countryCode: char('country_code', { length: 2 })
      .notNull()
      .references(() => countries.code),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** IANA zone, e.g. Europe/Amsterdam. */
    timeZone: text('time_zone').notNull(),
  },
  (t) => [index('cities_country_idx').on(t.countryCode)],
);

export const brands = pgTable('brands', {
  id: id(),
  /** Equal to the brand's theme id (steigenberger, jaz, ...): the web app themes pages by it. */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  theme: text('theme').$type<ThemeId>().notNull(),
  tagline: localized('tagline'),
  description: localized('description'),
  /** Colours for generated images; the web app's CSS themes are its own. */
  primaryColour: text('primary_colour').notNull(),
  accentColour: text('accent_colour').notNull(),
  sortOrder: integer('sort_order').notNull(),
});

export const hotels = pgTable(
  'hotels',
  {
    id: id(),
    hotelCode: text('hotel_code').notNull().unique(),
    name: text('name').notNull(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    street: text('street').notNull(),
    postalCode: text('postal_code').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    timeZone: text('time_zone').notNull(),
    description: localized('description'),
    /** Set for a hotel that opens later; bookings before this date are not possible. */
    openingDate: date('opening_date', { mode: 'string' }),
    useExternalBooking: boolean('use_external_booking').notNull().default(false),
    externalBookingUrl: text('external_booking_url'),
    minLeadDays: integer('min_lead_days').notNull().default(0),
    minLengthOfStay: integer('min_length_of_stay').notNull().default(1),
  },
  (t) => [
    check('hotels_code_format', sql`${t.hotelCode} ~ '^[A-Z0-9]{3,8}$'`),
    check('hotels_external_booking_has_url', sql`not ${t.useExternalBooking} or ${t.externalBookingUrl} is not null`),
    check('hotels_min_lead_days', sql`${t.minLeadDays} >= 0`),
    check('hotels_min_length_of_stay', sql`${t.minLengthOfStay} >= 1`),
    index('hotels_brand_idx').on(t.brandId),
    index('hotels_city_idx').on(t.cityId),
  ],
);

export const amenities = pgTable('amenities', {
  id: id(),
  code: text('code').notNull().unique(),
  name: localized('name'),
  sortOrder: integer('sort_order').notNull(),
});

/** A hotel's features: which amenities it offers. */
export const hotelAmenities = pgTable(
  'hotel_amenities',
  {
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'cascade' }),
    amenityId: integer('amenity_id')
      .notNull()
      .references(() => amenities.id),
  },
  (t) => [primaryKey({ columns: [t.hotelId, t.amenityId] })],
);

/** Images are drawn on request (an SVG); a row keeps what makes each one different. */
export const hotelImages = pgTable(
  'hotel_images',
  {
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'cascade' }),
    /** 1-based; the first image is the hotel's teaser image. */
    position: integer('position').notNull(),
    alt: localized('alt'),
    colourSeed: integer('colour_seed').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.hotelId, t.position] }),
    check('hotel_images_position_range', sql`${t.position} between 1 and 99`),
  ],
);

export const roomTypes = pgTable(
  'room_types',
  {
    id: id(),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'cascade' }),
    typeCode: text('type_code').notNull(),
    saleName: localized('sale_name'),
    maxAdults: integer('max_adults').notNull(),
    maxChildren: integer('max_children').notNull(),
    maxOccupancy: integer('max_occupancy').notNull(),
    roomCount: integer('room_count').notNull(),
    /** Reference nightly price the inventory prices are derived from. */
    baseRateMinor: integer('base_rate_minor').notNull(),
    /** Fixed per room type; makes the derived prices and availability differ between room types. */
    inventorySeed: integer('inventory_seed').notNull(),
  },
  (t) => [
    unique('room_types_hotel_type_code').on(t.hotelId, t.typeCode),
    check('room_types_adults', sql`${t.maxAdults} >= 1`),
    check('room_types_children', sql`${t.maxChildren} >= 0`),
    check('room_types_occupancy', sql`${t.maxOccupancy} between ${t.maxAdults} and ${t.maxAdults} + ${t.maxChildren}`),
    check('room_types_room_count', sql`${t.roomCount} >= 1`),
    check('room_types_base_rate', sql`${t.baseRateMinor} > 0`),
  ],
);

/** The spec's pairing table: a member rate and the non-member rate it undercuts. */
export const rateCodePairs = pgTable('rate_code_pairs', {
  memberRateCode: text('member_rate_code').primaryKey(),
  nonMemberRateCode: text('non_member_rate_code').notNull().unique(),
});

export const GUARANTEE_POLICY_TYPES = { hold: 1000, guarantee: 1001, deposit: 1002 } as const;
export type GuaranteePolicyType = (typeof GUARANTEE_POLICY_TYPES)[keyof typeof GUARANTEE_POLICY_TYPES];

/** How a booking is secured: held until an hour, guaranteed by card, or paid ahead (deposit = prepaid). */
export const guaranteePolicies = pgTable(
  'guarantee_policies',
  {
    code: text('code').primaryKey(),
    policyType: integer('policy_type').$type<GuaranteePolicyType>().notNull(),
    description: localized('description'),
  },
  (t) => [check('guarantee_policies_type', sql`${t.policyType} in (1000, 1001, 1002)`)],
);

export const cancellationPolicies = pgTable(
  'cancellation_policies',
  {
    code: text('code').primaryKey(),
    /** Free cancellation until this many hours before arrival day's 18:00; null: not refundable. */
    freeUntilHoursBeforeArrival: integer('free_until_hours_before_arrival'),
    description: localized('description'),
  },
  (t) => [check('cancellation_policies_hours', sql`${t.freeUntilHoursBeforeArrival} >= 0`)],
);

export const ratePlans = pgTable(
  'rate_plans',
  {
    id: id(),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'cascade' }),
    rateCode: text('rate_code').notNull(),
    name: localized('name'),
    isMemberRate: boolean('is_member_rate').notNull(),
    /** For a member rate: the same hotel's non-member rate shown beside it. */
    pairedNonMemberRateCode: text('paired_non_member_rate_code'),
    breakfastIncluded: boolean('breakfast_included').notNull(),
    guaranteePolicyCode: text('guarantee_policy_code')
      .notNull()
      .references(() => guaranteePolicies.code),
    cancellationPolicyCode: text('cancellation_policy_code')
      .notNull()
      .references(() => cancellationPolicies.code),
    /** Price of this rate relative to the room's base price: 10000 = 100 %. */
    priceFactorBps: integer('price_factor_bps').notNull(),
    pointsPerNight: integer('points_per_night').notNull(),
  },
  (t) => [
    unique('rate_plans_hotel_rate_code').on(t.hotelId, t.rateCode),
    foreignKey({
      name: 'rate_plans_paired_rate_fk',
      columns: [t.hotelId, t.pairedNonMemberRateCode],
      foreignColumns: [t.hotelId, t.rateCode],
    }),
    check('rate_plans_pair_only_on_member_rates', sql`${t.isMemberRate} or ${t.pairedNonMemberRateCode} is null`),
    check('rate_plans_price_factor', sql`${t.priceFactorBps} > 0`),
    check('rate_plans_points', sql`${t.pointsPerNight} >= 0`),
  ],
);

export const roomInventory = pgTable(
  'room_inventory',
  {
    roomTypeId: integer('room_type_id')
      .notNull()
      .references(() => roomTypes.id, { onDelete: 'cascade' }),
    /** The night starting on this date, in the hotel's time zone. */
    stayDate: date('stay_date', { mode: 'string' }).notNull(),
    availableRooms: integer('available_rooms').notNull(),
    basePriceMinor: integer('base_price_minor').notNull(),
    currency: char('currency', { length: 3 })
      .notNull()
      .default('EUR')
      .references(() => currencies.code),
  },
  (t) => [
    primaryKey({ columns: [t.roomTypeId, t.stayDate] }),
    check('room_inventory_available', sql`${t.availableRooms} >= 0`),
    check('room_inventory_price', sql`${t.basePriceMinor} >= 0`),
  ],
);

// The pricing modes are the contract's: the database enum and the API answer can never disagree.
export { ADDON_PRICING_MODES };
export type AddonPricingMode = AddonPricing;
export const addonPricingMode = pgEnum('addon_pricing_mode', ADDON_PRICING_MODES);

export const addons = pgTable(
  'addons',
  {
    id: id(),
    /** Null: offered by every hotel. */
    hotelId: integer('hotel_id').references(() => hotels.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: localized('name'),
    pricingMode: addonPricingMode('pricing_mode').notNull(),
    priceMinor: integer('price_minor').notNull(),
    currency: char('currency', { length: 3 })
      .notNull()
      .default('EUR')
      .references(() => currencies.code),
  },
  (t) => [
    // NULLS NOT DISTINCT: two global add-ons (hotel_id null) may not share a code either.
    unique('addons_hotel_code').on(t.hotelId, t.code).nullsNotDistinct(),
    check('addons_price', sql`${t.priceMinor} >= 0`),
  ],
);

export const membershipLevels = pgTable(
  'membership_levels',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    levelOrder: integer('level_order').notNull().unique(),
  },
  (t) => [check('membership_levels_code_format', sql`${t.code} ~ '^[A-Z]{2}$'`)],
);
