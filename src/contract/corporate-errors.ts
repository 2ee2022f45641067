// Apart from the corporate contract, so the one error body (src/contract/errors.ts) does not carry its schemas.
/**
 * Error codes of the corporate routes (in `{ error: { code } }`, and in a SCIM error's `code`), beside the usual
 * bad_request, unauthorized, not_found, forbidden:
 * 422 company_unknown: no active company owns the work email's domain;
 * 409 already_enrolled: the member, or the work email, is enrolled already (SCIM scimType `uniqueness`);
 * 404 not_enrolled: the member has no enrolment to show or leave;
 * 409 invites_locked: the `lock-invites` flag is on, invites are neither sent nor accepted;
 * 422 invite_domain_not_allowed: an invited email is not on one of the company's domains (issues name them);
 * 404 invite_invalid: no such invite link; 410 invite_expired; 409 invite_used;
 * 422 company_rate_not_allowed: a cart asked for a company rate that is not the signed-in member's company's;
 * 401 enrolment_code_rejected: the enrolment's code is wrong or expired (try again, or ask for a new one);
 * 401 sign_in_first: the work email's account has a password and signs in before it enrols, or the bearer
 *   token the request carried no longer works (the code is not used up).
 */
export const CORPORATE_ERROR_CODES = [
  'company_unknown',
  'already_enrolled',
  'not_enrolled',
  'invites_locked',
  'invite_domain_not_allowed',
  'invite_invalid',
  'invite_expired',
  'invite_used',
  'company_rate_not_allowed',
  'enrolment_code_rejected',
  'sign_in_first',
] as const;
export type CorporateErrorCode = (typeof CORPORATE_ERROR_CODES)[number];
