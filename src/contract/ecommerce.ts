import * as v from 'valibot';
import { LocaleSchema } from './locales';
import { BoundedArraySchema, CountryCodeSchema, someField, TextSchema } from './primitives';
import { ADDON_PRICING_MODES, ChildAgeSchema, CurrencySchema, HotelCodeSchema, IsoDateSchema, PROMO_STATUSES, SEARCH_LIMITS } from './search';

/**
 * The booking journey's calls (spec section 7, "Commerce"), relative to BFF_PREFIX. Guests and members
 * both use them: a member's calls carry the bearer token, which ties the cart to the member; a guest's
 * cart is reached by its id alone (a random UUID, like a bearer secret). Prices are computed by the BFF
 * from the rate plans; the client never sends a price.
 */
export const ECOMMERCE_PATHS = {
  carts: '/ecommerce/cart',
  cart: (cartId: string) => `/ecommerce/cart/${cartId}`,
  paymentMethod: (cartId: string) => `/ecommerce/cart/${cartId}/payment-method`,
  creditCard: (cartId: string) => `/ecommerce/cart/${cartId}/credit-card`,
  pay: (cartId: string) => `/ecommerce/cart/${cartId}/pay`,
  stay: (cartId: string, stayId: string) => `/ecommerce/cart/${cartId}/stays/${stayId}`,
  roomStay: (cartId: string, stayId: string, roomStayId: string) => `/ecommerce/cart/${cartId}/stays/${stayId}/room-stays/${roomStayId}`,
  availableAddons: (cartId: string, stayId: string, roomStayId: string) => `/ecommerce/cart/${cartId}/stays/${stayId}/room-stays/${roomStayId}/available-addons-and-benefits`,
  vouchers: (cartId: string) => `/ecommerce/cart/${cartId}/vouchers`,
  /** POST: apply one of the member's own vouchers by id; DELETE: take a voucher off the cart. */
  voucher: (cartId: string, voucherId: string) => `/ecommerce/cart/${cartId}/vouchers/${voucherId}`,
  insuranceCalculate: (cartId: string, product: string) => `/ecommerce/cart/${cartId}/insurance/${product}/calculate`,
  insurance: (cartId: string, product: string) => `/ecommerce/cart/${cartId}/insurance/${product}`,
  customerRateFlags: '/ecommerce/rate/customer/flags',
  modifications: '/ecommerce/reservation-modification',
  modificationRoomStay: (modificationId: string, roomStayId: string) => `/ecommerce/reservation-modification/${modificationId}/room-stays/${roomStayId}`,
  modificationComplete: (modificationId: string) => `/ecommerce/reservation-modification/${modificationId}/complete`,
  order: (orderId: string) => `/ecommerce/order/${orderId}`,
  /** POST: a confirmation mail's link token (in the body) for an order access key. */
  orderAccess: '/ecommerce/order/access',
  /** POST: a reservation number and the guest's last name or email for an order access key. */
  orderLookup: '/ecommerce/order/lookup',
  cancelReservation: (orderId: string, reservationNumber: string) => `/ecommerce/order/${orderId}/reservation/${reservationNumber}/cancel`,
  /** Bookings made at a hotel in the last 24 hours (by hotel code). */
  recentOrdersCount: (hotelCode: string) => `/ecommerce/order/recent-orders-count/${hotelCode}`,
  applePaySession: '/ecommerce/payment/apple-pay-request-session',
  /** The payment provider's signed notifications (server to server). */
  paymentNotifications: '/ecommerce/payment/notifications',
  tracking: {
    conversion: '/ecommerce/track-conversion',
    initiateCheckout: '/ecommerce/initiate-checkout',
    rateSelected: '/ecommerce/rate-selected',
    roomSelected: '/ecommerce/room-selected',
  },
  creditCards: '/ecommerce/members/credit-cards',
  merchant: '/ecommerce/members/credit-cards/merchant',
  creditCardItem: (cardId: string) => `/ecommerce/members/credit-cards/${cardId}`,
  creditCardCvv: (cardId: string) => `/ecommerce/members/credit-cards/${cardId}/cvv`,
} as const;

