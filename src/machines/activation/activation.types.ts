import type * as v from 'valibot';
import type { ActivateRequest, ActivateResponseSchema } from '../../contract/auth';

/** The BFF's answer to an activation (spec section 4): the outcome, and the token when it signed the member in. */
export type ActivationAnswer = v.InferOutput<typeof ActivateResponseSchema>['data'];

export interface ActivationInput {
  /** The activation link's token; null when the link has none. */
  token: string | null;
  /** The registration proofs this browser keeps (services/account/registration-proofs.ts), read when sent. */
  readProofs: () => string[];
}

/** Why the password question could not be answered; the view words it. */
export type PasswordFailure = 'wrongPassword' | 'tooManyAttempts' | 'failed';

export interface ActivationContext {
  token: string | null;
  readProofs: () => string[];
  /** The link was already sent once and failed: a retry sends the proofs even when there are none. */
  retried: boolean;
  /** Whether the last answer to the password question was a typed password (not "without it"). */
  typed: boolean;
  /** The password was submitted empty. */
  emptyPassword: boolean;
  passwordFailure: PasswordFailure | null;
  /** Counts wrong passwords, so the view moves the focus back to the field after each one. */
  wrongPasswords: number;
}

export type ActivationEvent =
  /** The first activation failed (not an outcome): send the link again. */
  | { type: 'activation.retry' }
  /** The password chosen at registration, typed again. */
  | { type: 'password.submit'; password: string }
  /** Activate without that password (whoever did not register, or forgot it). */
  | { type: 'password.skip' };

/** Inputs and outputs of the actors the machine invokes (bound with `.provide` by the view layer). */
export interface ActivationActorTypes {
  activate: { input: ActivateRequest; output: ActivationAnswer };
}
