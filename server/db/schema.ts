import { sql } from 'drizzle-orm';
import {
  bigint,
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
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { OUTBOX_MAIL_KINDS, type SALUTATIONS } from '../../src/contract/auth';
import type { Cart, CartStatus, DeclineReason, PaymentMethod, RESERVATION_STATUSES, Traveller, VOUCHER_CATEGORIES } from '../../src/contract/ecommerce';
import { TARGETED_MESSAGE_KINDS, TARGETED_MESSAGE_TRIGGERS } from '../../src/contract/content';
import type { TargetedMessageKind, TargetedMessageTrigger } from '../../src/contract/content';
import type { Locale, LocalizedText } from '../../src/contract/locales';
import type { ClaimReason, ClaimStatus, MemberLevelCode, PointsEntryKind } from '../../src/contract/loyalty';
import { ADDON_PRICING_MODES } from '../../src/contract/search';
import type { StayVoucherBoard } from '../../src/contract/stay-vouchers';
import type { AddonPricing } from '../../src/contract/search';
import type { ThemeId } from '../../src/contract/themes';
import type { BusinessAddress, InvoiceAddress } from '../../src/contract/hotel-checkout';
import type { InvoiceData } from '../hotel-checkout/invoice-data';

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
    /** The reception, as guests dial it from abroad (`+49 30 123 4567`); null when the hotel gave none. */
    phone: text('phone'),
    /** Local times of day (HH:mm) from which rooms are ready and by which they are left. */
    checkInFrom: text('check_in_from').notNull().default('15:00'),
    checkOutUntil: text('check_out_until').notNull().default('12:00'),
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
    check('hotels_phone_format', sql`${t.phone} ~ '^\\+[0-9]{1,3}( [0-9]{1,4}){2,5}$'`),
    check('hotels_check_in_from_format', sql`${t.checkInFrom} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('hotels_check_out_until_format', sql`${t.checkOutUntil} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    index('hotels_brand_idx').on(t.brandId),
    index('hotels_city_idx').on(t.cityId),
  ],
);

export const amenities = pgTable('amenities', { id: id(), code: text('code').notNull().unique(), name: localized('name'), sortOrder: integer('sort_order').notNull() });

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
  (t) => [primaryKey({ columns: [t.hotelId, t.position] }), check('hotel_images_position_range', sql`${t.position} between 1 and 99`)],
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
  { code: text('code').primaryKey(), policyType: integer('policy_type').$type<GuaranteePolicyType>().notNull(), description: localized('description') },
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
    foreignKey({ name: 'rate_plans_paired_rate_fk', columns: [t.hotelId, t.pairedNonMemberRateCode], foreignColumns: [t.hotelId, t.rateCode] }),
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

/**
 * Promo codes (decision record 0009): a percentage off the room price of every rate, for stays whose
 * nights all lie in the window, at hotels of the listed brands (promotion_brands; none listed: every
 * brand). Codes are matched without regard to case and kept in capitals.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: id(),
    code: text('code').notNull().unique(),
    percentOff: integer('percent_off').notNull(),
    /** The first night it may be used for. */
    stayFrom: date('stay_from', { mode: 'string' }).notNull(),
    /** The last night it may be used for. */
    stayUntil: date('stay_until', { mode: 'string' }).notNull(),
  },
  (t) => [
    check('promotions_code_format', sql`${t.code} ~ '^[A-Z0-9]{3,32}$'`),
    check('promotions_percent_off', sql`${t.percentOff} between 1 and 90`),
    check('promotions_stay_window', sql`${t.stayUntil} >= ${t.stayFrom}`),
  ],
);

/** The brands a promotion is limited to. */
export const promotionBrands = pgTable(
  'promotion_brands',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.brandId] })],
);

export const membershipLevels = pgTable(
  'membership_levels',
  { code: text('code').primaryKey(), name: text('name').notNull(), levelOrder: integer('level_order').notNull().unique() },
  (t) => [check('membership_levels_code_format', sql`${t.code} ~ '^[A-Z]{2}$'`)],
);

// ---------- members, sign-in and sessions (docs/decisions/0011-sign-in-and-sessions.md) ----------

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** `cancelled`: the member left the programme (decision record 0046); the row stays, anonymised, for what refers to it. */
export const MEMBER_STATUSES = ['pending', 'active', 'cancelled'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/**
 * A member of the rewards programme. `pending` until the email is proven (activation link, one-time
 * code or a verified social sign-in); only `active` members get sessions. The email is stored lower-case.
 */
export const members = pgTable(
  'members',
  {
    id: id(),
    /** The public id (the profile's Guid and the tokens' `sub`); the integer id never leaves the BFF. */
    guid: uuid('guid').notNull().unique(),
    email: text('email').notNull().unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    salutation: text('salutation').$type<(typeof SALUTATIONS)[number]>(),
    birthday: date('birthday', { mode: 'string' }),
    locale: text('locale').$type<Locale>().notNull(),
    street: text('street'),
    postalCode: text('postal_code'),
    city: text('city'),
    countryCode: char('country_code', { length: 2 }),
    /** The address's state or province (ISO 3166-2 part after the country), for countries that have them. */
    stateCode: text('state_code'),
    /** E.164 (`+4930123456`); null: none given. */
    phone: text('phone'),
    /** The loyalty system's id, set when the loyalty profile is created at activation. */
    dailypointMasterId: text('dailypoint_master_id').unique(),
    /** argon2id, encoded (`$argon2id$v=19$m=...`); null: the member signs in with one-time codes only. */
    passwordHash: text('password_hash'),
    status: text('status').$type<MemberStatus>().notNull().default('pending'),
    activatedAt: moment('activated_at'),
    rewardLevelCode: text('reward_level_code').references(() => membershipLevels.code),
    points: integer('points').notNull().default(0),
    crsId: text('crs_id'),
    newsletter: boolean('newsletter').notNull().default(false),
    registrationSource: text('registration_source'),
    createdAt: moment('created_at').notNull(),
  },
  (t) => [
    check('members_email_lower_case', sql`${t.email} = lower(${t.email})`),
    check('members_status', sql`${t.status} in ('pending', 'active', 'cancelled')`),
    check('members_active_has_activation', sql`${t.status} <> 'active' or ${t.activatedAt} is not null`),
    // A password set before the email is proven never becomes the member's (it waits on the activation link).
    check('members_pending_has_no_password', sql`${t.status} <> 'pending' or ${t.passwordHash} is null`),
    check('members_salutation', sql`${t.salutation} is null or ${t.salutation} in ('mr', 'ms', 'mx')`),
    check('members_points', sql`${t.points} >= 0`),
  ],
);

/**
 * A member's choice of a preference (spec section 3: name, active). The names and their labels are the
 * catalogue in server/members/preferences.ts; a preference without a row here is not chosen.
 */
export const memberPreferences = pgTable(
  'member_preferences',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    active: boolean('active').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.name] })],
);

export const SOCIAL_IDENTITY_PROVIDERS = ['google', 'apple', 'facebook'] as const;
export type SocialIdentityProvider = (typeof SOCIAL_IDENTITY_PROVIDERS)[number];

/** A Google, Apple or Facebook account linked to a member: at most one per provider and member. */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: id(),
    provider: text('provider').$type<SocialIdentityProvider>().notNull(),
    /** The provider's stable user id (the ID token's `sub`, Facebook's user id). */
    subject: text('subject').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: moment('created_at').notNull(),
  },
  (t) => [
    unique('social_identities_provider_subject').on(t.provider, t.subject),
    unique('social_identities_member_provider').on(t.memberId, t.provider),
    check('social_identities_provider', sql`${t.provider} in ('google', 'apple', 'facebook')`),
  ],
);

/**
 * `birthday`, `name` and `email-change`: the codes a signed-in member is mailed to change those parts of
 * the profile (server/members/profile-routes.ts); each works only for its own change. `cancel-membership`:
 * the code that confirms leaving the programme (server/members/account-routes.ts). `step-up`: the fresh
 * proof a signed-in member gives before a sensitive change (server/auth/step-up.ts, decision record 0047).
 * `corporate-enrol`: the code that proves a work email before a company enrols it (server/corporate/, decision record 0056).
 */
export const ONE_TIME_CODE_PURPOSES = ['otp', 'activation', 'password-reset', 'birthday', 'name', 'email-change', 'cancel-membership', 'step-up', 'corporate-enrol'] as const;
export type OneTimeCodePurpose = (typeof ONE_TIME_CODE_PURPOSES)[number];

