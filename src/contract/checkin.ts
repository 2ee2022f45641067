import * as v from 'valibot';
import { BrowserInfoSchema, DECLINE_REASONS, UuidSchema } from './ecommerce';
import { LocaleSchema } from './locales';
import { ageOn, isCountryCode } from './member-profile';
import { CountryCodeSchema, IsoDateSchema, TextSchema } from './primitives';

/**
 * Online check-in (spec sections 1, 2 and 7 "Commerce"; decision record 0054). A guest checks a stay in
 * before arriving: from the pre-arrival mail's signed link, from "manage my booking" (reservation number
 * and last name, or the order access key of the booking), or as the member who booked. The guest fills in
 * the registration form the hotel's country requires, chooses how to pay, and the BFF pre-authorises what
 * the stay will cost at the hotel; the answer is a registration confirmation with a code and a QR code for
 * the front desk, also by mail. The key is handed over at the desk: the stay is not checked in at the
 * hotel's system by this flow.
 *
 * A check-in is reached with the stay access key the start answers (sent in STAY_ACCESS_HEADER, never in
 * an address) or with the bearer token of the member who booked; anyone else gets 404. Paths are relative
 * to BFF_PREFIX.
 */
export const CHECKIN_PATHS = {
  /** POST: starts (or resumes) the online check-in of a stay; answers the check-in and a stay access key. */
  start: '/ecommerce/checkin',
  /** GET `?reservation_number=`: whether online check-in is open for a booking (bearer, X-Stay-Access or X-Order-Access). */
  availability: '/ecommerce/checkin/availability',
  checkin: (checkinId: string) => `/ecommerce/checkin/${checkinId}`,
  personalDetails: (checkinId: string) => `/ecommerce/checkin/${checkinId}/personal-details`,
  paymentMethod: (checkinId: string) => `/ecommerce/checkin/${checkinId}/payment-method`,
  /** POST with an `Idempotency-Key` header (a UUID per attempt): a retry with the same key gets the first answer. */
  pay: (checkinId: string) => `/ecommerce/checkin/${checkinId}/pay`,
} as const;

/**
 * The header that carries a stay access key (the same name as server/pms/stay-access.ts uses). The key
 * comes from the start answer; it names one stay and expires.
 */
export const CHECKIN_ACCESS_HEADER = 'X-Stay-Access';

/** The query of the pre-arrival mail's link (`/{locale}/checkin/personal-details?token=`): the stay link token the page exchanges. */
export const CHECKIN_LINK_PARAMS = { token: 'token' } as const;

/** Constants of online check-in. */
export const CHECKIN_LIMITS = {
  /**
   * Online check-in opens this many days before arrival (and the pre-arrival mail goes then); it stays open
   * until the arrival day ends, and only for a stay the hotel still expects.
   */
  preArrivalDays: 3,
  /** A guest who registers must be at least this old (in full years, on the hotel's today). */
  minimumAge: 18,
  /**
   * Held on the card per night for what the stay adds at the hotel (minibar, restaurant, parking), in euro
   * cents (converted to the stay's currency); released or captured at check-out.
   */
  incidentalsPerNightEurMinor: 5_000,
} as const;
export const PRE_ARRIVAL_DAYS = CHECKIN_LIMITS.preArrivalDays;

/** The longest text of each registration field. */
export const REGISTRATION_TEXT_LIMITS = { name: 80, street: 120, postal_code: 16, city: 80, company_name: 120, document_number: 20 } as const;

// ---------- what the hotel's country requires ----------

/** Every field of the registration form, in the order the form shows them. */
export const REGISTRATION_FIELDS = [
  'first_name',
  'last_name',
  'date_of_birth',
  'nationality',
  'street',
  'postal_code',
  'city',
  'country',
  'document_number',
  'arrival_time',
  'purpose',
  'company_name',
] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

/**
 * What a hotel's country requires of a guest who registers: `fields` of every guest, and
 * `foreign_guest_fields` in addition of a guest whose nationality is not the hotel's country. Every
 * country also asks for the arrival time and the purpose of the stay, and the company of a business stay
 * (added by requiredRegistrationFields).
 */
export interface CountryRequirements {
  fields: readonly RegistrationField[];
  foreign_guest_fields: readonly RegistrationField[];
}

const ADDRESS_FIELDS = ['street', 'postal_code', 'city', 'country'] as const satisfies readonly RegistrationField[];
/** The registration form of the German registration law (Bundesmeldegesetz § 30): name, birth date, nationality, home address; a travel document for foreigners. */
const REGISTRATION_FORM: CountryRequirements = {
  fields: ['first_name', 'last_name', 'date_of_birth', 'nationality', ...ADDRESS_FIELDS],
  foreign_guest_fields: ['document_number'],
};

