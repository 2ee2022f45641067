import * as v from 'valibot';
import { LocaleSchema } from './locales';
import { CountryCodeSchema, IsoDateSchema, TextSchema } from './primitives';

/**
 * Sign-in, session and membership: the routes, bodies and answers shared by the web app and the BFF
 * (spec sections 4, 5, 6, 7 "Auth" and "Members", 8). Paths are relative to BFF_PREFIX.
 */
export const AUTH_PATHS = {
  otpCode: '/auth/login/otp/code',
  otpLogin: '/auth/login/otp',
  /** Over the guess limits it answers 429 `otp_required` (ErrorBody): the visitor signs in with a one-time code instead. */
  passwordLogin: '/auth/login',
  confirmPassword: '/auth/login/confirm-password',
  refresh: '/auth/refresh',
  logout: '/auth/logout',
  /** The code-for-token exchange: a one-time code (from a link or a redirect) for a session token. */
  exchangeCode: '/auth/token',
  google: '/auth/login/google',
  apple: '/auth/login/apple',
  facebook: '/auth/login/facebook',
  connections: '/auth/connections',
  /** PUT links, DELETE unlinks a social account of the signed-in member. */
  link: '/auth/:provider',
  webviewToken: '/webview/token-from-app-token',
  /** The public keys that verify our session tokens (JWKS). */
  jwks: '/auth/jwks.json',
  /** Which social providers are on, and the OpenID Connect issuer and client id the browser signs in with. */
  providers: '/auth/providers',
} as const;

export const MEMBER_PATHS = {
  register: '/members/register',
  activate: '/members/activate',
  completeProfile: '/members/complete-profile',
  passwordReset: '/members/password-reset',
  passwordUpdate: '/members/password-update',
  validateEmail: '/members/validate-email',
  registrationSource: '/members/registration-source/:source',
  profile: '/members/profile',
  /** The member-status helper: dailypointStatus and strapiStatus (spec section 7, helpers by locale). */
  status: '/members/status',
  /** The preferences helper: every preference with the member's choice (spec section 7, helpers by locale). */
  preferences: '/members/preferences',
  /** The newsletters helper: every newsletter with the member's subscription (spec section 7, helpers by locale). */
  newsletters: '/members/newsletters',
} as const;

/** Development and test only: the mail outbox the mail port writes to when no SMTP server is set. */
export const OUTBOX_PATH = '/dev/outbox';
/** Demo only: the outbox as a page to read (codes and mails, newest first); one HTML mail at `${MAILBOX_PATH}/{id}`. */
export const MAILBOX_PATH = '/dev/mailbox';
/** Whether the site runs as the demo, and where its mailbox page is (null outside the demo). */
export const DEMO_PATH = '/dev/demo';
export const DemoResponseSchema = v.object({ data: v.object({ mailbox: v.nullable(v.string()) }) });

export const SOCIAL_PROVIDERS = ['google', 'apple', 'facebook'] as const;
export const SocialProviderSchema = v.picklist(SOCIAL_PROVIDERS);
export type SocialProvider = v.InferOutput<typeof SocialProviderSchema>;

/** Constants of the spec (section 9) and of our own security rules. */
export const AUTH_LIMITS = {
  /** A stored token longer than this means an existing account (spec section 4). */
  tokenPresentLength: 10,
  otpDigits: 6,
  otpValidMinutes: 10,
  /** Wrong codes allowed before a code stops working. */
  otpMaxAttempts: 5,
  googleTimeoutMs: 60_000,
  googlePromptDelayMs: 500,
  /** Authenticated queries: at most this many retries, never on 401 (spec section 4). */
  authenticatedQueryRetries: 3,
  passwordMinLength: 10,
  passwordMaxLength: 128,
} as const;

const email = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254), v.email('Enter a valid email address'));
const password = v.pipe(
  v.string(),
  v.minLength(AUTH_LIMITS.passwordMinLength, `Use at least ${AUTH_LIMITS.passwordMinLength} characters`),
  v.maxLength(AUTH_LIMITS.passwordMaxLength),
);
const otpCode = v.pipe(v.string(), v.regex(/^[0-9]{6}$/, 'The code has 6 digits'));
const opaqueToken = v.pipe(v.string(), v.minLength(1), v.maxLength(4096));