/** Constants of the booking journey (spec sections 3 and 9, and our own rules). */
export const ECOMMERCE_LIMITS = {
  /** Rooms taken at payment are held this long for a payment that needs the guest (3-D Secure, PayPal...). */
  holdMinutes: 15,
  /** An open cart without activity expires after this long; its prices are recomputed on every read. */
  cartLifetimeHours: 24,
  /** Points the green option adds (spec section 9). */
  greenOptionPoints: 500,
  maxAddonQuantity: 10,
} as const;

export const UuidSchema = v.pipe(v.string(), v.uuid('Not a valid id'));

export const GUARANTEE_KINDS = ['hold', 'guarantee', 'deposit'] as const;
export type GuaranteeKind = (typeof GUARANTEE_KINDS)[number];

export const PAYMENT_METHODS = ['card', 'paypal', 'apple_pay', 'ideal', 'points'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PaymentMethodSchema = v.picklist(PAYMENT_METHODS, 'Unknown payment method');

export const VOUCHER_CATEGORIES = ['Voucher', 'Bonus', 'Other'] as const;

export const INSURANCE_PRODUCTS = ['cancellation'] as const;
export const InsuranceProductSchema = v.picklist(INSURANCE_PRODUCTS, 'Unknown insurance');

// ---------- the cart (spec section 3: Cart, Stay, Room stay) ----------

/** The longest text each traveller and company field takes; the check-out page says them in its errors. */
export const TRAVELLER_TEXT_LIMITS = { name: 80, email: 254, address_line: 120, postal_code: 16, vat_id: 20, special_requests: 500 } as const;

const NameSchema = TextSchema({ max: TRAVELLER_TEXT_LIMITS.name, required: 'Required' });

export const CompanyAddressSchema = v.object({
  name: NameSchema,
  address_line: TextSchema({ max: TRAVELLER_TEXT_LIMITS.address_line, required: 'Required' }),
  postal_code: TextSchema({ max: TRAVELLER_TEXT_LIMITS.postal_code, required: 'Required' }),
  city: NameSchema,
  country_code: CountryCodeSchema,
  vat_id: v.optional(v.nullable(TextSchema({ max: TRAVELLER_TEXT_LIMITS.vat_id }))),
});
export type CompanyAddress = v.InferOutput<typeof CompanyAddressSchema>;

export const TravellerSchema = v.object({
  salutation: v.optional(v.nullable(v.picklist(['mr', 'ms', 'mx']))),
  first_name: NameSchema,
  last_name: NameSchema,
  email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email('Not an email address'), v.maxLength(TRAVELLER_TEXT_LIMITS.email)),
  phone: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.regex(/^\+?[0-9 ()-]{6,20}$/, 'Not a phone number')))),
  country_code: v.optional(v.nullable(CountryCodeSchema)),
  /** Business bookings: the company the invoice goes to (spec anchor #payment-legal-address-company). */
  company: v.optional(v.nullable(CompanyAddressSchema)),
  special_requests: v.optional(v.nullable(TextSchema({ max: TRAVELLER_TEXT_LIMITS.special_requests }))),
});
export type Traveller = v.InferOutput<typeof TravellerSchema>;

const MoneyAmount = v.number();

export const CartAddonSchema = v.object({ addon_code: v.string(), name: v.string(), pricing: v.picklist(ADDON_PRICING_MODES), quantity: v.number(), price: MoneyAmount });

export const ReservationInfoSchema = v.object({
  rate_name: v.string(),
  guarantee_policy_code: v.string(),
  guarantee_type: v.picklist(GUARANTEE_KINDS),
  cancellation_policy_code: v.string(),
  /** The last moment (ISO date-time, UTC) to cancel free of charge; null: not refundable. */
  free_cancellation_until: v.nullable(v.string()),
  breakfast_included: v.boolean(),
  is_member_rate: v.boolean(),
});
export type ReservationInfo = v.InferOutput<typeof ReservationInfoSchema>;