/** Countries without a rule of their own: the guest's name and nationality. */
export const DEFAULT_REQUIREMENTS: CountryRequirements = { fields: ['first_name', 'last_name', 'nationality'], foreign_guest_fields: [] };

/**
 * Per hotel country (ISO 3166-1 alpha-2). Germany, Austria and Switzerland have hotel registration
 * forms with a travel document for foreign guests; Spain, the United Arab Emirates and Egypt register the
 * identity document of every guest. Countries not named here use DEFAULT_REQUIREMENTS.
 */
export const COUNTRY_REQUIREMENTS: Readonly<Record<string, CountryRequirements>> = {
  DE: REGISTRATION_FORM,
  AT: REGISTRATION_FORM,
  CH: REGISTRATION_FORM,
  ES: { fields: ['first_name', 'last_name', 'date_of_birth', 'nationality', ...ADDRESS_FIELDS, 'document_number'], foreign_guest_fields: [] },
  AE: { fields: ['first_name', 'last_name', 'date_of_birth', 'nationality', 'document_number'], foreign_guest_fields: [] },
  EG: { fields: ['first_name', 'last_name', 'date_of_birth', 'nationality', 'document_number'], foreign_guest_fields: [] },
};

export function requirementsOf(hotelCountry: string): CountryRequirements {
  return COUNTRY_REQUIREMENTS[hotelCountry.toUpperCase()] ?? DEFAULT_REQUIREMENTS;
}

/**
 * Every field a guest must fill in at a hotel in `hotelCountry`, in form order, given what they entered
 * so far: the travel document appears once the nationality is another country's (or not yet chosen, where
 * the country asks foreigners for one), the company once the purpose is business.
 */
export function requiredRegistrationFields(
  hotelCountry: string,
  entered: { nationality?: string | null | undefined; purpose?: StayPurpose | null | undefined },
): RegistrationField[] {
  const requirements = requirementsOf(hotelCountry);
  const foreign = !entered.nationality || entered.nationality.toUpperCase() !== hotelCountry.toUpperCase();
  const required = new Set<RegistrationField>([...requirements.fields, 'arrival_time', 'purpose']);
  if (foreign) for (const field of requirements.foreign_guest_fields) required.add(field);
  if (entered.purpose === 'business') required.add('company_name');
  return REGISTRATION_FIELDS.filter((field) => required.has(field));
}

// ---------- the registration form ----------

export const STAY_PURPOSES = ['business', 'leisure'] as const;
export type StayPurpose = (typeof STAY_PURPOSES)[number];

/** A time of day `HH:mm` (24 hours). */
export const TimeOfDaySchema = v.pipe(v.string('A time is text like 15:30'), v.trim(), v.regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'A time is written HH:mm'));

/** A passport or identity card number as printed: letters and digits, spaces and dashes dropped, in capitals. */
export const DocumentNumberSchema = v.pipe(
  TextSchema({ max: 40 }),
  v.transform((text) => text.replace(/[\s-]+/g, '').toUpperCase()),
  v.regex(/^[A-Z0-9]{5,20}$/, 'A document number has 5 to 20 letters and digits'),
);

const NationalitySchema = v.pipe(CountryCodeSchema, v.check(isCountryCode, 'Choose a country of the list'));
const optionalText = (max: number) => v.optional(v.nullable(TextSchema({ max })));

/**
 * PUT checkin/{id}/personal-details. Every field but the arrival time and the purpose is optional here:
 * what is required depends on the hotel's country and the nationality (requiredRegistrationFields), and
 * the BFF answers 400 with one issue per missing or wrong field (registrationIssues). Empty text counts as
 * missing.
 */
export const PersonalDetailsRequestSchema = v.object({
  first_name: optionalText(REGISTRATION_TEXT_LIMITS.name),
  last_name: optionalText(REGISTRATION_TEXT_LIMITS.name),
  date_of_birth: v.optional(v.nullable(IsoDateSchema)),
  nationality: v.optional(v.nullable(NationalitySchema)),
  street: optionalText(REGISTRATION_TEXT_LIMITS.street),
  postal_code: optionalText(REGISTRATION_TEXT_LIMITS.postal_code),
  city: optionalText(REGISTRATION_TEXT_LIMITS.city),
  country: v.optional(v.nullable(NationalitySchema)),
  document_number: v.optional(v.nullable(v.union([v.literal(''), DocumentNumberSchema], 'A document number has 5 to 20 letters and digits'))),
  arrival_time: TimeOfDaySchema,
  purpose: v.picklist(STAY_PURPOSES, 'Choose business or leisure'),
  company_name: optionalText(REGISTRATION_TEXT_LIMITS.company_name),
});
export type PersonalDetailsRequest = v.InferInput<typeof PersonalDetailsRequestSchema>;
export type PersonalDetailsInput = v.InferOutput<typeof PersonalDetailsRequestSchema>;

