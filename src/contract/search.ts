import * as v from 'valibot';
import { BUSINESS_TIME_ZONE, nightsBetween } from './calendar-dates';
import { LocaleSchema } from './locales';
import { BoundedArraySchema, IsoDateSchema, TextSchema } from './primitives';

/** Search routes, relative to BFF_PREFIX (spec section 7, "Search"). */
export const SEARCH_PATHS = {
  location: '/search/location',
  hotels: '/search/hotels-v2',
  rooms: '/search/rooms',
  rates: '/search/rates',
  cheapestRoom: '/search/cheapest-room',
  upgradableRooms: '/search/upgradable-rooms',
  addons: '/search/addons',
  benefits: '/search/benefits',
  parseDeeplink: '/search/parse-deeplink',
  calendar: '/ari-proxy/search/searchCalendarV2',
  roomRateDetails: '/ari-proxy/roomRateDetails',
  childPolicy: '/ari-proxy/child-policy/age-breakdown',
} as const;

/** Business rules of a search (spec sections 5 and 9). */
export const SEARCH_LIMITS = {
  maxRooms: 9,
  defaultAdults: 1,
  maxAdultsPerRoom: 6,
  maxChildrenPerRoom: 4,
  maxChildAge: 17,
  /** The latest arrival, in days from today, unless a hotel gives its own bounds. */
  arrivalWindowDays: 365,
  /** The longest stay one search may ask for. */
  maxNights: 30,
  suggestedCitiesLimit: 8,
  /** From this hour (Europe/Berlin) the default arrival is tomorrow. */
  eveningCutoffHour: 18,
} as const;

export { BUSINESS_TIME_ZONE, nightsBetween };

export const SUPPORTED_CURRENCIES = [
  'EUR', 'USD', 'AED', 'AUD', 'BRL', 'CAD', 'CHF', 'CNY', 'DKK', 'EGP',
  'GBP', 'JPY', 'OMR', 'QAR', 'RUB', 'SAR', 'SEK', 'SGD', 'UAH',
] as const;
export type Currency = (typeof SUPPORTED_CURRENCIES)[number];
export const CurrencySchema = v.picklist(SUPPORTED_CURRENCIES, 'Unknown currency');
/** Prices are asked for and shown in this currency until the guest can choose another. */
export const DEFAULT_CURRENCY: Currency = 'EUR';