export const RoomStaySchema = v.object({
  room_stay_id: v.string(),
  room_type_code: v.string(),
  room_type_name: v.string(),
  rate_code: v.string(),
  /** Present when the rate is the member's company rate (src/contract/corporate.ts): the company's name. */
  company: v.optional(v.object({ name: v.string() })),
  adults_count: v.number(),
  child_ages: v.array(v.number()),
  /** Room price of the stay without tax, with tax, and the city tax (paid at the hotel), in the cart's currency. */
  price: MoneyAmount,
  price_with_tax: MoneyAmount,
  city_tax: MoneyAmount,
  /** Points that pay for this room instead of money (0: not payable with points). */
  points_price: v.number(),
  reservation_number: v.nullable(v.string()),
  addons: v.array(CartAddonSchema),
  unclaimed_benefits: v.array(v.object({ code: v.string(), name: v.string(), points: v.number() })),
  receive_points_for_green_option: v.boolean(),
  traveller: v.nullable(TravellerSchema),
  reservation_info: ReservationInfoSchema,
});
export type RoomStay = v.InferOutput<typeof RoomStaySchema>;

export const StaySchema = v.object({
  stay_id: v.string(),
  hotel_code: v.string(),
  hotel_name: v.string(),
  check_in_date: v.string(),
  check_out_date: v.string(),
  night_count: v.number(),
  room_stays: v.array(RoomStaySchema),
});
export type Stay = v.InferOutput<typeof StaySchema>;

export const CART_STATUSES = ['open', 'payment_pending', 'ordered', 'expired'] as const;
export type CartStatus = (typeof CART_STATUSES)[number];

export const CartSchema = v.object({
  cart_id: v.string(),
  /** Set once the cart was paid. */
  order_id: v.nullable(v.string()),
  status: v.picklist(CART_STATUSES),
  currency: v.string(),
  /** Tax included in the room and add-on prices. */
  price_tax: MoneyAmount,
  promo_code: v.nullable(v.string()),
  promo_status: v.nullable(v.picklist(PROMO_STATUSES)),
  business: v.boolean(),
  customer: v.object({ email: v.nullable(v.string()), sso_guid: v.nullable(v.string()) }),
  payment_method: v.nullable(v.picklist(PAYMENT_METHODS)),
  /** The card set on the cart: a saved card's id, or our own reference of a card entered for this cart (never the provider's token). */
  credit_card_id: v.nullable(v.string()),
  /** What may be shown of that card (absent on carts paid before it was kept); `cvv_required`: a saved card chosen again, paid only with its security code entered anew. */
  card: v.optional(v.nullable(v.object({ brand: v.string(), last4: v.string(), expiry_month: v.number(), expiry_year: v.number(), cvv_required: v.boolean() }))),
  payments: v.array(v.object({ captured_at: v.nullable(v.string()), payment_method: v.picklist(PAYMENT_METHODS), amount: MoneyAmount, points: v.number(), status: v.string() })),
  vouchers: v.array(v.object({ voucher_id: v.string(), code: v.string(), category: v.picklist(VOUCHER_CATEGORIES), amount: MoneyAmount })),
  insurance: v.nullable(v.object({ product: v.picklist(INSURANCE_PRODUCTS), price: MoneyAmount })),
  /** Everything the booking costs in money, tax and add-ons and insurance included, vouchers taken off; city tax apart. */
  amount_to_pay_total: MoneyAmount,
  /** Charged at payment (deposit rates, add-ons and insurance); the rest is due at the hotel or held on the card. */
  amount_to_pay_now: MoneyAmount,
  amount_at_hotel: MoneyAmount,
  city_tax_total: MoneyAmount,
  /** Paying with points: the points the rooms cost (0 when a room cannot be paid with points). */
  points_to_pay_total: v.number(),
  /** Points the stay earns (member rates), the green option included. */
  points_earned: v.number(),
  /** While a payment waits for the guest (3-D Secure, PayPal...): until when the rooms are held. */
  hold_expires_at: v.nullable(v.string()),
  /** Why the last payment did not go through; the cart stays as it was, ready to pay again. */
  last_decline_reason: v.nullable(v.picklist(['declined', 'insufficient_funds', 'expired_card', 'authentication_failed', 'cancelled', 'insufficient_points'])),
  stays: v.array(StaySchema),
});
export type Cart = v.InferOutput<typeof CartSchema>;
export const CartResponseSchema = v.object({ data: CartSchema });