/**
 * Codes sent by mail: the 6-digit sign-in code, the activation and the password-reset link tokens. Only
 * an HMAC of the code is kept. One row per email and purpose: a new code replaces the previous one.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: id(),
    email: text('email').notNull(),
    purpose: text('purpose').$type<OneTimeCodePurpose>().notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: moment('expires_at').notNull(),
    /** Wrong codes (or wrong passwords after a code) tried against this code. */
    attempts: integer('attempts').notNull().default(0),
    usedAt: moment('used_at'),
    createdAt: moment('created_at').notNull(),
    /**
     * Activation links only: the argon2id hash of the password chosen at registration. The email is not
     * proven yet, so the hash waits here and becomes the member's only when this very link is used.
     */
    pendingPasswordHash: text('pending_password_hash'),
  },
  (t) => [
    unique('one_time_codes_email_purpose').on(t.email, t.purpose),
    index('one_time_codes_hash_idx').on(t.codeHash),
    check(
      'one_time_codes_purpose',
      sql`${t.purpose} in ('otp', 'activation', 'password-reset', 'birthday', 'name', 'email-change', 'cancel-membership', 'step-up', 'corporate-enrol')`,
    ),
    check('one_time_codes_attempts', sql`${t.attempts} >= 0`),
  ],
);

/** A sign-in session: the `sso` claim of its access tokens. Revoked by logout, password change or refresh-token reuse. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: moment('created_at').notNull(),
    expiresAt: moment('expires_at').notNull(),
    revokedAt: moment('revoked_at'),
    revokedReason: text('revoked_reason'),
    /** The browser's User-Agent at sign-in (cut to SESSION_USER_AGENT_MAX_LENGTH), shown as a device label; null: none sent. */
    userAgent: text('user_agent'),
    /** Sign-in, then refreshes and authenticated calls, written at most every few minutes (decision record 0047). */
    lastUsedAt: moment('last_used_at').notNull(),
  },
  (t) => [index('sessions_member_idx').on(t.memberId)],
);

/**
 * Step-up tokens (decision record 0047): proof of a fresh one-time code, bound to the session that gave
 * it, by SHA-256 of the token. Each works for one protected action (`used_at`) within its lifetime.
 */
export const stepUpTokens = pgTable(
  'step_up_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: moment('created_at').notNull(),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
  },
  (t) => [index('step_up_tokens_session_idx').on(t.sessionId), index('step_up_tokens_expires_idx').on(t.expiresAt)],
);

/**
 * Browsers a member has signed in with (decision record 0047): the long-lived device cookie, by SHA-256,
 * per member. A sign-in from a browser not listed here mails the member, unless none is listed yet.
 */
export const memberDevices = pgTable(
  'member_devices',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The User-Agent of the latest sign-in from this browser (cut like the session's). */
    userAgent: text('user_agent'),
    firstSeenAt: moment('first_seen_at').notNull(),
    lastSeenAt: moment('last_seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.tokenHash] }), index('member_devices_last_seen_idx').on(t.lastSeenAt)],
);

/**
 * Refresh tokens of a session, by SHA-256 of the token. Each is used once: refreshing marks it used and
 * adds its successor; presenting a used one again revokes the session (reuse detection).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: moment('created_at').notNull(),
    usedAt: moment('used_at'),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Short-lived single-use codes that hand a session to the web app through a URL (`POST /auth/token`). */
export const exchangeCodes = pgTable('exchange_codes', {
  codeHash: text('code_hash').primaryKey(),
  sessionId: text('session_id')
    .notNull()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  expiresAt: moment('expires_at').notNull(),
  usedAt: moment('used_at'),
});

/** Fixed-window counters of the rate limits, shared by every BFF process on the database. */
export const rateLimitBuckets = pgTable(
  'rate_limit_buckets',
  { key: text('key').notNull(), windowStart: moment('window_start').notNull(), hits: integer('hits').notNull() },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limit_buckets_window_idx').on(t.windowStart)],
);

export { OUTBOX_MAIL_KINDS };
export type OutboxMailKind = (typeof OUTBOX_MAIL_KINDS)[number];

/** A file of an outbox mail, as the development mailbox offers it for download. */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/** Mail written by the outbox mailer (the default mail adapter); read at /bff/dev/outbox outside production. */
export const outboxMails = pgTable(
  'outbox_mails',
  {
    id: id(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The HTML part, for mails that have one (booking mails); the text part is always in `body`. */
    html: text('html'),
    /** Files the mail carries (the hotel invoices' PDFs), base64-encoded; null for a mail without. */
    attachments: jsonb('attachments').$type<OutboxAttachment[]>(),
    kind: text('kind').$type<OutboxMailKind>().notNull(),
    locale: text('locale').$type<Locale>().notNull(),
    createdAt: moment('created_at').notNull(),
  },
  (t) => [index('outbox_mails_recipient_idx').on(t.recipient, t.createdAt)],
);

/** Keys the BFF generates once when none is configured: the token signing key and the code HMAC key. */
export const serverSecrets = pgTable('server_secrets', { name: text('name').primaryKey(), value: text('value').notNull(), createdAt: moment('created_at').notNull() });

// ---------- booking: carts, holds, orders, payments (docs/decisions/0014-booking-and-payment-in-the-bff.md) ----------

/** One room of a cart as the guest chose it; prices are never stored on a cart, they are computed on every read. */
export interface CartRoomStayRow {
  id: string;
  roomTypeCode: string;
  rateCode: string;
  adults: number;
  childAges: number[];
  traveller: Traveller | null;
  addons: { code: string; quantity: number }[];
  green: boolean;
}

/** The card a payment goes to: the provider's token and what may be shown of it, never its number or CVV. */
export interface CartCardRow {
  token: string;
  brand: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
  /** Set when the card is one of the member's saved cards. */
  savedCardId: string | null;
  /**
   * `form`: entered in the hosted form for this cart (its first payment uses the security code entered
   * with it); `saved`: one of the member's saved cards chosen again, which needs a fresh CVV token to pay.
   * Missing on older rows: read as `saved` when savedCardId is set.
   */
  source?: 'form' | 'saved';
  /** Our own opaque reference of the card on this cart, shown to the browser instead of the token. */
  reference?: string;
}

/**
 * A booking in the making (spec section 3, "Cart"): one stay at one hotel with its rooms. A member's cart
 * belongs to the member; a guest's is reached by its random id. `payment_pending` while rooms are held
 * for a payment that waits for the guest (3-D Secure, PayPal...), until `hold_expires_at`.
 */
export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey(),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'cascade' }),
    status: text('status').$type<CartStatus>().notNull(),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id),
    stayId: uuid('stay_id').notNull(),
    checkInDate: date('check_in_date', { mode: 'string' }).notNull(),
    checkOutDate: date('check_out_date', { mode: 'string' }).notNull(),
    currency: char('currency', { length: 3 })
      .notNull()
      .references(() => currencies.code),
    locale: text('locale').$type<Locale>().notNull(),
    promoCode: text('promo_code'),
    business: boolean('business').notNull().default(false),
    payWithPoints: boolean('pay_with_points').notNull().default(false),
    roomStays: jsonb('room_stays').$type<CartRoomStayRow[]>().notNull(),
    paymentMethod: text('payment_method').$type<PaymentMethod>(),
    card: jsonb('card').$type<CartCardRow>(),
    insuranceProduct: text('insurance_product'),
    lastDeclineReason: text('last_decline_reason').$type<DeclineReason>(),
    pendingPaymentId: text('pending_payment_id'),
    /** The payment intent that took the cart to payment_pending (decision record 0023): only it may finish the cart. */
    pendingIntentId: uuid('pending_intent_id'),
    holdExpiresAt: moment('hold_expires_at'),
    orderId: uuid('order_id'),
    createdAt: moment('created_at').notNull(),
    updatedAt: moment('updated_at').notNull(),
  },
  (t) => [
    check('carts_status', sql`${t.status} in ('open', 'payment_pending', 'ordered', 'expired')`),
    check('carts_pending_has_hold', sql`${t.status} <> 'payment_pending' or ${t.holdExpiresAt} is not null`),
    index('carts_member_idx').on(t.memberId),
    index('carts_hold_idx').on(t.status, t.holdExpiresAt),
  ],
);

/** Rooms taken from room_inventory for a cart whose payment is under way: given back if it fails or expires. */
export const inventoryHolds = pgTable(
  'inventory_holds',
  {
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    roomTypeId: integer('room_type_id')
      .notNull()
      .references(() => roomTypes.id),
    stayDate: date('stay_date', { mode: 'string' }).notNull(),
    rooms: integer('rooms').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.roomTypeId, t.stayDate] }), check('inventory_holds_rooms', sql`${t.rooms} >= 1`)],
);

