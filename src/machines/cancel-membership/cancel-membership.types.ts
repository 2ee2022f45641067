import type { Locale } from '../../contract/locales';
import type { CancellationSummary } from '../../contract/member-account';

/**
 * Why a step of leaving did not go through; the view words it. `tooManyCodes`: codes were asked for too
 * often in a short time (429), the member waits a few minutes; `codeNotSent`: the code (and what leaving
 * means) could not be asked for, no answer or an unexpected one; `notEnded`: the confirmation got no
 * answer or an unexpected one, the membership is as it was and the same code can be sent again.
 */
export type LeaveFailure = 'tooManyCodes' | 'codeNotSent' | 'notEnded';

/**
 * What is wrong with the confirmation, by field. `code`: `format` (not six digits, checked before
 * anything is sent) or `rejected` (the BFF found it wrong, used or expired); `understood`: `required`
 * (the member has not ticked that leaving cannot be undone).
 */
export interface LeaveProblems {
  code?: 'format' | 'rejected';
  understood?: 'required';
}

/** What the member gives to end the membership: the code from the mail and the ticked understanding. */
export interface LeaveConfirmation {
  code: string;
  understood: boolean;
}

export interface CancelMembershipContext {
  /** The language of the mail that confirms the end (the page's). */
  locale: Locale;
  /** What leaving means for this member, as the BFF answered the last request for a code. */
  summary: CancellationSummary | null;
  /** The confirmation as last submitted: the form shows it again, nothing typed is lost. */
  confirmation: LeaveConfirmation;
  problems: LeaveProblems;
  failure: LeaveFailure | null;
  /** A new code was mailed on request (the form says so until the next step). */
  codeResent: boolean;
  /** Upcoming bookings that stay valid, as the BFF answered the end; null when it ended elsewhere first. */
  upcomingBookingsKept: number | null;
}

export interface CancelMembershipInput {
  locale: Locale;
}

export type CancelMembershipEvent =
  /** "End my membership…" on the profile page: the code is asked for and the dialog opens. */
  | { type: 'leave.start' }
  /** "Keep my membership" (or Escape) at any step before the end. */
  | { type: 'leave.cancel' }
  /** After a request for a code got no answer: ask again. */
  | { type: 'leave.retry' }
  /** The consequences are read: on to the code. */
  | { type: 'leave.continue' }
  /** "End my membership" with the code and the understanding as the form holds them. */
  | { type: 'code.submit'; confirmation: LeaveConfirmation }
  /** "Send a new code". */
  | { type: 'code.resend' }
  /** The goodbye is left (its link home, or Escape): the session ends. */
  | { type: 'goodbye.leave' };

/** The membership has ended: how many upcoming bookings stay valid. */
export interface MembershipEnded {
  upcomingBookingsKept: number;
}

export interface CancelMembershipActorTypes {
  /** Mails a code and answers what leaving means (POST cancel-membership). */
  requestCancellation: { input: undefined; output: CancellationSummary };
  /** Ends the membership with the code (POST confirm-membership-cancellation). */
  confirmCancellation: { input: { code: string; locale: Locale }; output: MembershipEnded };
}
