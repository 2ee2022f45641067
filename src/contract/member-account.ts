import * as v from 'valibot';
import { LocaleSchema } from './locales';
import { IsoDateSchema, TextSchema } from './primitives';
import { HotelCodeSchema } from './search';

/**
 * The member's account beyond the profile (spec sections 3 "Favourite hotels" and 7 "Members"):
 * favourite hotels, the member's promo code, contact and content forms, and leaving the programme.
 * Paths are relative to BFF_PREFIX. Every route takes the bearer token except contact and content-form,
 * where it is optional (a visitor names themself; a member's name and email come from the profile).
 */
export const MEMBER_ACCOUNT_PATHS = {
  /** GET: the member's favourite hotel codes, newest first (the spec's "favourite ids"). */
  favourites: '/members/favorites',
  /** PUT adds (idempotent), DELETE removes one favourite hotel; both answer the list as it is then. */
  favourite: '/members/favorites/:hotelCode',
  /** POST { code }: a promo code that still applies becomes the member's. */
  redeemPromoCode: '/members/redeem-promo-code',
  /** GET the member's promo code (or null); PUT { code | null } sets or clears it. */
  promoCode: '/members/promo-code',
  contact: '/members/contact',
  contentForm: '/members/content-form',
  /** POST: mails a code to confirm with, and answers what leaving means for this member. */
  cancelMembership: '/members/cancel-membership',
  /** POST { code, locale }: the membership ends (personal data erased; bookings kept). */
  confirmMembershipCancellation: '/members/confirm-membership-cancellation',
} as const;

export const MEMBER_ACCOUNT_LIMITS = {
  /** Favourite hotels per member. */
  favourites: 200,
  contactSubjectMax: 200,
  contactMessageMax: 5_000,
  nameMax: 100,
  formIdMax: 64,
  formFieldsMax: 30,
  formFieldNameMax: 64,
  formFieldValueMax: 2_000,
} as const;

// ---------- favourites ----------

export const FavouriteParamSchema = v.object({ hotelCode: HotelCodeSchema });
/** The member's favourite hotel codes, the one added last first. */
export const FavouritesResponseSchema = v.object({ data: v.array(v.string()) });
export type Favourites = v.InferOutput<typeof FavouritesResponseSchema>['data'];

// ---------- promo codes ----------

const promoCode = v.pipe(
  TextSchema({ max: 32, required: 'Enter a promo code', tooLong: 'A promo code has at most 32 characters' }),
  v.toUpperCase(),
  v.regex(/^[A-Z0-9]{3,32}$/, 'A promo code is 3 to 32 letters or digits'),
);

export const RedeemPromoCodeRequestSchema = v.object({ code: promoCode });
export type RedeemPromoCodeRequest = v.InferInput<typeof RedeemPromoCodeRequestSchema>;
/** `code: null` clears the member's promo code. */
export const SetPromoCodeRequestSchema = v.object({ code: v.nullable(promoCode) });
export type SetPromoCodeRequest = v.InferInput<typeof SetPromoCodeRequestSchema>;

/** A promo code as the member holds it: what it takes off, for which nights, at which brands. */
export const MemberPromoCodeSchema = v.object({
  code: v.string(),
  percentOff: v.number(),
  /** The first and the last night it may be used for. */
  stayFrom: IsoDateSchema,
  stayUntil: IsoDateSchema,
  /** Brand codes it is limited to; empty: every brand. */
  brands: v.array(v.string()),
  /** False once its last night has passed: the web app then prefills nothing with it. */
  applies: v.boolean(),
});
export type MemberPromoCode = v.InferOutput<typeof MemberPromoCodeSchema>;
export const MemberPromoCodeResponseSchema = v.object({ data: v.nullable(MemberPromoCodeSchema) });

// ---------- contact and content forms ----------

const name = TextSchema({ max: MEMBER_ACCOUNT_LIMITS.nameMax, required: 'Enter your name' });
const email = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254), v.email('Enter a valid email address'));

/**
 * A message to the service team. `name` and `email` are a visitor's (required without a token); a
 * signed-in member's come from the profile and these are ignored.
 */
export const ContactRequestSchema = v.object({
  subject: TextSchema({ max: MEMBER_ACCOUNT_LIMITS.contactSubjectMax, required: 'Enter a subject' }),
  message: TextSchema({ max: MEMBER_ACCOUNT_LIMITS.contactMessageMax, required: 'Enter your message' }),
  reservationNumber: v.optional(
    v.pipe(
      TextSchema({ max: 40 }),
      v.regex(/^[A-Za-z0-9][A-Za-z0-9-]{3,39}$/, 'A reservation number is 4 to 40 letters, digits or dashes'),
      v.toUpperCase(),
    ),
  ),
  name: v.optional(name),
  email: v.optional(email),
  locale: v.optional(LocaleSchema),
});
export type ContactRequest = v.InferInput<typeof ContactRequestSchema>;

/** The fields of a content page's form: at most formFieldsMax, names and values bounded, checked before each field. */
const FormFieldsSchema = v.pipe(
  v.record(v.string(), v.unknown(), 'Fields are an object of texts'),
  v.check((fields) => Object.keys(fields).length <= MEMBER_ACCOUNT_LIMITS.formFieldsMax, `At most ${MEMBER_ACCOUNT_LIMITS.formFieldsMax} fields`),
  v.check((fields) => Object.keys(fields).length > 0, 'Fill in the form'),
  v.record(
    v.pipe(
      v.string(),
      v.regex(/^[A-Za-z0-9_.-]{1,64}$/, `A field name is 1 to ${MEMBER_ACCOUNT_LIMITS.formFieldNameMax} letters, digits, dots, dashes or underscores`),
    ),
    TextSchema({ max: MEMBER_ACCOUNT_LIMITS.formFieldValueMax }),
  ),
);

/** A content page's form (a group-booking request, an event enquiry...), named by the page. */
export const ContentFormRequestSchema = v.object({
  formId: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'A form id is 1 to 64 lower-case letters, digits or dashes')),
  fields: FormFieldsSchema,
  locale: v.optional(LocaleSchema),
});
export type ContentFormRequest = v.InferInput<typeof ContentFormRequestSchema>;

/** Contact and content forms: taken, with a reference the sender can quote. */
export const FormReceivedResponseSchema = v.object({ data: v.object({ accepted: v.literal(true), reference: v.string() }) });

// ---------- leaving ----------

/**
 * What leaving means for this member, answered when the code is mailed: the points that are lost, the
 * vouchers still valid (gift vouchers and stay vouchers, which expire), and the upcoming bookings, which
 * are kept and stay valid.
 */
export const CancellationSummarySchema = v.object({
  points: v.number(),
  vouchers: v.number(),
  upcomingBookings: v.number(),
  pointsLost: v.literal(true),
  bookingsKept: v.literal(true),
});
export type CancellationSummary = v.InferOutput<typeof CancellationSummarySchema>;
export const CancelMembershipResponseSchema = v.object({ data: v.object({ codeSent: v.literal(true), summary: CancellationSummarySchema }) });

export const ConfirmMembershipCancellationRequestSchema = v.object({
  code: v.pipe(v.string(), v.regex(/^[0-9]{6}$/, 'The code has 6 digits')),
  locale: LocaleSchema,
});
export type ConfirmMembershipCancellationRequest = v.InferInput<typeof ConfirmMembershipCancellationRequestSchema>;
/** The membership has ended; upcoming bookings stay valid (reachable as a guest's, by the booking mails). */
export const MembershipCancelledResponseSchema = v.object({
  data: v.object({ status: v.literal('cancelled'), upcomingBookingsKept: v.number() }),
});
