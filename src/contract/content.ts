import * as v from 'valibot';
import { LocaleSchema } from './locales';
import { ThemeIdSchema } from './themes';

/** Path prefix of every BFF route (spec section 9). */
export const BFF_PREFIX = '/bff';

/** Content routes, relative to BFF_PREFIX. */
export const CONTENT_PATHS = {
  brands: '/content/brands',
  brand: '/content/brands/:brandCode',
  hotel: '/content/hotel/:hotelCode',
  hotelsForDropdown: '/content/hotels-for-dropdown',
  destinations: '/content/destinations',
  hotelImage: '/content/hotel-images/:hotelCode/:imageFile',
  roomImage: '/content/room-images/:hotelCode/:roomImageFile',
  serviceMessages: '/content/service-messages',
  targetedMessages: '/content/targeted-messages',
} as const;

export const HEALTH_PATH = '/health';

/** `?locale=xx`; absent means the default locale. */
export const LocaleQuerySchema = v.object({ locale: v.optional(LocaleSchema, 'en') });

export const BrandCodeParamSchema = v.object({
  brandCode: v.pipe(v.string(), v.regex(/^[a-z0-9-]{2,32}$/, 'Unknown brand code format')),
});
export const HotelCodeParamSchema = v.object({
  hotelCode: v.pipe(v.string(), v.regex(/^[A-Z0-9]{3,8}$/, 'A hotel code is 3 to 8 capital letters or digits')),
});
export const HotelImageParamSchema = v.object({
  hotelCode: HotelCodeParamSchema.entries.hotelCode,
  imageFile: v.pipe(v.string(), v.regex(/^[0-9]{1,2}\.svg$/, 'An image file is a number followed by .svg')),
});

export const RoomImageParamSchema = v.object({
  hotelCode: HotelCodeParamSchema.entries.hotelCode,
  roomImageFile: v.pipe(v.string(), v.regex(/^[A-Z0-9]{2,8}\.svg$/, 'A room image file is a room type code followed by .svg')),
});

export const BrandSchema = v.object({
  code: v.string(),
  brandName: v.string(),
  theme: ThemeIdSchema,
  tagline: v.string(),
  description: v.string(),
  teaserLink: v.string(),
  hotelCount: v.number(),
});
export type Brand = v.InferOutput<typeof BrandSchema>;

export const ImageSchema = v.object({ url: v.string(), alt: v.string() });

export const AddressSchema = v.object({
  street: v.string(),
  postalCode: v.string(),
  city: v.string(),
  countryCode: v.string(),
  country: v.string(),
});

export const HotelSummarySchema = v.object({
  hotelCode: v.string(),
  hotelName: v.string(),
  brandCode: v.string(),
  city: v.string(),
  countryCode: v.string(),
  image: ImageSchema,
  openingDate: v.nullable(v.string()),
  useExternalBooking: v.boolean(),
});
export type HotelSummary = v.InferOutput<typeof HotelSummarySchema>;

export const HotelSchema = v.object({
  ...HotelSummarySchema.entries,
  description: v.string(),
  address: AddressSchema,
  geo: v.object({ latitude: v.number(), longitude: v.number() }),
  timeZone: v.string(),
  features: v.array(v.string()),
  images: v.array(ImageSchema),
  externalBookingUrl: v.nullable(v.string()),
  brand: v.object({ code: v.string(), brandName: v.string(), theme: ThemeIdSchema }),
});
export type Hotel = v.InferOutput<typeof HotelSchema>;

export const HotelOptionSchema = v.object({
  hotelCode: v.string(),
  hotelName: v.string(),
  city: v.string(),
  brandCode: v.string(),
});
export type HotelOption = v.InferOutput<typeof HotelOptionSchema>;

export const DestinationSchema = v.object({
  city: v.string(),
  country: v.string(),
  countryCode: v.string(),
  hotelCount: v.number(),
  image: ImageSchema,
});
export type Destination = v.InferOutput<typeof DestinationSchema>;

export const BrandListResponseSchema = v.object({ data: v.array(BrandSchema) });
export const BrandDetailResponseSchema = v.object({
  data: v.object({ ...BrandSchema.entries, hotels: v.array(HotelSummarySchema) }),
});
export type BrandDetail = v.InferOutput<typeof BrandDetailResponseSchema>['data'];
export const HotelResponseSchema = v.object({ data: HotelSchema });
export const HotelsForDropdownResponseSchema = v.object({ data: v.array(HotelOptionSchema) });
export const DestinationsResponseSchema = v.object({ data: v.array(DestinationSchema) });