/** The registration as saved: every field the guest filled in (null when not asked for or left out). */
export const PersonalDetailsSchema = v.object({
  first_name: v.nullable(v.string()),
  last_name: v.nullable(v.string()),
  date_of_birth: v.nullable(v.string()),
  nationality: v.nullable(v.string()),
  street: v.nullable(v.string()),
  postal_code: v.nullable(v.string()),
  city: v.nullable(v.string()),
  country: v.nullable(v.string()),
  document_number: v.nullable(v.string()),
  arrival_time: v.string(),
  purpose: v.picklist(STAY_PURPOSES),
  company_name: v.nullable(v.string()),
});
export type PersonalDetails = v.InferOutput<typeof PersonalDetailsSchema>;

export interface RegistrationIssue {
  path: RegistrationField;
  message: string;
}

/**
 * What is wrong with a registration for a hotel in `hotelCountry` on the hotel's `today` (`yyyy-MM-dd`):
 * each required field that is missing, a date of birth in the future or of a guest under
 * CHECKIN_LIMITS.minimumAge. Empty when it can be saved. The form and the BFF use the same rules.
 */
export function registrationIssues(hotelCountry: string, details: PersonalDetailsInput, today: string): RegistrationIssue[] {
  const issues: RegistrationIssue[] = [];
  for (const field of requiredRegistrationFields(hotelCountry, details)) {
    const value = details[field];
    if (value === undefined || value === null || value === '') issues.push({ path: field, message: 'Required' });
  }
  const born = details.date_of_birth;
  if (born) {
    if (born > today) issues.push({ path: 'date_of_birth', message: 'A date of birth cannot be in the future' });
    else if (ageOn(born, today) < CHECKIN_LIMITS.minimumAge) issues.push({ path: 'date_of_birth', message: `The guest who registers must be at least ${CHECKIN_LIMITS.minimumAge}` });
  }
  return issues;
}

// ---------- starting a check-in ----------

/** As typed or pasted: spaces anywhere and letter case do not matter. */
export const CheckinReservationNumberSchema = v.pipe(
  v.string(),
  v.maxLength(80),
  v.transform((text) => text.replace(/\s+/g, '')),
  v.toUpperCase(),
  v.regex(/^[A-Z0-9-]{1,40}$/, 'Not a reservation number'),
);

/**
 * POST /ecommerce/checkin, one of:
 * - `{ token }`: the stay link token of the pre-arrival mail;
 * - `{ reservation_number, last_name }`: "manage my booking" (rate limited like the booking lookup);
 * - `{ reservation_number }` with the bearer token of the member who booked, or with the X-Order-Access
 *   key of the booking's order (the manage-booking page); anyone else's booking answers 404.
 */
export const StartCheckinRequestSchema = v.union([
  v.object({ token: v.pipe(v.string(), v.minLength(1), v.maxLength(300)) }),
  v.object({ reservation_number: CheckinReservationNumberSchema, last_name: v.pipe(TextSchema({ max: 80 }), v.minLength(1, 'Required')) }),
  v.object({ reservation_number: CheckinReservationNumberSchema }),
]);
export type StartCheckinRequest = v.InferInput<typeof StartCheckinRequestSchema>;

export const CheckinAvailabilityQuerySchema = v.object({ reservation_number: CheckinReservationNumberSchema });

// ---------- payment ----------

/** How the pre-authorisation may be made: the methods the payment provider can authorise without capturing. */
export const CHECKIN_PAYMENT_METHODS = ['card', 'paypal'] as const;
export type CheckinPaymentMethod = (typeof CHECKIN_PAYMENT_METHODS)[number];
export const SetCheckinPaymentMethodRequestSchema = v.object({ payment_method: v.picklist(CHECKIN_PAYMENT_METHODS, 'Unknown payment method') });

/**
 * POST checkin/{id}/pay with an `Idempotency-Key` header. `payment_instrument_id`: the token of the card
 * entered in the provider's hosted form (card payments). `redirect_url`: where the provider sends the
 * guest back after a 3-D Secure challenge or an approval page; it must be on this site.
 */
export const CheckinPayRequestSchema = v.object({
  payment_instrument_id: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(100)))),
  browser_info: v.optional(BrowserInfoSchema),
  locale: LocaleSchema,
  redirect_url: TextSchema({ max: 2000, required: 'Required' }),
});
export type CheckinPayRequest = v.InferInput<typeof CheckinPayRequestSchema>;

// ---------- answers ----------

export const CHECKIN_STATUSES = ['details_required', 'payment_required', 'completed'] as const;
export type CheckinStatus = (typeof CHECKIN_STATUSES)[number];

/** Whether a booking can be checked in online now (the availability answer and error codes say why not). */
export const CHECKIN_AVAILABILITY = ['open', 'not_open_yet', 'closed', 'cancelled', 'completed'] as const;
export type CheckinAvailabilityState = (typeof CHECKIN_AVAILABILITY)[number];