export const OtpCodeRequestSchema = v.object({ email, locale: LocaleSchema });
export type OtpCodeRequest = v.InferInput<typeof OtpCodeRequestSchema>;
export const OtpLoginRequestSchema = v.object({ email, code: otpCode });
export type OtpLoginRequest = v.InferInput<typeof OtpLoginRequestSchema>;
export const PasswordLoginRequestSchema = v.object({ email, password: v.pipe(v.string(), v.minLength(1), v.maxLength(AUTH_LIMITS.passwordMaxLength)) });
export type PasswordLoginRequest = v.InferInput<typeof PasswordLoginRequestSchema>;
/** After a one-time code for an account that has a password: the password confirms the sign-in. */
export const ConfirmPasswordRequestSchema = v.object({ email, password: PasswordLoginRequestSchema.entries.password, code: otpCode });
export const GoogleLoginRequestSchema = v.object({ token: opaqueToken });
export const AppleLoginRequestSchema = v.object({
  authorization: v.object({ code: v.optional(opaqueToken), id_token: opaqueToken }),
  user: v.optional(v.object({ name: v.optional(v.object({ firstName: v.optional(TextSchema({ max: 80 })), lastName: v.optional(TextSchema({ max: 80 })) })) })),
});
export const FacebookLoginRequestSchema = v.object({ accessToken: opaqueToken, userID: v.pipe(v.string(), v.minLength(1), v.maxLength(64)) });
export const ExchangeCodeRequestSchema = v.object({ code: opaqueToken });
export const AppTokenRequestSchema = v.object({ token: opaqueToken });
export const RefreshRequestSchema = v.object({ refresh_token: v.optional(opaqueToken) });

/** The three login results of the spec (section 4). */
export const LoginResultSchema = v.variant('result', [
  v.object({ result: v.literal('Authenticated'), token: v.string(), refresh_token: v.optional(v.string()) }),
  v.object({ result: v.literal('PasswordRequired') }),
  v.object({ result: v.literal('RegistrationRequired'), registration_token: v.string() }),
]);
export type LoginResult = v.InferOutput<typeof LoginResultSchema>;
export const LoginResponseSchema = v.object({ data: LoginResultSchema });

/** The same answer whether or not the email belongs to a member (no account enumeration). */
export const AcceptedResponseSchema = v.object({ data: v.object({ accepted: v.literal(true) }) });
export const RefreshResponseSchema = v.object({ data: v.object({ access_token: v.string() }) });
export const TokenResponseSchema = v.object({ data: v.object({ token: v.string() }) });
export const ProvidersResponseSchema = v.object({
  data: v.array(
    v.object({
      provider: SocialProviderSchema,
      enabled: v.boolean(),
      /** OpenID Connect issuer (Google, Apple); null for Facebook. */
      issuer: v.nullable(v.string()),
      clientId: v.nullable(v.string()),
    }),
  ),
});

export const ConnectionsResponseSchema = v.object({
  data: v.array(v.object({ provider: SocialProviderSchema, connected: v.boolean(), email: v.nullable(v.string()) })),
});

/**
 * Invalid sign-in input: HTTP 422 with the offending field names in `message` (spec section 8: a list
 * with `password` changes nothing, one with `email` raises the email-missing state, anything else is an
 * unknown error).
 */
export const LoginValidationErrorSchema = v.object({ message: v.array(v.string()) });
export type LoginValidationError = v.InferOutput<typeof LoginValidationErrorSchema>;

// ---------- members ----------

export const SALUTATIONS = ['mr', 'ms', 'mx'] as const;
const name = TextSchema({ max: 80, required: 'Required' });

