import * as v from 'valibot';
import { BrowserInfoSchema, UuidSchema } from './ecommerce';
import { HOTEL_CHECKOUT_ERROR_CODES } from './hotel-checkout-errors';
import { LocaleSchema } from './locales';
import { CountryCodeSchema, IsoDateSchema, TextSchema } from './primitives';

/**
 * The hotel checkout (spec sections 4 and 7, "Hotel checkout"; decision record 0055): an in-house guest
 * reads the folio of their stay, moves charges between the private and the business folio, gives the
 * invoice addresses, pays what is open and checks out; the invoices of both folios come as PDFs, to
 * download and by mail, and a member's stay points are credited at once.
 *
 * A checkout is reached with the stay's access key (sent in HOTEL_CHECKOUT_ACCESS_HEADER, never in an
 * address) or with the bearer token of the member who booked the stay; anyone else gets 404. The key comes
 * with the answer of POST hotel-checkout, which takes the link token of the room's QR code or a mail, the
 * reservation number with the guest's last name, or the reservation number alone with the member's bearer.
 *
 * Amounts in answers are in the stay's currency, rounded to 2 decimals (the BFF counts in minor units).
 */
export const HOTEL_CHECKOUT_PATHS = {
  /** POST: create (or resume) the checkout of a stay in house. */
  checkouts: '/ecommerce/hotel-checkout',
  /** GET: the checkout with the folio. */
  checkout: (checkoutId: string) => `/ecommerce/hotel-checkout/${checkoutId}`,
  moveTransaction: (checkoutId: string) => `/ecommerce/hotel-checkout/${checkoutId}/move-transaction`,
  /** POST: start the payment session of the open balances; PUT: refresh it after the folio changed. */
  session: (checkoutId: string) => `/ecommerce/hotel-checkout/${checkoutId}/session`,
  /** PUT: the private invoice's address. */
  address: (checkoutId: string) => `/ecommerce/hotel-checkout/${checkoutId}/profile/address`,
  /** PUT: the business invoice's company and address. */
  businessAddress: (checkoutId: string) => `/ecommerce/hotel-checkout/${checkoutId}/profile/business-address`,
  sessionPaymentMethod: (sessionId: string) => `/ecommerce/hotel-checkout/session/${sessionId}/payment-method`,
  /** POST with an Idempotency-Key header: a retry with the same key gets the first answer. */
  sessionPay: (sessionId: string) => `/ecommerce/hotel-checkout/session/${sessionId}/pay`,
  performCheckout: (checkoutId: string) => `/ecommerce/hotel-checkout/${checkoutId}/perform-checkout`,
  /** GET: the invoice of one folio as application/pdf (after check-out). */
  invoice: (checkoutId: string, folio: HotelFolioKind) => `/ecommerce/hotel-checkout/${checkoutId}/invoices/${folio}`,
} as const;

/** The stay's access key travels in this request header (the same key opens the stay's check-in). */
export const HOTEL_CHECKOUT_ACCESS_HEADER = 'X-Stay-Access';

/** The kind of the mail with both invoices attached, sent after check-out (development outbox label). */
export const HOTEL_INVOICE_MAIL_KIND = 'hotel_invoice';

/** The folios of a stay: what the guest pays themselves, and what their company pays. */
export const HOTEL_FOLIO_KINDS = ['private', 'business'] as const;
export type HotelFolioKind = (typeof HOTEL_FOLIO_KINDS)[number];
export const HotelFolioKindSchema = v.picklist(HOTEL_FOLIO_KINDS, 'Either private or business');

export const HOTEL_CHARGE_KINDS = ['room', 'city_tax', 'breakfast', 'minibar', 'restaurant', 'parking'] as const;
export type HotelChargeKind = (typeof HOTEL_CHARGE_KINDS)[number];

/**
 * `open`: something is left to pay (or the guest has not checked out a folio without balance yet);
 * `paying`: a payment waits for the guest at the provider (3-D Secure, PayPal, ...); `settled`: every
 * balance is zero, the guest may check out; `checked_out`: done, the invoices are made.
 */