/** Pay requests by Idempotency-Key: the first answer is kept and given to every retry with the same key. */
export const payRequests = pgTable(
  'pay_requests',
  {
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the request body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still working. */
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: moment('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.idempotencyKey] })],
);

/** A cart that was paid. Amounts in minor units of `currency`; `snapshot` is the cart as it was paid. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    cartId: uuid('cart_id')
      .notNull()
      .unique()
      .references(() => carts.id),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id),
    createdAt: moment('created_at').notNull(),
    currency: char('currency', { length: 3 })
      .notNull()
      .references(() => currencies.code),
    locale: text('locale').$type<Locale>().notNull(),
    promoCode: text('promo_code'),
    customerEmail: text('customer_email').notNull(),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    providerPaymentId: text('provider_payment_id'),
    amountPaidMinor: integer('amount_paid_minor').notNull(),
    pointsPaid: integer('points_paid').notNull(),
    amountAtHotelMinor: integer('amount_at_hotel_minor').notNull(),
    amountTotalMinor: integer('amount_total_minor').notNull(),
    cityTaxMinor: integer('city_tax_minor').notNull(),
    amountRefundedMinor: integer('amount_refunded_minor').notNull().default(0),
    pointsEarned: integer('points_earned').notNull(),
    snapshot: jsonb('snapshot').$type<Cart>().notNull(),
  },
  (t) => [index('orders_hotel_created_idx').on(t.hotelId, t.createdAt), index('orders_member_idx').on(t.memberId)],
);

/** One room of an order, with its own readable reservation number. */
export const reservations = pgTable(
  'reservations',
  {
    /** The cart's room stay id. */
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    reservationNumber: text('reservation_number').notNull().unique(),
    roomTypeId: integer('room_type_id')
      .notNull()
      .references(() => roomTypes.id),
    checkInDate: date('check_in_date', { mode: 'string' }).notNull(),
    checkOutDate: date('check_out_date', { mode: 'string' }).notNull(),
    status: text('status').$type<(typeof RESERVATION_STATUSES)[number]>().notNull(),
    /** The room as booked (room type and rate codes, guests, traveller, add-ons). */
    details: jsonb('details').$type<CartRoomStayRow>().notNull(),
    /** Room price with tax in euro cents, as booked (modifications compare with it). */
    grossEurMinor: integer('gross_eur_minor').notNull(),
    /** Charged at booking for this room (deposit and its add-ons), minor units of the order's currency. */
    paidMinor: integer('paid_minor').notNull(),
    pointsPaid: integer('points_paid').notNull(),
    /**
     * Points this room earns the member (member rates paid with money, the green option): pending from the
     * booking, credited to the balance after check-out (decision record 0031).
     */
    pointsEarned: integer('points_earned').notNull().default(0),
    /** When the earned points went onto the member's balance; null: not yet (the stay is not over, or cancelled). */
    pointsCreditedAt: moment('points_credited_at'),
    refundedMinor: integer('refunded_minor').notNull().default(0),
    /** Free cancellation ends; null: not refundable. */
    freeCancellationUntil: moment('free_cancellation_until'),
    cancelledAt: moment('cancelled_at'),
  },
  (t) => [check('reservations_status', sql`${t.status} in ('confirmed', 'cancelled')`), index('reservations_order_idx').on(t.orderId)],
);

/** A change to one reservation being prepared (spec section 4: start, edit room stays, complete). */
export const reservationModifications = pgTable(
  'reservation_modifications',
  {
    id: uuid('id').primaryKey(),
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    status: text('status').$type<'open' | 'completed'>().notNull(),
    proposed: jsonb('proposed').$type<CartRoomStayRow & { checkInDate: string; checkOutDate: string }>().notNull(),
    createdAt: moment('created_at').notNull(),
    completedAt: moment('completed_at'),
  },
  (t) => [check('reservation_modifications_status', sql`${t.status} in ('open', 'completed')`)],
);

/**
 * Gift and bonus vouchers: an amount off a booking. `member_id` set: only that member may use it, once;
 * null: anyone with the code, on any number of bookings (never claimed nor redeemed). Carts list it in
 * cart_vouchers; `cart_id` is the cart that claimed a member's voucher while being paid (and then redeemed
 * it), null while no payment holds it; a claim whose cart's hold ran out counts for nothing.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: uuid('id').primaryKey(),
    code: text('code').notNull().unique(),
    category: text('category').$type<(typeof VOUCHER_CATEGORIES)[number]>().notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: char('currency', { length: 3 })
      .notNull()
      .default('EUR')
      .references(() => currencies.code),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'cascade' }),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    cartId: uuid('cart_id').references(() => carts.id, { onDelete: 'set null' }),
    redeemedOrderId: uuid('redeemed_order_id'),
  },
  (t) => [
    check('vouchers_code_format', sql`${t.code} ~ '^[A-Z0-9-]{3,32}$'`),
    check('vouchers_category', sql`${t.category} in ('Voucher', 'Bonus', 'Other')`),
    check('vouchers_amount', sql`${t.amountMinor} > 0`),
    index('vouchers_cart_idx').on(t.cartId),
  ],
);

/** A member's saved cards: the provider's token and what may be shown, never the number or CVV. */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: uuid('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    brand: text('brand').notNull(),
    last4: char('last4', { length: 4 }).notNull(),
    expiryMonth: integer('expiry_month').notNull(),
    expiryYear: integer('expiry_year').notNull(),
    holderName: text('holder_name'),
    /** The provider's one-time token of a CVV entered for the next payment; used once. */
    cvvToken: text('cvv_token'),
    createdAt: moment('created_at').notNull(),
  },
  (t) => [unique('saved_cards_member_token').on(t.memberId, t.token), check('saved_cards_expiry_month', sql`${t.expiryMonth} between 1 and 12`)],
);

/**
 * Who may use a provider card token (decision record 0023). A token from the hosted card form is bound to
 * the first cart it is set on; saving the card binds it to that cart's member. Any other cart or member
 * presenting the token is refused. Keyed by the token's SHA-256: the binding does not need the token.
 * No foreign keys: a binding outlives its cart, so a token never becomes free again.
 */
export const cardTokenBindings = pgTable(
  'card_token_bindings',
  { tokenHash: text('token_hash').primaryKey(), cartId: uuid('cart_id'), memberId: integer('member_id'), createdAt: moment('created_at').notNull() },
  (t) => [check('card_token_bindings_owner', sql`${t.cartId} is not null or ${t.memberId} is not null`)],
);

export const PAYMENT_INTENT_STATES = ['authorizing', 'action_required', 'authorized', 'ordered', 'declined', 'voided', 'failed'] as const;
export type PaymentIntentState = (typeof PAYMENT_INTENT_STATES)[number];

/**
 * A payment asked of the provider for a pay request (decision record 0023), written with the hold and
 * before the authorisation, so a process that dies before the order leaves a record to finish or void it:
 * `authorizing` until the provider answered, then what it answered, then `ordered`, `declined`, `voided`
 * (cancelled at the provider) or `failed` (the provider refused the request; nothing was authorised).
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: uuid('id').primaryKey(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    /** The pay request's Idempotency-Key. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The provider's idempotency key for the authorisation: sent again, the provider answers the first answer. */
    providerKey: text('provider_key').notNull().unique(),
    method: text('method').$type<PaymentMethod>().notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    returnUrl: text('return_url').notNull(),
    locale: text('locale').notNull(),
    /** A saved card's one-time CVV token, kept only while the authorisation may have to be sent again. */
    cvvToken: text('cvv_token'),
    state: text('state').$type<PaymentIntentState>().notNull(),
    providerPaymentId: text('provider_payment_id'),
    createdAt: moment('created_at').notNull(),
    updatedAt: moment('updated_at').notNull(),
  },
  (t) => [
    check('payment_intents_state', sql`${t.state} in ('authorizing', 'action_required', 'authorized', 'ordered', 'declined', 'voided', 'failed')`),
    index('payment_intents_state_idx').on(t.state, t.updatedAt),
    index('payment_intents_payment_idx').on(t.providerPaymentId),
    index('payment_intents_cart_idx').on(t.cartId, t.idempotencyKey),
  ],
);

/**
 * Vouchers applied to carts (decision record 0023). Applying takes nothing: any number of carts may list
 * a voucher, and it is claimed (`vouchers.cart_id`) only while one of them is being paid.
 */
export const cartVouchers = pgTable(
  'cart_vouchers',
  {
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    voucherId: uuid('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    appliedAt: moment('applied_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.voucherId] }), index('cart_vouchers_voucher_idx').on(t.voucherId)],
);

/**
 * Analytics events the browser's tracking queue sent (spec section 7), one row per event, as the contract
 * (src/contract/analytics.ts) checked them. `payload` is the whole event; `context` the batch's landing
 * attribution (trv_reference, trv_locale). Only sent with the visitor's analytics consent.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    // Events pile up faster than anything else here: a 64-bit key.
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    anonymousId: text('anonymous_id').notNull(),
    type: text('type').notNull(),
    occurredAt: moment('occurred_at').notNull(),
    receivedAt: moment('received_at').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    context: jsonb('context').$type<{ trvReference?: string; trvLocale?: string }>(),
  },
  (t) => [index('analytics_events_received_idx').on(t.receivedAt), index('analytics_events_anonymous_idx').on(t.anonymousId, t.id)],
);

/**
 * Service banners (spec sections 3 and 4), one row per message. `target_urls` holds whitespace-separated
 * URL patterns; empty means every page. `description` is HTML from editors, sanitised where it is shown.
 * `key` names a seeded message so seeding again leaves it alone.
 */