export const RegisterRequestSchema = v.object({
  email,
  firstName: name,
  lastName: name,
  salutation: v.optional(v.picklist(SALUTATIONS)),
  /** Absent for a social sign-up, which brings a registration_token instead. */
  password: v.optional(password),
  registration_token: v.optional(opaqueToken),
  locale: LocaleSchema,
  acceptTerms: v.literal(true, 'The membership terms must be accepted'),
  newsletter: v.optional(v.boolean(), false),
  source: v.optional(TextSchema({ max: 40 })),
});
export type RegisterRequest = v.InferInput<typeof RegisterRequestSchema>;
/**
 * `registration_proof` (with `activation_sent`): kept by the browser that registered and sent back with
 * the activation link, to show that whoever uses the link chose the password (see ActivateRequestSchema).
 */
export const RegisterResponseSchema = v.object({
  data: v.object({ status: v.picklist(['activation_sent', 'registered']), token: v.optional(v.string()), registration_proof: v.optional(v.string()) }),
});

/** How many registration proofs one browser sends with an activation link (one per email it registered). */
export const MAX_REGISTRATION_PROOFS = 5;

/**
 * The activation link's token. The password chosen at registration becomes the member's only when whoever
 * uses the link shows they chose it: a `registration_proofs` entry from that registration, or that
 * `password` typed again. Otherwise the answer is `password_confirmation_needed` (nothing activated), and
 * `without_password` activates without it (the pending password is dropped).
 */
export const ActivateRequestSchema = v.object({
  token: opaqueToken,
  registration_proofs: v.optional(v.pipe(v.array(opaqueToken), v.maxLength(MAX_REGISTRATION_PROOFS))),
  password: v.optional(PasswordLoginRequestSchema.entries.password),
  without_password: v.optional(v.literal(true)),
});
export type ActivateRequest = v.InferInput<typeof ActivateRequestSchema>;
/**
 * The activation outcomes of the spec (section 4); a successful activation also signs the member in.
 * `password_confirmation_needed` (428): the registration chose a password this visitor has not shown to
 * be theirs.
 */
export const ACTIVATION_OUTCOMES = ['activated', 'code_not_found', 'already_activated', 'profile_fetch_error', 'password_confirmation_needed'] as const;
export const ActivateResponseSchema = v.object({
  /** `registration_proof`: the proof that carried the password, which the browser no longer needs. */
  data: v.object({ outcome: v.picklist(ACTIVATION_OUTCOMES), token: v.optional(v.string()), registration_proof: v.optional(v.string()) }),
});

export const CompleteProfileRequestSchema = v.object({
  firstName: name,
  lastName: name,
  salutation: v.optional(v.picklist(SALUTATIONS)),
  birthday: v.optional(IsoDateSchema),
  address: v.optional(
    v.object({ street: TextSchema({ max: 120 }), postalCode: TextSchema({ max: 20 }), city: TextSchema({ max: 80 }), countryCode: CountryCodeSchema }),
  ),
});
export const PasswordResetRequestSchema = v.object({ email, language: LocaleSchema });
export const PasswordUpdateRequestSchema = v.pipe(
  v.object({ email, token: opaqueToken, password, password_confirmation: v.string() }),
  v.forward(
    v.partialCheck([['password'], ['password_confirmation']], (input) => input.password === input.password_confirmation, 'The passwords do not match'),
    ['password_confirmation'],
  ),
);
export const ValidateEmailRequestSchema = v.object({ email, validateMembership: v.optional(v.boolean(), false) });
/** `isMember` is told only to a signed-in member about their own email (true); for anyone else it is null. */
export const ValidateEmailResponseSchema = v.object({ data: v.object({ valid: v.boolean(), isMember: v.nullable(v.boolean()) }) });
export const RegistrationSourceResponseSchema = v.object({ data: v.object({ source: v.string(), name: v.string(), allowed: v.boolean() }) });

/** The member profile (spec section 3: Guid, address with address text, dailypointMasterId, extras). */
export const MemberProfileSchema = v.object({
  Guid: v.string(),
  email: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  salutation: v.nullable(v.picklist(SALUTATIONS)),
  birthday: v.nullable(v.string()),
  locale: LocaleSchema,
  address: v.nullable(
    v.object({
      street: v.string(),
      postalCode: v.string(),
      city: v.string(),
      countryCode: v.string(),
      /** The state's code where the country has states (src/contract/member-profile.ts). */
      state: v.optional(v.nullable(v.string())),
      text: v.string(),
    }),
  ),
  /** E.164, e.g. `+4930123456`; null when none is given. */
  phone: v.optional(v.nullable(v.string())),
  dailypointMasterId: v.string(),
  profileComplete: v.boolean(),
  extras: v.record(v.string(), v.unknown()),
});
export type MemberProfile = v.InferOutput<typeof MemberProfileSchema>;
export const MemberProfileResponseSchema = v.object({ data: MemberProfileSchema });

