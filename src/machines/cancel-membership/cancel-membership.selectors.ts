import type { SnapshotFrom } from 'xstate';
import type { CancellationSummary } from '../../contract/member-account';
import type { cancelMembershipMachine } from './cancel-membership.machine';
import type { LeaveConfirmation, LeaveFailure, LeaveProblems } from './cancel-membership.types';

type CancelMembershipSnapshot = SnapshotFrom<typeof cancelMembershipMachine>;

/** What the leaving dialog shows, step by step; null while it is closed (nothing under way, or left). */
export type LeaveDialog =
  | { step: 'requesting' }
  | { step: 'requestFailed'; failure: LeaveFailure; canRetry: boolean }
  | { step: 'reviewing'; summary: CancellationSummary }
  | {
      step: 'code';
      summary: CancellationSummary;
      confirmation: LeaveConfirmation;
      problems: LeaveProblems;
      failure: LeaveFailure | null;
      codeResent: boolean;
      /** What is on its way: a new code, or the confirmation (then nothing else can be pressed). */
      busy: 'resending' | 'confirming' | null;
    }
  | { step: 'ended'; upcomingBookingsKept: number | null };

export function selectLeaveDialog(snapshot: CancelMembershipSnapshot): LeaveDialog | null {
  const { summary, failure, confirmation, problems, codeResent, upcomingBookingsKept } = snapshot.context;
  if (snapshot.matches('requesting')) return { step: 'requesting' };
  if (snapshot.matches('requestFailed')) return { step: 'requestFailed', failure: failure ?? 'codeNotSent', canRetry: failure === 'codeNotSent' };
  if (snapshot.matches('reviewing') && summary) return { step: 'reviewing', summary };
  if (summary && (snapshot.matches('enteringCode') || snapshot.matches('resending') || snapshot.matches('confirming'))) {
    const busy = snapshot.matches('resending') ? 'resending' : snapshot.matches('confirming') ? 'confirming' : null;
    return { step: 'code', summary, confirmation, problems, failure, codeResent, busy };
  }
  if (snapshot.matches('ended')) return { step: 'ended', upcomingBookingsKept };
  return null;
}

/** A call of leaving is on its way (the section's button waits too). */
export const selectIsLeaving = (snapshot: CancelMembershipSnapshot): boolean => snapshot.hasTag('busy');
