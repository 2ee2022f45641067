import * as v from 'valibot';
import { OtpCodeRequestSchema } from './auth';
import { LocaleSchema } from './locales';
import { TextSchema } from './primitives';

export { CORPORATE_ERROR_CODES, type CorporateErrorCode } from './corporate-errors';

/**
 * Corporate self-enrolment (spec sections 1 and 7 "Corporate self-enrolment" and "Members": invites-config,
 * accept-invite; decision record 0056). An employee proves a work email with a one-time code; a company
 * that owns the email's domain enrols them, and the member then sees the company's negotiated rate in
 * search and may book it. A company's admin invites colleagues by mail (unless the `lock-invites` flag is
 * on). Paths are relative to BFF_PREFIX.
 *
 * The `/corporate/scim/user` routes speak SCIM 2.0 (RFC 7643 resources, RFC 7644 error bodies, media type
 * `application/scim+json`): their errors are SCIM error bodies (ScimErrorSchema), never the BFF's usual
 * ErrorBody, so that a SCIM client reads them. Every other route here answers the usual ErrorBody.
 */
export const CORPORATE_PATHS = {
  /** POST `{ email, locale }`: mails a code to the work email (202, the same answer for any email). */
  otp: '/corporate/otp',
  /**
   * POST a SCIM User with the code in the ENROLMENT_CODE_HEADER: enrols (201 with the User). Bearer
   * optional: with it the signed-in member is enrolled; without it a member is created for the work email
   * (or found) and signed in (the answer's `session`). GET (bearer): the member's enrolment as a User, 404
   * when none. DELETE (bearer): leaves the company (204), 404 when not enrolled.
   */
  scimUser: '/corporate/scim/user',
  /** GET (bearer): whether the member may invite, the company, whether invites are locked, the invites sent. */
  invitesConfig: '/members/invites-config',
  /** POST (bearer, company admin) `{ emails, locale }`: mails an invite to each (202). */
  invites: '/members/invites',
  /** POST (bearer optional) with the invite link's token: enrols the signed-in member (201), or says to sign in first (200). */
  acceptInvite: '/members/accept-invite/:token',
} as const;

export const acceptInvitePath = (token: string) => `/members/accept-invite/${encodeURIComponent(token)}`;

/** The page an invite mail links to: `{origin}/{locale}/enroll?invite=<token>`. */
export const ENROLL_PAGE = '/enroll';
export const ENROLL_INVITE_PARAM = 'invite';

/** The header that carries the one-time code with a SCIM User POST (the SCIM body stays a plain User resource). */
export const ENROLMENT_CODE_HEADER = 'X-Enrolment-Code';

export const SCIM_CONTENT_TYPE = 'application/scim+json';
export const SCIM_SCHEMAS = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  enterpriseUser: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
} as const;

export const CORPORATE_LIMITS = {
  /** Invites one request may send. */
  maxInvitesPerRequest: 20,
  /** Invites a company admin may send per day. */
  maxInvitesPerDay: 100,
  /** How long an invite link works. */
  inviteValidDays: 14,
  /** Emails a SCIM User may list. */
  maxEmails: 10,
  /** Invites listed by invites-config (the newest). */
  invitesListed: 50,
} as const;


/** Company rate codes: `CORP_` and the company's short code (a search ProductCode: capitals, digits, underscores). */
export const COMPANY_RATE_CODE_PATTERN = /^CORP_[A-Z0-9_]{1,11}$/;
export const isCompanyRateCode = (rateCode: string): boolean => COMPANY_RATE_CODE_PATTERN.test(rateCode);

const workEmail = OtpCodeRequestSchema.entries.email;
const otpCode = v.pipe(v.string(), v.regex(/^[0-9]{6}$/, 'The code has 6 digits'));

// ---------- one-time code ----------

export const CorporateOtpRequestSchema = v.object({ email: workEmail, locale: LocaleSchema });
export type CorporateOtpRequest = v.InferInput<typeof CorporateOtpRequestSchema>;
/** 202, the same for every email (known domain or not). 429 with Retry-After over the limits. */
export const CorporateOtpResponseSchema = v.object({ data: v.object({ accepted: v.literal(true) }) });

/** The code, as ENROLMENT_CODE_HEADER carries it. */
export const EnrolmentCodeHeaderSchema = otpCode;

