import type { MemberProfile } from '../../contract/auth';
import type { CodeExpiry, CodeFailure, CodeProblem } from '../step-up/step-up.types';

/** What is wrong with the new address as typed: empty, not an address, or the current one. */
export type EmailProblem = 'required' | 'format' | 'same';

/**
 * Why a step did not go through; the view words it. `tooMany` and `failed` as for every code (see
 * step-up.types.ts); `taken`: the address was registered by someone else while the code was on its way
 * (told only to whoever has just proven the mailbox); `noRequest`: the BFF has no change to send a code
 * for (it ended elsewhere), so the address is asked for again.
 */
export type EmailChangeFailure = CodeFailure | 'taken' | 'noRequest';

export interface EmailChangeInput {
  /** The member's address now: a change to the same address is refused at the field. */
  currentEmail: string;
}

export interface EmailChangeContext {
  currentEmail: string;
  /** The new address as typed last (kept through every step, and shown while its code is awaited). */
  newEmail: string;
  emailProblem: EmailProblem | null;
  /** The step-up token for the next request; each works once (null once spent). */
  stepUpToken: string | null;
  /** The address waits to be sent once the member has proven their mailbox again. */
  sendAfterStepUp: boolean;
  code: string;
  codeProblem: CodeProblem | null;
  failure: EmailChangeFailure | null;
  retryAfterSeconds: number | null;
  resent: boolean;
  rejections: number;
  expiredBy: CodeExpiry | null;
}

export type EmailChangeEvent =
  /** "Change" next to the email address. */
  | { type: 'change.open' }
  /** The dialog closed before the end (Cancel, Escape). */
  | { type: 'change.cancel' }
  /** The confirmation of a finished change closed. */
  | { type: 'change.close' }
  /** The new address as typed. */
  | { type: 'email.submit'; email: string }
  /** Back from the code to the address ("Use another address"). */
  | { type: 'email.edit' }
  /** The code mailed to the new address, as typed. */
  | { type: 'code.submit'; code: string }
  | { type: 'code.resend' };

/** What confirming answers: the profile with the new address and the session's new token. */
export interface EmailChanged {
  profile: MemberProfile;
  token: string;
}

export interface EmailChangeActorTypes {
  requestChange: { input: { email: string; stepUpToken: string | null }; output: unknown };
  resendCode: { input: undefined; output: unknown };
  confirmChange: { input: { code: string }; output: EmailChanged };
}

export type EmailChangeTag = 'busy';