export const serviceMessages = pgTable(
  'service_messages',
  {
    id: id(),
    key: text('key').notNull().unique(),
    targetUrls: text('target_urls').notNull().default(''),
    isOpenedByDefault: boolean('is_opened_by_default').notNull().default(true),
    header: localized('header'),
    description: localized('description'),
    backgroundColour: text('background_colour').notNull(),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [check('service_messages_colour_format', sql`${t.backgroundColour} ~ '^#([0-9a-fA-F]{3}){1,2}$'`)],
);

// The triggers and kinds are the contract's: the database and the API answer can never disagree.
export { TARGETED_MESSAGE_KINDS, TARGETED_MESSAGE_TRIGGERS };
export type { TargetedMessageKind, TargetedMessageTrigger };

/** Where a targeted message may show: brand codes, hotel codes and URL patterns (spec section 3). */
export interface TargetedMessageTargetsRow {
  brands: string[];
  hotels: string[];
  urls: string[];
}

/**
 * Targeted messages (spec sections 3 and 4): notifications and popups chosen by trigger, targets and
 * visitor filters, highest priority first. Each filter is `all` unless narrowed; the values a filter may
 * take belong to the targeted-message rules (src/), so the database keeps them as text. Texts are
 * localized like every other guest-facing text; `body` is HTML, sanitised where it is shown.
 */
export const targetedMessages = pgTable(
  'targeted_messages',
  {
    id: id(),
    key: text('key').notNull().unique(),
    priority: integer('priority').notNull().default(0),
    trigger: text('trigger').$type<TargetedMessageTrigger>().notNull(),
    deviceType: text('device_type').notNull().default('all'),
    memberType: text('member_type').notNull().default('all'),
    memberAddressStatus: text('member_address_status').notNull().default('all'),
    memberPreferencesStatus: text('member_preferences_status').notNull().default('all'),
    memberNotificationsStatus: text('member_notifications_status').notNull().default('all'),
    targets: jsonb('targets').$type<TargetedMessageTargetsRow>().notNull().default({ brands: [], hotels: [], urls: [] }),
    /** Links of pages where the message never shows. */
    excludedPages: jsonb('excluded_pages').$type<string[]>().notNull().default([]),
    isCountdown: boolean('is_countdown').notNull().default(false),
    /** The moment the countdown ends; after it the message is no longer shown. */
    countdownDate: moment('countdown_date'),
    kind: text('kind').$type<TargetedMessageKind>().notNull(),
    header: localized('header'),
    body: localized('body'),
    ctaLabel: jsonb('cta_label').$type<LocalizedText>(),
    ctaLink: text('cta_link'),
    imageUrl: text('image_url'),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    check('targeted_messages_trigger', sql`${t.trigger} in ('onLoad', 'onLeave', 'onLogin', 'onInactivity', 'onScroll')`),
    check('targeted_messages_kind', sql`${t.kind} in ('notification', 'popup')`),
    check('targeted_messages_countdown', sql`not ${t.isCountdown} or ${t.countdownDate} is not null`),
    index('targeted_messages_priority_idx').on(t.priority),
  ],
);

// ---------- loyalty: points ledger, levels, missing points (docs/decisions/0040-loyalty-ledger-and-levels.md) ----------

/**
 * Every change of a member's points, append-only (a trigger refuses UPDATE and DELETE): the balance is the
 * sum of `points`, the pending points (booked stays, credited after check-out) the sum of `pending_points`.
 * `members.points` keeps the balance, changed in the same transaction as each entry under the member's row
 * lock (server/loyalty/ledger.ts), and `balance_after` the balance as that entry left it. Hotel,
 * reservation, order, voucher and request are kept as they were to explain the entry; they are not foreign
 * keys (an entry outlives what it explains). `idempotency_key` names what an entry is for (`credit:<id>`),
 * so the same change is never entered twice.
 */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind').$type<PointsEntryKind>().notNull(),
    points: integer('points').notNull(),
    pendingPoints: integer('pending_points').notNull().default(0),
    balanceAfter: integer('balance_after').notNull(),
    /** Counted toward the level of the entry's calendar year (posted_on). */
    qualifyingNights: integer('qualifying_nights').notNull().default(0),
    qualifyingPoints: integer('qualifying_points').notNull().default(0),
    /** The day in Berlin it was entered: its calendar year, and the month its points stay valid from. */
    postedOn: date('posted_on', { mode: 'string' }).notNull(),
    createdAt: moment('created_at').notNull(),
    hotelId: integer('hotel_id').references(() => hotels.id),
    reservationId: uuid('reservation_id'),
    reservationNumber: text('reservation_number'),
    orderId: uuid('order_id'),
    arrivalDate: date('arrival_date', { mode: 'string' }),
    departureDate: date('departure_date', { mode: 'string' }),
    voucherId: uuid('voucher_id'),
    rewardId: text('reward_id'),
    claimId: uuid('claim_id'),
    note: text('note'),
    idempotencyKey: text('idempotency_key').unique(),
  },
  (t) => [
    check('points_ledger_kind', sql`${t.kind} in ('earned', 'green', 'redeemed', 'refunded', 'expired', 'adjusted', 'claimed')`),
    check('points_ledger_changes_something', sql`${t.points} <> 0 or ${t.pendingPoints} <> 0`),
    check('points_ledger_balance_after', sql`${t.balanceAfter} >= 0`),
    check('points_ledger_spent_is_negative', sql`${t.kind} not in ('redeemed', 'expired') or ${t.points} < 0`),
    check('points_ledger_given_is_positive', sql`${t.kind} not in ('earned', 'green', 'refunded', 'claimed') or ${t.points} >= 0`),
    check('points_ledger_stay_dates', sql`${t.departureDate} is null or ${t.arrivalDate} < ${t.departureDate}`),
    index('points_ledger_member_posted_idx').on(t.memberId, t.postedOn),
  ],
);

export const LEVEL_CHANGE_REASONS = ['upgrade', 'requalification'] as const;
export type LevelChangeReason = (typeof LEVEL_CHANGE_REASONS)[number];

/**
 * Level changes: an upgrade the moment a year's thresholds are reached, and the requalification at each
 * year end (one row per member and year, also when the level stays: a year end run again changes nothing).
 */
