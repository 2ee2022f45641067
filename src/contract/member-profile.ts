import * as v from 'valibot';
import { MemberProfileSchema, SALUTATIONS, ValidateEmailRequestSchema } from './auth';
import { DEFAULT_LOCALE, LocaleSchema } from './locales';
import { CountryCodeSchema, IsoDateSchema, someField, TextSchema } from './primitives';

/**
 * Changes to the signed-in member's profile (spec section 7 "Members": profile updates, billing
 * addresses, countries, states, partners; decision record 0045). Birthday, name and email change only
 * with a one-time code mailed for that change; address, phone and language change at once. Every route
 * takes the member's bearer token and answers about that member only. Paths are relative to BFF_PREFIX.
 */
export const MEMBER_PROFILE_PATHS = {
  /** POST mails a code for a birthday change to the member's address (202 accepted). */
  birthdayCode: '/members/update-profile-birthday-otp',
  /** POST `{ birthday, code }`: the profile. */
  birthday: '/members/update-profile-birthday',
  nameCode: '/members/update-profile-name-otp',
  /** POST `{ salutation?, firstName, lastName, code }`: the profile. */
  name: '/members/update-profile-name',
  /**
   * POST `{ email }`: mails a code to the NEW address (202 accepted). The same answer whether or not the
   * address is free; a taken address gets a mail saying so instead of a code, so it can never be confirmed.
   */
  emailRequest: '/members/update-profile-email-request',
  /** POST mails the code again to the address asked for (202; 409 when no change was asked for). */
  emailCode: '/members/update-profile-email-otp',
  /**
   * POST `{ code }`: switches the address; the old one is told by mail, every other session of the member
   * ends. Answers the profile and a new session token (the old one names the old address).
   */
  email: '/members/update-profile-email',
  /** POST `{ street, postalCode, city, country, state? }`: the profile. */
  address: '/members/update-profile-address',
  /** POST `{ phone?, locale? }` (what changes without a code): the profile. */
  profile: '/members/update-profile',
  /** GET the member's billing addresses (oldest first); POST adds one (201). */
  billingAddresses: '/members/billing-addresses',
  /** PUT replaces, DELETE removes one (204); another member's id answers 404. */
  billingAddress: '/members/billing-addresses/:id',
  /** GET `?locale`: every country with its name in the locale, sorted by that name. */
  countries: '/members/countries',
  /** GET `?country`: the states of a country that has them (an empty list for one without). */
  states: '/members/states',
  /** GET `?locale`: the programme's partners. */
  partners: '/members/partners',
} as const;

export const billingAddressPath = (id: string) => `/members/billing-addresses/${encodeURIComponent(id)}`;

/** Constants of these routes. */
export const MEMBER_PROFILE_LIMITS = {
  /** A member must be at least this old (in full years, on today's date in Berlin). */
  minimumAge: 18,
  maxBillingAddresses: 10,
} as const;

/** The one message for a code that is wrong, expired, used, of another change, or tried too often. */
export const PROFILE_CODE_REJECTED = 'The code is not valid or has expired. Ask for a new code.';

/**
 * The member's age in full years on `today` (both `yyyy-MM-dd`). Someone born on 29 February turns a
 * year older on 1 March in a year without one.
 */
export function ageOn(birthday: string, today: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

/**
 * ISO 3166-1 alpha-2 codes of the countries and territories a member can live in. Only the codes are
 * data: their names come from Intl.DisplayNames in the asked locale.
 */
export const COUNTRY_CODES = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ', 'BA', 'BB', 'BD', 'BE', 'BF',
  'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS', 'BT', 'BV', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD', 'CF', 'CG',
  'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ', 'EC',
  'EE', 'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF', 'GG', 'GH', 'GI', 'GL',
  'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY', 'HK', 'HM', 'HN', 'HR', 'HT', 'HU', 'ID', 'IE', 'IL', 'IM', 'IN',
  'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM', 'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ', 'LA',
  'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN',
  'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA', 'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP',
  'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO',
  'RS', 'RU', 'RW', 'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST', 'SV',
  'SX', 'SY', 'SZ', 'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO', 'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG',
  'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI', 'VN', 'VU', 'WF', 'WS', 'XK', 'YE', 'YT', 'ZA', 'ZM', 'ZW',
] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];
const countryCodes: ReadonlySet<string> = new Set(COUNTRY_CODES);
export const isCountryCode = (value: string): value is CountryCode => countryCodes.has(value);