// ---------- SCIM User (RFC 7643 section 4.1, enterprise extension section 4.3) ----------

const name = TextSchema({ max: 80, required: 'Required' });

export const ScimNameSchema = v.object({ givenName: name, familyName: name, formatted: v.optional(TextSchema({ max: 170 })) });

export const ScimEmailSchema = v.object({
  value: workEmail,
  /** `work` for the enrolled email; other types are accepted and not kept. */
  type: v.optional(v.pipe(v.string(), v.maxLength(20))),
  primary: v.optional(v.boolean()),
});

export const ScimEnterpriseSchema = v.object({
  /** The company's name as the person or their provisioning client calls it; the company is found by the email's domain. */
  organization: v.optional(TextSchema({ max: 120 })),
  department: v.optional(TextSchema({ max: 120 })),
  employeeNumber: v.optional(TextSchema({ max: 64 })),
});

/**
 * A User to enrol (POST). `userName` is the work email the code was sent to; `emails` must list it (type
 * `work`). `active` must be true (or left out): an enrolment starts active. `locale` (a SCIM attribute) is
 * the language of a member created for the email.
 */
export const ScimUserRequestSchema = v.pipe(
  v.object({
    schemas: v.pipe(
      v.array(v.pipe(v.string(), v.maxLength(100))),
      v.maxLength(5),
      v.check((schemas) => schemas.includes(SCIM_SCHEMAS.user), `schemas must contain ${SCIM_SCHEMAS.user}`),
    ),
    userName: workEmail,
    externalId: v.optional(TextSchema({ max: 100 })),
    name: ScimNameSchema,
    emails: v.pipe(v.array(ScimEmailSchema), v.minLength(1, 'List the work email'), v.maxLength(CORPORATE_LIMITS.maxEmails)),
    active: v.optional(v.literal(true, 'An enrolment starts active'), true),
    locale: v.optional(LocaleSchema),
    [SCIM_SCHEMAS.enterpriseUser]: v.optional(ScimEnterpriseSchema),
  }),
  v.forward(
    v.partialCheck(
      [['userName'], ['emails']],
      (input) => input.emails.some((email) => email.value === input.userName),
      'emails must list the userName (the work email)',
    ),
    ['emails'],
  ),
);
export type ScimUserRequest = v.InferInput<typeof ScimUserRequestSchema>;

export const ScimMetaSchema = v.object({
  resourceType: v.literal('User'),
  /** ISO 8601 date-times. */
  created: v.string(),
  lastModified: v.string(),
  /** The resource's URL: the BFF's scimUser path on the site's origin. */
  location: v.string(),
});

/** An enrolment as a SCIM User (the answer of POST and GET, `Content-Type: application/scim+json`). */
export const ScimUserSchema = v.object({
  schemas: v.array(v.string()),
  /** The enrolment's id. */
  id: v.string(),
  externalId: v.optional(v.string()),
  userName: v.string(),
  name: v.object({ givenName: v.string(), familyName: v.string(), formatted: v.string() }),
  emails: v.array(v.object({ value: v.string(), type: v.literal('work'), primary: v.boolean() })),
  active: v.boolean(),
  [SCIM_SCHEMAS.enterpriseUser]: v.object({ organization: v.string() }),
  meta: ScimMetaSchema,
});
export type ScimUser = v.InferOutput<typeof ScimUserSchema>;

/**
 * The answer of POST: the User, and for a person who was not signed in, `session` signs the browser in (the
 * same result as a one-time-code sign-in; the refresh token also goes into its cookie). `session` is ours,
 * not SCIM's; a SCIM client ignores it.
 */
export const ScimEnrolResponseSchema = v.object({
  ...ScimUserSchema.entries,
  session: v.optional(v.object({ result: v.literal('Authenticated'), token: v.string(), refresh_token: v.optional(v.string()) })),
});
export type ScimEnrolResponse = v.InferOutput<typeof ScimEnrolResponseSchema>;

/** SCIM's error types (RFC 7644 section 3.12) these routes use. */
export const SCIM_ERROR_TYPES = ['invalidValue', 'invalidSyntax', 'uniqueness', 'mutability'] as const;