export const memberLevelChanges = pgTable(
  'member_level_changes',
  {
    id: id(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    fromCode: text('from_code')
      .$type<MemberLevelCode>()
      .references(() => membershipLevels.code),
    toCode: text('to_code')
      .$type<MemberLevelCode>()
      .notNull()
      .references(() => membershipLevels.code),
    reason: text('reason').$type<LevelChangeReason>().notNull(),
    /** The calendar year whose nights and points decided it. */
    year: integer('year').notNull(),
    changedAt: moment('changed_at').notNull(),
  },
  (t) => [
    check('member_level_changes_reason', sql`${t.reason} in ('upgrade', 'requalification')`),
    uniqueIndex('member_level_changes_one_requalification').on(t.memberId, t.year).where(sql`${t.reason} = 'requalification'`),
    index('member_level_changes_member_idx').on(t.memberId, t.changedAt),
  ],
);

/** Year ends whose requalification ran for every member (the maintenance job runs each year end once). */
export const loyaltyYearEnds = pgTable('loyalty_year_ends', { year: integer('year').primaryKey(), completedAt: moment('completed_at').notNull() });

/**
 * Requests for the points of a stay that earned none (request-points). Approved at once when the stay is
 * the member's own, over, not cancelled and earned nothing; otherwise submitted for the hotel to confirm
 * or rejected with the reason. A member has one request per reservation number unless it was rejected,
 * and a reservation is credited by one approved request.
 */
export const pointsClaims = pgTable(
  'points_claims',
  {
    id: uuid('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id),
    arrivalDate: date('arrival_date', { mode: 'string' }).notNull(),
    departureDate: date('departure_date', { mode: 'string' }).notNull(),
    /** As the member typed it, in capitals. */
    reservationNumber: text('reservation_number').notNull(),
    /** The member's reservation it matched, if any. */
    reservationId: uuid('reservation_id'),
    status: text('status').$type<ClaimStatus>().notNull(),
    reason: text('reason').$type<ClaimReason>().notNull(),
    points: integer('points').notNull().default(0),
    createdAt: moment('created_at').notNull(),
    decidedAt: moment('decided_at'),
  },
  (t) => [
    check('points_claims_status', sql`${t.status} in ('submitted', 'approved', 'rejected')`),
    check('points_claims_stay_dates', sql`${t.arrivalDate} < ${t.departureDate}`),
    check('points_claims_points', sql`${t.points} >= 0 and (${t.status} = 'approved') = (${t.points} > 0)`),
    check('points_claims_decided', sql`${t.status} = 'submitted' or ${t.decidedAt} is not null`),
    uniqueIndex('points_claims_one_per_reservation_number').on(t.memberId, t.reservationNumber).where(sql`${t.status} <> 'rejected'`),
    uniqueIndex('points_claims_one_approval_per_reservation').on(t.reservationId).where(sql`${t.status} = 'approved'`),
    index('points_claims_member_idx').on(t.memberId, t.createdAt),
  ],
);

// ---------- reservation system: bookings made by phone, at the hotel or on the old website (docs/decisions/0041-reservation-system-and-added-bookings.md) ----------

/** Where a reservation of the reservation system was made: by phone, at the hotel, or on the old website. */
export const CRS_ORIGINS = ['phone', 'hotel', 'legacy-web'] as const;
export type CrsOrigin = (typeof CRS_ORIGINS)[number];

/**
 * The reservation system as the BFF runs it without a real one (adapters/local-reservation-system.ts):
 * reservations made outside this site. Only that adapter reads or writes this table; the rest of the BFF
 * asks the reservation-system port. Reservation numbers are kept in capitals; the guest's email in lower
 * case. Amounts are minor units of `currency` (with and without tax); `gross_eur_minor` is the room price
 * with tax in euro cents, as `reservations` keeps it, for the points of a stay.
 */
export const crsReservations = pgTable(
  'crs_reservations',
  {
    id: uuid('id').primaryKey(),
    reservationNumber: text('reservation_number').notNull().unique(),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id),
    guestFirstName: text('guest_first_name').notNull(),
    guestLastName: text('guest_last_name').notNull(),
    guestEmail: text('guest_email').notNull(),
    arrivalDate: date('arrival_date', { mode: 'string' }).notNull(),
    departureDate: date('departure_date', { mode: 'string' }).notNull(),
    roomTypeName: text('room_type_name').notNull(),
    rateName: text('rate_name').notNull(),
    currency: char('currency', { length: 3 })
      .notNull()
      .references(() => currencies.code),
    amountMinor: integer('amount_minor').notNull(),
    netAmountMinor: integer('net_amount_minor').notNull(),
    grossEurMinor: integer('gross_eur_minor').notNull(),
    status: text('status').$type<(typeof RESERVATION_STATUSES)[number]>().notNull(),
    origin: text('origin').$type<CrsOrigin>().notNull(),
    /** Points the stay earned in the loyalty system (0: none), and points it was paid with. */
    pointsEarned: integer('points_earned').notNull().default(0),
    pointsPaid: integer('points_paid').notNull().default(0),
    bookedAt: moment('booked_at').notNull(),
  },
  (t) => [
    check('crs_reservations_status', sql`${t.status} in ('confirmed', 'cancelled')`),
    check('crs_reservations_origin', sql`${t.origin} in ('phone', 'hotel', 'legacy-web')`),
    check('crs_reservations_number_format', sql`${t.reservationNumber} ~ '^[A-Z0-9][A-Z0-9-]{3,39}$'`),
    check('crs_reservations_email_lower_case', sql`${t.guestEmail} = lower(${t.guestEmail})`),
    check('crs_reservations_stay_dates', sql`${t.arrivalDate} < ${t.departureDate}`),
    check('crs_reservations_amounts', sql`${t.amountMinor} >= 0 and ${t.netAmountMinor} >= 0 and ${t.netAmountMinor} <= ${t.amountMinor} and ${t.grossEurMinor} >= 0`),
    index('crs_reservations_guest_email_idx').on(t.guestEmail),
  ],
);

/**
 * How a reservation of the reservation system came into a member's account: `number` (the member added it
 * by reservation number and last name), `refresh` (it carries the member's email and a refresh picked it
 * up), `old-booking` (a booking of the old website the member removed from the old bookings; such a row
 * only records that it is hidden).
 */
export const MEMBER_RESERVATION_WAYS = ['number', 'refresh', 'old-booking'] as const;
export type MemberReservationWay = (typeof MEMBER_RESERVATION_WAYS)[number];

/**
 * Reservations of the reservation system in a member's account, with a copy of the reservation as the
 * reservation system last answered (a refresh brings it up to date), so bookings and missing points read
 * only this database. A reservation is in at most one account: the unique reservation number decides two
 * members adding it at once. `id` names the stay for requests for missing points and points entries, as a
 * reservation's id does for a booking of this site. `hidden_at`: the member removed it (a refreshed one or
 * an old booking stays hidden, so a refresh does not bring it back).
 */
export const memberReservations = pgTable(
  'member_reservations',
  {
    id: uuid('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    reservationNumber: text('reservation_number').notNull().unique(),
    how: text('how').$type<MemberReservationWay>().notNull(),
    addedAt: moment('added_at').notNull(),
    hiddenAt: moment('hidden_at'),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id),
    arrivalDate: date('arrival_date', { mode: 'string' }).notNull(),
    departureDate: date('departure_date', { mode: 'string' }).notNull(),
    roomTypeName: text('room_type_name').notNull(),
    rateName: text('rate_name').notNull(),
    currency: char('currency', { length: 3 })
      .notNull()
      .references(() => currencies.code),
    amountMinor: integer('amount_minor').notNull(),
    netAmountMinor: integer('net_amount_minor').notNull(),
    grossEurMinor: integer('gross_eur_minor').notNull(),
    status: text('status').$type<(typeof RESERVATION_STATUSES)[number]>().notNull(),
    origin: text('origin').$type<CrsOrigin>().notNull(),
    pointsEarned: integer('points_earned').notNull().default(0),
    pointsPaid: integer('points_paid').notNull().default(0),
    bookedAt: moment('booked_at').notNull(),
    /** When the copy was last read from the reservation system. */
    syncedAt: moment('synced_at').notNull(),
  },
  (t) => [
    check('member_reservations_how', sql`${t.how} in ('number', 'refresh', 'old-booking')`),
    check('member_reservations_old_booking_hidden', sql`${t.how} <> 'old-booking' or ${t.hiddenAt} is not null`),
    check('member_reservations_status', sql`${t.status} in ('confirmed', 'cancelled')`),
    check('member_reservations_origin', sql`${t.origin} in ('phone', 'hotel', 'legacy-web')`),
    check('member_reservations_stay_dates', sql`${t.arrivalDate} < ${t.departureDate}`),
    index('member_reservations_member_idx').on(t.memberId),
  ],
);

/**
 * Stay vouchers (decision record 0042): gift vouchers for whole nights, issued with a code and redeemed
 * into a member's account once. `member_id` and `redeemed_at` are set together by the one conditional
 * UPDATE that redeems (`WHERE member_id IS NULL`), so two members redeeming a code at once cannot both
 * win. `used_at` is set when the stay is taken. Texts are English data (the web app words the codes).
 */
export const stayVouchers = pgTable(
  'stay_vouchers',
  {
    id: uuid('id').primaryKey(),
    code: text('code').notNull().unique(),
    nights: integer('nights').notNull(),
    guests: integer('guests').notNull(),
    /** Null: any hotel of the group. */
    brandId: integer('brand_id').references(() => brands.id),
    room: text('room').notNull(),
    board: text('board').$type<StayVoucherBoard>().notNull(),
    description: text('description').notNull(),
    /** The last day a stay with it can begin. */
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'cascade' }),
    redeemedAt: moment('redeemed_at'),
    usedAt: moment('used_at'),
    createdAt: moment('created_at').notNull(),
  },
  (t) => [
    check('stay_vouchers_code_format', sql`${t.code} ~ '^[A-Z0-9][A-Z0-9-]{5,31}$'`),
    check('stay_vouchers_nights', sql`${t.nights} between 1 and 30`),
    check('stay_vouchers_guests', sql`${t.guests} between 1 and 10`),
    check('stay_vouchers_board', sql`${t.board} in ('room_only', 'breakfast', 'half_board', 'full_board')`),
    check('stay_vouchers_redeemed_together', sql`(${t.memberId} is null) = (${t.redeemedAt} is null)`),
    check('stay_vouchers_used_once_redeemed', sql`${t.usedAt} is null or ${t.memberId} is not null`),
    index('stay_vouchers_member_idx').on(t.memberId),
  ],
);

// ---------- preferences, brand preferences, newsletters (docs/decisions/0044-preferences-newsletters-double-opt-in.md) ----------

/** A brand of the group a member likes (spec section 3: brand preference item). A row is a choice; no row, no choice. */
export const memberBrandPreferences = pgTable(
  'member_brand_preferences',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    createdAt: moment('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.brandId] })],
);

export const USER_TYPES = ['b2c', 'b2b'] as const;
export type UserType = (typeof USER_TYPES)[number];

/**
 * Members who are business customers (B2B): they get the B2B double opt-in wording (spec section 5). A
 * member without a row is a consumer (B2C), which is every member who registers on the website.
 */
export const memberUserTypes = pgTable(
  'member_user_types',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    userType: text('user_type').$type<UserType>().notNull(),
  },
  (t) => [check('member_user_types_user_type', sql`${t.userType} in ('b2c', 'b2b')`)],
);

export const NEWSLETTER_SUBSCRIPTION_STATUSES = ['pending', 'active'] as const;
export type NewsletterSubscriptionStatus = (typeof NEWSLETTER_SUBSCRIPTION_STATUSES)[number];