export const HealthResponseSchema = v.object({
  status: v.picklist(['ok', 'degraded']),
  database: v.picklist(['ok', 'unavailable']),
  version: v.string(),
});
export type HealthResponse = v.InferOutput<typeof HealthResponseSchema>;

/** A CSS hex colour (`#rgb` or `#rrggbb`): content never carries other CSS into a style attribute. */
export const HexColourSchema = v.pipe(v.string(), v.regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, 'A colour is #rgb or #rrggbb'));

/**
 * A service message (spec section 3), shaped as the content system delivers it. `targetUrls` holds
 * whitespace-separated URL patterns (none: every page); `description` is HTML and is sanitised before it
 * is rendered.
 */
export const ServiceMessageSchema = v.object({
  id: v.number(),
  attributes: v.object({
    targetUrls: v.string(),
    isOpenedByDefault: v.boolean(),
    header: v.string(),
    description: v.string(),
    backgroundColor: HexColourSchema,
  }),
});
export type ServiceMessage = v.InferOutput<typeof ServiceMessageSchema>;
export const ServiceMessagesResponseSchema = v.object({ data: v.array(ServiceMessageSchema) });

/** When a targeted message is considered (spec section 4). onLeave is declared and has no effect. */
export const TARGETED_MESSAGE_TRIGGERS = ['onLoad', 'onLeave', 'onLogin', 'onInactivity', 'onScroll'] as const;
export type TargetedMessageTrigger = (typeof TARGETED_MESSAGE_TRIGGERS)[number];
export const TARGETED_MESSAGE_KINDS = ['notification', 'popup'] as const;
export type TargetedMessageKind = (typeof TARGETED_MESSAGE_KINDS)[number];

/** The visitor filters of a targeted message (spec section 3); each is `all` unless an editor narrows it. */
export const DEVICE_FILTERS = ['all', 'mobile', 'desktop'] as const;
export const MEMBER_TYPE_FILTERS = ['all', 'member', 'non-member'] as const;
export const MEMBER_ADDRESS_FILTERS = ['all', 'complete', 'incomplete'] as const;
export const MEMBER_PREFERENCES_FILTERS = ['all', 'selected', 'not-selected'] as const;
export const MEMBER_NOTIFICATIONS_FILTERS = ['all', 'subscribed', 'not-subscribed'] as const;

/**
 * A targeted message (spec section 3), shaped like the other content messages. Empty target lists place no
 * restriction; `countdownDate` is an ISO instant (set whenever `isCountdown` is); `body` is HTML and is
 * sanitised before it is rendered. Whether a page shows it is decided in the browser
 * (src/services/content/targeted-eligibility.ts).
 */
export const TargetedMessageSchema = v.object({
  id: v.number(),
  attributes: v.object({
    priority: v.number(),
    trigger: v.picklist(TARGETED_MESSAGE_TRIGGERS),
    kind: v.picklist(TARGETED_MESSAGE_KINDS),
    deviceType: v.picklist(DEVICE_FILTERS),
    memberType: v.picklist(MEMBER_TYPE_FILTERS),
    memberAddressStatus: v.picklist(MEMBER_ADDRESS_FILTERS),
    memberPreferencesStatus: v.picklist(MEMBER_PREFERENCES_FILTERS),
    memberNotificationsStatus: v.picklist(MEMBER_NOTIFICATIONS_FILTERS),
    isCountdown: v.boolean(),
    countdownDate: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
    excludedPages: v.array(v.string()),
    targets: v.object({ brands: v.array(v.string()), hotels: v.array(v.string()), urls: v.array(v.string()) }),
    header: v.string(),
    body: v.string(),
    ctaLabel: v.nullable(v.string()),
    ctaLink: v.nullable(v.string()),
    imageUrl: v.nullable(v.string()),
  }),
});
export type TargetedMessage = v.InferOutput<typeof TargetedMessageSchema>;
export const TargetedMessagesResponseSchema = v.object({ data: v.array(TargetedMessageSchema) });