export const SORT_OPTIONS = ['price-asc', 'price-desc', 'distance', 'name'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
export const SortSchema = v.picklist(SORT_OPTIONS, 'Unknown sort order');

/** A calendar date `yyyy-MM-dd` that exists (the contract's one date schema). */
export { IsoDateSchema };

export const ChildAgeSchema = v.pipe(
  v.number('A child age is a number'),
  v.integer('A child age is a whole number'),
  v.minValue(0, 'A child age is at least 0'),
  v.maxValue(SEARCH_LIMITS.maxChildAge, `A child is at most ${SEARCH_LIMITS.maxChildAge} years old`),
);

export const SearchRoomSchema = v.object({
  adults: v.pipe(
    v.number('Adults is a number'),
    v.integer('Adults is a whole number'),
    v.minValue(1, 'A room needs at least one adult'),
    v.maxValue(SEARCH_LIMITS.maxAdultsPerRoom, `At most ${SEARCH_LIMITS.maxAdultsPerRoom} adults per room`),
  ),
  childAges: BoundedArraySchema(ChildAgeSchema, SEARCH_LIMITS.maxChildrenPerRoom, `At most ${SEARCH_LIMITS.maxChildrenPerRoom} children per room`),
});
export type SearchRoom = v.InferOutput<typeof SearchRoomSchema>;

export const RoomsSchema = v.pipe(
  BoundedArraySchema(SearchRoomSchema, SEARCH_LIMITS.maxRooms, `At most ${SEARCH_LIMITS.maxRooms} rooms per search`),
  v.minLength(1, 'Search for at least one room'),
);

/** A promotion code as typed. */
const PromoCodeSchema = TextSchema({ max: 32, tooLong: 'A promo code has at most 32 characters' });

const StayDatesEntries = { startDate: IsoDateSchema, endDate: IsoDateSchema };
const DEPARTURE_AFTER_ARRIVAL = 'The departure must be after the arrival';
const departsAfterArrival = (input: { startDate: string; endDate: string }) => input.endDate > input.startDate;

/** A price in one currency, rounded to 2 decimals (or the currency's own) at the edge. */
export const PriceSchema = v.object({
  currency: CurrencySchema,
  /** For the whole stay. */
  totalWithTax: v.number(),
  totalWithoutTax: v.number(),
  /** Per night, averaged over the stay. */
  avgPerNightWithTax: v.number(),
  avgPerNightWithoutTax: v.number(),
  /** Charged by the city on top, shown separately. */
  cityTax: v.number(),
});
export type Price = v.InferOutput<typeof PriceSchema>;

// ---------- location search ----------

export const LocationSearchRequestSchema = v.object({
  query: TextSchema({ max: 100, required: 'Type a destination', tooLong: 'The destination is too long' }),
  locale: LocaleSchema,
});
export const LocationSuggestionSchema = v.object({
  kind: v.picklist(['city', 'hotel']),
  /** What goes into the search's `location`: a city name or a hotel code. */
  value: v.string(),
  label: v.string(),
  detail: v.string(),
  hotelCount: v.number(),
});
export type LocationSuggestion = v.InferOutput<typeof LocationSuggestionSchema>;
export const LocationSearchResponseSchema = v.object({
  data: v.object({ cities: v.array(LocationSuggestionSchema), hotels: v.array(LocationSuggestionSchema) }),
});

// ---------- hotel search ----------

export const HotelSearchRequestSchema = v.pipe(
  v.object({
    location: TextSchema({ max: 100, required: 'Choose a destination' }),
    ...StayDatesEntries,
    rooms: RoomsSchema,
    promo: v.optional(PromoCodeSchema),
    business: v.optional(v.boolean(), false),
    payWithPoints: v.optional(v.boolean(), false),
    brands: v.optional(BoundedArraySchema(TextSchema({ max: 32 }), 50), []),
    features: v.optional(BoundedArraySchema(TextSchema({ max: 64 }), 100), []),
    sortBy: v.optional(SortSchema, 'price-asc'),
    minPrice: v.optional(v.pipe(v.number(), v.minValue(0))),
    maxPrice: v.optional(v.pipe(v.number(), v.minValue(0))),
    currency: v.optional(CurrencySchema, DEFAULT_CURRENCY),
    locale: v.optional(LocaleSchema, 'en'),
  }),
  v.forward(v.partialCheck([['startDate'], ['endDate']], departsAfterArrival, DEPARTURE_AFTER_ARRIVAL), ['endDate']),
);
export type HotelSearchRequest = v.InferInput<typeof HotelSearchRequestSchema>;

export const UNAVAILABLE_REASONS = ['sold_out', 'minimum_stay', 'not_open_yet', 'occupancy', 'outside_arrival_window', 'external_booking'] as const;
export type UnavailableReason = (typeof UNAVAILABLE_REASONS)[number];

export const HotelResultSchema = v.object({
  hotelCode: v.string(),
  hotelName: v.string(),
  brandCode: v.string(),
  brandName: v.string(),
  city: v.string(),
  image: v.object({ url: v.string(), alt: v.string() }),
  latitude: v.number(),
  longitude: v.number(),
  /** From the city centre, in kilometres, one decimal. */
  distanceKm: v.number(),
  features: v.array(v.object({ code: v.string(), name: v.string() })),
  available: v.boolean(),
  unavailableReason: v.nullable(v.picklist(UNAVAILABLE_REASONS)),
  /** When unavailable for minimum stay: the nights needed. */
  minimumStay: v.nullable(v.number()),
  memberPrice: v.nullable(PriceSchema),
  nonMemberPrice: v.nullable(PriceSchema),
  /** Points for the whole stay when paying with points. */
  pointsPrice: v.nullable(v.number()),
  /**
   * Present when the search carried a promo code: whether the code applies to this hotel for the stay
   * (its brand and the stay's dates), so that its prices are the reduced ones.
   */
  promoApplied: v.optional(v.boolean()),
  /**
   * Present only when the member who searched (bearer token) is enrolled with a company whose rate is
   * lower here than the member rates: memberPrice is then the company rate's, and this names the company,
   * for "Your company rate". Answers to anyone else never carry it.
   */
  company: v.optional(v.object({ name: v.string() })),
});
export type HotelResult = v.InferOutput<typeof HotelResultSchema>;

/**
 * What became of a search's promo code: applied (it lowers the prices of the answer: of at least one hotel
 * of a list), unknown (no such code), expired (its stays are over), notApplicable (valid, but not for
 * these dates or these hotels' brands). Null when the search had no code. Optional in every answer so
 * that clients written before it still parse.
 */
export const PROMO_STATUSES = ['applied', 'unknown', 'expired', 'notApplicable'] as const;
export type PromoStatus = (typeof PROMO_STATUSES)[number];
export const PromoOutcomeSchema = v.nullable(v.object({ code: v.string(), status: v.picklist(PROMO_STATUSES) }));
export type PromoOutcome = v.InferOutput<typeof PromoOutcomeSchema>;

export const HotelSearchResponseSchema = v.object({
  data: v.object({
    hotels: v.array(HotelResultSchema),
    total: v.number(),
    nights: v.number(),
    currency: CurrencySchema,
    /** Cheapest and dearest available member price per night, before the price filter. */
    priceRange: v.nullable(v.object({ min: v.number(), max: v.number() })),
    facets: v.object({
      brands: v.array(v.object({ code: v.string(), name: v.string(), count: v.number() })),
      features: v.array(v.object({ code: v.string(), name: v.string(), count: v.number() })),
    }),
    promo: v.optional(PromoOutcomeSchema),
  }),
});
export type HotelSearchResponse = v.InferOutput<typeof HotelSearchResponseSchema>['data'];

// ---------- price calendar ----------

export const CalendarRequestSchema = v.pipe(
  v.object({
    /** A hotel code, or a city name for the whole city's cheapest night. */
    hotelCode: v.optional(TextSchema({ max: 100 })),
    city: v.optional(TextSchema({ max: 100 })),
    ...StayDatesEntries,
    adults: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(SEARCH_LIMITS.maxAdultsPerRoom)), 1),
    currency: v.optional(CurrencySchema, DEFAULT_CURRENCY),
  }),
  v.forward(v.partialCheck([['startDate'], ['endDate']], departsAfterArrival, DEPARTURE_AFTER_ARRIVAL), ['endDate']),
  v.check((input) => Boolean(input.hotelCode) !== Boolean(input.city), 'Ask for one hotel or one city'),
);
export const CalendarDaySchema = v.object({
  date: v.string(),
  available: v.boolean(),
  /** Cheapest member price for this night, with tax; null when nothing is free. */
  price: v.nullable(v.number()),
  minimumStay: v.number(),
  /**
   * Present only when the member who asked (bearer token) is enrolled with a company and the night's
   * price is the company rate's (lower than every member rate's): the company's name.
   */
  company: v.optional(v.object({ name: v.string() })),
});
export type CalendarDay = v.InferOutput<typeof CalendarDaySchema>;
export const CalendarResponseSchema = v.object({
  data: v.object({ currency: CurrencySchema, days: v.array(CalendarDaySchema) }),
});

