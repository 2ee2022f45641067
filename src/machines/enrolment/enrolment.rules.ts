import * as v from 'valibot';
import { CorporateOtpRequestSchema, ScimNameSchema } from '../../contract/corporate';
import { InvalidInputError, statusOf } from '../../services/account/errors';
import { corporateCodeOf, SIGN_IN_FIRST } from '../../services/corporate/api';
import type { InviteRefusal, NameProblems, PersonName, WorkEmailProblem } from './enrolment.types';

/**
 * The enrolment's own rules: the work email and the name checked before they are sent (the contract's
 * rules; the BFF checks again), and what the BFF's refusals mean. The code's rules (its shape, lifetime,
 * tries and limits) are the step-up's (src/machines/step-up/step-up.rules.ts), shared by every flow with
 * a mailed code.
 */

export function workEmailProblem(typed: string): WorkEmailProblem | null {
  if (typed.trim() === '') return 'required';
  return v.safeParse(CorporateOtpRequestSchema.entries.email, typed).success ? null : 'format';
}

export function nameProblems(name: PersonName): NameProblems {
  const problems: NameProblems = {};
  for (const field of ['givenName', 'familyName'] as const) {
    const typed = name[field].trim();
    if (typed === '') problems[field] = 'required';
    else if (!v.safeParse(ScimNameSchema.entries[field], typed).success) problems[field] = 'tooLong';
  }
  return problems;
}

export const hasNameProblems = (name: PersonName): boolean => Object.keys(nameProblems(name)).length > 0;

/** No company owns the work email's domain (422 company_unknown). */
export const isCompanyUnknown = (error: unknown): boolean => corporateCodeOf(error) === 'company_unknown';

/**
 * The work email's account must sign in before it enrols (it has a password: a code proves less than code
 * and password), or the token the request carried no longer works. The code is not used up.
 */
export const isSignInFirst = (error: unknown): boolean => corporateCodeOf(error) === SIGN_IN_FIRST;

/** The member, or the work email, is enrolled already (409 already_enrolled). */
export const isAlreadyEnrolled = (error: unknown): boolean => corporateCodeOf(error) === 'already_enrolled';

/** The BFF refused the name (a 400 naming `name`). */
export const isNameRefused = (error: unknown): boolean => error instanceof InvalidInputError && error.fields.some((field) => field.startsWith('name'));

/** Why an invite link was refused, or null when the refusal is no answer about the invite (no answer at all, a server error). */
export function inviteRefusalOf(error: unknown): InviteRefusal | null {
  const code = corporateCodeOf(error);
  if (code === 'invites_locked') return 'locked';
  if (code === 'invite_used') return 'used';
  if (code === 'invite_expired' || statusOf(error) === 410) return 'expired';
  if (code === 'invite_invalid' || statusOf(error) === 404 || error instanceof InvalidInputError) return 'invalid';
  return null;
}