// ---------- requests ----------

export const CartRoomRequestSchema = v.object({
  room_type_code: TextSchema({ max: 20, required: 'Required' }),
  rate_code: TextSchema({ max: 20, required: 'Required' }),
  adults_count: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(SEARCH_LIMITS.maxAdultsPerRoom)),
  child_ages: BoundedArraySchema(ChildAgeSchema, SEARCH_LIMITS.maxChildrenPerRoom),
});

export const CreateCartRequestSchema = v.object({
  hotel_code: HotelCodeSchema,
  check_in_date: IsoDateSchema,
  check_out_date: IsoDateSchema,
  room_stays: v.pipe(BoundedArraySchema(CartRoomRequestSchema, SEARCH_LIMITS.maxRooms), v.minLength(1, 'At least one room')),
  currency: v.optional(CurrencySchema),
  promo_code: v.optional(v.nullable(TextSchema({ max: 32 }))),
  business: v.optional(v.boolean()),
  pay_with_points: v.optional(v.boolean()),
  locale: LocaleSchema,
});
export type CreateCartRequest = v.InferInput<typeof CreateCartRequestSchema>;

export const UpdateCartRequestSchema = v.pipe(
  v.object({
    promo_code: v.optional(v.nullable(TextSchema({ max: 32 }))),
    currency: v.optional(CurrencySchema),
    business: v.optional(v.boolean()),
    locale: v.optional(LocaleSchema),
  }),
  someField(),
);

export const UpdateStayRequestSchema = v.object({ check_in_date: IsoDateSchema, check_out_date: IsoDateSchema });

export const UpdateRoomStayRequestSchema = v.pipe(
  v.object({
    traveller: v.optional(TravellerSchema),
    /** The add-ons wanted for this room (replaces the list); quantities for per-stay and per-person modes. */
    addons: v.optional(
      BoundedArraySchema(
        v.object({
          addon_code: TextSchema({ max: 32, required: 'Required' }),
          quantity: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(ECOMMERCE_LIMITS.maxAddonQuantity))),
        }),
        50,
      ),
    ),
    receive_points_for_green_option: v.optional(v.boolean()),
  }),
  someField(),
);
export type UpdateRoomStayRequest = v.InferInput<typeof UpdateRoomStayRequestSchema>;

export const AvailableAddonsResponseSchema = v.object({
  data: v.object({
    addons: v.array(v.object({ code: v.string(), name: v.string(), pricing: v.picklist(ADDON_PRICING_MODES), unit_price: MoneyAmount, price: MoneyAmount, selected: v.boolean() })),
    benefits: v.array(v.object({ code: v.string(), name: v.string(), points: v.number() })),
  }),
});
export type AvailableAddons = v.InferOutput<typeof AvailableAddonsResponseSchema>['data'];

export const ApplyVoucherRequestSchema = v.object({ code: TextSchema({ max: 32, required: 'Required' }) });

export const InsuranceQuoteResponseSchema = v.object({ data: v.object({ product: v.picklist(INSURANCE_PRODUCTS), price: MoneyAmount, currency: v.string() }) });

export const SetPaymentMethodRequestSchema = v.object({ payment_method: PaymentMethodSchema });
/** A saved card's id, or the token of a card just entered in the provider's hosted form. */
export const SetCreditCardRequestSchema = v.object({ credit_card_id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)), save: v.optional(v.boolean()) });

export const BrowserInfoSchema = v.object({
  user_agent: v.optional(TextSchema({ max: 500 })),
  language: v.optional(TextSchema({ max: 35 })),
  screen_width: v.optional(v.number()),
  screen_height: v.optional(v.number()),
  time_zone_offset: v.optional(v.number()),
});

