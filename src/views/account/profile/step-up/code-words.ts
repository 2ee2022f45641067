import { useLingui } from '@lingui/react/macro';
import { AUTH_LIMITS } from '../../../../contract/auth';
import type { CodeExpiry, CodeFailure, CodeProblem } from '../../../../machines/step-up/step-up.types';

/** Whole minutes to wait, at least one (a limit's Retry-After is in seconds). */
const minutesOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** The words of every flow with a mailed code (the step-up, the email, name and birthday changes), in the page's language. */
export function useCodeWords() {
  const { t } = useLingui();
  const problem = (problem: CodeProblem): string =>
    problem === 'format' ? t`Enter the 6-digit code from the email.` : t`This code is not valid or has expired. Check the latest email, or ask for a new code.`;

  const failure = (failure: CodeFailure, retryAfterSeconds: number | null): string => {
    if (failure === 'failed') return t`That did not work. Please check your connection and try again.`;
    if (retryAfterSeconds === null) return t`You have asked for several codes in a short time. Please try again later.`;
    const minutes = minutesOf(retryAfterSeconds);
    return minutes === 1
      ? t`You have asked for several codes in a short time. Please try again in a minute.`
      : t`You have asked for several codes in a short time. Please try again in ${minutes} minutes.`;
  };

  const expired = (expiredBy: CodeExpiry | null): string =>
    expiredBy === 'attempts'
      ? t`The code was entered wrongly too often and no longer works. Ask for a new code.`
      : t`The code has expired: codes work for ${AUTH_LIMITS.otpValidMinutes} minutes. Ask for a new code.`;

  // AUTH_LIMITS.otpDigits is 6: the words say it as the sign-in dialog does, so both read the same.
  return { problem, failure, expired, codeLabel: t`6-digit code`, validFor: t`The code works for ${AUTH_LIMITS.otpValidMinutes} minutes.` };
}
