import type { LeaveConfirmation, LeaveProblems } from './cancel-membership.types';

/** The code as it is sent: spaces a mail program or a paste put between the digits are dropped. */
export const normalizedCode = (code: string): string => code.replace(/\s+/g, '');

/** The contract's rule (ConfirmMembershipCancellationRequestSchema): six digits. */
const SIX_DIGITS = /^[0-9]{6}$/;

/** What keeps a confirmation from being sent: a code that is not six digits, an understanding not ticked. */
export function leaveProblems(confirmation: LeaveConfirmation): LeaveProblems {
  return {
    ...(SIX_DIGITS.test(normalizedCode(confirmation.code)) ? {} : { code: 'format' as const }),
    ...(confirmation.understood ? {} : { understood: 'required' as const }),
  };
}