/** A country of COUNTRY_CODES, in any case. */
export const KnownCountryCodeSchema = v.pipe(
  CountryCodeSchema,
  v.check(isCountryCode, 'Choose a country of the list'),
);

/**
 * A VAT identification number, written as people do (spaces, dots, dashes) and kept in capitals without
 * them: a two-letter country prefix (EU VAT numbers; `EL` is Greece; `CHE` Switzerland), then the
 * national part. Where the national format is known it is checked; any other prefix needs 2 to 13 letters
 * or digits. No check digit is verified: only the tax office (VIES) can say a number exists.
 */
const VAT_FORMATS: Readonly<Record<string, RegExp>> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  BG: /^BG\d{9,10}$/,
  CH: /^CHE\d{9}(MWST|TVA|IVA)?$/,
  CY: /^CY\d{8}[A-Z]$/,
  CZ: /^CZ\d{8,10}$/,
  DE: /^DE\d{9}$/,
  DK: /^DK\d{8}$/,
  EE: /^EE\d{9}$/,
  EL: /^EL\d{9}$/,
  ES: /^ES[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^FI\d{8}$/,
  FR: /^FR[A-HJ-NP-Z0-9]{2}\d{9}$/,
  GB: /^GB(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
  HR: /^HR\d{11}$/,
  HU: /^HU\d{8}$/,
  IE: /^IE\d{7}[A-W][A-I]?$|^IE\d[A-Z+*]\d{5}[A-W]$/,
  IT: /^IT\d{11}$/,
  LT: /^LT(\d{9}|\d{12})$/,
  LU: /^LU\d{8}$/,
  LV: /^LV\d{11}$/,
  MT: /^MT\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/,
  PL: /^PL\d{10}$/,
  PT: /^PT\d{9}$/,
  RO: /^RO\d{2,10}$/,
  SE: /^SE\d{12}$/,
  SI: /^SI\d{8}$/,
  SK: /^SK\d{10}$/,
};

export function isVatId(normalised: string): boolean {
  const known = VAT_FORMATS[normalised.slice(0, 2)];
  return known ? known.test(normalised) : /^[A-Z]{2}[A-Z0-9]{2,13}$/.test(normalised);
}

export const VatIdSchema = v.pipe(
  TextSchema({ max: 30, required: 'Required' }),
  v.transform((value) => value.replace(/[\s.\-/]/g, '').toUpperCase()),
  v.check(isVatId, 'Enter the VAT number with its country prefix, e.g. DE123456789'),
);

const codeField = v.pipe(v.string('The code has 6 digits'), v.regex(/^[0-9]{6}$/, 'The code has 6 digits'));
const name = TextSchema({ max: 80, required: 'Required' });
const street = TextSchema({ max: 120, required: 'Required' });
const postalCode = TextSchema({ max: 20, required: 'Required' });
const city = TextSchema({ max: 80, required: 'Required' });
/** A state of GET states (its code, e.g. `CA` for California, `BY` for Bavaria); required where the country has states. */
const state = v.pipe(TextSchema({ max: 3 }), v.toUpperCase());

export const UpdateBirthdayRequestSchema = v.object({ birthday: IsoDateSchema, code: codeField });
export type UpdateBirthdayRequest = v.InferInput<typeof UpdateBirthdayRequestSchema>;

export const UpdateNameRequestSchema = v.object({
  salutation: v.optional(v.picklist(SALUTATIONS)),
  firstName: name,
  lastName: name,
  code: codeField,
});
export type UpdateNameRequest = v.InferInput<typeof UpdateNameRequestSchema>;

/** The same email rules as registration and validate-email. */
export const UpdateEmailRequestSchema = v.object({ email: ValidateEmailRequestSchema.entries.email });
export type UpdateEmailRequest = v.InferInput<typeof UpdateEmailRequestSchema>;
export const ConfirmEmailRequestSchema = v.object({ code: codeField });

export const UpdateAddressRequestSchema = v.object({
  street,
  postalCode,
  city,
  country: KnownCountryCodeSchema,
  state: v.optional(state),
});
export type UpdateAddressRequest = v.InferInput<typeof UpdateAddressRequestSchema>;

/**
 * A phone number in international form: a `+`, the country code and the number, 7 to 15 digits in all
 * (E.164). Spaces, dashes, dots, slashes and brackets as people type them are dropped; `00` counts as `+`.
 */
export const PhoneSchema = v.pipe(
  TextSchema({ max: 32, required: 'Required' }),
  v.transform((value) => value.replace(/[\s\-./()]/g, '').replace(/^00/, '+')),
  v.regex(/^\+[1-9]\d{6,14}$/, 'Enter the number with its country code, e.g. +49 30 1234567'),
);

/** What changes without a code: the phone (null removes it) and the language of mails. At least one. */
export const UpdateProfileRequestSchema = v.pipe(
  v.object({ phone: v.optional(v.nullable(PhoneSchema)), locale: v.optional(LocaleSchema) }),
  someField(),
);
export type UpdateProfileRequest = v.InferInput<typeof UpdateProfileRequestSchema>;

/** Every profile change answers the profile as GET profile does. */
export const ProfileResponseSchema = v.object({ data: MemberProfileSchema });
/** The email change also answers a new session token: the caller's session goes on, the others end. */
export const EmailChangedResponseSchema = v.object({ data: v.object({ profile: MemberProfileSchema, token: v.string() }) });
/** Code requests: accepted, the same whatever happened to the mail. */
export const CodeSentResponseSchema = v.object({ data: v.object({ accepted: v.literal(true) }) });

export const BillingAddressRequestSchema = v.object({
  companyName: v.optional(v.nullable(TextSchema({ max: 120 }))),
  vatId: v.optional(v.nullable(VatIdSchema)),
  street,
  postalCode,
  city,
  country: KnownCountryCodeSchema,
  state: v.optional(v.nullable(state)),
});
export type BillingAddressRequest = v.InferInput<typeof BillingAddressRequestSchema>;

export const BillingAddressSchema = v.object({
  id: v.string(),
  companyName: v.nullable(v.string()),
  vatId: v.nullable(v.string()),
  street: v.string(),
  postalCode: v.string(),
  city: v.string(),
  country: v.string(),
  state: v.nullable(v.string()),
});
export type BillingAddress = v.InferOutput<typeof BillingAddressSchema>;
export const BillingAddressResponseSchema = v.object({ data: BillingAddressSchema });
export const BillingAddressesResponseSchema = v.object({ data: v.array(BillingAddressSchema) });
export const BillingAddressParamsSchema = v.object({ id: v.pipe(v.string(), v.uuid('Not a billing address id')) });

export const LocaleQuerySchema = v.object({ locale: v.optional(LocaleSchema, DEFAULT_LOCALE) });
export const StatesQuerySchema = v.object({ country: KnownCountryCodeSchema });

export const CountrySchema = v.object({ code: v.string(), name: v.string(), hasStates: v.boolean() });
export const CountriesResponseSchema = v.object({ data: v.array(CountrySchema) });
export const StateSchema = v.object({ code: v.string(), name: v.string() });
export const StatesResponseSchema = v.object({ data: v.array(StateSchema) });

export const PARTNER_CATEGORIES = ['airline', 'car-rental', 'rail'] as const;
export const PartnerSchema = v.object({
  id: v.string(),
  category: v.picklist(PARTNER_CATEGORIES),
  name: v.string(),
  description: v.string(),
});
export type Partner = v.InferOutput<typeof PartnerSchema>;
export const PartnersResponseSchema = v.object({ data: v.array(PartnerSchema) });
