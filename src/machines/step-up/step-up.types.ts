import type { StepUp } from '../../contract/step-up';

/**
 * What asking for a code can end in; the view words it. `tooMany`: the BFF's limit on mailed codes or
 * tries (`retryAfterSeconds` says how long, when it said); `failed`: no answer or an unexpected one.
 */
export type CodeFailure = 'tooMany' | 'failed';

/** What is wrong with a typed code: not six digits, or not taken (wrong, expired, used). */
export type CodeProblem = 'format' | 'rejected';

/** Why a code can no longer be used: its lifetime is over, or it was mistyped too often. */
export type CodeExpiry = 'time' | 'attempts';

export interface StepUpContext {
  /** The code typed last (kept, so a refused code stays in the field). */
  code: string;
  problem: CodeProblem | null;
  failure: CodeFailure | null;
  retryAfterSeconds: number | null;
  /** Set when a new code was mailed on request, so the view can say so. */
  resent: boolean;
  /** Codes refused in a row: the BFF stops taking a code after AUTH_LIMITS.otpMaxAttempts. */
  rejections: number;
  expiredBy: CodeExpiry | null;
  stepUp: StepUp | null;
}

/**
 * The step-up's result, which the invoking machine receives as the `output` of `xstate.done.actor.<id>`:
 * the token for the protected request (send it as STEP_UP_HEADER) and its lifetime, or that the member
 * gave up.
 */
export type StepUpOutput = { outcome: 'verified'; token: string; expiresInSeconds: number } | { outcome: 'cancelled' };

export type StepUpEvent =
  /** The code as typed. */
  | { type: 'stepUp.submit'; code: string }
  /** "Send a new code". */
  | { type: 'stepUp.resend' }
  /** The member gives up (Cancel, Escape): the machine ends with `cancelled`. */
  | { type: 'stepUp.cancel' };

export interface StepUpActorTypes {
  /** Mails a code to the member's current address. */
  sendCode: { input: undefined; output: unknown };
  verifyCode: { input: { code: string }; output: StepUp };
}

export type StepUpTag = 'busy';