/** Pay; send an `Idempotency-Key` header (a UUID per attempt): a retry with the same key gets the first answer. */
export const PayRequestSchema = v.object({
  payment_instrument_id: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(100)))),
  browser_info: v.optional(BrowserInfoSchema),
  locale: LocaleSchema,
  apple_pay_token: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(4000)))),
  /** Where the provider sends the guest back after a challenge or redirect (must be on this site). */
  return_url: v.optional(TextSchema({ max: 2000 })),
});
export type PayRequest = v.InferInput<typeof PayRequestSchema>;

export const DECLINE_REASONS = ['declined', 'insufficient_funds', 'expired_card', 'authentication_failed', 'cancelled', 'insufficient_points'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

export const PayResultSchema = v.variant('status', [
  /** `access_key` (a guest's cart): the order's access key, to send in ORDER_ACCESS_HEADER. */
  v.object({ status: v.literal('succeeded'), order_id: v.string(), access_key: v.optional(v.string()) }),
  /** The guest must act at the provider: a 3-D Secure challenge or a PayPal, iDEAL or Apple Pay approval. */
  v.object({ status: v.literal('action_required'), redirect_url: v.string(), hold_expires_at: v.string(), access_key: v.optional(v.string()) }),
  v.object({ status: v.literal('declined'), reason: v.picklist(DECLINE_REASONS) }),
]);
export type PayResult = v.InferOutput<typeof PayResultSchema>;
export const PayResponseSchema = v.object({ data: PayResultSchema });

// The booking journey's error codes live apart (ecommerce-errors.ts): every page's error handling reads them.
export { ECOMMERCE_ERROR_CODES } from './ecommerce-errors';
export type { EcommerceErrorCode } from './ecommerce-errors';

// ---------- orders ----------

/**
 * A guest's order is reached with an order access key (decision record 0024), sent in this header and
 * never in an address: from the pay answer, the confirmation mail's link token, or the booking lookup.
 * A member's own orders need only the bearer token.
 */
export const ORDER_ACCESS_HEADER = 'X-Order-Access';
/** The query of the confirmation mail's link: the order and the link token the page exchanges (and removes). */
export const ORDER_LINK_PARAMS = { orderId: 'order_id', token: 'token' } as const;

export const OrderAccessRequestSchema = v.object({ token: v.pipe(v.string(), v.minLength(1), v.maxLength(300)) });
/** As typed or pasted: spaces anywhere (a number read out in groups) and letter case do not matter. */
const ReservationNumberSchema = v.pipe(
  v.string(),
  v.maxLength(80),
  v.transform((text) => text.replace(/\s+/g, '')),
  v.toUpperCase(),
  v.regex(/^[A-Z0-9-]{1,40}$/, 'Not a reservation number'),
);
/** The reservation number with the last name of its traveller or the booking's email. */
export const OrderLookupRequestSchema = v.union([
  v.object({ reservation_number: ReservationNumberSchema, last_name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(80)) }),
  v.object({ reservation_number: ReservationNumberSchema, email: v.pipe(v.string(), v.trim(), v.minLength(3), v.maxLength(254)) }),
]);
export type OrderLookupRequest = v.InferInput<typeof OrderLookupRequestSchema>;
export const OrderAccessResponseSchema = v.object({ data: v.object({ order_id: v.string(), access_key: v.string() }) });

