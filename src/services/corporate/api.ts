/**
 * The BFF's corporate routes (src/contract/corporate.ts, decision records 0056 and 0059): the work email's
 * one-time code, the enrolment as a SCIM User (enrol, read, leave), and a company admin's invites. Every
 * call goes through the one client (bff/request.ts), with the member's token when there is one, so a 401
 * is refreshed once like any other member call.
 */
import * as v from 'valibot';
import {
  AcceptInviteResponseSchema,
  acceptInvitePath,
  CORPORATE_PATHS,
  CorporateOtpResponseSchema,
  ENROLMENT_CODE_HEADER,
  InvitesConfigResponseSchema,
  SCIM_SCHEMAS,
  ScimEnrolResponseSchema,
  ScimErrorSchema,
  ScimUserSchema,
  SendInvitesResponseSchema,
} from '../../contract/corporate';
import type { AcceptInviteResponse, Invite, InvitesConfig, ScimEnrolResponse, ScimUser, ScimUserRequest } from '../../contract/corporate';
import type { CorporateErrorCode } from '../../contract/corporate-errors';
import { ErrorBodySchema } from '../../contract/errors';
import type { Locale } from '../../contract/locales';
import { InvalidInputError, RateLimitedError } from '../account/errors';
import { HttpError } from '../bff/client';
import { bffRequest, readBody } from '../bff/request';
import type { AuthAccess } from '../bff/request';

/**
 * A refusal of a corporate route with the BFF's error code (company_unknown, already_enrolled, not_enrolled,
 * invites_locked, invite_invalid, invite_expired, invite_used, ...), read from the usual error body or,
 * on the SCIM routes, from the SCIM error body. Still an HttpError, so code that looks at the status works.
 */
export class CorporateError extends HttpError {
  readonly code: string | null;
  constructor(status: number, code: string | null) {
    super(status);
    this.name = 'CorporateError';
    this.code = code;
  }
}

/** The enrolment's 401 when someone must sign in first (the work email's account has a password, or the token is stale). */
export const SIGN_IN_FIRST = 'sign_in_first' satisfies CorporateErrorCode;

/** The code and issues of a failed answer, whichever of the two error bodies it carries. */
function errorOf(body: unknown): { code: string | null; fields: string[] | null } {
  const usual = v.safeParse(ErrorBodySchema, body);
  if (usual.success) return { code: usual.output.error.code, fields: usual.output.error.issues?.map((issue) => issue.path) ?? null };
  const scim = v.safeParse(ScimErrorSchema, body);
  if (scim.success) return { code: scim.output.code, fields: scim.output.issues?.map((issue) => issue.path) ?? null };
  return { code: null, fields: null };
}

/**
 * A failed answer as the enrolment reads it: a 429 is a RateLimitedError (with Retry-After), a 400 an
 * InvalidInputError naming the fields at fault (a refused code names none, or `code`), anything else a
 * CorporateError with the BFF's code, so the step-up's rules for codes and limits apply unchanged.
 */
export async function corporateFailureOf(response: Response): Promise<HttpError> {
  const body = await readBody(response);
  const { code, fields } = errorOf(body);
  if (response.status === 429) {
    const header = response.headers.get('retry-after');
    const seconds = header === null || header.trim() === '' ? Number.NaN : Number(header);
    return new RateLimitedError(Number.isInteger(seconds) && seconds >= 0 ? seconds : null);
  }
  if (response.status === 400) return new InvalidInputError(fields ?? []);
  // The enrolment answers a refused code with 401 `enrolment_code_rejected`: the code's field is at fault.
  // Any other 401 of it means that someone must sign in first (the account has a password, or the token is stale).
  if (response.status === 401) {
    return code === ('enrolment_code_rejected' satisfies CorporateErrorCode) ? new InvalidInputError(['code']) : new CorporateError(401, SIGN_IN_FIRST);
  }
  return new CorporateError(response.status, code);
}

