import type { AcceptInviteResponse, ScimEnrolResponse, ScimUser } from '../../contract/corporate';
import type { Locale } from '../../contract/locales';
import type { CodeExpiry, CodeFailure, CodeProblem } from '../step-up/step-up.types';

/** What is wrong with the work email as typed: empty, or not an address (the contract's email rule). */
export type WorkEmailProblem = 'required' | 'format';

/** What is wrong with a name as typed (given and family name are asked of a person who is not signed in). */
export interface NameProblems {
  givenName?: 'required' | 'tooLong';
  familyName?: 'required' | 'tooLong';
}

/**
 * Why a step did not go through; the view words it. `tooMany` and `failed` as for every code (see
 * step-up.types.ts); `notEnrolled`: leaving failed (no answer), the member is still enrolled.
 */
export type EnrolmentFailure = CodeFailure | 'leaveFailed';

/**
 * Why an invite link does not enrol: unknown (404 invite_invalid), too old (410), used (409 invite_used),
 * invites locked by the programme (409 invites_locked).
 */
export type InviteRefusal = 'invalid' | 'expired' | 'used' | 'locked';

/** The person's name as the SCIM User carries it. */
export interface PersonName {
  givenName: string;
  familyName: string;
}

export interface EnrolmentInput {
  /** The language of the mailed code and of a member account made for the work email. */
  locale: Locale;
  /** The invite link's token (`?invite=`), or null on the page opened by itself. */
  invite: string | null;
}

export interface EnrolmentContext {
  locale: Locale;
  invite: string | null;
  /** Whether a member is signed in (told by the session, see the `watchSession` actor). */
  signedIn: boolean;
  /** The signed-in member's name, when known: they are not asked for it. */
  memberName: PersonName | null;
  /** The work email as typed last. */
  email: string;
  emailProblem: WorkEmailProblem | null;
  /** The code typed last (kept, so a refused code stays in the field). */
  code: string;
  codeProblem: CodeProblem | null;
  /** The name as typed last (a person who is not signed in). */
  name: PersonName;
  nameProblems: NameProblems;
  failure: EnrolmentFailure | null;
  retryAfterSeconds: number | null;
  /** A new code was mailed on request. */
  resent: boolean;
  /** Codes refused in a row: the BFF takes no more after AUTH_LIMITS.otpMaxAttempts. */
  rejections: number;
  expiredBy: CodeExpiry | null;
  /** The member's enrolment, once known (read, made, or accepted from an invite). */
  enrolment: ScimUser | null;
  /** The enrolment was there before this visit asked for it (the work email or the member was enrolled already). */
  alreadyEnrolled: boolean;
  /** The company an invite is from, and the email it was sent to (shown while the invitee signs in). */
  inviteCompany: string | null;
  inviteEmail: string | null;
  inviteRefusal: InviteRefusal | null;
}

export type EnrolmentEvent =
  /** From the session (the `watchSession` actor): a member is signed in, with their name once it is known. */
  | { type: 'session.signedIn'; name: PersonName | null }
  /** From the session: nobody is signed in (or the member signed out). */
  | { type: 'session.signedOut' }
  /** The work email as typed ("Send me a code"). */
  | { type: 'email.submit'; email: string }
  /** Back to the work email ("Use another email"). */
  | { type: 'email.edit' }
  /** The code from the mail, as typed. */
  | { type: 'code.submit'; code: string }
  /** "Send a new code". */
  | { type: 'code.resend' }
  /** The name, as typed (a person who is not signed in). */
  | { type: 'name.submit'; name: PersonName }
  /** After a failure without an answer (reading the enrolment, an invite): try again. */
  | { type: 'enrolment.retry' }
  /** "Leave company programme": the confirmation dialog opens. */
  | { type: 'leave.start' }
  /** The confirmation dialog closed without leaving (Cancel, Escape). */
  | { type: 'leave.cancel' }
  /** "Leave" in the confirmation dialog. */
  | { type: 'leave.confirm' };

/** Inputs and outputs of the actors the machine invokes (bound with `.provide` in enrolment.live.ts, or by tests). */
export interface EnrolmentActorTypes {
  /** The member's enrolment (GET scim/user); null when they have none. */
  loadEnrolment: { input: undefined; output: ScimUser | null };
  /** Mails a one-time code to the work email (POST otp). */
  sendCode: { input: { email: string; locale: Locale }; output: unknown };
  /** Enrols with the code (POST scim/user): the User, and `session` for a person who was not signed in. */
  enrol: { input: { email: string; code: string; name: PersonName; locale: Locale }; output: ScimEnrolResponse };
  /** Leaves the company programme (DELETE scim/user). */
  leave: { input: undefined; output: unknown };
  /** Accepts the invite link's token (POST accept-invite/{token}). */
  acceptInvite: { input: { token: string }; output: AcceptInviteResponse };
}

export type EnrolmentTag = 'busy';