export const RESERVATION_STATUSES = ['confirmed', 'cancelled'] as const;
/** The booking as a whole: every room confirmed, some cancelled, or all cancelled. */
export const ORDER_STATUSES = ['confirmed', 'partly_cancelled', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What a guest needs to find and reach the hotel: its address, phone, arrival and departure times, a map link. */
export const OrderHotelSchema = v.object({
  hotel_code: v.string(),
  name: v.string(),
  street: v.string(),
  postal_code: v.string(),
  city: v.string(),
  country_code: v.string(),
  country: v.string(),
  /** Null while the hotel has no number on record. */
  phone: v.nullable(v.string()),
  latitude: v.number(),
  longitude: v.number(),
  /** Local times (HH:mm) in the hotel's time zone: rooms are ready from, and to be left by. */
  check_in_from: v.string(),
  check_out_until: v.string(),
  time_zone: v.string(),
  /** A plain link to the hotel on a public map (no map script on our pages). */
  map_url: v.string(),
});
export type OrderHotel = v.InferOutput<typeof OrderHotelSchema>;

export const OrderSchema = v.object({
  order_id: v.string(),
  cart_id: v.string(),
  created_at: v.string(),
  currency: v.string(),
  customer: v.object({ email: v.string(), sso_guid: v.nullable(v.string()) }),
  payment_method: v.picklist(PAYMENT_METHODS),
  /** Charged at booking, in money and in points. */
  amount_paid: MoneyAmount,
  points_paid: v.number(),
  amount_at_hotel: MoneyAmount,
  amount_to_pay_total: MoneyAmount,
  city_tax_total: MoneyAmount,
  amount_refunded: MoneyAmount,
  points_earned: v.number(),
  /** The earned points are not on the member's balance yet: they are credited after check-out. */
  points_pending: v.optional(v.boolean()),
  /**
   * The totals above follow every change: a cancelled room's price, add-ons and city tax leave the total,
   * what is due at the hotel and the city tax; what was refunded shows in `amount_refunded`.
   */
  status: v.picklist(ORDER_STATUSES),
  /** The cancellation insurance bought with the booking (not refunded when a room is cancelled). */
  insurance: v.nullable(v.object({ product: v.picklist(INSURANCE_PRODUCTS), price: MoneyAmount })),
  /** What vouchers took off the booking, in the order's currency. */
  voucher_discount: MoneyAmount,
  hotel: v.nullable(OrderHotelSchema),
  stays: v.array(
    v.object({
      ...StaySchema.entries,
      room_stays: v.array(
        v.object({ ...RoomStaySchema.entries, reservation_number: v.string(), status: v.picklist(RESERVATION_STATUSES), cancellable: v.boolean(), modifiable: v.boolean() }),
      ),
    }),
  ),
});
export type Order = v.InferOutput<typeof OrderSchema>;
export const OrderResponseSchema = v.object({ data: OrderSchema });

export const RecentOrdersCountResponseSchema = v.object({ data: v.object({ count: v.number() }) });

export const CustomerRateFlagsResponseSchema = v.object({
  data: v.object({ member_rates: v.boolean(), pay_with_points: v.boolean(), points_balance: v.number(), saved_cards: v.boolean() }),
});

// ---------- reservation modification ----------

export const StartModificationRequestSchema = v.object({ order_id: UuidSchema, reservation_number: TextSchema({ max: 40, required: 'Required' }) });
/** An edit with no field prices the proposal again as it stands (the rooms may have gone meanwhile). */
export const EditModificationRequestSchema = v.object({
  check_in_date: v.optional(IsoDateSchema),
  check_out_date: v.optional(IsoDateSchema),
  room_type_code: v.optional(TextSchema({ max: 20, required: 'Required' })),
  rate_code: v.optional(TextSchema({ max: 20, required: 'Required' })),
  adults_count: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(SEARCH_LIMITS.maxAdultsPerRoom))),
  child_ages: v.optional(BoundedArraySchema(ChildAgeSchema, SEARCH_LIMITS.maxChildrenPerRoom)),
  traveller: v.optional(TravellerSchema),
});
export type EditModificationRequest = v.InferInput<typeof EditModificationRequestSchema>;

/** A room's stay as it was and as a change proposes it. */
const ModifiedStaySchema = v.object({
  check_in_date: v.string(),
  check_out_date: v.string(),
  room_type_code: v.string(),
  rate_code: v.string(),
  adults_count: v.number(),
  child_ages: v.array(v.number()),
  price_with_tax: MoneyAmount,
});

