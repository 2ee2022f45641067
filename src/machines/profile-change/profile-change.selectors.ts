import type { SnapshotFrom } from 'xstate';
import type { CodeExpiry, CodeFailure, CodeProblem } from '../step-up/step-up.types';
import type { profileChangeMachine } from './profile-change.machine';
import type { ProfileChangeField, ProfileChangeValues, ValueProblem } from './profile-change.types';

type ProfileChangeSnapshot = SnapshotFrom<typeof profileChangeMachine>;

/** What the name or birthday change's dialog shows, step by step. */
export type ProfileChangeView =
  | { step: 'closed' }
  | {
      step: 'values';
      busy: boolean;
      /** What was typed last (null: the profile's values are shown). */
      values: ProfileChangeValues | null;
      problems: Partial<Record<ProfileChangeField, ValueProblem>>;
      failure: CodeFailure | null;
      retryAfterSeconds: number | null;
    }
  | {
      step: 'code';
      busy: 'saving' | 'resending' | null;
      values: ProfileChangeValues | null;
      code: string;
      problem: CodeProblem | null;
      failure: CodeFailure | null;
      retryAfterSeconds: number | null;
      resent: boolean;
    }
  | { step: 'expired'; expiredBy: CodeExpiry | null }
  | { step: 'saved'; values: ProfileChangeValues | null };

export function selectProfileChangeView(snapshot: ProfileChangeSnapshot): ProfileChangeView {
  const { context } = snapshot;
  if (snapshot.matches('editing') || snapshot.matches('sendingCode')) {
    return {
      step: 'values',
      busy: snapshot.matches('sendingCode'),
      values: context.values,
      problems: context.problems,
      failure: context.failure,
      retryAfterSeconds: context.retryAfterSeconds,
    };
  }
  if (snapshot.matches('confirming')) {
    const busy = snapshot.matches({ confirming: 'saving' }) ? 'saving' : snapshot.matches({ confirming: 'resending' }) ? 'resending' : null;
    return {
      step: 'code',
      busy,
      values: context.values,
      code: context.code,
      problem: context.codeProblem,
      failure: context.failure,
      retryAfterSeconds: context.retryAfterSeconds,
      resent: context.resent,
    };
  }
  if (snapshot.matches('codeExpired')) return { step: 'expired', expiredBy: context.expiredBy };
  if (snapshot.matches('saved')) return { step: 'saved', values: context.values };
  return { step: 'closed' };
}

export const sameProfileChangeView = (a: ProfileChangeView, b: ProfileChangeView): boolean => JSON.stringify(a) === JSON.stringify(b);
