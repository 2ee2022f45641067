import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { stepUpMachine } from './step-up.machine';
import type { CodeExpiry, CodeFailure, CodeProblem } from './step-up.types';

export type StepUpRef = ActorRefFrom<typeof stepUpMachine>;
type StepUpSnapshot = SnapshotFrom<typeof stepUpMachine>;

/** What the step-up form shows. */
export type StepUpView =
  | { step: 'sending' }
  | { step: 'notSent'; failure: CodeFailure | null; retryAfterSeconds: number | null }
  | {
      step: 'code';
      /** What is under way: the code checked, or a new one mailed. */
      busy: 'verifying' | 'resending' | null;
      code: string;
      problem: CodeProblem | null;
      failure: CodeFailure | null;
      retryAfterSeconds: number | null;
      resent: boolean;
    }
  | { step: 'expired'; expiredBy: CodeExpiry | null }
  | { step: 'done' };

export function selectStepUpView(snapshot: StepUpSnapshot): StepUpView {
  const { context } = snapshot;
  if (snapshot.matches('sending')) return { step: 'sending' };
  if (snapshot.matches('notSent')) return { step: 'notSent', failure: context.failure, retryAfterSeconds: context.retryAfterSeconds };
  if (snapshot.matches('code')) {
    const busy = snapshot.matches({ code: 'verifying' }) ? 'verifying' : snapshot.matches({ code: 'resending' }) ? 'resending' : null;
    return { step: 'code', busy, code: context.code, problem: context.problem, failure: context.failure, retryAfterSeconds: context.retryAfterSeconds, resent: context.resent };
  }
  if (snapshot.matches('expired')) return { step: 'expired', expiredBy: context.expiredBy };
  return { step: 'done' };
}

/** Views compare the form's state by value: a new object per snapshot must not render again. */
export const sameStepUpView = (a: StepUpView, b: StepUpView): boolean => JSON.stringify(a) === JSON.stringify(b);