/** Levels of the spec (section 3) in their order; the two-letter codes are paired by that order. */
export const MEMBER_LEVELS = [
  { name: 'Star', order: 4, code: 'DP' },
  { name: 'Silver', order: 5, code: 'DA' },
  { name: 'Prestige', order: 6, code: 'DX' },
  { name: 'Gold', order: 7, code: 'DB' },
  { name: 'Platinum', order: 8, code: 'DI' },
  { name: 'Diamond', order: 9, code: 'DD' },
] as const;

export const MemberStatusSchema = v.object({
  dailypointStatus: v.object({ reward_level: v.string(), rewards_points: v.number() }),
  strapiStatus: v.object({ crs_id: v.nullable(v.string()) }),
});
export type MemberStatus = v.InferOutput<typeof MemberStatusSchema>;
export const MemberStatusResponseSchema = v.object({ data: MemberStatusSchema });

/**
 * A preference (spec section 3: name, active): `name` is the stable key, `label` its name in the asked
 * locale. The member's preferences count as selected when any is active (spec section 4).
 */
export const PreferenceItemSchema = v.object({ name: v.string(), label: v.string(), active: v.boolean() });
export type PreferenceItem = v.InferOutput<typeof PreferenceItemSchema>;
export const PreferencesResponseSchema = v.object({ data: v.array(PreferenceItemSchema) });

/** The main newsletter's name: a member counts as subscribed when it is active (spec sections 3 and 4). */
export const MAIN_NEWSLETTER_ID = 'HW_NL-SHG_NL_B2C';

/** A newsletter (spec section 3: name, active, dailypointId), with its `label` in the asked locale. */
export const NewsletterItemSchema = v.object({ name: v.string(), label: v.string(), active: v.boolean(), dailypointId: v.string() });
export type NewsletterItem = v.InferOutput<typeof NewsletterItemSchema>;
export const NewslettersResponseSchema = v.object({ data: v.array(NewsletterItemSchema) });

/** Claims of our session token (ES256 JWT). `sso` names the sign-in session; a token without it is invalid. */
export const SessionClaimsSchema = v.object({
  sub: v.string(),
  sso: v.pipe(v.string(), v.minLength(1)),
  exp: v.number(),
  iat: v.number(),
  iss: v.string(),
  aud: v.union([v.string(), v.array(v.string())]),
  email: v.optional(v.string()),
});
export type SessionClaims = v.InferOutput<typeof SessionClaimsSchema>;

/** One mail in the development outbox. */
/** What a mail in the development outbox is for (the database keeps the same list). */
export const OUTBOX_MAIL_KINDS = ['otp', 'activation', 'password-reset', 'booking-confirmation', 'booking-cancellation', 'booking-modification', 'security-notice', 'newsletter-confirmation', 'contact', 'content-form', 'membership-cancellation', 'corporate-otp', 'corporate-invite', 'pre_arrival', 'checkin_confirmation', 'hotel_invoice'] as const;

export const OutboxMailSchema = v.object({
  id: v.string(),
  to: v.string(),
  subject: v.string(),
  text: v.string(),
  /** The HTML part, when the mail has one. */
  html: v.optional(v.nullable(v.string())),
  /** Files the mail carries (the hotel invoices), each downloadable at `url` (the mailbox's). */
  attachments: v.optional(v.array(v.object({ filename: v.string(), contentType: v.string(), url: v.string() }))),
  sentAt: v.string(),
  kind: v.picklist(OUTBOX_MAIL_KINDS),
});
export const OutboxResponseSchema = v.object({ data: v.array(OutboxMailSchema) });