// ---------- rooms and rates ----------

export const GUARANTEE_TYPES = { hold: 1000, guarantee: 1001, deposit: 1002 } as const;

export const RateSchema = v.object({
  rateCode: v.string(),
  name: v.string(),
  currencyCode: CurrencySchema,
  avg_amnt_with_tax: v.number(),
  avg_amnt_no_tax: v.number(),
  total_with_tax: v.number(),
  city_tax: v.number(),
  isMemberRate: v.boolean(),
  isBreakfastIncluded: v.boolean(),
  guaranteePolicy: v.object({ type: v.picklist([1000, 1001, 1002]), guaranteePolicyCode: v.string(), description: v.string() }),
  cancellationPolicy: v.object({ cancellationPolicyCode: v.string(), description: v.string(), freeCancellationUntil: v.nullable(v.string()) }),
  /** For a member rate: the non-member rate code it is paired with; for a non-member rate: its member rate. */
  pair: v.nullable(v.string()),
  /** Deposit (prepaid) rates carry the deposit icon. */
  iconDeposit: v.boolean(),
  pointsPrice: v.number(),
  pointsEarned: v.number(),
  /**
   * Present only on the signed-in member's company rate (src/contract/corporate.ts): the company's name, for
   * "Your company rate". Answers without a member of a company never carry such a rate.
   */
  company: v.optional(v.object({ name: v.string() })),
});
export type Rate = v.InferOutput<typeof RateSchema>;