export const ModificationSchema = v.object({
  modification_id: v.string(),
  order_id: v.string(),
  reservation_number: v.string(),
  room_stay_id: v.string(),
  status: v.picklist(['open', 'completed']),
  currency: v.string(),
  original: ModifiedStaySchema,
  proposed: v.object({ ...ModifiedStaySchema.entries, traveller: v.nullable(TravellerSchema) }),
  /** Whether the proposed stay can be booked (rooms free, rate applies). */
  available: v.boolean(),
  /** proposed - original; positive is charged on completion (deposit rates) or due at the hotel. */
  price_difference: MoneyAmount,
  /**
   * The room types and rates that could be chosen for the proposed dates and guests (free on every
   * night, rate applicable, member rates only for members), each priced for the whole stay.
   */
  options: v.optional(
    v.array(
      v.object({
        room_type_code: v.string(),
        room_type_name: v.string(),
        rates: v.array(v.object({ rate_code: v.string(), rate_name: v.string(), is_member_rate: v.boolean(), price_with_tax: MoneyAmount })),
      }),
    ),
  ),
});
export type Modification = v.InferOutput<typeof ModificationSchema>;
export const ModificationResponseSchema = v.object({ data: ModificationSchema });

// ---------- payments and saved cards ----------

export const ApplePaySessionRequestSchema = v.object({
  validation_url: v.pipe(TextSchema({ max: 2000 }), v.url('Not a URL')),
  domain: v.pipe(TextSchema({ max: 253 }), v.regex(/^[a-z0-9.-]+$/i, 'Not a domain name')),
});
export const ApplePaySessionResponseSchema = v.object({ data: v.object({ merchant_session: v.record(v.string(), v.unknown()) }) });

export const SavedCardSchema = v.object({
  id: v.string(),
  brand: v.string(),
  last4: v.string(),
  expiry_month: v.number(),
  expiry_year: v.number(),
  holder_name: v.nullable(v.string()),
});
export type SavedCard = v.InferOutput<typeof SavedCardSchema>;
export const SavedCardsResponseSchema = v.object({ data: v.array(SavedCardSchema) });
export const SavedCardResponseSchema = v.object({ data: SavedCardSchema });
/** The provider's hosted card form: where the browser enters card data (never our pages or server). */
export const MerchantResponseSchema = v.object({
  data: v.object({
    provider: v.string(),
    hosted_form_url: v.string(),
    origin: v.string(),
    /** The provider's hosted field for a saved card's security code (answers with HostedCvvMessageSchema). */
    hosted_cvv_url: v.optional(v.string()),
  }),
});
export const AddSavedCardRequestSchema = v.object({ token: v.pipe(v.string(), v.minLength(1), v.maxLength(100)), holder_name: v.optional(v.nullable(NameSchema)) });
export const UpdateSavedCardRequestSchema = v.pipe(
  v.object({
    holder_name: v.optional(v.nullable(NameSchema)),
    expiry_month: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12))),
    expiry_year: v.optional(v.pipe(v.number(), v.integer(), v.minValue(2000), v.maxValue(2100))),
  }),
  someField(),
);
/** The CVV goes to the provider's hosted field; we get a one-time token for it. */
export const SetCvvRequestSchema = v.object({ cvv_token: v.pipe(v.string(), v.minLength(1), v.maxLength(100)) });

/** What the hosted card form posts to the page that embeds it (window.postMessage, provider origin only). */
export const HostedCardMessageSchema = v.object({
  type: v.literal('psp.card.tokenized'),
  token: v.string(),
  brand: v.string(),
  last4: v.string(),
  expiry_month: v.number(),
  expiry_year: v.number(),
});
export type HostedCardMessage = v.InferOutput<typeof HostedCardMessageSchema>;

/** What the hosted CVV field (a saved card's security code) posts to the page that embeds it; the token is single use. */
export const HostedCvvMessageSchema = v.object({ type: v.literal('psp.cvv.tokenized'), cvv_token: v.string() });
export type HostedCvvMessage = v.InferOutput<typeof HostedCvvMessageSchema>;

export const TrackingRequestSchema = v.object({ cart_id: v.optional(TextSchema({ max: 64 })), order_id: v.optional(TextSchema({ max: 64 })) });
export const OkResponseSchema = v.object({ data: v.object({ ok: v.literal(true) }) });

// ---------- the query of the booking pages (spec section 2) ----------

// The booking pages' queries live in their own module, light enough for the first page load.
export * from './booking-pages';