export const HOTEL_CHECKOUT_STATUSES = ['open', 'paying', 'settled', 'checked_out'] as const;
export type HotelCheckoutStatus = (typeof HOTEL_CHECKOUT_STATUSES)[number];

/** How the open balance is paid online (points do not pay a folio). */
export const HOTEL_PAYMENT_METHODS = ['card', 'paypal', 'ideal', 'apple_pay'] as const;
export type HotelPaymentMethod = (typeof HOTEL_PAYMENT_METHODS)[number];
export const HotelPaymentMethodSchema = v.picklist(HOTEL_PAYMENT_METHODS, 'Unknown payment method');

/**
 * `open`: the session may be paid; `action_required`: a payment waits for the guest at the provider;
 * `paid`: the amounts were recorded at the hotel; `stale`: the folio changed since the session was made
 * (refresh it with PUT {id}/session before paying); `declined`: the last payment was declined (pay again).
 */
export const HOTEL_SESSION_STATES = ['open', 'action_required', 'paid', 'stale', 'declined'] as const;
export type HotelSessionState = (typeof HOTEL_SESSION_STATES)[number];

export const HOTEL_CHECKOUT_LIMITS = {
  /** How often POST hotel-checkout with a reservation number may be tried per 15 minutes, per address and per number. */
  lookupPerAddress: 20,
  lookupPerReservation: 5,
  /** The longest text of each invoice address field. */
  name: 80,
  addressLine: 120,
  postalCode: 16,
  vatId: 20,
} as const;

// The error codes live apart (hotel-checkout-errors.ts): the one error body of every route reads them.
export { HOTEL_CHECKOUT_ERROR_CODES } from './hotel-checkout-errors';
export type { HotelCheckoutErrorCode } from './hotel-checkout-errors';

// ---------- requests ----------

/** As typed or pasted: spaces anywhere and letter case do not matter. */
const ReservationNumberSchema = v.pipe(
  v.string(),
  v.maxLength(80),
  v.transform((text) => text.replace(/\s+/g, '')),
  v.toUpperCase(),
  v.regex(/^[A-Z0-9-]{1,40}$/, 'Not a reservation number'),
);

/**
 * Create or resume the checkout of a stay in house: the link token of the room's QR code (or a mail
 * link), the reservation number with the guest's last name, or the reservation number alone with the
 * bearer token of the member who booked it.
 */
export const CreateHotelCheckoutRequestSchema = v.union([
  v.object({ token: v.pipe(v.string(), v.minLength(1), v.maxLength(300)), locale: v.optional(LocaleSchema) }),
  /** Without `last_name`: only with the bearer token of the member who booked the stay. */
  v.object({
    reservation_number: ReservationNumberSchema,
    last_name: v.optional(TextSchema({ max: HOTEL_CHECKOUT_LIMITS.name, required: 'Required' })),
    /** The language of the invoices and their mail (default en; the pay request's locale also sets it). */
    locale: v.optional(LocaleSchema),
  }),
]);
export type CreateHotelCheckoutRequest = v.InferInput<typeof CreateHotelCheckoutRequestSchema>;

