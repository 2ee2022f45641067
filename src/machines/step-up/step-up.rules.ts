import { AUTH_LIMITS } from '../../contract/auth';
import { InvalidInputError, RateLimitedError, statusOf } from '../../services/account/errors';
import type { CodeFailure } from './step-up.types';

/**
 * The rules every flow with a mailed one-time code shares (the step-up, the email, name and birthday
 * changes): what a code looks like, how long it lives, and what the BFF's refusals mean.
 */

/** A mailed code works this long (AUTH_LIMITS.otpValidMinutes); the form says so when it is over. */
export const CODE_LIFETIME_MS = AUTH_LIMITS.otpValidMinutes * 60 * 1000;

/** The code as people type or paste it ("123 456"): without the spaces. */
export const normalisedCode = (typed: string): string => typed.replace(/\s+/g, '');

export const isCodeFormat = (typed: string): boolean => new RegExp(`^\\d{${AUTH_LIMITS.otpDigits}}$`).test(normalisedCode(typed));

/** A refused code: a 400 about the code (wrong, expired, used, of another change, tried too often). */
export function isCodeRejected(error: unknown): boolean {
  if (error instanceof InvalidInputError) return error.fields.length === 0 || error.fields.includes('code');
  return statusOf(error) === 400;
}

/** Whether this refusal was the code's last try: the BFF takes no more after AUTH_LIMITS.otpMaxAttempts. */
export const isLastTry = (rejectionsBefore: number): boolean => rejectionsBefore + 1 >= AUTH_LIMITS.otpMaxAttempts;

/** Any other failure of a request: a limit (with the seconds to wait, when the BFF said), or anything else. */
export function failureOf(error: unknown): { failure: CodeFailure; retryAfterSeconds: number | null } {
  if (statusOf(error) === 429) return { failure: 'tooMany', retryAfterSeconds: error instanceof RateLimitedError ? error.retryAfterSeconds : null };
  return { failure: 'failed', retryAfterSeconds: null };
}
