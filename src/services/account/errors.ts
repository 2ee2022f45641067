import { HttpError } from '../bff/client';

/**
 * An HTTP 422 answer to a sign-in: the BFF lists the offending fields in `message`
 * (LoginValidationErrorSchema). Still an HttpError, so code that only looks at the status keeps working.
 */
export class LoginValidationError extends HttpError {
  readonly fields: readonly string[];
  constructor(fields: readonly string[]) {
    super(422);
    this.name = 'LoginValidationError';
    this.fields = fields;
  }
}

/** A 400 answer with the BFF's issues (`{ error: { issues: [{ path, message }] } }`): the fields at fault. */
export class InvalidInputError extends HttpError {
  readonly fields: readonly string[];
  constructor(fields: readonly string[]) {
    super(400);
    this.name = 'InvalidInputError';
    this.fields = fields;
  }
}

/**
 * A 429 with the code `otp_required`: password sign-in is paused for this email after too many guesses
 * (possibly someone else's); the visitor signs in with a one-time code instead.
 */
export class OtpRequiredError extends HttpError {
  constructor() {
    super(429);
    this.name = 'OtpRequiredError';
  }
}

/**
 * A 403 with the code `step_up_required` (src/contract/account-security.ts): the change needs a fresh
 * one-time code first. The caller proves it (src/machines/step-up) and sends again with the new token.
 */
export class StepUpRequiredError extends HttpError {
  constructor() {
    super(403);
    this.name = 'StepUpRequiredError';
  }
}

/** Any other 429: a limit on requests or mailed codes; `retryAfterSeconds` from Retry-After (null without one). */
export class RateLimitedError extends HttpError {
  readonly retryAfterSeconds: number | null;
  constructor(retryAfterSeconds: number | null) {
    super(429);
    this.name = 'RateLimitedError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The spec's error catalogue (section 8) for social sign-in, thrown and passed to the shared error handler. */
export const SOCIAL_ERROR_MESSAGES = {
  googleFailed: 'Sign in with Google failed',
  appleFailed: 'Sign in with Apple failed',
  googleTimeout: 'Google Login Timeout',
  facebookUnauthorized: 'Unauthorized user',
  facebookNotInitialized: 'Facebook API is not initialized',
} as const;

export const statusOf = (error: unknown): number | null => (error instanceof HttpError ? error.status : null);

/**
 * How a failed sign-in is handled (spec section 8, login with HTTP 422): a list naming `password` changes
 * nothing, one naming `email` closes the dialog and raises the email-missing state, any other 422 closes
 * the dialog as an unknown error. `otpRequired` sends the visitor to a one-time code. Other failures are
 * shown in the form.
 */
export type LoginFailure = 'validation.password' | 'validation.email' | 'validation.other' | 'unauthorized' | 'otpRequired' | 'rateLimited' | 'failed';

export function classifyLoginFailure(error: unknown): LoginFailure {
  if (error instanceof LoginValidationError) {
    if (error.fields.includes('password')) return 'validation.password';
    if (error.fields.includes('email')) return 'validation.email';
    return 'validation.other';
  }
  if (error instanceof OtpRequiredError) return 'otpRequired';
  const status = statusOf(error);
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 429) return 'rateLimited';
  return 'failed';
}