/** The BFF's error code of a refusal (null when it gave none or it is no corporate refusal). */
export const corporateCodeOf = (error: unknown): string | null => (error instanceof CorporateError ? error.code : null);

const NoContentSchema = v.unknown();
const options = (signal: AbortSignal | undefined) => ({ readFailure: corporateFailureOf, ...(signal ? { signal } : {}) });

/** Mails a one-time code to the work email (the same answer for every email). */
export async function requestEnrolmentCode(body: { email: string; locale: Locale }, init: { signal?: AbortSignal } = {}): Promise<void> {
  await bffRequest(CORPORATE_PATHS.otp, CorporateOtpResponseSchema, null, { method: 'POST', body, ...options(init.signal) });
}

/** What the person gives to enrol: the proven work email, their name, the code, the page's language. */
export interface Enrolment {
  email: string;
  givenName: string;
  familyName: string;
  code: string;
  locale: Locale;
}

/** The SCIM User resource of an enrolment (RFC 7643: userName is the work email, listed as the primary work email). */
export function scimUserOf(enrolment: Enrolment): ScimUserRequest {
  return {
    schemas: [SCIM_SCHEMAS.user, SCIM_SCHEMAS.enterpriseUser],
    userName: enrolment.email,
    name: { givenName: enrolment.givenName, familyName: enrolment.familyName },
    emails: [{ value: enrolment.email, type: 'work', primary: true }],
    active: true,
    locale: enrolment.locale,
  };
}

/**
 * Enrols: the signed-in member (access with a token), or a person who is then signed in (the answer's
 * `session`). The token is sent as it is, never refreshed: this route answers a refused code with 401,
 * which must not end the member's session as a refused token would (the session renews the token ahead
 * of its expiry anyway).
 */
export function enrol(access: AuthAccess, enrolment: Enrolment, init: { signal?: AbortSignal } = {}): Promise<ScimEnrolResponse> {
  return bffRequest(CORPORATE_PATHS.scimUser, ScimEnrolResponseSchema, null, {
    token: access.token,
    method: 'POST',
    body: scimUserOf(enrolment),
    headers: { [ENROLMENT_CODE_HEADER]: enrolment.code },
    ...options(init.signal),
  });
}

/** The member's enrolment; null when they have none (404). */
export async function fetchEnrolment(access: AuthAccess, init: { signal?: AbortSignal } = {}): Promise<ScimUser | null> {
  if (!access.token) return null;
  try {
    return await bffRequest(CORPORATE_PATHS.scimUser, ScimUserSchema, access, options(init.signal));
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

/** Leaves the company programme (204); a member who was not enrolled (404) has left as well. */
export async function leaveCompany(access: AuthAccess, init: { signal?: AbortSignal } = {}): Promise<void> {
  try {
    await bffRequest(CORPORATE_PATHS.scimUser, NoContentSchema, access, { method: 'DELETE', ...options(init.signal) });
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return;
    throw error;
  }
}

/** The invite link's token, accepted for the signed-in member (or the answer that they must sign in first). */
export async function acceptInvite(access: AuthAccess, token: string, init: { signal?: AbortSignal } = {}): Promise<AcceptInviteResponse> {
  return (await bffRequest(acceptInvitePath(token), AcceptInviteResponseSchema, access, { method: 'POST', ...options(init.signal) })).data;
}

export async function fetchInvitesConfig(access: AuthAccess, init: { signal?: AbortSignal } = {}): Promise<InvitesConfig> {
  return (await bffRequest(CORPORATE_PATHS.invitesConfig, InvitesConfigResponseSchema, access, options(init.signal))).data;
}

export async function sendInvites(access: AuthAccess, body: { emails: string[]; locale: Locale }, init: { signal?: AbortSignal } = {}): Promise<Invite[]> {
  return (await bffRequest(CORPORATE_PATHS.invites, SendInvitesResponseSchema, access, { method: 'POST', body, ...options(init.signal) })).data.invites;
}