/**
 * Who receives which newsletter (names from the catalogue in server/members/preferences.ts). A member's
 * subscription is theirs by id (it follows an email change); a visitor's is by email (lower case).
 * `pending` until the confirmation link mailed to the address is followed (double opt-in); unsubscribing
 * deletes the row, and with it any confirmation link still waiting.
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: id(),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'cascade' }),
    email: text('email'),
    newsletter: text('newsletter').notNull(),
    status: text('status').$type<NewsletterSubscriptionStatus>().notNull(),
    /** The language of the subscriber's mails. */
    locale: text('locale').$type<Locale>().notNull(),
    createdAt: moment('created_at').notNull(),
    confirmedAt: moment('confirmed_at'),
  },
  (t) => [
    unique('newsletter_subscriptions_member_newsletter').on(t.memberId, t.newsletter),
    unique('newsletter_subscriptions_email_newsletter').on(t.email, t.newsletter),
    check('newsletter_subscriptions_member_or_email', sql`(${t.memberId} is null) <> (${t.email} is null)`),
    check('newsletter_subscriptions_email_lower_case', sql`${t.email} = lower(${t.email})`),
    check('newsletter_subscriptions_status', sql`${t.status} in ('pending', 'active')`),
    check('newsletter_subscriptions_active_is_confirmed', sql`${t.status} <> 'active' or ${t.confirmedAt} is not null`),
  ],
);

/** Confirmation links of pending subscriptions: SHA-256 of the token, single use, 7 days. */
export const newsletterConfirmations = pgTable(
  'newsletter_confirmations',
  {
    tokenHash: text('token_hash').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => newsletterSubscriptions.id, { onDelete: 'cascade' }),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
    createdAt: moment('created_at').notNull(),
  },
  (t) => [index('newsletter_confirmations_subscription_idx').on(t.subscriptionId)],
);

// ---------- member profile: email changes and billing addresses (docs/decisions/0045-profile-changes-with-codes.md) ----------

/**
 * The new email address a member asked to switch to, until the code mailed there proves it. One per
 * member: a new request replaces the earlier one (and its code). Nothing here is the member's address yet.
 */
export const memberEmailChanges = pgTable(
  'member_email_changes',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    requestedAt: moment('requested_at').notNull(),
  },
  (t) => [check('member_email_changes_lower_case', sql`${t.newEmail} = lower(${t.newEmail})`)],
);

/**
 * Addresses a member keeps for invoices (spec section 7: billing addresses). Random ids, so an id tells
 * nothing about how many there are; at most MAX_BILLING_ADDRESSES per member, counted under the member's
 * row lock.
 */
export const memberBillingAddresses = pgTable(
  'member_billing_addresses',
  {
    id: uuid('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    companyName: text('company_name'),
    /** Upper case without spaces or punctuation, e.g. `DE123456789`. */
    vatId: text('vat_id'),
    street: text('street').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    countryCode: char('country_code', { length: 2 }).notNull(),
    stateCode: text('state_code'),
    createdAt: moment('created_at').notNull(),
    updatedAt: moment('updated_at').notNull(),
  },
  (t) => [index('member_billing_addresses_member_idx').on(t.memberId, t.createdAt)],
);

// ---------- member account: favourites, promo code, forms, leaving (docs/decisions/0046-favourites-promo-contact-and-leaving.md) ----------

/** A member's favourite hotels (spec section 3), newest first by `added_at`; at most MEMBER_ACCOUNT_LIMITS.favourites, counted under the member's row lock. */
export const memberFavouriteHotels = pgTable(
  'member_favourite_hotels',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'cascade' }),
    addedAt: moment('added_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.hotelId] }), index('member_favourite_hotels_member_idx').on(t.memberId, t.addedAt)],
);

/**
 * The promo code a member redeemed (spec section 7: member promo code), one per member. The web app
 * prefills the booking search with it; the search itself checks the code as for anyone.
 */
export const memberPromoCodes = pgTable('member_promo_codes', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  promotionId: integer('promotion_id')
    .notNull()
    .references(() => promotions.id, { onDelete: 'cascade' }),
  setAt: moment('set_at').notNull(),
});

export const FORM_SUBMISSION_KINDS = ['contact', 'content-form'] as const;
export type FormSubmissionKind = (typeof FORM_SUBMISSION_KINDS)[number];

/**
 * Messages to the service team: the contact form (subject, message, maybe a reservation number) and the
 * forms of content pages (a form id and its fields). Each is also mailed to the service address. A
 * member's carries the member (name and email as the profile had them); a visitor's the name and email
 * typed. A member who leaves takes theirs along (decision record 0046).
 */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').$type<FormSubmissionKind>().notNull(),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'cascade' }),
    name: text('name'),
    email: text('email'),
    locale: text('locale').$type<Locale>().notNull(),
    subject: text('subject'),
    message: text('message'),
    reservationNumber: text('reservation_number'),
    formId: text('form_id'),
    fields: jsonb('fields').$type<Record<string, string>>(),
    createdAt: moment('created_at').notNull(),
  },
  (t) => [
    check('form_submissions_kind', sql`${t.kind} in ('contact', 'content-form')`),
    check('form_submissions_contact', sql`${t.kind} <> 'contact' or (${t.subject} is not null and ${t.message} is not null and ${t.email} is not null)`),
    check('form_submissions_content_form', sql`${t.kind} <> 'content-form' or (${t.formId} is not null and ${t.fields} is not null)`),
    index('form_submissions_member_idx').on(t.memberId),
    index('form_submissions_created_idx').on(t.createdAt),
  ],
);

/**
 * Memberships that ended (decision record 0046): when, and what was forfeited. Nothing here names the
 * person; the member row it belongs to is anonymised in the same transaction. One row per member, so a
 * second confirmation cannot end the membership twice.
 */
export const memberCancellations = pgTable(
  'member_cancellations',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => members.id),
    cancelledAt: moment('cancelled_at').notNull(),
    pointsForfeited: integer('points_forfeited').notNull(),
    vouchersExpired: integer('vouchers_expired').notNull(),
    upcomingBookingsKept: integer('upcoming_bookings_kept').notNull(),
  },
  (t) => [check('member_cancellations_counts', sql`${t.pointsForfeited} >= 0 and ${t.vouchersExpired} >= 0 and ${t.upcomingBookingsKept} >= 0`)],
);

/** Whether a passkey lives on one device or is synced between a person's devices (WebAuthn's backup eligibility). */
export const PASSKEY_DEVICE_TYPES = ['singleDevice', 'multiDevice'] as const;
export type PasskeyDeviceType = (typeof PASSKEY_DEVICE_TYPES)[number];

/**
 * A member's passkeys (decision record 0048): the WebAuthn credential's id and public key (base64url, as
 * the browser and @simplewebauthn write them), the signature counter it last reported, how it can be
 * reached (transports) and whether it is synced. A credential belongs to one member only. Deleted when
 * the member leaves the programme.
 */
export const memberPasskeys = pgTable(
  'member_passkeys',
  {
    id: uuid('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter (an unsigned 32-bit number); 0 for authenticators that keep none. */
    counter: bigint('counter', { mode: 'number' }).notNull(),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    deviceType: text('device_type').$type<PasskeyDeviceType>().notNull(),
    backedUp: boolean('backed_up').notNull(),
    name: text('name').notNull(),
    createdAt: moment('created_at').notNull(),
    lastUsedAt: moment('last_used_at'),
  },
  (t) => [
    index('member_passkeys_member_idx').on(t.memberId),
    check('member_passkeys_counter', sql`${t.counter} between 0 and 4294967295`),
    check('member_passkeys_device_type', sql`${t.deviceType} in ('singleDevice', 'multiDevice')`),
  ],
);

export const WEBAUTHN_CHALLENGE_PURPOSES = ['registration', 'authentication'] as const;
export type WebauthnChallengePurpose = (typeof WEBAUTHN_CHALLENGE_PURPOSES)[number];

/**
 * Challenges of passkey options (decision record 0048), each answered at most once (`used_at`) before it
 * expires. A registration's is bound to the member and the session that asked for it; a sign-in's to
 * nobody (the passkey names its member), found by id.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey(),
    purpose: text('purpose').$type<WebauthnChallengePurpose>().notNull(),
    /** Base64url, as the options carry it and the browser's client data repeats it. */
    challenge: text('challenge').notNull(),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: moment('created_at').notNull(),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
  },
  (t) => [
    check('webauthn_challenges_purpose', sql`${t.purpose} in ('registration', 'authentication')`),
    check('webauthn_challenges_registration_bound', sql`${t.purpose} <> 'registration' or (${t.memberId} is not null and ${t.sessionId} is not null)`),
    index('webauthn_challenges_session_idx').on(t.sessionId),
    index('webauthn_challenges_member_idx').on(t.memberId),
    index('webauthn_challenges_expires_idx').on(t.expiresAt),
  ],
);

// ---------- property management: stays and their folios (docs/decisions/0053-property-management.md) ----------

export const PMS_STAY_STATUSES = ['expected', 'in_house', 'checked_out', 'cancelled'] as const;
export type PmsStayStatus = (typeof PMS_STAY_STATUSES)[number];
/** Where a stay came from: a booking of this site, of the reservation system, or made at the hotel's own desk. */
export const PMS_STAY_SOURCES = ['site', 'reservation-system', 'hotel'] as const;
export type PmsStaySource = (typeof PMS_STAY_SOURCES)[number];