export const RoomOfferSchema = v.object({
  typeCode: v.string(),
  typeSaleName: v.string(),
  available: v.boolean(),
  min_amnt_with_tax: v.nullable(v.number()),
  maxAdults: v.number(),
  maxChildren: v.number(),
  maxOccupancy: v.number(),
  image: v.object({ url: v.string(), alt: v.string() }),
  rates: v.array(RateSchema),
});
export type RoomOffer = v.InferOutput<typeof RoomOfferSchema>;

export const RoomsRequestSchema = v.pipe(
  v.object({
    hotelCode: TextSchema({ max: 100 }),
    ...StayDatesEntries,
    rooms: RoomsSchema,
    promo: v.optional(PromoCodeSchema),
    payWithPoints: v.optional(v.boolean(), false),
    currency: v.optional(CurrencySchema, DEFAULT_CURRENCY),
    locale: v.optional(LocaleSchema, 'en'),
  }),
  v.forward(v.partialCheck([['startDate'], ['endDate']], departsAfterArrival, DEPARTURE_AFTER_ARRIVAL), ['endDate']),
);
export type RoomsRequest = v.InferInput<typeof RoomsRequestSchema>;
export const RoomsResponseSchema = v.object({
  data: v.object({
    hotelCode: v.string(),
    hotelName: v.string(),
    nights: v.number(),
    currency: CurrencySchema,
    /** One entry per room of the search, in order: the room types that fit that room's guests. */
    rooms: v.array(v.object({ roomIndex: v.number(), offers: v.array(RoomOfferSchema) })),
    promo: v.optional(PromoOutcomeSchema),
  }),
});
export type RoomsResponse = v.InferOutput<typeof RoomsResponseSchema>['data'];

// ======================================================================================================
// Additions for the rest of the search routes. Everything above stays as it is; these only add.
// ======================================================================================================

/** A hotel's code, as the reservation system writes it. */
export const HotelCodeSchema = v.pipe(
  v.string('A hotel code is text'),
  v.trim(),
  v.regex(/^[A-Z0-9]{3,8}$/, 'A hotel code is 3 to 8 capital letters or digits'),
);
/** A room type or rate code. */
export const ProductCodeSchema = v.pipe(
  v.string('A code is text'),
  v.trim(),
  v.regex(/^[A-Z0-9_]{1,16}$/, 'A code is 1 to 16 capital letters, digits or underscores'),
);

/** Hotel suggestions of the location search, next to SEARCH_LIMITS.suggestedCitiesLimit. */
export const SUGGESTED_HOTELS_LIMIT = 8;

/** The longest window one price-calendar request may cover, in nights. */
export const CALENDAR_MAX_NIGHTS = 62;


type StayDates = { startDate: string; endDate: string };
type PriceBounds = { minPrice?: number; maxPrice?: number };

/** A check on the whole request, reported on one field, for any request schema that has those fields. */
function fieldCheck<TFields extends Record<string, unknown>>(
  paths: readonly (keyof TFields & string)[],
  reportOn: keyof TFields & string,
  requirement: (input: TFields) => boolean,
  message: string,
) {
  return <TInput extends TFields>() =>
    v.forward(
      v.partialCheck(
        paths.map((path) => [path]) as unknown as [[string]],
        (input) => requirement(input as unknown as TFields),
        message,
      ),
      [reportOn] as never,
    ) as unknown as v.BaseValidation<TInput, TInput, v.BaseIssue<unknown>>;
}