/** Move one charge to the other folio; `folio_version` is the version the page shows (409 folio_changed when stale). */
export const MoveTransactionRequestSchema = v.object({
  charge_id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  to: HotelFolioKindSchema,
  folio_version: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type MoveTransactionRequest = v.InferInput<typeof MoveTransactionRequestSchema>;

const AddressFields = {
  address_line: TextSchema({ max: HOTEL_CHECKOUT_LIMITS.addressLine, required: 'Required' }),
  postal_code: TextSchema({ max: HOTEL_CHECKOUT_LIMITS.postalCode, required: 'Required' }),
  city: TextSchema({ max: HOTEL_CHECKOUT_LIMITS.name, required: 'Required' }),
  country_code: CountryCodeSchema,
};

/** The private invoice's address: the guest's name as it should stand on the invoice, and where they live. */
export const InvoiceAddressSchema = v.object({ name: TextSchema({ max: HOTEL_CHECKOUT_LIMITS.name, required: 'Required' }), ...AddressFields });
export type InvoiceAddress = v.InferOutput<typeof InvoiceAddressSchema>;

/**
 * A VAT identification number as the EU writes them: two letters of the country (EL for Greece, XI for
 * Northern Ireland) and 2 to 13 letters or digits; spaces, dots and dashes as typed are dropped.
 */
export const VatIdSchema = v.pipe(
  v.string('Expected text'),
  v.maxLength(40, `At most ${HOTEL_CHECKOUT_LIMITS.vatId} characters`),
  v.transform((text) => text.replace(/[\s.-]/g, '').toUpperCase()),
  v.regex(/^[A-Z]{2}[0-9A-Z+*]{2,13}$/, 'Not a VAT number (e.g. DE123456789)'),
);

/** The business invoice's company: name, VAT number (optional) and address. */
export const BusinessAddressSchema = v.object({
  company_name: TextSchema({ max: HOTEL_CHECKOUT_LIMITS.name, required: 'Required' }),
  vat_id: v.optional(v.nullable(v.union([v.pipe(v.string(), v.trim(), v.length(0), v.transform(() => null)), VatIdSchema], 'Not a VAT number (e.g. DE123456789)'))),
  ...AddressFields,
});
export type BusinessAddress = v.InferOutput<typeof BusinessAddressSchema>;

export const SetHotelPaymentMethodRequestSchema = v.object({ payment_method: HotelPaymentMethodSchema });

/**
 * Pay the session; send an `Idempotency-Key` header (a UUID per attempt). `payment_instrument_id` is the
 * card token of the provider's hosted form (card payments); `redirect_url` is where the provider sends the
 * guest back after a challenge or approval (on this site).
 */
export const HotelPayRequestSchema = v.object({
  payment_instrument_id: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(100)))),
  browser_info: v.optional(BrowserInfoSchema),
  locale: LocaleSchema,
  redirect_url: v.optional(TextSchema({ max: 2000 })),
});
export type HotelPayRequest = v.InferInput<typeof HotelPayRequestSchema>;

// ---------- answers ----------

const Amount = v.number();

export const HotelStaySchema = v.object({
  reservation_number: v.string(),
  hotel_code: v.string(),
  hotel_name: v.string(),
  arrival_date: IsoDateSchema,
  departure_date: IsoDateSchema,
  room_number: v.nullable(v.string()),
  room_type_name: v.string(),
  guest: v.object({ first_name: v.string(), last_name: v.string() }),
  adults: v.number(),
  children: v.number(),
  currency: v.string(),
});
export type HotelStay = v.InferOutput<typeof HotelStaySchema>;

export const FolioChargeSchema = v.object({
  id: v.string(),
  folio: HotelFolioKindSchema,
  kind: v.picklist(HOTEL_CHARGE_KINDS),
  /** As the hotel's system names it. */
  description: v.string(),
  service_date: IsoDateSchema,
  amount: Amount,
});
export type FolioCharge = v.InferOutput<typeof FolioChargeSchema>;

export const FolioPaymentSchema = v.object({
  id: v.string(),
  folio: HotelFolioKindSchema,
  amount: Amount,
  /** card, paypal, ideal, apple_pay, prepaid (paid with the booking), points. */
  method: v.string(),
  /** ISO date-time. */
  paid_at: v.string(),
});
export type FolioPayment = v.InferOutput<typeof FolioPaymentSchema>;

const PerFolio = v.object({ private: Amount, business: Amount });

export const HotelFolioSchema = v.object({
  /** Grows with every change; send it with move-transaction. */
  version: v.number(),
  charges: v.array(FolioChargeSchema),
  payments: v.array(FolioPaymentSchema),
  /** Per folio: charges minus payments. */
  balances: PerFolio,
  totals: PerFolio,
});
export type HotelFolio = v.InferOutput<typeof HotelFolioSchema>;