/**
 * The property-management system as the BFF runs it without a real one (adapters/local-property-management.ts):
 * one row per booked room and stay, made from the booking on its first look-up. Only that adapter reads or
 * writes these tables; the rest of the BFF asks the property-management port. `version` grows by one with
 * every change to the stay's folio, under the stay row's lock (a payment names the version it was computed
 * from). What the booking says the stay costs (`room_total_minor`, `city_tax_minor`, `prepaid_minor`,
 * `points_paid`) is kept for the check-in, which posts it; amounts are minor units of `currency`.
 */
export const pmsStays = pgTable(
  'pms_stays',
  {
    id: uuid('id').primaryKey(),
    reservationNumber: text('reservation_number').notNull().unique(),
    source: text('source').$type<PmsStaySource>().notNull(),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id),
    status: text('status').$type<PmsStayStatus>().notNull(),
    arrivalDate: date('arrival_date', { mode: 'string' }).notNull(),
    departureDate: date('departure_date', { mode: 'string' }).notNull(),
    roomNumber: text('room_number'),
    roomTypeName: text('room_type_name').notNull(),
    guestFirstName: text('guest_first_name').notNull(),
    guestLastName: text('guest_last_name').notNull(),
    guestEmail: text('guest_email').notNull(),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    adults: integer('adults').notNull(),
    children: integer('children').notNull(),
    currency: char('currency', { length: 3 })
      .notNull()
      .references(() => currencies.code),
    roomTotalMinor: integer('room_total_minor').notNull(),
    cityTaxMinor: integer('city_tax_minor').notNull(),
    /** Paid with the booking towards the room (deposit or prepaid rate). */
    prepaidMinor: integer('prepaid_minor').notNull().default(0),
    /** The room was paid with points. */
    paidWithPoints: boolean('paid_with_points').notNull().default(false),
    checkedInAt: moment('checked_in_at'),
    checkedOutAt: moment('checked_out_at'),
    version: integer('version').notNull().default(0),
    createdAt: moment('created_at').notNull(),
  },
  (t) => [
    check('pms_stays_status', sql`${t.status} in ('expected', 'in_house', 'checked_out', 'cancelled')`),
    check('pms_stays_source', sql`${t.source} in ('site', 'reservation-system', 'hotel')`),
    check('pms_stays_dates', sql`${t.arrivalDate} < ${t.departureDate}`),
    check('pms_stays_in_house_has_room', sql`${t.status} <> 'in_house' or ${t.roomNumber} is not null`),
    check('pms_stays_amounts', sql`${t.roomTotalMinor} >= 0 and ${t.cityTaxMinor} >= 0 and ${t.prepaidMinor} >= 0 and ${t.version} >= 0`),
    check('pms_stays_guests', sql`${t.adults} >= 1 and ${t.children} >= 0`),
    // No two guests in one room: a room number is unique among the stays in house at a hotel.
    uniqueIndex('pms_stays_room_in_house').on(t.hotelId, t.roomNumber).where(sql`${t.status} = 'in_house'`),
    index('pms_stays_arriving_idx').on(t.arrivalDate).where(sql`${t.status} = 'expected'`),
    index('pms_stays_in_house_idx').on(t.hotelId).where(sql`${t.status} = 'in_house'`),
    index('pms_stays_member_idx').on(t.memberId),
  ],
);

/** A charge on a stay's folio (private or business): room nights, city tax, breakfast, minibar, restaurant, parking. */
export const pmsFolioCharges = pgTable(
  'pms_folio_charges',
  {
    id: uuid('id').primaryKey(),
    stayId: uuid('stay_id')
      .notNull()
      .references(() => pmsStays.id, { onDelete: 'cascade' }),
    folio: text('folio').$type<'private' | 'business'>().notNull(),
    kind: text('kind').$type<'room' | 'city_tax' | 'breakfast' | 'minibar' | 'restaurant' | 'parking'>().notNull(),
    description: text('description').notNull(),
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    postedAt: moment('posted_at').notNull(),
  },
  (t) => [
    check('pms_folio_charges_folio', sql`${t.folio} in ('private', 'business')`),
    check('pms_folio_charges_kind', sql`${t.kind} in ('room', 'city_tax', 'breakfast', 'minibar', 'restaurant', 'parking')`),
    check('pms_folio_charges_amount', sql`${t.amountMinor} > 0`),
    index('pms_folio_charges_stay_idx').on(t.stayId, t.postedAt),
  ],
);

/** Money received against a folio; one per idempotency key and stay, so a retried payment is recorded once. */
export const pmsFolioPayments = pgTable(
  'pms_folio_payments',
  {
    id: uuid('id').primaryKey(),
    stayId: uuid('stay_id')
      .notNull()
      .references(() => pmsStays.id, { onDelete: 'cascade' }),
    folio: text('folio').$type<'private' | 'business'>().notNull(),
    amountMinor: integer('amount_minor').notNull(),
    method: text('method').notNull(),
    providerPaymentId: text('provider_payment_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    paidAt: moment('paid_at').notNull(),
  },
  (t) => [
    check('pms_folio_payments_folio', sql`${t.folio} in ('private', 'business')`),
    check('pms_folio_payments_amount', sql`${t.amountMinor} > 0`),
    unique('pms_folio_payments_idempotency').on(t.stayId, t.idempotencyKey),
  ],
);

// ---------- online check-in (docs/decisions/0054-online-check-in.md) ----------

/**
 * The online check-in of a stay of the property-management system (one per stay): the registration the
 * guest filled in, how they pay, the pre-authorisation and the confirmation. The stay itself stays in the
 * hotel's system (named by its id, no foreign key: a real PMS keeps it elsewhere); the desk checks the
 * guest in. `status` only moves forward to `completed`, by a conditional update that one request wins.
 */
export const onlineCheckins = pgTable(
  'online_checkins',
  {
    id: uuid('id').primaryKey(),
    stayId: uuid('stay_id').notNull().unique(),
    reservationNumber: text('reservation_number').notNull(),
    status: text('status').$type<'details_required' | 'payment_required' | 'completed'>().notNull(),
    /** The registration form as saved (PersonalDetails of src/contract/checkin.ts); null before. */
    details: jsonb('details').$type<OnlineCheckinDetails>(),
    paymentMethod: text('payment_method').$type<'card' | 'paypal'>(),
    /** The pre-authorisation asked and waiting for the guest (3-D Secure, approval): the provider's payment id. */
    pendingPaymentId: text('pending_payment_id'),
    /** The pre-authorisation that completed the check-in; captured or released at check-out. */
    authorizedPaymentId: text('authorized_payment_id'),
    authorizedMinor: integer('authorized_minor'),
    currency: char('currency', { length: 3 }),
    lastDeclineReason: text('last_decline_reason').$type<DeclineReason>(),
    /** Short code for the front desk (in the QR code); set on completion. */
    confirmationCode: text('confirmation_code').unique(),
    /** The language of the pages and mails of this check-in. */
    locale: text('locale').$type<Locale>().notNull(),
    completedAt: moment('completed_at'),
    createdAt: moment('created_at').notNull(),
    updatedAt: moment('updated_at').notNull(),
  },
  (t) => [
    check('online_checkins_status', sql`${t.status} in ('details_required', 'payment_required', 'completed')`),
    check('online_checkins_completed', sql`${t.status} <> 'completed' or (${t.confirmationCode} is not null and ${t.completedAt} is not null)`),
    index('online_checkins_pending_idx').on(t.pendingPaymentId).where(sql`${t.pendingPaymentId} is not null`),
  ],
);

/** The registration as stored: the contract's PersonalDetails (snake_case, as the guest sent it). */
export interface OnlineCheckinDetails {
  first_name: string | null;
  last_name: string | null;
  date_of_birth: string | null;
  nationality: string | null;
  street: string | null;
  postal_code: string | null;
  city: string | null;
  country: string | null;
  document_number: string | null;
  arrival_time: string;
  purpose: 'business' | 'leisure';
  company_name: string | null;
}

/** The pay requests of a check-in by Idempotency-Key, as pay_requests are for carts: a retry gets the first answer. */
export const checkinPayRequests = pgTable(
  'checkin_pay_requests',
  {
    checkinId: uuid('checkin_id')
      .notNull()
      .references(() => onlineCheckins.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still working. */
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: moment('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.checkinId, t.idempotencyKey] })],
);

/** The pre-arrival mail of each stay, claimed before it is sent: the primary key lets one run send it, once. */
export const preArrivalMails = pgTable('pre_arrival_mails', {
  stayId: uuid('stay_id').primaryKey(),
  reservationNumber: text('reservation_number').notNull(),
  sentAt: moment('sent_at').notNull(),
});

// ---------- corporate self-enrolment and company rates (docs/decisions/0056-corporate-self-enrolment.md) ----------

/**
 * A company with a negotiated rate. The rate is the company's, not a hotel's: `CORP_<X>` at every hotel of
 * the group, priced like a rate plan (the room's nightly price times `rate_price_factor_bps`), with its own
 * breakfast, guarantee and cancellation terms. Only its enrolled members see and book it. `scim_external_id`
 * is the company's id in its identity provider, for provisioning later; an inactive company enrols nobody and
 * its members see no company rate.
 */
export const companies = pgTable(
  'companies',
  {
    id: id(),
    name: text('name').notNull(),
    scimExternalId: text('scim_external_id').unique(),
    active: boolean('active').notNull(),
    rateCode: text('rate_code').notNull().unique(),
    /** Price of the company rate relative to the room's base price: 10000 = 100 %. */
    ratePriceFactorBps: integer('rate_price_factor_bps').notNull(),
    rateBreakfastIncluded: boolean('rate_breakfast_included').notNull(),
    rateGuaranteePolicyCode: text('rate_guarantee_policy_code')
      .notNull()
      .references(() => guaranteePolicies.code),
    rateCancellationPolicyCode: text('rate_cancellation_policy_code')
      .notNull()
      .references(() => cancellationPolicies.code),
    createdAt: moment('created_at').notNull(),
  },
  (t) => [
    check('companies_rate_code_format', sql`${t.rateCode} ~ '^CORP_[A-Z0-9_]{1,11}$'`),
    check('companies_rate_price_factor', sql`${t.ratePriceFactorBps} between 1 and 20000`),
  ],
);

/** The email domains a company owns (lower case, one company each): a work email on one of them may enrol. */
export const companyDomains = pgTable(
  'company_domains',
  {
    domain: text('domain').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
  },
  (t) => [
    check('company_domains_lower_case', sql`${t.domain} = lower(${t.domain})`),
    check('company_domains_format', sql`${t.domain} ~ '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$'`),
    index('company_domains_company_idx').on(t.companyId),
  ],
);

/** Members who may invite colleagues to their company. */
export const companyAdmins = pgTable(
  'company_admins',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.memberId] }), index('company_admins_member_idx').on(t.memberId)],
);