const stayAtMost = (maxNights: number) =>
  fieldCheck<StayDates>(
    ['startDate', 'endDate'],
    'endDate',
    // An impossible date (2026-02-30) is reported by its own schema, not as a long stay.
    (input) =>
      !v.is(IsoDateSchema, input.startDate) || !v.is(IsoDateSchema, input.endDate) || nightsBetween(input.startDate, input.endDate) <= maxNights,
    `A stay is at most ${maxNights} nights`,
  );
const datesInOrder = fieldCheck<StayDates>(['startDate', 'endDate'], 'endDate', departsAfterArrival, DEPARTURE_AFTER_ARRIVAL);
const priceBoundsInOrder = fieldCheck<PriceBounds>(
  ['minPrice', 'maxPrice'],
  'maxPrice',
  (input) => input.minPrice === undefined || input.maxPrice === undefined || input.minPrice <= input.maxPrice,
  'The highest price must not be below the lowest',
);

/**
 * What the BFF accepts on hotels-v2: HotelSearchRequestSchema, plus a stay of at most
 * SEARCH_LIMITS.maxNights nights and a price range whose bounds are in order.
 */
export const BoundedHotelSearchRequestSchema = v.pipe(HotelSearchRequestSchema, stayAtMost(SEARCH_LIMITS.maxNights)(), priceBoundsInOrder());

/** What the BFF accepts on the price calendar: CalendarRequestSchema over at most CALENDAR_MAX_NIGHTS nights. */
export const BoundedCalendarRequestSchema = v.pipe(CalendarRequestSchema, stayAtMost(CALENDAR_MAX_NIGHTS)());

/** What the BFF accepts on rooms and cheapest-room: RoomsRequestSchema with a stay of at most SEARCH_LIMITS.maxNights nights. */
export const BoundedRoomsRequestSchema = v.pipe(RoomsRequestSchema, stayAtMost(SEARCH_LIMITS.maxNights)());

const roomStayEntries = {
  hotelCode: HotelCodeSchema,
  ...StayDatesEntries,
  currency: v.optional(CurrencySchema, DEFAULT_CURRENCY),
  locale: v.optional(LocaleSchema, 'en'),
};
const bookingRoomsEntries = {
  ...roomStayEntries,
  rooms: RoomsSchema,
  promo: v.optional(PromoCodeSchema),
  payWithPoints: v.optional(v.boolean(), false),
};

/** The people of one room: adults and the ages of the children. */
const occupancyEntries = {
  adults: SearchRoomSchema.entries.adults,
  childAges: SearchRoomSchema.entries.childAges,
};

// ---------- child policy ----------

/**
 * The group's child policy: a child of this age or older counts as an adult for room occupancy, for
 * add-ons priced per adult and for the city tax; younger children count as children.
 */
export const CHILD_POLICY = { adultFromAge: 12 } as const;

export const ChildPolicyRequestSchema = v.object({
  hotelCode: HotelCodeSchema,
  childAges: SearchRoomSchema.entries.childAges,
});
export const ChildPolicyResponseSchema = v.object({
  data: v.object({
    hotelCode: v.string(),
    adultFromAge: v.number(),
    /** One entry per child age of the request, in order. */
    ages: v.array(v.object({ age: v.number(), countsAs: v.picklist(['adult', 'child']) })),
    countedAsAdults: v.number(),
    countedAsChildren: v.number(),
  }),
});
export type ChildPolicyBreakdown = v.InferOutput<typeof ChildPolicyResponseSchema>['data'];

// ---------- rates of one room type ----------

export const RatesRequestSchema = v.pipe(
  v.object({ ...bookingRoomsEntries, typeCode: ProductCodeSchema }),
  datesInOrder(),
  stayAtMost(SEARCH_LIMITS.maxNights)(),
);
export const RatesResponseSchema = v.object({
  data: v.object({
    hotelCode: v.string(),
    typeCode: v.string(),
    typeSaleName: v.string(),
    nights: v.number(),
    currency: CurrencySchema,
    /** One entry per room of the search: whether this room type takes its guests, is free, and its rates. */
    rooms: v.array(v.object({ roomIndex: v.number(), fits: v.boolean(), available: v.boolean(), rates: v.array(RateSchema) })),
    promo: v.optional(PromoOutcomeSchema),
  }),
});
export type RatesResponse = v.InferOutput<typeof RatesResponseSchema>['data'];