export const CheckinStaySchema = v.object({
  reservation_number: v.string(),
  hotel_code: v.string(),
  hotel_name: v.string(),
  /** The hotel's country (ISO 3166-1 alpha-2): the requirements are its country's. */
  hotel_country: v.string(),
  arrival_date: v.string(),
  departure_date: v.string(),
  nights: v.number(),
  room_type_name: v.string(),
  guest: v.object({ first_name: v.string(), last_name: v.string() }),
  adults: v.number(),
  children: v.number(),
  /** Local time (HH:mm) from which the room is ready. */
  check_in_from: v.string(),
});
export type CheckinStay = v.InferOutput<typeof CheckinStaySchema>;

export const CountryRequirementsSchema = v.object({
  country: v.string(),
  fields: v.array(v.picklist(REGISTRATION_FIELDS)),
  foreign_guest_fields: v.array(v.picklist(REGISTRATION_FIELDS)),
});

/** What the pre-authorisation holds on the card, in major units of `currency` (2 decimals). */
export const PreAuthorisationSchema = v.object({
  amount: v.number(),
  currency: v.string(),
  /** Room nights not paid with the booking. */
  room: v.number(),
  city_tax: v.number(),
  /** CHECKIN_LIMITS.incidentalsPerNightEurMinor for each night, in the stay's currency. */
  incidentals: v.number(),
});
export type PreAuthorisation = v.InferOutput<typeof PreAuthorisationSchema>;

/**
 * The registration confirmation. `qr_payload` is what the QR code holds: `HCI:` and the confirmation
 * code, which the front desk looks up (it grants nothing by itself). `qr_png` is that QR code as a
 * `data:image/png;base64,...` address, for the page and the mail.
 */
export const CheckinConfirmationSchema = v.object({
  code: v.string(),
  qr_payload: v.string(),
  qr_png: v.string(),
  completed_at: v.string(),
});

export const CheckinSchema = v.object({
  id: v.string(),
  status: v.picklist(CHECKIN_STATUSES),
  stay: CheckinStaySchema,
  requirements: CountryRequirementsSchema,
  details: v.nullable(PersonalDetailsSchema),
  payment_method: v.nullable(v.picklist(CHECKIN_PAYMENT_METHODS)),
  pre_authorisation: PreAuthorisationSchema,
  /** True while a pre-authorisation waits for the guest at the provider (3-D Secure, PayPal approval). */
  payment_pending: v.boolean(),
  /** Why the last pre-authorisation did not go through; the check-in stays open to try again. */
  last_decline_reason: v.nullable(v.picklist(DECLINE_REASONS)),
  confirmation: v.nullable(CheckinConfirmationSchema),
});
export type Checkin = v.InferOutput<typeof CheckinSchema>;
export const CheckinResponseSchema = v.object({ data: CheckinSchema });

/** The start's answer: the check-in and the stay access key to send in CHECKIN_ACCESS_HEADER from now on. */
export const StartCheckinResponseSchema = v.object({ data: v.object({ checkin: CheckinSchema, access_key: v.string() }) });

export const CheckinPayResultSchema = v.variant('status', [
  /** Authorised: the check-in is completed (the confirmation is in `checkin`). */
  v.object({ status: v.literal('completed'), checkin: CheckinSchema }),
  /** The guest must act at the provider; the provider sends them back to `redirect_url`, then GET the check-in. */
  v.object({ status: v.literal('action_required'), redirect_url: v.string() }),
  /** Declined: nothing is held; choose another card or method and pay again (with a new Idempotency-Key). */
  v.object({ status: v.literal('declined'), reason: v.picklist(DECLINE_REASONS) }),
]);
export type CheckinPayResult = v.InferOutput<typeof CheckinPayResultSchema>;
export const CheckinPayResponseSchema = v.object({ data: CheckinPayResultSchema });

export const CheckinAvailabilitySchema = v.object({
  reservation_number: v.string(),
  state: v.picklist(CHECKIN_AVAILABILITY),
  /** The first day online check-in is possible (arrival minus PRE_ARRIVAL_DAYS). */
  opens_on: v.string(),
  /** The check-in already started for this stay, if any. */
  checkin_id: v.nullable(v.string()),
});
export type CheckinAvailability = v.InferOutput<typeof CheckinAvailabilitySchema>;
export const CheckinAvailabilityResponseSchema = v.object({ data: CheckinAvailabilitySchema });

export const CheckinParamsSchema = v.object({ checkinId: UuidSchema });

// The check-in's error codes live apart (checkin-errors.ts), as the booking journey's do: the error body reads them.
export { CHECKIN_ERROR_CODES } from './checkin-errors';
export type { CheckinErrorCode } from './checkin-errors';