/** Every error of the SCIM routes (RFC 7644 section 3.12): `status` is the HTTP status as text; `code` is ours. */
export const ScimErrorSchema = v.object({
  schemas: v.tuple([v.literal(SCIM_SCHEMAS.error)]),
  status: v.string(),
  scimType: v.optional(v.picklist(SCIM_ERROR_TYPES)),
  detail: v.string(),
  /** The BFF's error code: bad_request, not_found, company_unknown, already_enrolled, not_enrolled, enrolment_code_rejected, sign_in_first. */
  code: v.string(),
  /** For bad input: what is wrong where (as the usual ErrorBody's issues). */
  issues: v.optional(v.array(v.object({ path: v.string(), message: v.string() }))),
});
export type ScimError = v.InferOutput<typeof ScimErrorSchema>;

// ---------- invites ----------

export const INVITE_STATUSES = ['pending', 'accepted', 'expired'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

export const InviteSchema = v.object({
  email: v.string(),
  status: v.picklist(INVITE_STATUSES),
  /** ISO 8601 date-times. */
  sentAt: v.string(),
  expiresAt: v.string(),
  acceptedAt: v.nullable(v.string()),
});
export type Invite = v.InferOutput<typeof InviteSchema>;

export const CompanySummarySchema = v.object({
  name: v.string(),
  /** The email domains the company owns (lower case); invites go only to these. */
  domains: v.array(v.string()),
});

/**
 * invites-config: `company` is the member's company (null when not enrolled); `canInvite` whether the member
 * is an admin of it and invites are not locked; `locked` the `lock-invites` flag; `invites` the company's
 * invites this admin sent, newest first (empty for anyone else).
 */
export const InvitesConfigResponseSchema = v.object({
  data: v.object({
    company: v.nullable(CompanySummarySchema),
    isAdmin: v.boolean(),
    canInvite: v.boolean(),
    locked: v.boolean(),
    maxPerRequest: v.number(),
    invites: v.array(InviteSchema),
  }),
});
export type InvitesConfig = v.InferOutput<typeof InvitesConfigResponseSchema>['data'];

/** 403 forbidden when the member is no admin of an active company; 409 invites_locked; 422 invite_domain_not_allowed. */
export const SendInvitesRequestSchema = v.object({
  emails: v.pipe(
    v.array(workEmail),
    v.minLength(1, 'Enter at least one email address'),
    v.maxLength(CORPORATE_LIMITS.maxInvitesPerRequest, `At most ${CORPORATE_LIMITS.maxInvitesPerRequest} invites at once`),
  ),
  /** The language of the invite mails. */
  locale: LocaleSchema,
});
export type SendInvitesRequest = v.InferInput<typeof SendInvitesRequestSchema>;
/** 202: the invites sent (one per distinct email; an email with a pending invite gets a new link, the old one stops working). */
export const SendInvitesResponseSchema = v.object({ data: v.object({ invites: v.array(InviteSchema) }) });

export const InviteTokenParamSchema = v.object({ token: v.pipe(v.string(), v.minLength(20), v.maxLength(100), v.regex(/^[A-Za-z0-9_-]+$/)) });

/**
 * accept-invite: `enrolled` (201) with the enrolment; `sign_in_required` (200) when no member is signed in:
 * the browser signs in or registers (the invited email prefilled) and posts again. 404 invite_invalid,
 * 410 invite_expired, 409 invite_used, 409 invites_locked, 409 already_enrolled.
 */
export const AcceptInviteResponseSchema = v.object({
  data: v.variant('outcome', [
    v.object({ outcome: v.literal('enrolled'), company: v.object({ name: v.string() }), user: ScimUserSchema }),
    v.object({ outcome: v.literal('sign_in_required'), company: v.object({ name: v.string() }), email: v.string() }),
  ]),
});
export type AcceptInviteResponse = v.InferOutput<typeof AcceptInviteResponseSchema>['data'];

// ---------- company rates in search and carts ----------

/**
 * On a rate of the search answers (RateSchema.company) and on a cart's room stay: the rate is the
 * signed-in member's company rate ("Your company rate"). Only a member of that company ever gets it.
 */
export const CompanyRateMarkSchema = v.object({ name: v.string() });
export type CompanyRateMark = v.InferOutput<typeof CompanyRateMarkSchema>;