// ---------- cheapest room ----------

/** Why a hotel cannot be booked for a search, and for minimum_stay the nights needed. */
const unavailabilityEntries = {
  available: v.boolean(),
  unavailableReason: v.nullable(v.picklist(UNAVAILABLE_REASONS)),
  minimumStay: v.nullable(v.number()),
};

export const CheapestRoomResponseSchema = v.object({
  data: v.object({
    hotelCode: v.string(),
    nights: v.number(),
    currency: CurrencySchema,
    ...unavailabilityEntries,
    /**
     * The cheapest way to book every room of the search on a member rate, one entry per room in order
     * (empty when unavailable), with the non-member rate the member rate is paired with.
     */
    rooms: v.array(
      v.object({
        roomIndex: v.number(),
        typeCode: v.string(),
        typeSaleName: v.string(),
        rate: RateSchema,
        pairedRate: v.nullable(RateSchema),
      }),
    ),
    memberTotal: v.nullable(PriceSchema),
    /** The same rooms on the paired non-member rates; null when a member rate has no pair. */
    nonMemberTotal: v.nullable(PriceSchema),
    promo: v.optional(PromoOutcomeSchema),
  }),
});
export type CheapestRoom = v.InferOutput<typeof CheapestRoomResponseSchema>['data'];

// ---------- upgradable rooms ----------

export const UpgradableRoomsRequestSchema = v.pipe(
  v.object({
    ...bookingRoomsEntries,
    /** The room of the search being upgraded, 0-based. */
    roomIndex: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(SEARCH_LIMITS.maxRooms - 1)), 0),
    typeCode: ProductCodeSchema,
    rateCode: ProductCodeSchema,
  }),
  datesInOrder(),
  stayAtMost(SEARCH_LIMITS.maxNights)(),
  v.forward(
    v.partialCheck([['roomIndex'], ['rooms']], (input) => input.roomIndex < input.rooms.length, 'There is no room with this index in the search'),
    ['roomIndex'],
  ),
);
export const UpgradableRoomsResponseSchema = v.object({
  data: v.object({
    hotelCode: v.string(),
    roomIndex: v.number(),
    nights: v.number(),
    currency: CurrencySchema,
    /** The chosen room type on the chosen rate. */
    current: v.object({ typeCode: v.string(), typeSaleName: v.string(), rate: RateSchema }),
    /** Dearer room types that take the same guests, on the same rate, cheapest extra first. */
    upgrades: v.array(
      v.object({
        typeCode: v.string(),
        typeSaleName: v.string(),
        image: v.object({ url: v.string(), alt: v.string() }),
        maxAdults: v.number(),
        maxChildren: v.number(),
        maxOccupancy: v.number(),
        rate: RateSchema,
        extraPerNightWithTax: v.number(),
        extraTotalWithTax: v.number(),
      }),
    ),
    promo: v.optional(PromoOutcomeSchema),
  }),
});
export type UpgradableRooms = v.InferOutput<typeof UpgradableRoomsResponseSchema>['data'];

// ---------- add-ons and benefits ----------

export const ADDON_PRICING_MODES = [
  'per_night',
  'per_stay',
  'per_adult_per_night',
  'per_child_per_night',
  'per_person',
  'per_person_per_night',
] as const;
export type AddonPricing = (typeof ADDON_PRICING_MODES)[number];

/** One room stay: the add-ons are booked per room. */
export const AddonsRequestSchema = v.pipe(v.object({ ...roomStayEntries, ...occupancyEntries }), datesInOrder(), stayAtMost(SEARCH_LIMITS.maxNights)());
export const AddonSchema = v.object({
  code: v.string(),
  name: v.string(),
  pricing: v.picklist(ADDON_PRICING_MODES),
  /** The price of one unit (a night, a person, a person and night, ...). */
  unitPrice: v.number(),
  /** What the add-on costs for this room's stay and guests, tax included. */
  price: v.number(),
  currency: CurrencySchema,
  /** Offered by this hotel only, rather than by every hotel of the group. */
  hotelOnly: v.boolean(),
});
export type Addon = v.InferOutput<typeof AddonSchema>;
export const AddonsResponseSchema = v.object({
  data: v.object({ hotelCode: v.string(), nights: v.number(), currency: CurrencySchema, addons: v.array(AddonSchema) }),
});
export type AddonsResponse = v.InferOutput<typeof AddonsResponseSchema>['data'];