/**
 * A member enrolled with a company under a proven work email (the SCIM User's id is the row's id). Leaving
 * sets `active` false and `left_at`; the row stays. At most one active enrolment per member and per work email.
 */
export const companyEnrolments = pgTable(
  'company_enrolments',
  {
    id: uuid('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    workEmail: text('work_email').notNull(),
    givenName: text('given_name').notNull(),
    familyName: text('family_name').notNull(),
    /** The SCIM User's externalId, as the client sent it. */
    externalId: text('external_id'),
    active: boolean('active').notNull(),
    enrolledAt: moment('enrolled_at').notNull(),
    updatedAt: moment('updated_at').notNull(),
    leftAt: moment('left_at'),
  },
  (t) => [
    uniqueIndex('company_enrolments_active_member').on(t.memberId).where(sql`${t.active}`),
    uniqueIndex('company_enrolments_active_work_email').on(t.workEmail).where(sql`${t.active}`),
    index('company_enrolments_company_idx').on(t.companyId),
    check('company_enrolments_work_email_lower_case', sql`${t.workEmail} = lower(${t.workEmail})`),
    check('company_enrolments_left', sql`${t.active} = (${t.leftAt} is null)`),
  ],
);

/**
 * Invites a company admin mailed to a colleague: only the SHA-256 of the link's token is kept; the link
 * works once (`accepted_at`) until `expires_at`. A new invite to the same email of the same company replaces
 * a pending one (its link stops working).
 */
export const companyInvites = pgTable(
  'company_invites',
  {
    id: uuid('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    invitedBy: integer('invited_by')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: moment('created_at').notNull(),
    expiresAt: moment('expires_at').notNull(),
    acceptedAt: moment('accepted_at'),
    acceptedBy: integer('accepted_by').references(() => members.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('company_invites_company_idx').on(t.companyId, t.createdAt),
    index('company_invites_email_idx').on(t.companyId, t.email),
    check('company_invites_email_lower_case', sql`${t.email} = lower(${t.email})`),
  ],
);

// ---------- the hotel checkout (decision record 0055) ----------

/**
 * A hotel checkout of one stay of the property-management system: the invoice addresses the guest gave,
 * the language of their invoices and mail, and when they checked out here (the stay itself, its folio and
 * its payments are the hotel system's).
 */
export const hotelCheckouts = pgTable(
  'hotel_checkouts',
  {
    id: uuid('id').primaryKey(),
    /** The stay's id in the property-management system. */
    stayId: text('stay_id').notNull().unique(),
    hotelCode: text('hotel_code').notNull(),
    reservationNumber: text('reservation_number').notNull(),
    locale: text('locale').$type<Locale>().notNull(),
    privateAddress: jsonb('private_address').$type<InvoiceAddress>(),
    businessAddress: jsonb('business_address').$type<BusinessAddress>(),
    createdAt: moment('created_at').notNull(),
    updatedAt: moment('updated_at').notNull(),
    /** When a perform-checkout first asked the hotel's system to check the stay out: a stay it finds checked out was checked out by this checkout. */
    checkoutRequestedAt: moment('checkout_requested_at'),
    /** Set once, by the one perform-checkout that checked the stay out here (invoices and points follow it). */
    checkedOutAt: moment('checked_out_at'),
    /** The member's points credited with the check-out; null: none (a guest's stay, or nothing earned). */
    pointsCredited: integer('points_credited'),
    /** When the invoice mail was claimed for sending; null after a check-out with invoices: still to be mailed (a job does it). */
    invoicesMailedAt: moment('invoices_mailed_at'),
  },
  (t) => [index('hotel_checkouts_reservation_idx').on(t.reservationNumber)],
);

export const HOTEL_CHECKOUT_SESSION_STATES = ['open', 'authorizing', 'action_required', 'recording', 'paid', 'stale', 'declined', 'replaced'] as const;
export type HotelCheckoutSessionState = (typeof HOTEL_CHECKOUT_SESSION_STATES)[number];

/**
 * A payment session: the open balances of a checkout at one folio version. Paying moves it from open (or
 * declined) to authorizing with a conditional update, so one session is paid once; `attempt` counts the
 * authorisations asked (each under its own provider key); `recorded_*` what the hotel's system took.
 */
export const hotelCheckoutSessions = pgTable(
  'hotel_checkout_sessions',
  {
    id: uuid('id').primaryKey(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => hotelCheckouts.id, { onDelete: 'cascade' }),
    state: text('state').$type<HotelCheckoutSessionState>().notNull(),
    folioVersion: integer('folio_version').notNull(),
    privateMinor: integer('private_minor').notNull(),
    businessMinor: integer('business_minor').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    paymentMethod: text('payment_method'),
    attempt: integer('attempt').notNull().default(0),
    providerPaymentId: text('provider_payment_id'),
    locale: text('locale').$type<Locale>(),
    returnUrl: text('return_url'),
    declineReason: text('decline_reason'),
    recordedPrivateMinor: integer('recorded_private_minor').notNull().default(0),
    recordedBusinessMinor: integer('recorded_business_minor').notNull().default(0),
    createdAt: moment('created_at').notNull(),
    updatedAt: moment('updated_at').notNull(),
  },
  (t) => [
    index('hotel_checkout_sessions_checkout_idx').on(t.checkoutId, t.createdAt),
    index('hotel_checkout_sessions_payment_idx').on(t.providerPaymentId),
    check('hotel_checkout_sessions_state', sql`${t.state} in ('open', 'authorizing', 'action_required', 'recording', 'paid', 'stale', 'declined', 'replaced')`),
  ],
);

/** The pay requests of a session by Idempotency-Key, with the answer given (a retry gets it again). */
export const hotelPayRequests = pgTable(
  'hotel_pay_requests',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => hotelCheckoutSessions.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: moment('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.idempotencyKey] })],
);

/** The last invoice number each hotel gave: numbers run on without gaps, one sequence per hotel. */
export const hotelInvoiceCounters = pgTable('hotel_invoice_counters', { hotelCode: text('hotel_code').primaryKey(), lastNumber: integer('last_number').notNull() });

/** The invoice of one folio of a checkout, issued at check-out, with what it says (its PDF is made from it). */
export const hotelInvoices = pgTable(
  'hotel_invoices',
  {
    id: uuid('id').primaryKey(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => hotelCheckouts.id, { onDelete: 'cascade' }),
    folio: text('folio').$type<'private' | 'business'>().notNull(),
    hotelCode: text('hotel_code').notNull(),
    number: integer('number').notNull(),
    invoiceNumber: text('invoice_number').notNull().unique(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    totalMinor: integer('total_minor').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    data: jsonb('data').$type<InvoiceData>().notNull(),
    createdAt: moment('created_at').notNull(),
  },
  (t) => [unique('hotel_invoices_checkout_folio').on(t.checkoutId, t.folio), unique('hotel_invoices_hotel_number').on(t.hotelCode, t.number)],
);
