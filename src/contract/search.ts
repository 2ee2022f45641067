import * as v from 'valibot';
import { LocaleSchema } from './locales';

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

export const BUSINESS_TIME_ZONE = 'Europe/Berlin';

export const SUPPORTED_CURRENCIES = [
  'EUR', 'USD', 'AED', 'AUD', 'BRL', 'CAD', 'CHF', 'CNY', 'DKK', 'EGP',
  'GBP', 'JPY', 'OMR', 'QAR', 'RUB', 'SAR', 'SEK', 'SGD', 'UAH',
] as const;
export type Currency = (typeof SUPPORTED_CURRENCIES)[number];
export const CurrencySchema = v.picklist(SUPPORTED_CURRENCIES, 'Unknown currency');

export const SORT_OPTIONS = ['price-asc', 'price-desc', 'distance', 'name'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
export const SortSchema = v.picklist(SORT_OPTIONS, 'Unknown sort order');

/** A calendar date `yyyy-MM-dd` that exists. */
export const IsoDateSchema = v.pipe(
  v.string('A date is text like 2027-03-05'),
  v.isoDate('A date is written yyyy-MM-dd'),
  v.check((value) => {
    const [y, m, d] = value.split('-').map(Number);
    const date = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 0));
    return date.getUTCDate() === d;
  }, 'This date does not exist'),
);

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
  childAges: v.pipe(
    v.array(ChildAgeSchema),
    v.maxLength(SEARCH_LIMITS.maxChildrenPerRoom, `At most ${SEARCH_LIMITS.maxChildrenPerRoom} children per room`),
  ),
});
export type SearchRoom = v.InferOutput<typeof SearchRoomSchema>;

export const RoomsSchema = v.pipe(
  v.array(SearchRoomSchema),
  v.minLength(1, 'Search for at least one room'),
  v.maxLength(SEARCH_LIMITS.maxRooms, `At most ${SEARCH_LIMITS.maxRooms} rooms per search`),
);

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
  query: v.pipe(v.string(), v.trim(), v.minLength(1, 'Type a destination'), v.maxLength(100, 'The destination is too long')),
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
    location: v.pipe(v.string(), v.trim(), v.minLength(1, 'Choose a destination'), v.maxLength(100)),
    ...StayDatesEntries,
    rooms: RoomsSchema,
    promo: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(32, 'A promo code has at most 32 characters'))),
    business: v.optional(v.boolean(), false),
    payWithPoints: v.optional(v.boolean(), false),
    brands: v.optional(v.array(v.string()), []),
    features: v.optional(v.array(v.string()), []),
    sortBy: v.optional(SortSchema, 'price-asc'),
    minPrice: v.optional(v.pipe(v.number(), v.minValue(0))),
    maxPrice: v.optional(v.pipe(v.number(), v.minValue(0))),
    currency: v.optional(CurrencySchema, 'EUR'),
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
});
export type HotelResult = v.InferOutput<typeof HotelResultSchema>;

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
  }),
});
export type HotelSearchResponse = v.InferOutput<typeof HotelSearchResponseSchema>['data'];

// ---------- price calendar ----------

export const CalendarRequestSchema = v.pipe(
  v.object({
    /** A hotel code, or a city name for the whole city's cheapest night. */
    hotelCode: v.optional(v.string()),
    city: v.optional(v.string()),
    ...StayDatesEntries,
    adults: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(SEARCH_LIMITS.maxAdultsPerRoom)), 1),
    currency: v.optional(CurrencySchema, 'EUR'),
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
    hotelCode: v.string(),
    ...StayDatesEntries,
    rooms: RoomsSchema,
    promo: v.optional(v.string()),
    payWithPoints: v.optional(v.boolean(), false),
    currency: v.optional(CurrencySchema, 'EUR'),
    locale: v.optional(LocaleSchema, 'en'),
  }),
  v.forward(v.partialCheck([['startDate'], ['endDate']], departsAfterArrival, DEPARTURE_AFTER_ARRIVAL), ['endDate']),
);
export const RoomsResponseSchema = v.object({
  data: v.object({
    hotelCode: v.string(),
    hotelName: v.string(),
    nights: v.number(),
    currency: CurrencySchema,
    /** One entry per room of the search, in order: the room types that fit that room's guests. */
    rooms: v.array(v.object({ roomIndex: v.number(), offers: v.array(RoomOfferSchema) })),
  }),
});
export type RoomsResponse = v.InferOutput<typeof RoomsResponseSchema>['data'];