/** Points a member earns for the green option: no housekeeping during the stay (spec section 9). */
export const GREEN_OPTION_POINTS = 500;
/** The code of the green option among a room's benefits: offered only for a stay long enough for it. */
export const GREEN_OPTION_BENEFIT_CODE = 'GREEN_OPTION';

export const BenefitsRequestSchema = v.pipe(
  v.object({ hotelCode: HotelCodeSchema, ...StayDatesEntries, locale: v.optional(LocaleSchema, 'en') }),
  datesInOrder(),
  stayAtMost(SEARCH_LIMITS.maxNights)(),
);
export const BenefitSchema = v.object({ code: v.string(), name: v.string(), description: v.string(), points: v.number() });
export type Benefit = v.InferOutput<typeof BenefitSchema>;
export const BenefitsResponseSchema = v.object({
  data: v.object({ hotelCode: v.string(), nights: v.number(), benefits: v.array(BenefitSchema) }),
});
export type BenefitsResponse = v.InferOutput<typeof BenefitsResponseSchema>['data'];

// ---------- deep links ----------

export const DEEPLINK_FORMATS = ['web', 'legacy-path', 'partner', 'unknown'] as const;

export const ParseDeeplinkRequestSchema = v.object({
  /** A path with its query (`/hotels/berlin?arrival=...`), a bare query (`?hotel=...`) or a whole URL. */
  url: TextSchema({ max: 2000, required: 'Paste a link', tooLong: 'The link is too long' }),
  locale: v.optional(LocaleSchema, 'en'),
});
export const ParseDeeplinkResponseSchema = v.object({
  data: v.object({
    format: v.picklist(DEEPLINK_FORMATS),
    /** The web app's search query (spec section 2): location, startDate, endDate, rooms, room-N-adults, room-N-child-M. */
    query: v.record(v.string(), v.string()),
    /** The search page with that query, in the request's locale. */
    href: v.string(),
    /** What was recognised but could not be used, in plain words. */
    warnings: v.array(v.string()),
  }),
});
export type ParsedDeeplink = v.InferOutput<typeof ParseDeeplinkResponseSchema>['data'];

// ---------- nightly breakdown of one room and rate ----------

export const RoomRateDetailsRequestSchema = v.pipe(
  v.object({
    ...roomStayEntries,
    typeCode: ProductCodeSchema,
    rateCode: ProductCodeSchema,
    adults: occupancyEntries.adults,
    /** The children's ages. */
    children: occupancyEntries.childAges,
  }),
  datesInOrder(),
  stayAtMost(SEARCH_LIMITS.maxNights)(),
);
export const RoomRateNightSchema = v.object({
  date: v.string(),
  available: v.boolean(),
  /** Null when the night cannot be sold. */
  priceWithTax: v.nullable(v.number()),
  priceWithoutTax: v.nullable(v.number()),
  tax: v.nullable(v.number()),
  cityTax: v.number(),
});
export const RoomRateDetailsResponseSchema = v.object({
  data: v.object({
    hotelCode: v.string(),
    typeCode: v.string(),
    rateCode: v.string(),
    currency: CurrencySchema,
    /** The room type takes these guests. */
    fits: v.boolean(),
    /** Every night is free and the rate may be booked for this stay. */
    available: v.boolean(),
    nights: v.array(RoomRateNightSchema),
    total: v.nullable(PriceSchema),
    pointsPrice: v.number(),
    pointsEarned: v.number(),
  }),
});
export type RoomRateDetails = v.InferOutput<typeof RoomRateDetailsResponseSchema>['data'];

// ---------- content of rooms and rates ----------

