import { useLingui } from '@lingui/react/macro';
import { AUTH_LIMITS } from '../../contract/auth';
import type { CodeExpiry, CodeFailure, CodeProblem } from '../../machines/step-up/step-up.types';
import type { InviteRefusal, WorkEmailProblem } from '../../machines/enrolment/enrolment.types';

/** Whole minutes to wait, at least one (a limit's Retry-After is in seconds). */
const minutesOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** The enrolment page's words for problems and failures, in the page's language. */
export function useEnrolmentWords() {
  const { t } = useLingui();

  const emailProblem = (problem: WorkEmailProblem): string => (problem === 'required' ? t`Enter your work email address.` : t`Enter a valid email address, like name@company.com.`);

  const codeProblem = (problem: CodeProblem, triesLeft: number | null): string => {
    if (problem === 'format') return t`Enter the 6-digit code from the email.`;
    if (triesLeft === null) return t`This code is not valid or has expired. Check the latest email, or ask for a new code.`;
    return triesLeft === 1
      ? t`This code is not valid. Check the latest email: you can try 1 more time.`
      : t`This code is not valid. Check the latest email: you can try ${triesLeft} more times.`;
  };

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

  const inviteRefusal = (refusal: InviteRefusal | null): string => {
    if (refusal === 'expired') return t`This invite has expired. Ask the colleague who invited you for a new one, or enrol with your work email below.`;
    if (refusal === 'used') return t`This invite has been used already. If it was you, you are enrolled: sign in to see your company’s rates.`;
    if (refusal === 'locked') return t`Invites to company programmes are paused at the moment. You can still enrol with your work email.`;
    return t`This invite link is not valid. Check that you opened the whole link from the email, or enrol with your work email.`;
  };

  return { emailProblem, codeProblem, failure, expired, inviteRefusal, codeLabel: t`6-digit code`, validFor: t`The code works for ${AUTH_LIMITS.otpValidMinutes} minutes.` };
}