export const HotelCheckoutSessionSchema = v.object({
  id: v.string(),
  state: v.picklist(HOTEL_SESSION_STATES),
  /** The folio version the amounts were computed from. */
  folio_version: v.number(),
  /** What this session pays on each folio. */
  amounts: PerFolio,
  total: Amount,
  currency: v.string(),
  payment_method: v.nullable(HotelPaymentMethodSchema),
});
export type HotelCheckoutSession = v.InferOutput<typeof HotelCheckoutSessionSchema>;

export const HotelInvoiceSchema = v.object({
  folio: HotelFolioKindSchema,
  invoice_number: v.string(),
  /** ISO date. */
  issued_on: IsoDateSchema,
  total: Amount,
});
export type HotelInvoice = v.InferOutput<typeof HotelInvoiceSchema>;

export const HotelCheckoutSchema = v.object({
  id: v.string(),
  status: v.picklist(HOTEL_CHECKOUT_STATUSES),
  stay: HotelStaySchema,
  folio: HotelFolioSchema,
  addresses: v.object({ private: v.nullable(InvoiceAddressSchema), business: v.nullable(BusinessAddressSchema) }),
  /** The newest payment session; null before one was started. */
  session: v.nullable(HotelCheckoutSessionSchema),
  /** A member's stay: the points it earns (`credited` once they are on the balance, at check-out); null for a guest's stay. */
  points: v.nullable(v.object({ points: v.number(), credited: v.boolean() })),
  /** Folios with charges: an invoice is made for each at check-out. */
  invoice_folios: v.array(HotelFolioKindSchema),
  /** After check-out: the invoices made (download each at HOTEL_CHECKOUT_PATHS.invoice). */
  invoices: v.array(HotelInvoiceSchema),
  /** Both balances are zero and, when the business folio has charges, its address is given. */
  can_check_out: v.boolean(),
});
export type HotelCheckout = v.InferOutput<typeof HotelCheckoutSchema>;

export const HotelCheckoutResponseSchema = v.object({ data: HotelCheckoutSchema });

/** POST hotel-checkout: the checkout and the stay's access key (send it in HOTEL_CHECKOUT_ACCESS_HEADER). */
export const CreateHotelCheckoutResponseSchema = v.object({ data: v.object({ checkout: HotelCheckoutSchema, access_key: v.string() }) });

export const HotelCheckoutSessionResponseSchema = v.object({ data: HotelCheckoutSessionSchema });

export const HOTEL_DECLINE_REASONS = ['declined', 'insufficient_funds', 'expired_card', 'authentication_failed', 'cancelled'] as const;
export type HotelDeclineReason = (typeof HOTEL_DECLINE_REASONS)[number];

/**
 * The pay answer: `succeeded` (the amounts are recorded at the hotel; the checkout as it is now),
 * `action_required` (send the guest to `redirect_url`; they come back to the pay request's redirect_url,
 * and the checkout then reads `paying` until the provider's answer arrived), `declined` (nothing was
 * taken; the folio stays open, pay again).
 */
export const HotelPayResultSchema = v.variant('status', [
  v.object({ status: v.literal('succeeded'), checkout: HotelCheckoutSchema }),
  v.object({ status: v.literal('action_required'), redirect_url: v.string() }),
  v.object({ status: v.literal('declined'), reason: v.picklist(HOTEL_DECLINE_REASONS) }),
]);
export type HotelPayResult = v.InferOutput<typeof HotelPayResultSchema>;
export const HotelPayResponseSchema = v.object({ data: HotelPayResultSchema });

/** A 409 about the folio: the error body with the checkout as it is now. */
export const HotelCheckoutConflictSchema = v.object({
  error: v.object({ code: v.picklist(HOTEL_CHECKOUT_ERROR_CODES), message: v.string() }),
  checkout: HotelCheckoutSchema,
});
export type HotelCheckoutConflict = v.InferOutput<typeof HotelCheckoutConflictSchema>;

export const HotelCheckoutParamsSchema = v.object({ checkoutId: UuidSchema });
export const HotelSessionParamsSchema = v.object({ sessionId: UuidSchema });
export const HotelInvoiceParamsSchema = v.object({ checkoutId: UuidSchema, folio: HotelFolioKindSchema });