/** Content routes for rooms and rates, relative to BFF_PREFIX, answered with `?locale=`. */
export const ROOM_RATE_CONTENT_PATHS = {
  room: '/content/room/:hotelCode/:typeCode',
  rate: '/content/rate/:hotelCode/:rateCode',
  ratePolicy: '/content/rate-policy/:hotelCode/:rateCode',
} as const;

export const RoomContentParamSchema = v.object({ hotelCode: HotelCodeSchema, typeCode: ProductCodeSchema });
export const RateContentParamSchema = v.object({ hotelCode: HotelCodeSchema, rateCode: ProductCodeSchema });

export const RoomContentSchema = v.object({
  hotelCode: v.string(),
  typeCode: v.string(),
  typeSaleName: v.string(),
  maxAdults: v.number(),
  maxChildren: v.number(),
  maxOccupancy: v.number(),
  image: v.object({ url: v.string(), alt: v.string() }),
});
export const RoomContentResponseSchema = v.object({ data: RoomContentSchema });

export const GuaranteePolicySchema = RateSchema.entries.guaranteePolicy;
export const CancellationPolicyContentSchema = v.object({
  cancellationPolicyCode: v.string(),
  description: v.string(),
  /** Free cancellation until this many hours before 18:00 on the arrival day; null: not refundable. */
  freeUntilHoursBeforeArrival: v.nullable(v.number()),
});

export const RateContentSchema = v.object({
  hotelCode: v.string(),
  rateCode: v.string(),
  name: v.string(),
  isMemberRate: v.boolean(),
  isBreakfastIncluded: v.boolean(),
  /** As on RateSchema: a member rate's non-member rate, or a non-member rate's member rate. */
  pair: v.nullable(v.string()),
  pointsPerNight: v.number(),
});
export const RateContentResponseSchema = v.object({ data: RateContentSchema });

export const RatePolicySchema = v.object({
  hotelCode: v.string(),
  rateCode: v.string(),
  guaranteePolicy: GuaranteePolicySchema,
  cancellationPolicy: CancellationPolicyContentSchema,
  iconDeposit: v.boolean(),
  childPolicy: v.object({ adultFromAge: v.number() }),
});
export const RatePolicyResponseSchema = v.object({ data: RatePolicySchema });

// ---------- the search in a page's URL (spec sections 2 and 3) ----------

export interface SearchRoomState {
  uuid: string;
  adults: number;
  /** Child ages; an age of 0 is stored as 1 (spec section 5). */
  children: number[];
  /** Chosen on the room-and-rate step; in the URL as room-N-rate-code / room-N-room-type-code. */
  rateCode?: string;
  roomTypeCode?: string;
}

export interface SearchDateRange {
  /** Arrival, `yyyy-MM-dd`. */
  start: string;
  /** Departure, `yyyy-MM-dd`, after the arrival. */
  end: string;
}

export interface SearchPriceRange {
  min: number | null;
  max: number | null;
}

/** The search a page's URL describes, read field by field (services/search/search-url.ts). */
export interface SearchQueryState {
  features: string[];
  brands: string[];
  promoCode: string;
  location: string;
  dateRange: SearchDateRange;
  isBusiness: boolean;
  payWithPoints: boolean;
  rooms: SearchRoomState[];
  /** Flexible-dates window in days, when the guest asked for one. */
  approxDateRange: number | null;
  sortBy: SortOption;
  priceRange: SearchPriceRange;
}

/**
 * A page's query as the router hands it over: any keys, each value a string or what the router's
 * JSON-aware parser made of it (a number, a boolean, an array). Anything that is not an object of that
 * kind counts as an empty query, so reading a URL never fails.
 */
export const UrlQuerySchema = v.fallback(v.record(v.string(), v.unknown()), {});
export type UrlQuery = v.InferOutput<typeof UrlQuerySchema>;

/**
 * The query of a page that shows a search (results, rooms and rates): the URL as it is, read into the
 * typed search by `read` (the search URL codec, which knows today and never throws). The typed search
 * is kept under `searched`; the route's search middleware keeps it out of the address.
 */
export function searchPageSchema(read: (query: UrlQuery) => SearchQueryState) {
  return v.pipe(UrlQuerySchema, v.transform((query) => ({ searched: read(query) })));
}
